import Localization

// The store's words, apart from its SQL: xgettext reads Swift as C, and the SQL's multi-line
// literals are unterminated strings to it.
extension PostgresFormDefinitionStore {
    /// Why a save based on an older version is refused.
    public static var changedElsewhere: String { tr("This form was changed at another desk; reopen it") }
    /// Why a role that is not the database's owner may not change a form.
    public static var ownerOnly: String { tr("Only the owner of the shared database can change its forms") }
    /// Why a stored form in a newer format is not overwritten.
    public static var newerFormat: String { tr("This form was saved by a newer Pinform at another desk — update Pinform to change it") }
    /// Why a save whose session was lost on the way is not known to have landed.
    static var lostWhileSaving: String { tr("the connection was lost while the form was saved") }
}
