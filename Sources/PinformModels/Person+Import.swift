import PinformCore

extension Person {
    /// A person is already saved when their email address is (ignoring case): a club's list
    /// has one row per member, and two people rarely share one address.
    public var duplicateKey: String? { ImportText.folded(email.address) }
}
