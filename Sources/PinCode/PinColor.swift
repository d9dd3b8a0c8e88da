/// A colour for PIN items: red, green, blue and alpha from 0 to 1 (sRGB, not premultiplied).
///
/// A plain value type, not a GTK one, so styling is decided and tested with no display.
///
/// ```swift
/// let green = PinColor(red: 76, green: 145, blue: 65, alpha: 0.7, scale: 255)
/// ```
public struct PinColor: Hashable, Sendable, CustomStringConvertible {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// A colour from components in 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from components in 0…`scale` (255 for the usual 8-bit values); alpha stays 0…1.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1, scale: Double) {
        self.init(red: red / scale, green: green / scale, blue: blue / scale, alpha: alpha)
    }

    /// A grey: 0 is black, 1 is white.
    public init(white: Double, alpha: Double = 1) {
        self.init(red: white, green: white, blue: white, alpha: alpha)
    }

    public static let clear = PinColor(white: 0, alpha: 0)
    public static let black = PinColor(white: 0)
    public static let white = PinColor(white: 1)
    /// UIKit's `gray` (0.5).
    public static let gray = PinColor(white: 0.5)
    /// UIKit's `lightGray` (2/3).
    public static let lightGray = PinColor(white: 2.0 / 3.0)

    /// The same colour with another alpha.
    public func withAlpha(_ alpha: Double) -> PinColor {
        PinColor(red: red, green: green, blue: blue, alpha: alpha)
    }

    /// The colour as it shows over an opaque `background`, as 0–255 components.
    public func composited(over background: PinColor) -> (red: Int, green: Int, blue: Int) {
        func channel(_ top: Double, _ bottom: Double) -> Int {
            Int(((top * alpha + bottom * (1 - alpha)) * 255).rounded())
        }
        return (channel(red, background.red), channel(green, background.green), channel(blue, background.blue))
    }

    public var description: String {
        func byte(_ value: Double) -> Int { Int((value * 255).rounded()) }
        return "rgba(\(byte(red)), \(byte(green)), \(byte(blue)), \(alpha))"
    }
}
