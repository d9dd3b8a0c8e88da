/// A control that keeps what it looks like in a value-typed `style`, whose fields are bound per
/// state through `WritableKeyPath`. The engine keeps the whole style of each state it showed: a
/// state change is one lookup and one assignment, with no allocation.
///
/// ```swift
/// struct KeyStyle { var fill = Color.clear, border = Color.gray }
/// let key = StyledControl(style: KeyStyle())
/// key.setValue(Color.blue, for: \KeyStyle.border, for: .intersected(.focused))
/// ```
///
/// A field written by hand keeps its value until its winner changes (state changes go field by
/// field until the engine wrote every field again). A computed field must leave the control alone.
open class StyledControl<Style>: StatefulControl {
    /// What the control looks like in the applied state.
    public var style: Style { get { look.style } set { look.style = newValue; look.noteWrittenByHand(in: shownState) } }
    @usableFromInline final var look: Look<Style>
    /// By field: its key path and its values (`[Value]`, the default first).
    @usableFromInline final var fields: [(keyPath: PartialKeyPath<Style>, values: Any)] = []
    /// Writes the winners of a state; made by the initializer, which is inlined where `Style`
    /// is known, so that a state change runs code specialized for it.
    @usableFromInline let applyLook: (StyledControl, ControlState) -> Void

    /// Creates a control in the normal state that looks like `style` until values are bound.
    @inlinable
    public init(style: Style) {
        look = Look(style: style)
        applyLook = { control, state in
            // The style shown before is released after the access to the look, not in it.
            let previous = control.look.swapInCachedStyle(of: state)
            if previous == nil { control.look.writeWinners(of: state) }
        }
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
        let field = fields.firstIndex { $0.keyPath == keyPath } ?? addField(keyPath, values: [style[keyPath: keyPath]])
        var values = fields[field].values as? [Value] ?? []
        look.rankings[field].insert(value, for: descriptor, sequence: takeSequence(), in: &values)
        // Captured as a constant: reading it needs no exclusivity check.
        let written = values
        fields[field].values = written
        look.writers[field] = Look.Writer { style, position in style[keyPath: keyPath] = written[position] }
        // The cached winners are stale; the other fields show theirs already.
        look.forgetRows()
        look.writeWinners(of: shownState)
    }

    /// The value the engine would write to the field `keyPath` of the style in `state`: the
    /// winner, or the captured default; `nil` when nothing was bound there.
    public func value<Value>(for keyPath: KeyPath<Style, Value>, in state: ControlState) -> Value? {
        guard let field = fields.firstIndex(where: { $0.keyPath == keyPath }),
              let values = fields[field].values as? [Value] else { return nil }
        return values[look.rankings[field].winner(in: state).map { $0 + 1 } ?? 0]
    }

    @usableFromInline
    func addField(_ keyPath: PartialKeyPath<Style>, values: Any) -> Int {
        fields.append((keyPath, values))
        look.rankings.append(Ranking())
        look.shown.append(Ranking.defaultSequence)
        look.writers.append(Look.Writer { _, _ in })
        look.writtenByHand.append(false)
        return fields.count - 1
    }

    override func applyOwnValues(in state: ControlState) {
        applyLook(self, state)
    }
}

/// The style with its fields' rankings and writers, in one struct so that a state change takes one
/// exclusive access for them all, and the winners of the states seen since a value was last set.
@usableFromInline
struct Look<Style> {
    /// A closure in a struct, so that it is called with no reabstraction thunk.
    @usableFromInline
    struct Writer {
        @usableFromInline let write: (inout Style, Int) -> Void
        @inlinable init(_ write: @escaping (inout Style, Int) -> Void) { self.write = write }
    }

    @usableFromInline var style: Style
    /// By field: the ranking, the sequence shown, the writer of the value at a position, and
    /// whether it may show a value written by hand.
    @usableFromInline var rankings: [Ranking] = [], shown: [Int] = [], writers: [Writer] = []
    @usableFromInline var writtenByHand: [Bool] = [], handWrittenCount = 0
    /// By slot: the state with bit 32 set, or 0 when empty (open addressing, emptied when half
    /// full); for each field, the winner's position in the field's values, then its sequence.
    @usableFromInline var keys = [UInt64](repeating: 0, count: slots), filledSlots = 0, rows: [Int] = []
    /// By slot: the whole style shown in its state, kept while no field may hold a value written
    /// by hand, so that a state change is one assignment, whatever the fields.
    @usableFromInline var styles = [Style?](repeating: nil, count: slots)

