/// A control that keeps what it looks like in a value-typed `style`, whose fields are bound per
/// state through `WritableKeyPath`: the engine writes them in place, with no allocation per
/// state change.
///
/// ```swift
/// struct KeyStyle {
///     var fill = Color.clear
///     var border = Color.gray
/// }
///
/// final class Key: StyledControl<KeyStyle> {
///     init() {
///         super.init(style: KeyStyle())
///         setValue(Color.blue, for: \KeyStyle.border, for: .intersected(.focused))
///     }
/// }
/// ```
///
/// A field written by hand keeps its value until its winner changes. The style's fields should
/// be stored properties (or computed ones that leave the control alone): the engine has
/// exclusive access to `style` while it writes.
open class StyledControl<Style>: StatefulControl {
    /// What the control looks like in the applied state.
    public var style: Style {
        get { look.style }
        set { look.style = newValue }
    }
    @usableFromInline var look: Look<Style>
    @usableFromInline var fields: [StyleField<Style>] = []
    /// Writes the winner of each field that changed; made by the initializer, which is inlined
    /// where `Style` is known, so that a state change runs code specialized for it.
    @usableFromInline let applyFields: (StyledControl, ControlState) -> Void

    /// Creates a control in the normal state that looks like `style` until values are bound.
    @inlinable
    public init(style: Style) {
        look = Look(style: style)
        applyFields = { control, state in control.look.writeWinners(of: state) }
        super.init()
    }

    /// Binds `value` to the field `keyPath` of the style for the states `descriptor` matches,
    /// replacing the value of an equal descriptor, and shows the winner of the current state.
    /// The first value bound to a field captures the style's value there as its default.
    ///
    /// ```swift
    /// control.setValue(Color.red, for: \PinCodeStyle.fillColor, for: .intersected(.invalid))
    /// ```
    @inlinable
    public func setValue<Value>(_ value: Value, for keyPath: WritableKeyPath<Style, Value>, for descriptor: StateDescriptor) {
        let field = fields.firstIndex { $0.keyPath == keyPath }
            ?? addField(StyleField(keyPath, defaultValue: style[keyPath: keyPath]))
        fields[field].insert(value, for: descriptor, sequence: takeSequence(), at: keyPath, ranking: &look.table.rankings[field])
        look.writers[field] = Look.Writer(fields[field].write)
        showWinner(ofField: field)
    }

    /// The value the engine would write to the field `keyPath` of the style in `state`: the
    /// winning bound value, or the captured default; `nil` when nothing was bound there.
    public func value<Value>(for keyPath: KeyPath<Style, Value>, in state: ControlState) -> Value? {
        guard let field = fields.firstIndex(where: { $0.keyPath == keyPath }) else { return nil }
        return fields[field].read(look.table.rankings[field].position(in: state)) as? Value
    }

    /// Removes the values of the field `keyPath` whose descriptor matches `state` (every value
    /// when `state` is `nil`); the default stays, and nothing is written until the state changes.
    public func removeValues<Value>(for keyPath: KeyPath<Style, Value>, forState state: ControlState? = nil) {
        guard let field = fields.firstIndex(where: { $0.keyPath == keyPath }) else { return }
        let remove = fields[field].removeEntries
        remove(&fields[field], &look.table.rankings[field]) { state.map($0.matches) ?? true }
        look.writers[field] = Look.Writer(fields[field].write)
        look.table.forgetRows()
        if look.table.shown[field] != Ranking.defaultSequence, !look.table.rankings[field].sequences.contains(look.table.shown[field]) {
            look.table.shown[field] = Ranking.unknownSequence
        }
    }

    @usableFromInline
    func addField(_ field: StyleField<Style>) -> Int {
        fields.append(field)
        look.table.rankings.append(Ranking())
        look.table.shown.append(Ranking.defaultSequence)
        look.writers.append(Look.Writer(field.write))
        return fields.count - 1
    }

    /// After a value was set: the cached winners are stale; show the field's winner now.
    @usableFromInline
    func showWinner(ofField field: Int) {
        look.table.forgetRows()
        let ranking = look.table.rankings[field]
        let winner = ranking.winner(in: appliedState)
        let sequence = winner.map { ranking.sequences[$0] } ?? Ranking.defaultSequence
        if sequence != look.table.shown[field] {
            look.table.shown[field] = sequence
            fields[field].write(&look.style, winner.map { $0 + 1 } ?? 0)
        }
    }

    override func applyOwnValues(in state: ControlState) {
        applyFields(self, state)
    }
}

/// The style, the hot half of its fields' bindings and their writers, in one struct so that a
/// state change takes one exclusive access for them all.
@usableFromInline
struct Look<Style> {
    @usableFromInline var style: Style
    @usableFromInline var table = StyleTable()
    /// By field: writes the value at a position of the field's ranking.
    @usableFromInline var writers: [Writer] = []

