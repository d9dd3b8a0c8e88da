import Controls
import Gtk
import Localization

/// The notice at the top of an edit dialog that another desk changed the record open in it,
/// with Reload: put above the dialog's content when first shown.
@MainActor
final class EditedElsewhereNotice {
    /// The notice's row: the text and the button.
    let box = Box(.horizontal, spacing: 12)
    /// What it says.
    let label = Label()
    /// Opens the record as it is now.
    let reloadButton = Button(label: tr("Reload"))
    private var reload: (() -> Void)?

    /// A notice put above `window`'s content, hidden until `show`.
    init(over window: Window) {
        label.wraps = true
        label.xAlign = 0
        label.expandsHorizontally = true
        box.append(label)
        box.append(reloadButton)
        box.setMargins(top: 12, bottom: 0, start: 18, end: 18)
        box.addCSSClass("warning")
        box.isVisible = false
        let column = Box(.vertical, spacing: 0)
        let content = window.child
        window.child = nil
        column.append(box)
        if let content { column.append(content) }
        window.child = column
        reloadButton.onClicked { [weak self] in self?.reload?() }
    }

    /// Shows `message`, with Reload when `offeringReload`, and says it to screen readers.
    func show(_ message: String, offeringReload: Bool, reload: @escaping () -> Void) {
        label.text = message
        reloadButton.isVisible = offeringReload
        self.reload = reload
        box.isVisible = true
        // Assertive: what is open was changed elsewhere, which the person must know before editing on.
        Announcer.of(windowContaining: label)?.announce(message, .assertive)
    }
}
