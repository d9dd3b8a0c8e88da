internal import CGtk

/// A month's days to pick one from.
@MainActor
public final class Calendar: Widget {
    /// A calendar showing today.
    public init() {
        super.init(widget: gtk_calendar_new())
    }

    /// The selected day: year, month (1–12), day.
    public var selectedDay: (year: Int, month: Int, day: Int) {
        get {
            var year: Int32 = 0, month: Int32 = 0, day: Int32 = 0
            pf_calendar_get_day(pf_calendar(raw), &year, &month, &day)
            return (Int(year), Int(month), Int(day))
        }
        set { pf_calendar_select(pf_calendar(raw), Int32(newValue.year), Int32(newValue.month), Int32(newValue.day)) }
    }

    /// Selects a day and reports it picked, as a click on it does.
    public func pick(year: Int, month: Int, day: Int) {
        selectedDay = (year, month, day)
        pf_signal_emit_void(raw, "day-selected")
    }

    /// Calls `handler` when a day is picked (clicked, or Enter / Space on it).
    @discardableResult
    public func onDaySelected(_ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("day-selected", handler)
    }
}
