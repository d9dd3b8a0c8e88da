internal import CGtk

/// A GTK widget: the operations every widget in the app uses.
@MainActor
open class Widget: Object {
    /// The wrapped widget.
    var widgetPointer: UnsafeMutablePointer<GtkWidget> { pf_widget(raw) }

    /// Wraps a widget, sinking its floating reference. Only for a widget just made, or by
    /// `Widget.wrapper(of:)` for one that has no wrapper: a widget has one wrapper at a time.
    ///
    /// The wrapper lives at least as long as the widget has a parent (see `WrapperLink`), so a
    /// container keeps no list of its children's wrappers: GTK's list is the one.
    init(widget pointer: UnsafeMutablePointer<GtkWidget>) {
        super.init(retaining: UnsafeMutableRawPointer(pointer))
        if isFirstWrapper { connectTrampoline("notify::parent", handler: WrapperLink.parentNotify) }
        WrapperLink.parentChanged(pointer)
    }

    // MARK: Visibility and sensitivity

    /// Whether the widget and all its ancestors are sensitive.
    public var isEffectivelySensitive: Bool { gtk_widget_is_sensitive(widgetPointer) != 0 }

    /// Whether the widget is mapped, i.e. on screen in a shown window.
    public var isMapped: Bool { gtk_widget_get_mapped(widgetPointer) != 0 }

    // MARK: Focus

    /// Whether the widget or anything inside it may take the keyboard focus (`can-focus`):
    /// false keeps Tab out of the whole subtree.
    public var canFocus: Bool {
        get { gtk_widget_get_can_focus(widgetPointer) != 0 }
        set { gtk_widget_set_can_focus(widgetPointer, newValue ? 1 : 0) }
    }

    /// The widget's text direction (left-to-right, right-to-left, or none: the default one).
    public var textDirection: TextDirection {
        get { TextDirection(gtk_widget_get_direction(widgetPointer)) }
        set { gtk_widget_set_direction(widgetPointer, newValue.cValue) }
    }

    /// The text direction of widgets that set none (the locale's, unless changed).
    public static var defaultTextDirection: TextDirection {
        get { TextDirection(gtk_widget_get_default_direction()) }
        set { gtk_widget_set_default_direction(newValue.cValue) }
    }

    /// Whether the widget has keyboard focus.
    public var hasFocus: Bool { gtk_widget_has_focus(widgetPointer) != 0 }

    /// Whether the focus is in this widget or one of its descendants.
    public var containsFocus: Bool {
        stateFlags.contains(.focusWithin)
    }

    /// Moves keyboard focus to the widget.
    @discardableResult
    public func grabFocus() -> Bool { gtk_widget_grab_focus(widgetPointer) != 0 }

    /// GTK's state flags (focus, insensitive, active, …).
    public var stateFlags: StateFlags { StateFlags(gtk_widget_get_state_flags(widgetPointer)) }

    // MARK: Layout

    /// Margins on all four sides.
    public func setMargins(top: Int32, bottom: Int32, start: Int32, end: Int32) {
        gtk_widget_set_margin_top(widgetPointer, top)
        gtk_widget_set_margin_bottom(widgetPointer, bottom)
        gtk_widget_set_margin_start(widgetPointer, start)
        gtk_widget_set_margin_end(widgetPointer, end)
    }

    /// The same margin on all four sides.
    public func setMargins(_ all: Int32) { setMargins(top: all, bottom: all, start: all, end: all) }

    /// Horizontal alignment in the space the parent gives.
    public var horizontalAlignment: Alignment {
        get { Alignment(gtk_widget_get_halign(widgetPointer)) }
        set { gtk_widget_set_halign(widgetPointer, newValue.cValue) }
    }

    /// Vertical alignment in the space the parent gives.
    public var verticalAlignment: Alignment {
        get { Alignment(gtk_widget_get_valign(widgetPointer)) }
        set { gtk_widget_set_valign(widgetPointer, newValue.cValue) }
    }

