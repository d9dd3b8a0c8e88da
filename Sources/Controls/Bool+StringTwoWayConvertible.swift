import Forms

// A switch reads as a Bool; "true" and "false" are its text both ways. (Forms is the natural
// home of this conformance; it lives here until Forms takes it.)
extension Bool: StringTwoWayConvertible {}
