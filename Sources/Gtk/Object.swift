internal import CGtk

/// A Swift owner of exactly one reference to a GObject.
///
/// A floating reference (a fresh widget) is sunk; any other reference is added to, so a
/// wrapper never steals a reference that someone else owns. The reference is dropped when
/// the wrapper goes away, on the main actor.
///
/// ```swift
/// let label = Label("Hello")   // owns one reference to a GtkLabel
/// ```
@MainActor
open class Object {
    /// The wrapped object.
    let objectPointer: UnsafeMutablePointer<GObject>

    /// Wraps `pointer`, sinking its floating reference or adding a reference of our own.
    init(retaining pointer: UnsafeMutableRawPointer) {
        let object = pf_object(pointer)!
        g_object_ref_sink(object)
        objectPointer = object
    }

    /// Wraps `pointer` whose (non-floating) reference the caller hands over, as returned by
    /// a `*_new` function of a plain GObject (`g_menu_new`, `gtk_css_provider_new`, …).
    init(adopting pointer: UnsafeMutableRawPointer) {
        objectPointer = pf_object(pointer)!
    }

    isolated deinit {
        g_object_unref(objectPointer)
    }

    /// The wrapped object as an untyped pointer, for the C casting helpers (package-wide for
    /// GtkTesting, the other module in Sources/Gtk; useless without C, which only they see).
    package var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(objectPointer) }

    /// Whether `other` wraps the same GObject (two wrappers of one widget are the same widget).
    public func isSame(as other: Object) -> Bool { objectPointer == other.objectPointer }

    /// The wrapped GObject's identity, for keying what belongs to it (not the wrapper's:
    /// two wrappers of one widget have the same identity).
    public var identity: ObjectIdentity { ObjectIdentity(address: UInt(bitPattern: objectPointer)) }

    /// A string GLib handed over (transfer full), copied and freed.
    static func takeString(_ string: UnsafeMutablePointer<CChar>) -> String {
        defer { g_free(string) }
        return String(cString: string)
    }

    /// The GObject reference count, for lifetime tests.
    @_spi(Testing) public var referenceCount: UInt32 { objectPointer.pointee.ref_count }
}
