internal import CGtk

/// The tie from a GObject to its one Swift wrapper, kept in the object's qdata.
///
/// The GObject owns the link (a +1 pointer released by the qdata's destroy notify when the
/// object is finalized); the link holds the wrapper weakly, and the wrapper owns one reference
/// to the GObject. So the wrapper's deinit still drops its reference, nothing keeps either
/// alive, and a wrapper that is going away (its `isolated deinit` may wait for the main actor)
/// is never handed out again: a weak reference reads nil from the moment the last strong one
/// went. A link outlives its wrappers: the next wrapper of the object reuses it.
///
/// The one exception is deliberate: while a widget has a parent, the link also holds its
/// wrapper strongly (`pin`), so a Swift subclass's state and the closures it connected live
/// as long as the widget is in a tree, as they do in GTK, without any Swift container keeping
/// a second list of its children. GTK says when the parent changes (`notify::parent`, also
/// when a parent is disposed and drops its children), and the pin goes with the parent.
@MainActor
final class WrapperLink {
    /// The object's wrapper, if one is alive.
    weak var wrapper: Object?
    /// The wrapper, held while the widget has a parent; nil for any other object.
    var pin: Object?

    private static let quark: GQuark = g_quark_from_string("pinform-wrapper")

    /// The link attached to `object`, if a wrapper of it was ever made.
    static func of(_ object: UnsafeMutablePointer<GObject>) -> WrapperLink? {
        g_object_get_qdata(object, quark).map { Unmanaged<WrapperLink>.fromOpaque($0).takeUnretainedValue() }
    }

    /// The link of `object`, attached now if it has none; `isNew` says which.
    static func attached(to object: UnsafeMutablePointer<GObject>) -> (link: WrapperLink, isNew: Bool) {
        if let link = of(object) { return (link, false) }
        let link = WrapperLink()
        g_object_set_qdata_full(object, quark, Unmanaged.passRetained(link).toOpaque(), releaseClosureBoxNotify)
        return (link, true)
    }

    /// Pins or unpins the wrapper of `widget` after its parent changed.
    static func parentChanged(_ widget: UnsafeMutablePointer<GtkWidget>) {
        guard let link = of(pf_object(widget)) else { return }
        link.pin = gtk_widget_get_parent(widget) == nil ? nil : link.wrapper
    }

    /// `notify::parent` of every widget that ever had a wrapper: connected once per GObject
    /// (not per wrapper), with no closure, so it keeps nothing alive.
    static let parentNotify: @convention(c) (gpointer?, gpointer?, gpointer?) -> Void = { widget, _, _ in
        let widget = MainThreadPointer(value: widget)
        MainActor.assumeIsolated { WrapperLink.parentChanged(pf_widget(widget.value)) }
    }
}

extension Object {
    /// The wrapper of `pointer` if one is alive, else `make()`, which must wrap `pointer`.
    static func wrapper<Wrapper: Object>(of pointer: UnsafeMutableRawPointer, make: (UnsafeMutableRawPointer) -> Wrapper) -> Wrapper {
        let object = pf_object(pointer)!
        if let link = WrapperLink.of(object), let existing = link.wrapper {
            guard let wrapper = existing as? Wrapper else {
                preconditionFailure("the wrapper of a \(String(cString: pf_object_type_name(object))) is a \(type(of: existing)), not a \(Wrapper.self)")
            }
            return wrapper
        }
        // An object GTK made and has not placed yet is still floating (since GTK 4.12 a list
        // view makes a row's widget, sets it up and binds it, and only then gives it its
        // parent). Its floating reference is GTK's, for the parent to sink: the wrapper takes
        // a reference of its own and leaves the floating one as it was. Sunk by the wrapper,
        // the row was freed with it, before GTK put it in the list.
        guard g_object_is_floating(object) != 0 else { return make(pointer) }
        g_object_ref(object)
        let wrapper = make(pointer)
        g_object_force_floating(object)
        return wrapper
    }

    /// The one wrapper of a plain GObject (not a widget) that GTK handed out (a sorter, a
    /// buffer), made as an `Object` when it has none yet.
    static func wrapper(ofObject pointer: UnsafeMutableRawPointer) -> Object {
        wrapper(of: pointer) { Object(retaining: $0) }
    }
}

extension Widget {
    /// A new wrapper of `widget`, of the most specific class callers cast to (`as? Window`,
    /// `as? Button`, `as? Label`): the table of GTK types the app is handed and looks into.
    private static func makeWrapper(of widget: UnsafeMutablePointer<GtkWidget>) -> Widget {
        let raw = UnsafeMutableRawPointer(widget)
        if pf_is_window(raw) != 0 { return Window(widget: widget) }
        if pf_is_button(raw) != 0 { return Button(widget: widget) }
        if pf_is_label(raw) != 0 { return Label(widget: widget) }
        return Widget(widget: widget)
    }

    /// The one wrapper of `pointer`: the existing one, or a new one of the most specific class
    /// that `makeWrapper` knows.
    static func wrapper(of pointer: UnsafeMutablePointer<GtkWidget>) -> Widget {
        wrapper(of: UnsafeMutableRawPointer(pointer)) { makeWrapper(of: pf_widget($0)) }
    }

    /// The wrapper of `pointer`, or nil when it is nil.
    static func wrapper(of pointer: UnsafeMutablePointer<GtkWidget>?) -> Widget? {
        pointer.map { wrapper(of: $0) }
    }
}
