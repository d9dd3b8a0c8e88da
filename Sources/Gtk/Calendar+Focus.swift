internal import CGtk

extension Calendar {
    /// Puts the calendar's keyboard focus on its selected day, so that the arrows move from it
    /// and Space picks it: GTK (4.8, and still 4.18) starts that focus on the grid's first cell
    /// whatever is selected, and only a click on a day moves it there. Kept: without it
    /// `test_invoice`'s keyboard-only date pick lands on the grid's first cell (seen on 4.18). The selected day is pressed as a
    /// click would press it (the calendar's own click handler), which needs the calendar laid
    /// out: call it once the calendar is shown.
    /// - Returns: Whether the selected day was found on the grid.
    @discardableResult
    public func focusSelectedDay() -> Bool {
        let day = String(selectedDay.day)
        guard let label = descendants.compactMap({ $0 as? Label }).first(where: {
            $0.isVisible && $0.text == day && $0.hasCSSClass("day-number") && !$0.hasCSSClass("other-month")
        }) else { return false }
        var bounds = graphene_rect_t()
        // Laid out: a day not yet allocated reports a box around its origin.
        guard isMapped, gtk_widget_get_width(label.widgetPointer) > 0,
              gtk_widget_compute_bounds(label.widgetPointer, widgetPointer, &bounds) != 0,
              bounds.origin.x >= 0, bounds.origin.y > 0 else { return false }
        let clickType = gtk_gesture_click_get_type()
        let controllers = gtk_widget_observe_controllers(widgetPointer)
        defer { g_object_unref(UnsafeMutableRawPointer(controllers)) }
        for index in 0..<g_list_model_get_n_items(controllers) {
            guard let item = g_list_model_get_item(controllers, index) else { continue }
            defer { g_object_unref(item) }
            guard g_type_check_instance_is_a(item.assumingMemoryBound(to: GTypeInstance.self), clickType) != 0 else { continue }
            let signal = g_signal_lookup("pressed", clickType)
            var values = [GValue](repeating: GValue(), count: 4)
            g_value_init(&values[0], clickType)
            g_value_set_object(&values[0], item)
            g_value_init(&values[1], GType(6 << 2))  // G_TYPE_INT
            g_value_set_int(&values[1], 1)
            g_value_init(&values[2], GType(15 << 2))  // G_TYPE_DOUBLE
            g_value_set_double(&values[2], Double(bounds.origin.x + bounds.size.width / 2))
            g_value_init(&values[3], GType(15 << 2))
            g_value_set_double(&values[3], Double(bounds.origin.y + bounds.size.height / 2))
            g_signal_emitv(&values, signal, 0, nil)
            for index in values.indices { g_value_unset(&values[index]) }
            return true
        }
        return false
    }
}