    /// A closure in a struct, so that it is called with no reabstraction thunk.
    @usableFromInline
    struct Writer {
        @usableFromInline let write: (inout Style, Int) -> Void

        @inlinable
        init(_ write: @escaping (inout Style, Int) -> Void) {
            self.write = write
        }
    }

    @inlinable
    init(style: Style) {
        self.style = style
    }

    @inlinable
    mutating func writeWinners(of state: ControlState) {
        let row = table.row(for: state)
        for field in 0..<writers.count {
            let sequence = table.rows[row + 2 * field + 1]
            if sequence != table.shown[field] {
                table.shown[field] = sequence
                writers[field].write(&style, table.rows[row + 2 * field])
            }
        }
    }
}

/// The cold half of one field of a style: closures made for the field's type that write or
/// read the value at a position of its ranking, and the values themselves.
@usableFromInline
struct StyleField<Style> {
    @usableFromInline let keyPath: PartialKeyPath<Style>
    /// The default, then the bound values in the ranking's order, as `[Value]`.
    @usableFromInline var values: Any
    @usableFromInline var write: (inout Style, Int) -> Void
    @usableFromInline var read: (Int) -> Any
    @usableFromInline var removeEntries: (inout StyleField, inout Ranking, (StateDescriptor) -> Bool) -> Void

    @inlinable
    init<Value>(_ keyPath: WritableKeyPath<Style, Value>, defaultValue: Value) {
        self.keyPath = keyPath
        values = [defaultValue]
        write = { _, _ in }
        read = { _ in defaultValue }
        removeEntries = { _, _, _ in }
        update([defaultValue], keyPath)
    }

    @inlinable
    mutating func insert<Value>(
        _ value: Value, for descriptor: StateDescriptor, sequence: Int, at keyPath: WritableKeyPath<Style, Value>,
        ranking: inout Ranking
    ) {
        // A field's key path has one value type: the cast cannot fail.
        var values = self.values as? [Value] ?? []
        ranking.insert(value, for: descriptor, sequence: sequence, in: &values)
        update(values, keyPath)
    }

    @inlinable
    mutating func update<Value>(_ values: [Value], _ keyPath: WritableKeyPath<Style, Value>) {
        self.values = values
        write = { style, position in style[keyPath: keyPath] = values[position] }
        read = { values[$0] }
        removeEntries = { field, ranking, shouldRemove in
            var remaining = values
            ranking.remove(where: shouldRemove, in: &remaining)
            field.update(remaining, keyPath)
        }
    }
}

/// The hot half of a style's fields, not generic: their rankings, the sequence each shows, and
/// a cache of the winners of the states seen since a value was last set or removed.
@usableFromInline
struct StyleTable {
    @usableFromInline var rankings: [Ranking] = []
    @usableFromInline var shown: [Int] = []
    /// By slot: the state with bit 32 set, or 0 when the slot is empty. Open addressing; when
    /// half full it is emptied, so a lookup always ends.
    @usableFromInline var keys = [UInt64](repeating: 0, count: StyleTable.slots)
    /// By slot: for each field, the winner's position in its values, then its sequence.
    @usableFromInline var rows: [Int] = []
    @usableFromInline var filledSlots = 0

    @usableFromInline static var slots: Int { 256 }

    @usableFromInline init() {}

    /// Where the winners of `state` start in `rows`.
    @inlinable
    mutating func row(for state: ControlState) -> Int {
        let key = UInt64(state.rawValue) | 1 << 32
        var slot = Int(truncatingIfNeeded: (UInt64(state.rawValue) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        while true {
            let found = keys[slot]
            if found == key {
                return slot * 2 * rankings.count
            }
            if found == 0 {
                return fill(slot, key: key, state: state)
            }
            slot = (slot + 1) & (Self.slots - 1)
        }
    }

    @usableFromInline
    mutating func fill(_ slot: Int, key: UInt64, state: ControlState) -> Int {
        if rows.count != Self.slots * 2 * rankings.count || filledSlots >= Self.slots / 2 {
            forgetRows()
            rows = Array(repeating: 0, count: Self.slots * 2 * rankings.count)
            return row(for: state)
        }
        filledSlots += 1
        keys[slot] = key
        let row = slot * 2 * rankings.count
        for field in rankings.indices {
            let winner = rankings[field].winner(in: state)
            rows[row + 2 * field] = winner.map { $0 + 1 } ?? 0
            rows[row + 2 * field + 1] = winner.map { rankings[field].sequences[$0] } ?? Ranking.defaultSequence
        }
        return row
    }

    /// Empties the cache: a value was set or removed.
    @usableFromInline
    mutating func forgetRows() {
        if filledSlots > 0 {
            keys = Array(repeating: 0, count: Self.slots)
            filledSlots = 0
        }
    }
}
