/// Which GObject a wrapper stands for: equal for two wrappers of one object, so that what
/// belongs to a window or a widget can be kept by it (`[ObjectIdentity: Announcer]`).
public struct ObjectIdentity: Hashable, Sendable {
    let address: UInt
}
