internal import CGtk

/// libadwaita's view switcher (`AdwViewSwitcher`): the pages of a `ViewStack` as buttons, for a
/// header bar's title; on a narrow window a breakpoint hides it and reveals a
/// `ViewSwitcherBar` at the bottom instead.
@MainActor
public final class ViewSwitcher: Widget {
    private var stack: ViewStack?

    /// A switcher for `stack`, its buttons' icons beside their titles.
    public convenience init(stack: ViewStack) {
        self.init()
        adw_view_switcher_set_stack(switcher, stack.stack)
        adw_view_switcher_set_policy(switcher, ADW_VIEW_SWITCHER_POLICY_WIDE)
        self.stack = stack
        // libadwaita names them when they are first shown; ours come after.
        connect("map") { [unowned self] in
            nameViewSwitchers(under: widgetPointer, listName: accessibleName)
        }
    }

    private var switcher: OpaquePointer { OpaquePointer(raw) }

    /// What screen readers call the switcher (its buttons are each named by their page).
    public var accessibleName = "Views" {
        didSet { setAccessibleLabel(accessibleName) }
    }
}
