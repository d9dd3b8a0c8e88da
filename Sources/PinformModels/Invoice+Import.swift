import PinformCore

extension Invoice {
    /// An invoice is already saved when its number is.
    public var duplicateKey: String? { number.isEmpty ? nil : ImportText.folded(number) }
}