    /// The minimum size; -1 leaves a dimension natural.
    public func setSizeRequest(width: Int32, height: Int32) {
        gtk_widget_set_size_request(widgetPointer, width, height)
    }

    /// The allocated width.
    public var width: Int32 { gtk_widget_get_width(widgetPointer) }
    /// The allocated height.
    public var height: Int32 { gtk_widget_get_height(widgetPointer) }
    /// How many device pixels a unit of its size is, each way (2 on a high-density screen).
    public var scaleFactor: Int { Int(gtk_widget_get_scale_factor(widgetPointer)) }

    /// The widget's bounds in the coordinates of `other`, if both share a toplevel.
    public func bounds(in other: Widget) -> Rect? {
        var rect = graphene_rect_t()
        guard gtk_widget_compute_bounds(widgetPointer, other.widgetPointer, &rect) != 0 else { return nil }
        return Rect(x: Double(rect.origin.x), y: Double(rect.origin.y),
                    width: Double(rect.size.width), height: Double(rect.size.height))
    }

    /// Schedules a redraw of this widget only.
    public func queueDraw() { gtk_widget_queue_draw(widgetPointer) }

    /// Schedules a new size negotiation.
    public func queueResize() { gtk_widget_queue_resize(widgetPointer) }

    // MARK: Style

    /// Adds a CSS style class.
    public func addCSSClass(_ name: String) { gtk_widget_add_css_class(widgetPointer, name) }

    /// Removes a CSS style class.
    public func removeCSSClass(_ name: String) { gtk_widget_remove_css_class(widgetPointer, name) }

    /// Adds or removes a CSS style class.
    public func setCSSClass(_ name: String, _ present: Bool) {
        if present { addCSSClass(name) } else { removeCSSClass(name) }
    }

    /// Whether the widget has a CSS style class.
    public func hasCSSClass(_ name: String) -> Bool { gtk_widget_has_css_class(widgetPointer, name) != 0 }

    /// The opacity, 0 to 1.
    public var opacity: Double {
        get { gtk_widget_get_opacity(widgetPointer) }
        set { gtk_widget_set_opacity(widgetPointer, newValue) }
    }

    // MARK: Events

    /// Attaches an event controller (key, click, focus …). The widget keeps it.
    public func add(_ controller: EventController) {
        // The widget takes over the controller's floating reference; our wrapper keeps its own.
        gtk_widget_add_controller(widgetPointer, pf_event_controller(g_object_ref(controller.raw)))
    }

    /// Whether GTK animations are enabled for this widget's display.
    public var animationsEnabled: Bool {
        guard let settings = gtk_widget_get_settings(widgetPointer) else { return true }
        var value = GValue()
        g_value_init(&value, GType(5 << 2)) // G_TYPE_BOOLEAN
        g_object_get_property(pf_object(UnsafeMutableRawPointer(settings)), "gtk-enable-animations", &value)
        defer { g_value_unset(&value) }
        return g_value_get_boolean(&value) != 0
    }

    /// Adds a per-frame callback; returning `false` removes it.
    @discardableResult
    public func addTickCallback(_ body: @escaping @MainActor (_ frameTimeMicroseconds: Int64) -> Bool) -> UInt32 {
        let box = ClosureBox<@MainActor (Int64) -> Bool>(body)
        return gtk_widget_add_tick_callback(widgetPointer, { _, clock, data in
            let box = ClosureBox<@MainActor (Int64) -> Bool>.from(data)
            let time = Int64(gdk_frame_clock_get_frame_time(clock))
            return MainActor.assumeIsolated { box.body(time) } ? 1 : 0
        }, box.retainedPointer(), releaseClosureBoxNotify)
    }
}

extension Widget {
    /// Whether GTK's state flags include `flag`.
    public func hasStateFlag(_ flag: StateFlags) -> Bool {
        !stateFlags.isDisjoint(with: flag)
    }
}
