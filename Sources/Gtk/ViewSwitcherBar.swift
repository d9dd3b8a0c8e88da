internal import CGtk

/// libadwaita's view switcher bar (`AdwViewSwitcherBar`): the pages of a `ViewStack` as buttons
/// at the bottom of a narrow window, shown while `isRevealed`.
@MainActor
public final class ViewSwitcherBar: Widget {
    private var stack: ViewStack?

    /// A hidden bar switching `stack`.
    public init(stack: ViewStack) {
        super.init(widget: adw_view_switcher_bar_new())
        adw_view_switcher_bar_set_stack(bar, stack.stack)
        self.stack = stack
        // libadwaita names them when they are first shown; ours come after.
        connect("map") { [unowned self] in
            nameViewSwitchers(under: widgetPointer, listName: accessibleName)
        }
    }

    private var bar: OpaquePointer { OpaquePointer(raw) }

    /// What screen readers call the switcher (its buttons are each named by their page).
    public var accessibleName = "Views" {
        didSet { setAccessibleLabel(accessibleName) }
    }
}
