import Localization

extension Rule {
    /// The referenced record must exist in `lookup`: "This record no longer exists" unless
    /// `message` is given. Checked as people choose and when the form resolves, so that a
    /// record deleted since the form was opened is not saved as a reference.
    ///
    /// The lookup is called from the rule, which may run on any thread: it is `Sendable` (a
    /// store's lookup on the main actor checks in the form's `addRule(on:message:_:)` instead).
    public static func exists<Target>(in lookup: some RecordLookup<Target> & Sendable, message: String? = nil) -> Rule
    where Value == RecordRef<Target> {
        let message = message ?? tr("This record no longer exists")
        return Rule(reason: .custom) { record in lookup.exists(record) ? nil : message }
    }
}
