internal import CGtk

/// A libadwaita alert dialog (`AdwAlertDialog`): a heading, a body and a row of responses.
/// Screen readers hear it as an alert named by its heading (its `title`) and described by its
/// body. Escape, and closing it, choose the close response.
///
/// ```swift
/// let dialog = AlertDialog(parent: window, heading: "Discard changes?", body: "…")
/// dialog.addResponse("keep", label: "Keep Editing")
/// dialog.addResponse("discard", label: "Discard", appearance: .destructive)
/// dialog.closeResponse = "keep"
/// dialog.onResponse { id in if id == "discard" { … } }
/// dialog.present()
/// ```
@MainActor
public final class AlertDialog: Dialog {
    /// How a response's button looks.
    public enum Appearance: Sendable {
        case plain
        /// The action the dialog suggests (blue).
        case suggested
        /// An action that loses something (red).
        case destructive

        var adw: AdwResponseAppearance {
            switch self {
            case .plain: ADW_RESPONSE_DEFAULT
            case .suggested: ADW_RESPONSE_SUGGESTED
            case .destructive: ADW_RESPONSE_DESTRUCTIVE
            }
        }
    }

    /// The widget the dialog is shown over (`present()`).
    public private(set) weak var parent: Widget?

    /// A dialog to be shown over the window `parent` is in (nil: a window of its own).
    public convenience init(parent: Widget?, heading: String, body: String) {
        self.init(heading: heading, body: body)
        self.parent = parent
    }

    private var dialog: UnsafeMutablePointer<AdwAlertDialog> { pf_adw_alert_dialog(raw) }

    /// Shows the dialog over its parent.
    public func present() { present(over: parent) }

    /// A widget shown under the body (an entry, a label to copy from, …); kept alive with the dialog.
    public var extraChild: Widget? {
        get { Widget.wrapper(of: adw_alert_dialog_get_extra_child(dialog)) }
        set {
            adw_alert_dialog_set_extra_child(dialog, newValue?.widgetPointer)
        }
    }

    /// Adds a response button, in order from the start.
    public func addResponse(_ id: String, label: String, appearance: Appearance = .plain) {
        adw_alert_dialog_add_response(dialog, id, label)
        adw_alert_dialog_set_response_appearance(dialog, id, appearance.adw)
    }

    /// Makes a response's button sensitive or not (an insensitive response cannot be chosen).
    public func setResponse(_ id: String, isEnabled: Bool) {
        adw_alert_dialog_set_response_enabled(dialog, id, isEnabled ? 1 : 0)
    }

    /// Whether a response can be chosen now.
    public func isResponseEnabled(_ id: String) -> Bool {
        adw_alert_dialog_get_response_enabled(dialog, id) != 0
    }

    /// The button libadwaita made for the response labelled `label`, if any.
    public func responseButton(labelled label: String) -> Button? {
        descendants.lazy.compactMap { $0 as? Button }.first { $0.label == label }
    }

    /// The labels of the responses, by id.
    public func label(ofResponse id: String) -> String? {
        guard adw_alert_dialog_has_response(dialog, id) != 0 else { return nil }
        return adw_alert_dialog_get_response_label(dialog, id).map { String(cString: $0) }
    }

    /// Chooses a response as its button does: the dialog closes, then reports it.
    public func respond(_ id: String) {
        guard let label = label(ofResponse: id) else { return }
        responseButton(labelled: label)?.click()
    }
}
