extension StringTwoWayConvertible where Self: FixedWidthInteger {
    /// Whole numbers get a digits keyboard.
    public static var defaultPurpose: InputPurpose { .digits }

    /// Reads an optional sign and ASCII digits, trimmed; messages such as "Enter a whole number",
    /// "Enter a whole number of 0 or more", "Number too large", or for 8- and 16-bit types
    /// "Enter a whole number from 0 to 255".
    @inlinable
    public static func parse(_ text: String, using parsing: NumberParsing) -> Result<Self, ConversionError> {
        NumberParsing.parseInteger(text, as: Self.self)
    }
}

extension Int: StringTwoWayConvertible {}
extension Int8: StringTwoWayConvertible {}
extension Int16: StringTwoWayConvertible {}
extension Int32: StringTwoWayConvertible {}
extension Int64: StringTwoWayConvertible {}
extension UInt: StringTwoWayConvertible {}
extension UInt8: StringTwoWayConvertible {}
extension UInt16: StringTwoWayConvertible {}
extension UInt32: StringTwoWayConvertible {}
extension UInt64: StringTwoWayConvertible {}
