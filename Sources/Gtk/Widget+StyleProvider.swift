internal import CGtk

extension Widget {
    /// Styles this widget alone (not its children) with `provider`, e.g. a colour set in code,
    /// at `priority` (600, GTK's priority for an application's own style, by default).
    ///
    /// ```swift
    /// let style = CSSProvider()
    /// try style.load(css: "* { background-color: #f6f5f4; }")
    /// entry.addStyleProvider(style)
    /// ```
    public func addStyleProvider(_ provider: CSSProvider,
                                 priority: UInt32 = 600) {
        gtk_style_context_add_provider(gtk_widget_get_style_context(widgetPointer), pf_style_provider(provider.raw), priority)
    }
}
