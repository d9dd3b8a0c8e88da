internal import CGtk

extension ViewStack {
    /// Removes the page `name`, if there is one.
    public func remove(named name: String) {
        guard let child = adw_view_stack_get_child_by_name(stack, name) else { return }
        adw_view_stack_remove(stack, child)
    }

    /// Sets the title the switchers show for the page `name`.
    public func setTitle(_ title: String, ofPage name: String) {
        guard let child = adw_view_stack_get_child_by_name(stack, name),
              let page = adw_view_stack_get_page(stack, child) else { return }
        adw_view_stack_page_set_title(page, title)
    }
}
