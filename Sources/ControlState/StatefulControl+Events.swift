// Sending events and subscribing to events and states.
extension StatefulControl {
    /// Delivers `events` to the subscribers of any of them; inside a transition they wait for
    /// the outermost commit, and an event already waiting is not queued twice.
    public func sendActions(for events: ControlEvents) {
        guard transitionDepth > 0 else { return deliver(events) }
        let new = events.subtracting(queuedEvents.reduce(into: ControlEvents()) { $0.formUnion($1) })
        if !new.isEmpty { queuedEvents.append(new) }
    }

    /// Calls `handler` with the events sent that are among `events`, until the returned token
    /// is cancelled or released. The control keeps `handler`: capture the control weakly in it.
    public func subscribe(on events: ControlEvents, _ handler: @escaping (ControlEvents) -> Void) -> Subscription {
        let record = SubscriberRecord()
        eventSubscribers.append((record, events, handler))
        return Subscription(control: self, record: record)
    }

    /// Calls `handler` each time `descriptor` starts matching the applied state (not when it
    /// already matches on subscribing), until the returned token is cancelled or released.
    public func subscribe(on descriptor: StateDescriptor, _ handler: @escaping () -> Void) -> Subscription {
        let record = SubscriberRecord()
        let subscribers = stateSubscribers
        stateSubscribers = subscribers + [(record, descriptor, handler)]
        return Subscription(control: self, record: record)
    }

    func deliver(_ events: ControlEvents) {
        let subscribers = eventSubscribers
        for subscriber in subscribers where subscriber.record.isActive && !events.isDisjoint(with: subscriber.events) {
            subscriber.handler(events.intersection(subscriber.events))
        }
    }

    func notifyStateSubscribers(from previous: ControlState, to state: ControlState) {
        let subscribers = stateSubscribers
        for subscriber in subscribers
        where subscriber.record.isActive
            && subscriber.descriptor.matches(state) && !subscriber.descriptor.matches(previous) {
            subscriber.handler()
        }
    }

    func removeSubscriber(_ record: SubscriberRecord) {
        let events = eventSubscribers, states = stateSubscribers
        eventSubscribers = events.filter { $0.record !== record }
        stateSubscribers = states.filter { $0.record !== record }
    }
}
