internal import CGtk

/// A libadwaita message dialog (`AdwMessageDialog`): a heading, a body and a row of responses,
/// modal over its parent. Escape, and closing it, choose the close response.
///
/// ```swift
/// let dialog = MessageDialog(parent: window, heading: "Discard changes?", body: "…")
/// dialog.addResponse("keep", label: "Keep Editing")
/// dialog.addResponse("discard", label: "Discard", appearance: .destructive)
/// dialog.closeResponse = "keep"
/// dialog.onResponse { id in if id == "discard" { … } }
/// dialog.present()
/// ```
@MainActor
public final class MessageDialog: Window {
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

    /// A dialog over `parent` (nil: a standalone window).
    public init(parent: Window?, heading: String, body: String) {
        super.init(widget: adw_message_dialog_new(parent?.window, heading, body))
        isModal = true
        // libadwaita makes a message dialog destroy-with-parent, and GTK 4.8 then keeps a
        // dangling transient parent when a response destroys the parent (the dialog, closed
        // just before its response, outlives it): its last unref disconnects from freed memory
        // ("invalid (NULL) class pointer"). Connected first, this lets go of the parent before
        // any response handler runs.
        connectTrampoline("response", handler: releaseParentOnResponse)
    }

    private var dialog: UnsafeMutablePointer<AdwMessageDialog> { pf_adw_message_dialog(raw) }

    /// A widget shown under the body (an entry, a label to copy from, …); kept alive with the dialog.
    public var extraChild: Widget? {
        get { Widget.wrapper(of: adw_message_dialog_get_extra_child(dialog)) }
        set {
            adw_message_dialog_set_extra_child(dialog, newValue?.widgetPointer)
        }
    }


    /// Adds a response button, in order from the start.
    public func addResponse(_ id: String, label: String, appearance: Appearance = .plain) {
        adw_message_dialog_add_response(dialog, id, label)
        adw_message_dialog_set_response_appearance(dialog, id, appearance.adw)
        // libadwaita 1.2 names the button by its text and by its label widget, which GTK 4.8
        // runs together ("Continue Continue"): named once, by its text.
        nameButtonsByTheirLabels()
    }

    /// Makes a response's button sensitive or not (an insensitive response cannot be chosen).
    public func setResponse(_ id: String, isEnabled: Bool) {
        adw_message_dialog_set_response_enabled(dialog, id, isEnabled ? 1 : 0)
    }

    /// Whether a response can be chosen now.
    public func isResponseEnabled(_ id: String) -> Bool {
        adw_message_dialog_get_response_enabled(dialog, id) != 0
    }

    /// The button libadwaita made for the response labelled `label`, if any.
    public func responseButton(labelled label: String) -> Button? {
        descendants.lazy.compactMap { $0 as? Button }.first { $0.label == label }
    }

    /// The labels of the responses, by id.
    public func label(ofResponse id: String) -> String? {
        guard adw_message_dialog_has_response(dialog, id) != 0 else { return nil }
        return adw_message_dialog_get_response_label(dialog, id).map { String(cString: $0) }
    }

    /// Chooses a response as if its button was pressed (the dialog then closes).
    public func respond(_ id: String) { adw_message_dialog_response(dialog, id) }
}

/// A message dialog's first `response` handler: the dialog, closed by then (or closing), lets
/// go of its transient parent, so that a handler may destroy that parent.
private let releaseParentOnResponse: @convention(c) (gpointer?, UnsafePointer<CChar>?, gpointer?) -> Void = { instance, _, _ in
    guard let instance else { return }
    gtk_window_set_transient_for(pf_window(instance), nil)
}
