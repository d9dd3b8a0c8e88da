import Gtk

/// The frame every labelled input shares: a label that names the input for assistive
/// technologies, the input's widgets, and an error line under them.
@MainActor
struct LabelledField {
    let container = Box(.vertical, spacing: 4)
    let label: Label
    let errorLabel = Label()

    /// A frame labelled `text` around `content`, naming `target` by the label.
    init(label text: String, content: Widget, target: Widget) {
        label = Label(text)
        label.xAlign = 0
        label.isVisible = !text.isEmpty
        label.setMnemonicWidget(target)
        target.setAccessibleLabelledBy(label)
        errorLabel.addCSSClass("field-error")
        errorLabel.xAlign = 0
        errorLabel.wraps = true
        container.addCSSClass("labelled-input")
        container.append(label)
        container.append(content)
        container.append(errorLabel)
    }
}
