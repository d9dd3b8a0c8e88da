internal import CGtk

extension Widget {
    /// Whether the widget responds to input (GTK's "sensitive").
    ///
    /// Made insensitive while the keyboard focus is in it, the widget first gives the focus up
    /// (the window is left with none, as GTK leaves it): GTK 4.18 takes the focus from a text
    /// field made insensitive without telling the field (GTK issue 5845), whose cursor then
    /// blinks on and warns "GtkText - did not receive a focus-out event" (a PIN view made
    /// insensitive while a PIN is checked).
    public var isSensitive: Bool {
        get { gtk_widget_get_sensitive(widgetPointer) != 0 }
        set {
            if !newValue, containsFocus, let root = gtk_widget_get_root(widgetPointer) {
                gtk_root_set_focus(root, nil)
            }
            gtk_widget_set_sensitive(widgetPointer, newValue ? 1 : 0)
        }
    }
}
