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
/// Two descriptors are equal when they have the same kind, mask and priority; a custom
/// descriptor is equal only to copies of itself, since predicates cannot be compared.
public struct StateDescriptor: Hashable, Sendable {
    /// The mask the descriptor tests the state against.
    public let state: ControlState
    /// Decides between matching descriptors: the highest wins.
    public let priority: Int

    let kind: Kind
    let predicate: Predicate?
    // The built-in kinds all reduce to `((s & andMask) == comparand) != negates`, computed once
    // here so that matching needs no branch on the kind when the state changes.
    let andMask: UInt32
    let comparand: UInt32
    let negates: Bool

    enum Kind: UInt8, Sendable {
        case exact, intersected, inverted, oneOfSeveral, noneOf, custom
    }

    /// A custom predicate, compared by identity.
    final class Predicate: Sendable {
        let body: @Sendable (ControlState) -> Bool

        init(_ body: @escaping @Sendable (ControlState) -> Bool) {
            self.body = body
        }
    }

    private init(kind: Kind, state: ControlState, priority: Int) {
        self.kind = kind
        self.state = state
        self.priority = priority
        self.predicate = nil
        let mask = state.rawValue
        switch kind {
        case .exact: (andMask, comparand, negates) = (.max, mask, false)
        case .intersected: (andMask, comparand, negates) = (mask, mask, false)
        case .inverted: (andMask, comparand, negates) = (mask, mask, true)
        case .oneOfSeveral: (andMask, comparand, negates) = (mask, 0, true)
        case .noneOf, .custom: (andMask, comparand, negates) = (mask, 0, false)
        }
    }

    /// A custom descriptor: matches when `predicate` holds for the state. The predicate should
    /// depend on the state alone: the engine asks it only when the state changes.
    ///
    /// - Parameters:
    ///   - state: The mask the predicate is about, used by equality and for reading.
    ///   - priority: Decides between matching descriptors: the highest wins.
    ///   - predicate: Whether a state matches.
    public init(
        state: ControlState,
        priority: Int,
        predicate: @escaping @Sendable (ControlState) -> Bool
    ) {
        self.kind = .custom
        self.state = state
        self.priority = priority
        self.predicate = Predicate(predicate)
        (andMask, comparand, negates) = (0, 0, false)
    }

    /// Matches exactly the state `state` (the seed's "usual" descriptor).
    public static func exact(_ state: ControlState, priority: Int = 1000) -> StateDescriptor {
        StateDescriptor(kind: .exact, state: state, priority: priority)
    }

    /// Matches every state that contains all the bits of `state`; `.intersected([])` matches
    /// every state.
    public static func intersected(_ state: ControlState, priority: Int = 999) -> StateDescriptor {
        StateDescriptor(kind: .intersected, state: state, priority: priority)
    }

    /// Matches every state that lacks at least one bit of `state`, including `.normal`.
    public static func inverted(_ state: ControlState, priority: Int = 750) -> StateDescriptor {
        StateDescriptor(kind: .inverted, state: state, priority: priority)
    }

    /// Matches every state that has at least one bit of `state`; `.oneOfSeveral([])` matches
    /// no state.
    public static func oneOfSeveral(_ state: ControlState, priority: Int = 500) -> StateDescriptor {
        StateDescriptor(kind: .oneOfSeveral, state: state, priority: priority)
    }

    /// Matches every state that has no bit of `state` (the seed's "noneOfThis").
    public static func noneOf(_ state: ControlState, priority: Int = 500) -> StateDescriptor {
        StateDescriptor(kind: .noneOf, state: state, priority: priority)
    }

    /// Whether the descriptor applies in `state`.
    public func matches(_ state: ControlState) -> Bool {
        if let predicate {
            return predicate.body(state)
        }
        return ((state.rawValue & andMask) == comparand) != negates
    }

    /// Compares kind, mask, priority and, for custom descriptors, the predicate's identity.
    public static func == (lhs: StateDescriptor, rhs: StateDescriptor) -> Bool {
        lhs.kind == rhs.kind && lhs.state == rhs.state && lhs.priority == rhs.priority
            && lhs.predicate === rhs.predicate
    }

    /// Hashes what equality compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(kind)
        hasher.combine(state)
        hasher.combine(priority)
        if let predicate {
            hasher.combine(ObjectIdentifier(predicate))
        }
    }
}
