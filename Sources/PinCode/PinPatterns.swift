/// The patterns behind `WeakPinRules`' kinds: years, dates, keypad lines and shapes, pairs.
///
/// Each works on digit values and never builds a `String` of the PIN. The patterns are defined
/// for 4 and 6 digits, the lengths a PIN has in Pinform; other lengths pass them. Which
/// patterns there are, and their bounds, were chosen from the paper's data-driven list
/// ("This PIN Can Be Easily Guessed", IEEE S&P 2020), by how much of real choices a refused PIN
/// covers; `pinform-bench pins` measures them on PINs they were not chosen from.
enum PinPatterns {
    /// The years a 4-digit PIN is refused as: 1956 to 2015, the years on iOS's list (birth years
    /// and the years just after). The paper's data ranks 1930–1955 and 2016–2029 far lower:
    /// refusing them took space the keypad walks and mirrored pairs use better (measured by
    /// `pinform-bench pins`, issue 24).
    static let years = 1956...2015

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
    /// under 8). For 4 digits: three keys in a straight line with a key next to its end, or the
    /// same key again, before or after (`2580`, `7896`, `1233`); a column of the left or middle
    /// (`1 4 7`, `2 5 8`) or the diagonal `1 5 9` with any key (`1478`, `2583`, `1593`); a walk
    /// of four keys of 1–9 each beside the last (`1256`, `2569`); the four corners, the four keys around 5,
    /// or one of the upper two 2×2 squares, each in any order (`1397`, `2468`, `1245`). For 6
    /// digits: two lines of three (`147258`).
    static func isKeypadPattern(_ digits: PinDigits) -> Bool {
        switch digits.count {
        case 4:
            if isLine(digits, from: 0), isBeside(digits[2], digits[3]) || anyKeyLines.contains(keySet(digits, 0, 3)) {
                return true
            }
            if isLine(digits, from: 1), isBeside(digits[1], digits[0]) || anyKeyLines.contains(keySet(digits, 1, 3)) {
                return true
            }
            if isWalk(digits) { return true }
            let keys = keySet(digits, 0, 4)
            guard keys.nonzeroBitCount == 4 else { return false }
            return shapes.contains(keys)
        case 6:
            return isLine(digits, from: 0) && isLine(digits, from: 3)
        default:
            return false
        }
    }

    /// Whether the digits repeat or mirror a group: for 4 digits a pair twice (`1212`), a pair and
    /// its mirror (`1221`), two doubled digits (`1122`) or a digit three times first (`0001`); for 6
    /// digits a pair three times (`121212`), three digits twice (`123123`), three pairs
    /// (`112233`), two triples (`111222`) or three digits and their mirror (`123321`).
    static func isPairPattern(_ digits: PinDigits) -> Bool {
        switch digits.count {
        case 4:
            let d = digits
            return (d[0] == d[2] && d[1] == d[3]) || (d[0] == d[3] && d[1] == d[2])
                || (d[0] == d[1] && d[2] == d[3]) || (d[0] == d[1] && d[1] == d[2])
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

    /// The four corners, the keys around 5, and the upper two 2×2 squares, as sets of digit bits.
    private static let shapes: Set<UInt16> = bits([[1, 3, 7, 9], [2, 4, 6, 8], [1, 2, 4, 5], [2, 3, 5, 6]])

    /// The lines of three that are refused with any fourth key: the left and middle columns and
    /// the diagonal from 1 (the other lines only with a key beside their end).
    private static let anyKeyLines: Set<UInt16> = bits([[1, 4, 7], [2, 5, 8], [1, 5, 9]])

    private static func bits(_ sets: [[Int]]) -> Set<UInt16> {
        Set(sets.map { keys in keys.reduce(UInt16(0)) { $0 | 1 << UInt16($1) } })
    }

    /// The digits from `start` as a set of bits.
    private static func keySet(_ digits: PinDigits, _ start: Int, _ length: Int) -> UInt16 {
        var keys: UInt16 = 0
        for index in start..<(start + length) { keys |= 1 << UInt16(digits[index]) }
        return keys
    }

    /// Whether two keys are the same or touch, diagonals included.
    private static func isBeside(_ a: UInt8, _ b: UInt8) -> Bool {
        let p = keyPositions[Int(a)], q = keyPositions[Int(b)]
        return abs(p.row - q.row) <= 1 && abs(p.column - q.column) <= 1
    }

    /// Whether four different keys of 1–9 each sit right beside the last, up, down or sideways.
    private static func isWalk(_ digits: PinDigits) -> Bool {
        let keys = keySet(digits, 0, 4)
        guard keys.nonzeroBitCount == 4, keys & 1 == 0 else { return false }
        for index in 1..<4 {
            let p = keyPositions[Int(digits[index - 1])], q = keyPositions[Int(digits[index])]
            if abs(p.row - q.row) + abs(p.column - q.column) != 1 { return false }
        }
        return true
    }

    /// Whether the three digits from `start` are neighbouring keys in one straight line.
    private static func isLine(_ digits: PinDigits, from start: Int) -> Bool {
        let a = keyPositions[Int(digits[start])], b = keyPositions[Int(digits[start + 1])]
        let c = keyPositions[Int(digits[start + 2])]
        let step = (b.row - a.row, b.column - a.column)
        guard step != (0, 0), abs(step.0) <= 1, abs(step.1) <= 1 else { return false }
        return (c.row - b.row, c.column - b.column) == step
    }
}
