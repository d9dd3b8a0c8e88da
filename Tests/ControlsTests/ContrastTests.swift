import Controls
import Foundation
@_spi(Testing) import Gtk
import XCTest

/// Every text of the form and PIN windows is at least 4.5:1 against what is behind it (WCAG AA),
/// in light and in dark: measured on rendered pixels, with the app's stylesheets over
/// libadwaita's, so that opacity, translucent colours and what shows through all count.
///
/// Each text is a full block (█), large enough to have solid pixels: its colour is the most
/// common colour that is clearly not the background, and the background is read just beside it.
final class ContrastTests: XCTestCase {
    func testEveryTextHasEnoughContrastInLight() throws {
        try GtkRuntime.test {
            try assertContrast(dark: false)
        }
    }

    func testEveryTextHasEnoughContrastInDark() throws {
        try GtkRuntime.test {
            try assertContrast(dark: true)
        }
    }

    func testThePlaceholderOfAFieldInErrorIsNotRed() throws {
        try GtkRuntime.test {
            for dark in [false, true] {
                let scene = try Scene(dark: dark)
                defer { scene.close() }
                let placeholder = try XCTUnwrap(scene.measure(XCTUnwrap(scene.placeholder(of: scene.invalid.entry))))
                let text = placeholder.text
                XCTAssertFalse(Int(text.red) > Int(text.green) + 60 && Int(text.red) > Int(text.blue) + 60,
                               "the placeholder of a field in error is red (\(text)) in \(dark ? "dark" : "light")")
            }
        }
    }
}

/// Measures each text of a scene in light or dark and asserts WCAG AA's 4.5:1.
@MainActor
private func assertContrast(dark: Bool) throws {
    let scene = try Scene(dark: dark)
    defer { scene.close() }
    let texts: [(String, Widget)] = [
        ("field label", scene.valid.label),
        ("field label of a field in error", scene.invalid.label),
        ("error line", scene.invalid.errorLabel),
        ("placeholder", try XCTUnwrap(scene.placeholder(of: scene.valid.entry))),
        ("placeholder of a field in error", try XCTUnwrap(scene.placeholder(of: scene.invalid.entry))),
        ("typed text of a field in error", try XCTUnwrap(scene.typedText(of: scene.typed.entry))),
        ("dim label (Last saved, No records yet)", scene.dimLabel),
        ("PIN message", scene.pinMessage),
        ("PIN error", scene.pinError),
        ("PIN countdown", scene.pinCountdown),
    ]
    for (name, widget) in texts {
        let measured = try XCTUnwrap(scene.measure(widget), "\(name): nothing rendered")
        XCTAssertGreaterThanOrEqual(measured.ratio, 4.5,
                                    "\(name) in \(dark ? "dark" : "light"): \(measured.text) on \(measured.background)")
    }
}

/// The app's stylesheets and a window holding each kind of text the app shows, every text a block.
@MainActor
private final class Scene {
    let window = Window()
    let root = Box(.vertical, spacing: 12)
    let valid = ActiveInput<String>(label: "█")
    let invalid = ActiveInput<UInt>(label: "█")
    let typed = ActiveInput<UInt>(label: "█")
    let dimLabel = Label("█")
    let pinMessage = Label("█")
    let pinError = Label("█")
    let pinCountdown = Label("█")
    private var sheets: [CSSProvider] = []
    private let big = CSSProvider()

