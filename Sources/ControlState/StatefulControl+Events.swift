// Sending events and subscribing to events and states.
extension StatefulControl {
    /// Delivers `events` to the subscribers of any of them; inside a transition they wait for
    /// the outermost commit, and an event already waiting is not queued twice.
    ///
    /// ```swift
    /// sendActions(for: .valueChanged)
    /// ```
    public func sendActions(for events: ControlEvents) {
        guard transitionDepth > 0 else {
            deliver(events)
            return
        }
        let waiting = queuedEvents.reduce(into: ControlEvents()) { $0.formUnion($1) }
        let new = events.subtracting(waiting)
        if !new.isEmpty {
            queuedEvents.append(new)
        }
    }

    /// Calls `handler` with the events sent that are among `events`, until the returned token
    /// is cancelled or released.
    ///
    /// ```swift
    /// let subscription = pin.subscribe(on: .typeComplete) { _ in unlock() }
    /// ```
    ///
    /// The control keeps `handler`: capture the control weakly in it.
    public func subscribe(on events: ControlEvents, _ handler: @escaping (ControlEvents) -> Void) -> Subscription {
        let record = SubscriberRecord()
        eventSubscribers.append(EventSubscriber(record: record, events: events, handler: handler))
        return Subscription(control: self, record: record)
    }

    /// Calls `handler` each time `descriptor` starts matching the applied state (not when it
    /// already matches on subscribing), until the returned token is cancelled or released.
    ///
    /// ```swift
    /// let subscription = control.subscribe(on: .intersected(.valid)) { button.isEnabled = true }
    /// ```
    public func subscribe(on descriptor: StateDescriptor, _ handler: @escaping () -> Void) -> Subscription {
        let record = SubscriberRecord()
        stateSubscribers.append(StateSubscriber(record: record, descriptor: descriptor, handler: handler))
        return Subscription(control: self, record: record)
    }

    func deliver(_ events: ControlEvents) {
        let subscribers = eventSubscribers
        for subscriber in subscribers where subscriber.record.isActive {
            let matching = events.intersection(subscriber.events)
            if !matching.isEmpty {
                subscriber.handler(matching)
            }
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

struct EventSubscriber {
    let record: SubscriberRecord
    let events: ControlEvents
    let handler: (ControlEvents) -> Void
}

struct StateSubscriber {
    let record: SubscriberRecord
    let descriptor: StateDescriptor
    let handler: () -> Void
}
