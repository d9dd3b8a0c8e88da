/// The patterns behind `WeakPinRules`' kinds: years, dates, keypad lines and shapes, pairs.
///
/// Each works on digit values and never builds a `String` of the PIN. The patterns are defined
/// for 4 and 6 digits, the lengths a PIN has in Pinform; other lengths pass them. Which
/// patterns there are, and their bounds, were chosen from the paper's data-driven list
/// ("This PIN Can Be Easily Guessed", IEEE S&P 2020), by how much of real choices a refused PIN
/// covers; `pinform-bench pins` measures them on PINs they were not chosen from.
enum PinPatterns {
    /// The years a 4-digit PIN is refused as: 1930 to 2029.
    static let years = 1930...2029

    /// Whether 4 digits are a year of `years`.
    static func isYear(_ digits: PinDigits) -> Bool {
        digits.count == 4 && years.contains(value(digits, 0, 4))
    }

    /// Whether the digits are a date: 4 digits as month and day (`1225`), 6 digits as day,
    /// month and year (`251290`) or month, day and year (`122590`). 29 February counts.
    static func isDate(_ digits: PinDigits) -> Bool {
        switch digits.count {
        case 4:
            return isDay(value(digits, 2, 2), month: value(digits, 0, 2))
        case 6:
            let first = value(digits, 0, 2), second = value(digits, 2, 2)
            return isDay(first, month: second) || isDay(second, month: first)
        default:
            return false
        }
    }

    /// Whether the digits are a line or shape on a phone keypad (`1 2 3 / 4 5 6 / 7 8 9 / 0`
    /// under 8): for 4 digits, three keys in a straight line followed or preceded by any key
    /// (`2580`, `1590`, `7890`), the four corners, the four keys around 5, or a 2×2 square, each
    /// in any order (`1397`, `2468`, `1245`); for 6 digits, two lines of three (`147258`).
    static func isKeypadPattern(_ digits: PinDigits) -> Bool {
        switch digits.count {
        case 4:
            if isLine(digits, from: 0) || isLine(digits, from: 1) { return true }
            var keys: UInt16 = 0
            for digit in digits { keys |= 1 << UInt16(digit) }
            guard keys.nonzeroBitCount == 4 else { return false }
            return shapes.contains(keys)
        case 6:
            return isLine(digits, from: 0) && isLine(digits, from: 3)
        default:
            return false
        }
    }

    /// Whether the digits repeat or mirror a group: for 4 digits a pair twice (`1212`); for 6
    /// digits a pair three times (`121212`), three digits twice (`123123`), three pairs
    /// (`112233`), two triples (`111222`) or three digits and their mirror (`123321`).
    static func isPairPattern(_ digits: PinDigits) -> Bool {
        switch digits.count {
        case 4:
            return digits[0] == digits[2] && digits[1] == digits[3]
        case 6:
            let d = digits
            return (d[0] == d[2] && d[2] == d[4] && d[1] == d[3] && d[3] == d[5])
                || (d[0] == d[3] && d[1] == d[4] && d[2] == d[5])
                || (d[0] == d[1] && d[2] == d[3] && d[4] == d[5])
                || (d[0] == d[1] && d[1] == d[2] && d[3] == d[4] && d[4] == d[5])
                || (d[0] == d[5] && d[1] == d[4] && d[2] == d[3])
        default:
            return false
        }
    }

    /// The value of `length` digits from `start`, as a decimal number.
    static func value(_ digits: PinDigits, _ start: Int, _ length: Int) -> Int {
        var result = 0
        for index in start..<(start + length) { result = result * 10 + Int(digits[index]) }
        return result
    }

    private static let daysInMonth = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]

    private static func isDay(_ day: Int, month: Int) -> Bool {
        (1...12).contains(month) && (1...daysInMonth[month - 1]).contains(day)
    }

    /// Row and column of each digit's key; 0 sits under 8.
    private static let keyPositions: [(row: Int, column: Int)] = [
        (3, 1), (0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1), (2, 2),
    ]

    /// The four corners, the keys around 5, and the four 2×2 squares, as sets of digit bits.
    private static let shapes: Set<UInt16> = Set(
        [[1, 3, 7, 9], [2, 4, 6, 8], [1, 2, 4, 5], [2, 3, 5, 6], [4, 5, 7, 8], [5, 6, 8, 9]].map { keys in
            keys.reduce(UInt16(0)) { $0 | 1 << UInt16($1) }
        }
    )

    /// Whether the three digits from `start` are neighbouring keys in one straight line.
    private static func isLine(_ digits: PinDigits, from start: Int) -> Bool {
        let a = keyPositions[Int(digits[start])], b = keyPositions[Int(digits[start + 1])]
        let c = keyPositions[Int(digits[start + 2])]
        let step = (b.row - a.row, b.column - a.column)
        guard step != (0, 0), abs(step.0) <= 1, abs(step.1) <= 1 else { return false }
        return (c.row - b.row, c.column - b.column) == step
    }
}
