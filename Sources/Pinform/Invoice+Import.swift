import PinformCore

extension Invoice {
    /// An invoice is already saved when its number is.
    var duplicateKey: String? { number.isEmpty ? nil : ImportText.folded(number) }
}
