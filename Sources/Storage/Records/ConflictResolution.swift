/// What a save does with the fields another desk changed too since the version it was based on.
/// Fields only one side changed are merged whatever this says.
public enum ConflictResolution: Sendable, Hashable {
    /// Saves nothing and throws `.conflict` with both values of each such field.
    case ask
    /// This desk's values win for those fields (the person chose them, seeing both).
    case keepMine
    /// The other desk's values stay for those fields.
    case keepTheirs
}
