// A switch reads as a Bool; "true" and "false" are its text both ways.
extension Bool: StringTwoWayConvertible {}
