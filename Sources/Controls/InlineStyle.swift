import Gtk

/// CSS declarations set from code on one widget (a colour, a font), kept in a stylesheet of
/// the widget's own so that the application stylesheet still styles everything else.
///
/// The stylesheet is made and added on the first declaration: most inputs never get one, and
/// a provider on a widget makes GTK look up its style again.
@MainActor
final class InlineStyle {
    private var provider: CSSProvider?
    private unowned let widget: Widget
    private var declarations: [String: String] = [:]

    init(on widget: Widget) {
        self.widget = widget
    }

    /// Sets `property` to `value`, or removes it when `value` is nil.
    subscript(property: String) -> String? {
        get { declarations[property] }
        set {
            declarations[property] = newValue
            let provider = self.provider ?? {
                let made = CSSProvider()
                widget.addStyleProvider(made)
                self.provider = made
                return made
            }()
            let body = declarations.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value);" }.joined(separator: " ")
            // A value the CSS parser rejects is dropped by GTK; the rest still applies.
            try? provider.load(css: "* { \(body) }")
        }
    }
}