    @usableFromInline static var slots: Int { 256 }
    @inlinable init(style: Style) { self.style = style }

    @inlinable
    mutating func writeWinners(of state: ControlState) {
        // A state with a cached style was shown by `swapInCachedStyle(of:)`: this is a miss.
        let slot = slot(for: state), isCached = handWrittenCount == 0
        // Every field on a miss: a field whose winner did not change shows it already.
        let row = slot * 2 * rankings.count, rows = self.rows
        for field in 0..<shown.count where isCached || rows[row + 2 * field + 1] != shown[field] {
            shown[field] = rows[row + 2 * field + 1]
            writers[field].write(&style, rows[row + 2 * field])
            if writtenByHand[field] { (writtenByHand[field], handWrittenCount) = (false, handWrittenCount - 1) }
        }
        if handWrittenCount == 0 { styles[slot] = style }
    }

    /// Shows the cached style of `state` and returns the style shown before, or `nil` when
    /// `state` has no cached style (nothing changed then). It releases nothing and calls nothing,
    /// so the compiler knows the access to the look around it cannot overlap another: the
    /// runtime checks that access without recording it (about 80 instructions less per change).
    @inlinable
    mutating func swapInCachedStyle(of state: ControlState) -> Style? {
        guard handWrittenCount == 0 else { return nil }
        let (slot, isFilled) = probe(for: state)
        guard isFilled, var incoming = styles[slot] else { return nil }
        swap(&style, &incoming)
        return incoming
    }

    /// Every field may now hold a value written by hand, until the engine writes it again; the
    /// cached styles are dropped, and `shown` (not kept while they are used) is what `state` shows.
    @usableFromInline
    mutating func noteWrittenByHand(in state: ControlState) {
        if handWrittenCount == 0 {
            let row = slot(for: state) * 2 * rankings.count
            for field in shown.indices { shown[field] = rows[row + 2 * field + 1] }
            for slot in styles.indices where styles[slot] != nil { styles[slot] = nil }
        }
        (writtenByHand, handWrittenCount) = (Array(repeating: true, count: writtenByHand.count), writtenByHand.count)
    }

    /// The slot of `state`, filled if it was empty.
    @inlinable
    mutating func slot(for state: ControlState) -> Int {
        let (slot, isFilled) = probe(for: state)
        return isFilled ? slot : fill(slot, key: Self.key(of: state), state: state)
    }

    /// The slot that holds `state`, or the empty slot where it would go.
    @inlinable @inline(__always)
    func probe(for state: ControlState) -> (slot: Int, isFilled: Bool) {
        let key = Self.key(of: state)
        var slot = Int(truncatingIfNeeded: (UInt64(state.rawValue) &* 0x9E37_79B9_7F4A_7C15) >> 56)
        while keys[slot] != key {
            if keys[slot] == 0 { return (slot, false) }
            slot = (slot + 1) & (Self.slots - 1)
        }
        return (slot, true)
    }

    /// What `keys` holds for `state`: its bits with bit 32 set, so that 0 marks an empty slot.
    @inlinable
    static func key(of state: ControlState) -> UInt64 { UInt64(state.rawValue) | 1 << 32 }

    @usableFromInline
    mutating func fill(_ slot: Int, key: UInt64, state: ControlState) -> Int {
        if rows.count != Self.slots * 2 * rankings.count || filledSlots >= Self.slots / 2 {
            forgetRows()
            rows = Array(repeating: 0, count: Self.slots * 2 * rankings.count)
            return self.slot(for: state)
        }
        filledSlots += 1
        keys[slot] = key
        for field in rankings.indices {
            let winner = rankings[field].winner(in: state), row = slot * 2 * rankings.count
            rows[row + 2 * field] = winner.map { $0 + 1 } ?? 0
            rows[row + 2 * field + 1] = rankings[field].sequence(of: winner)
        }
        return slot
    }

    @usableFromInline
    mutating func forgetRows() {
        guard filledSlots > 0 else { return }
        (keys, styles, filledSlots) = (Array(repeating: 0, count: Self.slots), Array(repeating: nil, count: Self.slots), 0)
    }
}
