internal import CGtk

/// A key under which a Swift value is kept with a GObject (in its qdata), so that whatever
/// belongs to a window or a widget is found from the object itself, whichever wrapper asks.
///
/// ```swift
/// private let announcerKey = AssociationKey<Announcer>("pinform-announcer")
/// window.setAssociatedValue(announcer, for: announcerKey)
/// ```
public struct AssociationKey<Value>: Sendable {
    /// The GLib quark of the name.
    let quark: UInt32

    /// A key named `name`; two keys of one name are the same key.
    public init(_ name: String) {
        quark = g_quark_from_string(name)
    }
}

/// A value kept in a GObject's qdata, released by GLib when replaced or when the object is
/// finalized.
private final class AssociatedValue<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

extension Object {
    /// The value kept with the GObject under `key`, if any.
    public func associatedValue<Value>(for key: AssociationKey<Value>) -> Value? {
        g_object_get_qdata(objectPointer, key.quark)
            .map { Unmanaged<AssociatedValue<Value>>.fromOpaque($0).takeUnretainedValue().value }
    }

    /// Keeps `value` with the GObject under `key` until it is replaced, removed (`nil`) or
    /// the object is finalized. A value that holds this wrapper keeps the object alive:
    /// remove it when the object is done with (a window's `destroy`).
    public func setAssociatedValue<Value>(_ value: Value?, for key: AssociationKey<Value>) {
        let data = value.map { Unmanaged.passRetained(AssociatedValue($0)).toOpaque() }
        g_object_set_qdata_full(objectPointer, key.quark, data, data == nil ? nil : releaseClosureBoxNotify)
    }
}
