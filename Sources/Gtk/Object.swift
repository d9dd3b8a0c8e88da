internal import CGtk

/// A Swift owner of exactly one reference to a GObject.
///
/// A floating reference (a fresh widget) is sunk; any other reference is added to, so a
/// wrapper never steals a reference that someone else owns. The reference is dropped when
/// the wrapper goes away, on the main actor.
///
/// A GObject has at most one wrapper at a time: the wrapper attaches itself to the object
/// (`WrapperLink`, in qdata), and everything in `Gtk` that hands out an object GTK returned
/// (a focus widget, a container's child, a list item's cell) gives the wrapper that exists,
/// making one only when there is none. Compare wrappers with `===`.
///
/// ```swift
/// let label = Label("Hello")   // owns one reference to a GtkLabel
/// ```
@MainActor
open class Object {
    /// The wrapped object.
    let objectPointer: UnsafeMutablePointer<GObject>
    /// The object's tie to this wrapper (shared with the wrappers before and after it).
    let link: WrapperLink
    /// Whether this wrapper attached the link, i.e. the object never had a wrapper before.
    let isFirstWrapper: Bool

    /// Wraps `pointer`, sinking its floating reference or adding a reference of our own.
    /// `pointer` must have no wrapper alive (the lookups in `WrapperLink.swift` check first).
    init(retaining pointer: UnsafeMutableRawPointer) {
        let object = pf_object(pointer)!
        g_object_ref_sink(object)
        objectPointer = object
        let attached = Object.attach(object)
        link = attached.link
        isFirstWrapper = attached.isNew
        link.wrapper = self
    }

    /// Wraps `pointer` whose (non-floating) reference the caller hands over, as returned by
    /// a `*_new` function of a plain GObject (`g_menu_new`, `gtk_css_provider_new`, …).
    init(adopting pointer: UnsafeMutableRawPointer) {
        let object = pf_object(pointer)!
        objectPointer = object
        let attached = Object.attach(object)
        link = attached.link
        isFirstWrapper = attached.isNew
        link.wrapper = self
    }

    private static func attach(_ object: UnsafeMutablePointer<GObject>) -> (link: WrapperLink, isNew: Bool) {
        let (link, isNew) = WrapperLink.attached(to: object)
        precondition(link.wrapper == nil,
                     "a second Swift wrapper of one \(String(cString: pf_object_type_name(object))): look the first up")
        return (link, isNew)
    }

    isolated deinit {
        g_object_unref(objectPointer)
    }

    /// The wrapped object as an untyped pointer, for the C casting helpers (package-wide for
    /// GtkTesting, the other module in Sources/Gtk; useless without C, which only they see).
    package var raw: UnsafeMutableRawPointer { UnsafeMutableRawPointer(objectPointer) }

    /// A string GLib handed over (transfer full), copied and freed.
    static func takeString(_ string: UnsafeMutablePointer<CChar>) -> String {
        defer { g_free(string) }
        return String(cString: string)
    }

    /// The GObject reference count, for lifetime tests.
    @_spi(Testing) public var referenceCount: UInt32 { objectPointer.pointee.ref_count }
}
