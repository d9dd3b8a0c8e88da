internal import CGtk

extension ViewStack {
    /// Removes the page `name`, if there is one; when it was the page shown, the first visible
    /// page is shown instead.
    public func remove(named name: String) {
        guard let child = adw_view_stack_get_child_by_name(stack, name) else { return }
        // libadwaita 1.7 keeps the page a transition leaves until the transition ends (at the
        // next frame, even with transitions off), and removing that page does not let go of it:
        // the transition's end then touched the freed page. Hidden first, the page is no longer
        // the one left (or shown), so the stack has forgotten it when it goes.
        gtk_widget_set_visible(child, 0)
        adw_view_stack_remove(stack, child)
    }

    /// Sets the title the switchers show for the page `name`.
    public func setTitle(_ title: String, ofPage name: String) {
        guard let child = adw_view_stack_get_child_by_name(stack, name),
              let page = adw_view_stack_get_page(stack, child) else { return }
        adw_view_stack_page_set_title(page, title)
    }
}
