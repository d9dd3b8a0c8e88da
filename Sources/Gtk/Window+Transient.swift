internal import CGtk

extension Window {
    /// The window this one is transient for (kept over, modal to), if any.
    public var transientParent: Window? {
        guard let parent = gtk_window_get_transient_for(window) else { return nil }
        return Widget.wrapper(of: pf_widget(parent)) as? Window
    }
}