    init(dark: Bool) throws {
        StyleManager.shared.colorScheme = dark ? .forceDark : .forceLight
        let data = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("data")
        for name in dark ? ["style.css", "style-dark.css"] : ["style.css"] {
            let sheet = CSSProvider()
            try sheet.load(path: data.appendingPathComponent(name).path)
            sheet.applyToDisplay()
            sheets.append(sheet)
        }
        // Large text, so that each block has solid pixels of the text's own colour.
        try big.load(css: ".contrast-scene label, .contrast-scene text { font-size: 40px; }")
        big.applyToDisplay()

        root.addCSSClass("background")
        root.addCSSClass("contrast-scene")
        root.setMargins(12)
        let card = Box(.vertical, spacing: 6)
        card.addCSSClass("card")
        card.addCSSClass("form-card")
        valid.placeholder = "█"
        invalid.placeholder = "█"
        for input in [valid.container, invalid.container, typed.container] { card.append(input) }
        root.append(card)
        let actions = Box(.horizontal, spacing: 12)
        actions.addCSSClass("form-actions")
        dimLabel.addCSSClass("dim-label")
        dimLabel.setMargins(top: 0, bottom: 0, start: 12, end: 12)
        actions.append(dimLabel)
        root.append(actions)
        pinMessage.addCSSClass("pin-message")
        pinError.addCSSClass("pin-message")
        pinError.addCSSClass("error")
        pinCountdown.addCSSClass("pin-countdown")
        for label in [pinMessage, pinError, pinCountdown] {
            label.horizontalAlignment = .center
            root.append(label)
        }
        window.child = root
        window.setDefaultSize(width: 420, height: -1)
        window.present()

        // Fields in error: one empty (its placeholder shows), one with text typed.
        invalid.errorLabel.text = "█"
        invalid.control.isInvalid = true
        typed.entry.text = "█"
        typed.control.isInvalid = true
        MainContext.spin(until: { self.invalid.errorLabel.isMapped && self.pinCountdown.isMapped })
        MainContext.spin(until: { false }, timeout: 0.3)
    }

    func close() {
        window.destroy()
        for sheet in sheets { sheet.removeFromDisplay() }
        big.removeFromDisplay()
        StyleManager.shared.colorScheme = .followSystem
    }

    /// The placeholder label of `entry` (GTK draws it as a label inside the entry's text).
    func placeholder(of entry: Entry) -> Widget? {
        entry.descendants.first { $0.cssName == "placeholder" }
    }

    /// The text node of `entry`, which draws what was typed.
    func typedText(of entry: Entry) -> Widget? {
        entry.descendants.first { $0.cssName == "text" }
    }

    /// The colour of the block drawn in `widget`, the colour just left of it, and their ratio.
    func measure(_ widget: Widget) -> Measurement? {
        guard let texture = root.renderTexture(), let bounds = widget.bounds(in: root) else { return nil }
        let (bytes, stride) = texture.pixels()
        func color(_ x: Int, _ y: Int) -> RGB {
            let offset = y * stride + x * 4
            // Opaque here (the scene has the window's background), so premultiplied is plain.
            return RGB(red: bytes[offset + 2], green: bytes[offset + 1], blue: bytes[offset])
        }
        let minX = max(0, Int(bounds.x)), minY = max(0, Int(bounds.y))
        let maxX = min(texture.width, Int(bounds.x + bounds.width))
        let maxY = min(texture.height, Int(bounds.y + bounds.height))
        guard minX >= 3, maxX > minX, maxY > minY else { return nil }
        let background = color(minX - 3, (minY + maxY) / 2)
        var counts: [RGB: Int] = [:]
        for y in minY..<maxY {
            for x in minX..<maxX {
                let pixel = color(x, y)
                if pixel.distance(to: background) > 40 { counts[pixel, default: 0] += 1 }
            }
        }
        guard let text = counts.max(by: { $0.value < $1.value })?.key else { return nil }
        return Measurement(text: text, background: background)
    }
}

private struct RGB: Hashable, CustomStringConvertible {
    let red, green, blue: UInt8

    func distance(to other: RGB) -> Int {
        abs(Int(red) - Int(other.red)) + abs(Int(green) - Int(other.green)) + abs(Int(blue) - Int(other.blue))
    }

    /// WCAG 2's relative luminance.
    var luminance: Double {
        func channel(_ value: UInt8) -> Double {
            let c = Double(value) / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(red) + 0.7152 * channel(green) + 0.0722 * channel(blue)
    }

    var description: String { String(format: "#%02x%02x%02x", red, green, blue) }
}

private struct Measurement {
    let text: RGB
    let background: RGB

    /// WCAG 2's contrast ratio, 1 to 21.
    var ratio: Double {
        let lighter = max(text.luminance, background.luminance), darker = min(text.luminance, background.luminance)
        return (lighter + 0.05) / (darker + 0.05)
    }
}
