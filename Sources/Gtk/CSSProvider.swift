internal import CGtk

/// A stylesheet applied to the whole display.
///
/// ```swift
/// let style = CSSProvider()
/// try style.load(path: "data/style.css")
/// style.applyToDisplay()
/// ```
@MainActor
public final class CSSProvider: Object {
    /// A CSS parsing problem: where it is and what is wrong.
    public struct ParsingError: Error, CustomStringConvertible {
        /// The first line of the problem, counted from 1.
        public let line: Int
        /// GTK's message.
        public let message: String
        public var description: String { "line \(line): \(message)" }
    }

    private var errors: [ParsingError] = []

    /// An empty stylesheet.
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_css_provider_new()))
        let trampoline: @convention(c) (gpointer?, OpaquePointer?, UnsafeMutablePointer<GError>?, gpointer?) -> Void = {
            _, section, error, data in
            let box = ClosureBox<@MainActor (ParsingError) -> Void>.from(data)
            let line = section.map { Int(gtk_css_section_get_start_location($0).pointee.lines) + 1 } ?? 0
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            let parsingError = ParsingError(line: line, message: message)
            MainActor.assumeIsolated { box.body(parsingError) }
        }
        let record: @MainActor (ParsingError) -> Void = { [weak self] in self?.errors.append($0) }
        _ = connectTrampoline("parsing-error", handler: trampoline, body: record)
    }

    /// Loads a stylesheet file.
    /// - Throws: The first `ParsingError` (GTK keeps the rules it could parse).
    public func load(path: String) throws {
        errors = []
        gtk_css_provider_load_from_path(raw.assumingMemoryBound(to: GtkCssProvider.self), path)
        if let first = errors.first { throw first }
    }

    /// Loads a stylesheet from text.
    /// - Throws: The first `ParsingError`.
    public func load(css: String) throws {
        errors = []
        gtk_css_provider_load_from_string(raw.assumingMemoryBound(to: GtkCssProvider.self), css)
        if let first = errors.first { throw first }
    }

    /// Applies the stylesheet to every widget on the default display, at `priority` (600 is
    /// GTK's priority for an application's own style, above the theme's).
    public func applyToDisplay(priority: UInt32 = 600) {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_add_provider_for_display(display, pf_style_provider(raw), priority)
    }

    /// Removes the stylesheet from the default display.
    public func removeFromDisplay() {
        guard let display = gdk_display_get_default() else { return }
        gtk_style_context_remove_provider_for_display(display, pf_style_provider(raw))
    }
}
