/// Describes the states in which a bound value applies, with a priority that decides between
/// several matching descriptors (the highest wins; on a tie, the value set most recently).
///
/// | descriptor | matches state `s` when | default priority |
/// |---|---|---|
/// | `.exact(d)` | `s == d` | 1000 |
/// | `.intersected(d)` | `s & d == d` | 999 |
/// | `.inverted(d)` | `s & d != d` | 750 |
/// | `.oneOfSeveral(d)` | `s & d != 0` | 500 |
/// | `.noneOf(d)` | `s & d == 0` | 500 |
///
/// ```swift
/// control.setValue(Color.red, for: item, \.fill, for: .intersected(.invalid))
/// let filledButValid = StateDescriptor(state: [.filled, .invalid], priority: 1000) {
///     $0.contains(.filled) && !$0.contains(.invalid)
/// }
/// ```
///
/// Two descriptors are equal when they match the same way with the same priority; a custom
/// descriptor is equal only to copies of itself, since predicates cannot be compared.
public struct StateDescriptor: Hashable, Sendable {
    /// The mask the descriptor tests the state against.
    public let state: ControlState
    /// Decides between matching descriptors: the highest wins.
    public let priority: Int

    let predicate: Predicate?
    // Every kind reduces to `((s & andMask) == comparand) != negates`, computed once here so
    // that matching needs no branch on the kind.
    let andMask: UInt32
    let comparand: UInt32
    let negates: Bool

    /// A custom predicate, equal only to itself, since closures cannot be compared.
    final class Predicate: Hashable, Sendable {
        let body: @Sendable (ControlState) -> Bool
        init(_ body: @escaping @Sendable (ControlState) -> Bool) { self.body = body }
        static func == (lhs: Predicate, rhs: Predicate) -> Bool { lhs === rhs }
        func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
    }

    private init(_ state: ControlState, _ priority: Int, andMask: UInt32, comparand: UInt32, negates: Bool) {
        self.state = state
        self.priority = priority
        self.predicate = nil
        (self.andMask, self.comparand, self.negates) = (andMask, comparand, negates)
    }

    /// A custom descriptor: matches when `predicate` holds for the state. The predicate should
    /// depend on the state alone: the engine asks it only when the state changes.
    ///
    /// - Parameters:
    ///   - state: The mask the predicate is about, used by equality and for reading.
    ///   - priority: Decides between matching descriptors: the highest wins.
    ///   - predicate: Whether a state matches.
    public init(state: ControlState, priority: Int, predicate: @escaping @Sendable (ControlState) -> Bool) {
        self.state = state
        self.priority = priority
        self.predicate = Predicate(predicate)
        (andMask, comparand, negates) = (0, 0, false)
    }

    /// Matches exactly the state `state` (the seed's "usual" descriptor).
    public static func exact(_ state: ControlState, priority: Int = 1000) -> StateDescriptor {
        StateDescriptor(state, priority, andMask: .max, comparand: state.rawValue, negates: false)
    }

    /// Matches every state that contains all the bits of `state`; `.intersected([])` matches
    /// every state.
    public static func intersected(_ state: ControlState, priority: Int = 999) -> StateDescriptor {
        StateDescriptor(state, priority, andMask: state.rawValue, comparand: state.rawValue, negates: false)
    }

    /// Matches every state that lacks at least one bit of `state`, including `.normal`.
    public static func inverted(_ state: ControlState, priority: Int = 750) -> StateDescriptor {
        StateDescriptor(state, priority, andMask: state.rawValue, comparand: state.rawValue, negates: true)
    }

    /// Matches every state that has at least one bit of `state`; `.oneOfSeveral([])` matches
    /// no state.
    public static func oneOfSeveral(_ state: ControlState, priority: Int = 500) -> StateDescriptor {
        StateDescriptor(state, priority, andMask: state.rawValue, comparand: 0, negates: true)
    }

    /// Matches every state that has no bit of `state` (the seed's "noneOfThis").
    public static func noneOf(_ state: ControlState, priority: Int = 500) -> StateDescriptor {
        StateDescriptor(state, priority, andMask: state.rawValue, comparand: 0, negates: false)
    }

    /// Whether the descriptor applies in `state`.
    public func matches(_ state: ControlState) -> Bool {
        predicate?.body(state) ?? (((state.rawValue & andMask) == comparand) != negates)
    }
}
