/// A token for a subscription to a control's events or states: the handler runs until the
/// token is cancelled or released.
///
/// ```swift
/// let subscription = pin.subscribe(on: .typeComplete) { _ in unlock() }
/// subscription.cancel()   // or let the token go
/// ```
public final class Subscription {
    private weak var control: StatefulControl?
    let record: SubscriberRecord

    init(control: StatefulControl, record: SubscriberRecord) {
        self.control = control
        self.record = record
    }

    deinit { cancel() }

    /// Whether the handler will no longer run.
    public var isCancelled: Bool { !record.isActive }

    /// Stops the handler, even when the control is delivering to it right now; calling it again
    /// does nothing.
    public func cancel() {
        guard record.isActive else { return }
        record.isActive = false
        control?.removeSubscriber(record)
        control = nil
    }
}

/// What the control and a token share: a cancelled handler is skipped even mid-delivery.
final class SubscriberRecord {
    var isActive = true
}
