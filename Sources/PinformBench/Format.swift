/// Number formatting without Foundation's locale machinery: fixed decimals, thousands separators.
enum Format {
    /// `value` with `digits` decimals ("1.50").
    static func fixed(_ value: Double, _ digits: Int = 2) -> String {
        guard value.isFinite else { return value.isNaN ? "n/a" : (value > 0 ? "inf" : "-inf") }
        var scale = 1.0
        for _ in 0..<digits { scale *= 10 }
        let scaled = (abs(value) * scale + 0.5)
        guard scaled < 9e18 else { return String(value) }
        let integer = UInt64(scaled)
        let divisor = UInt64(scale)
        let whole = integer / divisor
        var text = grouped(whole)
        if digits > 0 {
            let fraction = String(integer % divisor)
            text += "." + String(repeating: "0", count: digits - fraction.count) + fraction
        }
        return (value < 0 && integer != 0 ? "-" : "") + text
    }

    /// An integer with thousands separators ("100,000").
    static func grouped<I: BinaryInteger>(_ value: I) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, character) in digits.enumerated() {
            if index > 0, (digits.count - index) % 3 == 0 { result += "," }
            result.append(character)
        }
        return (value < 0 ? "-" : "") + result
    }

    /// A ratio ("1.04x").
    static func ratio(_ value: Double) -> String {
        fixed(value, 2) + "x"
    }

    /// Nanoseconds, in the unit that keeps three significant digits readable.
    static func duration(nanoseconds value: Double) -> String {
        switch abs(value) {
        case ..<1_000: return fixed(value, 1) + " ns"
        case ..<1_000_000: return fixed(value / 1_000, 2) + " µs"
        case ..<1_000_000_000: return fixed(value / 1_000_000, 2) + " ms"
        default: return fixed(value / 1_000_000_000, 3) + " s"
        }
    }

    /// Kibibytes as MiB ("183.7 MiB").
    static func mebibytes(kibibytes value: Double) -> String {
        fixed(value / 1024, 1) + " MiB"
    }
}
