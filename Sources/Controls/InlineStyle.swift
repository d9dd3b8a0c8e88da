import Gtk

/// CSS declarations set from code on one widget (a colour, a font): the engine's appearance of
/// an input, which changes with its state.
///
/// Each distinct set of declarations becomes one class of a stylesheet shared by the display
/// (`InlineStyleSheet`), and the widget wears the class of its current set: a state that comes
/// back (focused, invalid, …) reuses its class, so a change restyles the one widget, and only a
/// set never seen before reloads the stylesheet. (GTK 4.10 deprecated the per-widget style
/// provider this used to be.)
@MainActor
final class InlineStyle {
    private unowned let widget: Widget
    private var declarations: [String: String] = [:]
    /// The class the widget wears now, if any.
    private var worn: String?

    init(on widget: Widget) {
        self.widget = widget
    }

    /// Sets `property` to `value`, or removes it when `value` is nil.
    subscript(property: String) -> String? {
        get { declarations[property] }
        set {
            declarations[property] = newValue
            let body = declarations.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value);" }.joined(separator: " ")
            let wanted = body.isEmpty ? nil : InlineStyleSheet.className(for: body)
            guard wanted != worn else { return }
            if let worn { widget.removeCSSClass(worn) }
            if let wanted { widget.addCSSClass(wanted) }
            worn = wanted
        }
    }
}

/// The display's stylesheet of inline declarations: one class per distinct set.
@MainActor
enum InlineStyleSheet {
    /// Below the application's own stylesheet (600), which wins where both set a property, and
    /// above the theme's, as the per-widget provider with `*` was.
    static let priority: UInt32 = 599

    private static var classes: [String: String] = [:]
    private static var rules: [String] = []
    private static var provider: CSSProvider?

    /// The class whose rule holds `body` ("background-color: #f6f5f4;"), made on first use.
    static func className(for body: String) -> String {
        if let existing = classes[body] { return existing }
        let name = "pf-inline-\(classes.count)"
        classes[body] = name
        rules.append(".\(name) { \(body) }")
        let sheet = provider ?? {
            let made = CSSProvider()
            made.applyToDisplay(priority: priority)
            provider = made
            return made
        }()
        // A value the CSS parser rejects is dropped by GTK; the rest still applies.
        try? sheet.load(css: rules.joined(separator: "\n"))
        return name
    }
}
