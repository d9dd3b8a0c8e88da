import Gtk

/// CSS declarations set from code on one widget (a colour, a font), kept in a stylesheet of
/// the widget's own so that the application stylesheet still styles everything else.
@MainActor
final class InlineStyle {
    private let provider = CSSProvider()
    private var declarations: [String: String] = [:]

    init(on widget: Widget) {
        widget.addStyleProvider(provider)
    }

    /// Sets `property` to `value`, or removes it when `value` is nil.
    subscript(property: String) -> String? {
        get { declarations[property] }
        set {
            declarations[property] = newValue
            let body = declarations.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value);" }.joined(separator: " ")
            // A value the CSS parser rejects is dropped by GTK; the rest still applies.
            try? provider.load(css: "* { \(body) }")
        }
    }
}
