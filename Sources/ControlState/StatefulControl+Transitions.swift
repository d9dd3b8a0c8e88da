// Transitions: several factor changes applied once, with the events sent meanwhile.
extension StatefulControl {
    /// Whether a transition is open.
    public var isInTransition: Bool { transitionDepth > 0 }

    /// Opens a transition: state changes and events wait for the outermost commit. Transitions
    /// nest.
    public func beginTransition() { transitionDepth += 1 }

    /// Closes a transition without applying: at the outermost level the queued events are
    /// dropped and the state is left for the next update. Unbalanced calls do nothing.
    public func endTransition() {
        guard transitionDepth > 0 else { return }
        transitionDepth -= 1
        if transitionDepth == 0 { queuedEvents.removeAll() }
    }

    /// Closes a transition: at the outermost level the state is applied once, then the events
    /// sent during the transition are delivered once each, in the order first sent. Unbalanced
    /// calls do nothing.
    public func commitTransition() {
        guard transitionDepth > 0 else { return }
        transitionDepth -= 1
        guard transitionDepth == 0 else { return }
        applyCurrentState()
        let events = queuedEvents
        queuedEvents.removeAll()
        events.forEach(deliver)
    }

    /// Runs `transition` inside a transition that is committed (or, with `commit: false`,
    /// ended) afterwards, even if it throws: `performTransition { isFilled = true; isValid = validate() }`.
    public func performTransition(commit: Bool = true, _ transition: () throws -> Void) rethrows {
        beginTransition()
        defer { commit ? commitTransition() : endTransition() }
        try transition()
    }
}
