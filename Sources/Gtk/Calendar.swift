internal import CGtk

/// A month's days to pick one from.
@MainActor
public final class Calendar: Widget {
    /// A calendar with an accessible role (construct-only in GTK): GTK 4.18 gives a calendar
    /// the generic role, which may not be named, so a screen reader could not say what it is.
    public convenience init(role: AccessibleRole) {
        self.init(widget: pf_widget_new_with_role(gtk_calendar_get_type(), role.cValue))
    }

    /// The selected day: year, month (1–12), day.
    public var selectedDay: (year: Int, month: Int, day: Int) {
        get {
            var year: Int32 = 0, month: Int32 = 0, day: Int32 = 0
            let date = gtk_calendar_get_date(pf_calendar(raw))
            g_date_time_get_ymd(date, &year, &month, &day)
            g_date_time_unref(date)
            return (Int(year), Int(month), Int(day))
        }
        set {
            // Noon, so that no time zone change moves the day.
            guard let date = g_date_time_new_local(Int32(newValue.year), Int32(newValue.month), Int32(newValue.day), 12, 0, 0)
            else { return }
            gtk_calendar_select_day(pf_calendar(raw), date)
            g_date_time_unref(date)
        }
    }

    /// Selects a day and reports it picked, as a click on it does.
    public func pick(year: Int, month: Int, day: Int) {
        selectedDay = (year, month, day)
        pf_signal_emit_void(raw, "day-selected")
    }
}
