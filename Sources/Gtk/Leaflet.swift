internal import CGtk

/// libadwaita's leaflet (`AdwLeaflet`, 1.2): its children side by side while they fit, one at a
/// time once the window is too narrow for them ("folded"), with a slide between them.
///
/// ```swift
/// let leaflet = Leaflet()
/// leaflet.append(list, name: "list")
/// leaflet.append(form, name: "form")
/// leaflet.onFoldedChanged { back.isVisible = leaflet.isFolded }
/// newButton.onClicked { leaflet.visibleChildName = "form" }
/// ```
@MainActor
public final class Leaflet: Widget {

    /// An empty leaflet that folds when its children's minimum widths do not fit.
    public init() {
        super.init(widget: adw_leaflet_new())
        adw_leaflet_set_fold_threshold_policy(leaflet, ADW_FOLD_THRESHOLD_POLICY_MINIMUM)
        adw_leaflet_set_transition_type(leaflet, ADW_LEAFLET_TRANSITION_TYPE_SLIDE)
    }

    private var leaflet: OpaquePointer { OpaquePointer(raw) }

    /// Adds `child` after the others, under `name` (what `visibleChildName` takes).
    public func append(_ child: Widget, name: String) {
        let page = adw_leaflet_append(leaflet, child.widgetPointer)
        adw_leaflet_page_set_name(page, name)
    }

    /// Whether the leaflet shows one child at a time now.
    public var isFolded: Bool { adw_leaflet_get_folded(leaflet) != 0 }

    /// Whether the children may go side by side (false: always one at a time).
    public var canUnfold: Bool {
        get { adw_leaflet_get_can_unfold(leaflet) != 0 }
        set { adw_leaflet_set_can_unfold(leaflet, newValue ? 1 : 0) }
    }

    /// Whether a swipe or the back mouse button goes to the previous child when folded.
    public var canNavigateBack: Bool {
        get { adw_leaflet_get_can_navigate_back(leaflet) != 0 }
        set { adw_leaflet_set_can_navigate_back(leaflet, newValue ? 1 : 0) }
    }

    /// The name of the child shown when folded (and the one navigation starts from).
    public var visibleChildName: String? {
        get { adw_leaflet_get_visible_child_name(leaflet).map { String(cString: $0) } }
        set {
            guard let newValue else { return }
            adw_leaflet_set_visible_child_name(leaflet, newValue)
        }
    }

    /// Calls `handler` when the leaflet folds or unfolds.
    public func onFoldedChanged(_ handler: @escaping @MainActor () -> Void) {
        onNotify("folded", handler)
    }

    /// Calls `handler` when another child becomes the visible one.
    public func onVisibleChildChanged(_ handler: @escaping @MainActor () -> Void) {
        onNotify("visible-child", handler)
    }
}
