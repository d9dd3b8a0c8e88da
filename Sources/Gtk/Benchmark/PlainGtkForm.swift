internal import CGtk

/// The forms window's widget tree built with plain C calls, the anchor `pinform-bench` holds
/// the Swift layers against: per field a box holding a label, an entry (its "changed" handled,
/// named by the label), an indicator and a hidden error line; rows of two in a homogeneous
/// grid; the values written as text.
///
/// For `pinform-bench` only (`@_spi(Benchmark) import Gtk`).
@_spi(Benchmark) @MainActor
public enum PlainGtkForm {
    /// Builds the window for `values`, measures it as its first layout would, and returns
    /// `clock()`'s advance over that (the window is destroyed afterwards, untimed).
    public static func buildAndMeasure(values: [String], clock: () -> Double) -> Double {
        let start = clock()
        let window = gtk_window_new()!
        g_object_ref_sink(window)
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        var row: UnsafeMutablePointer<GtkWidget>?
        for (index, value) in values.enumerated() {
            if index % 2 == 0 {
                row = gtk_grid_new()
                gtk_grid_set_column_homogeneous(pf_grid(row), 1)
                gtk_grid_set_column_spacing(pf_grid(row), 12)
                gtk_box_append(pf_box(column), row)
            }
            let cell = gtk_box_new(GTK_ORIENTATION_VERTICAL, 0)!
            let label = gtk_label_new("Field \(index + 1)")!
            gtk_label_set_xalign(pf_label(label), 0)
            let entry = gtk_entry_new()!
            gtk_label_set_mnemonic_widget(pf_label(label), entry)
            pf_accessible_set_labelled_by(entry, label)
            gtk_widget_set_hexpand(entry, 1)
            pf_signal_connect(entry, "changed", unsafeBitCast(changed, to: GCallback.self), nil, nil)
            let indicator = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0)!
            gtk_widget_set_size_request(indicator, -1, 3)
            gtk_widget_set_opacity(indicator, 0)
            let error = gtk_label_new("")!
            gtk_widget_add_css_class(error, "field-error")
            gtk_widget_set_visible(error, 0)
            gtk_box_append(pf_box(cell), label)
            gtk_box_append(pf_box(cell), entry)
            gtk_box_append(pf_box(cell), indicator)
            gtk_box_append(pf_box(cell), error)
            gtk_widget_set_hexpand(cell, 1)
            gtk_grid_attach(pf_grid(row), cell, Int32(index % 2), 0, 1, 1)
            gtk_editable_set_text(pf_editable(entry), value)
        }
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(OpaquePointer(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(OpaquePointer(scrolled), column)
        gtk_window_set_child(pf_window(window), scrolled)
        measure(window)
        let elapsed = clock() - start
        gtk_window_destroy(pf_window(window))
        g_object_unref(window)
        return elapsed
    }

    private static let changed: @convention(c) (gpointer?, gpointer?) -> Void = { _, _ in }

    /// Computes the size of every widget in the window, as its first layout would.
    static func measure(_ window: UnsafeMutablePointer<GtkWidget>) {
        var minimum: Int32 = 0, natural: Int32 = 0
        gtk_widget_measure(window, GTK_ORIENTATION_HORIZONTAL, -1, &minimum, &natural, nil, nil)
        gtk_widget_measure(window, GTK_ORIENTATION_VERTICAL, 720, &minimum, &natural, nil, nil)
    }
}
