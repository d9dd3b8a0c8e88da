import Foundation
import Forms
import Localization

/// Computes a ``CheckedNode``: types were checked, so a mismatch here is an empty value.
struct ExpressionEvaluator {
    let context: ExpressionContext
    /// The line being summed.
    private var row: DefinedRecord?

    init(context: ExpressionContext) {
        self.context = context
    }

    private static func number(_ value: FieldValue) -> Decimal? {
        switch value {
        case .integer(let integer): Decimal(integer)
        case .decimal(let decimal): decimal
        default: nil
        }
    }

    private func get<T>(_ result: Result<T, ExpressionError>) throws(ExpressionError) -> T {
        switch result {
        case .success(let value): value
        case .failure(let error): throw error
        }
    }

    mutating func evaluate(_ node: CheckedNode) throws(ExpressionError) -> FieldValue {
        switch node {
        case .constant(let value): return value
        case .field(let id):
            // Numbers compute as decimals, whole or not.
            let value = try get(context.value(id))
            if case .integer(let integer) = value { return .decimal(Decimal(integer)) }
            return value
        case .column(let id):
            let value = row?[value: id] ?? .none
            if case .integer(let integer) = value { return .decimal(Decimal(integer)) }
            return value
        case .today: return .date(context.today)
        case .negate(let operand):
            guard let value = Self.number(try evaluate(operand)) else { return .none }
            return .decimal(-value)
        case .arithmetic(let symbol, let left, let right):
            guard let l = Self.number(try evaluate(left)), let r = Self.number(try evaluate(right)) else { return .none }
            switch symbol {
            case "+": return .decimal(try get(ExactDecimal.add(l, r)))
            case "-": return .decimal(try get(ExactDecimal.subtract(l, r)))
            case "*": return .decimal(try get(ExactDecimal.multiply(l, r)))
            default: return .decimal(try get(ExactDecimal.divide(l, r)))
            }
        case .daysBetween(let left, let right):
            guard case .date(let l) = try evaluate(left), case .date(let r) = try evaluate(right) else { return .none }
            return .decimal(Decimal(DayArithmetic.number(of: l) - DayArithmetic.number(of: r)))
        case .addDays(let date, let days, let negative):
            guard case .date(let day) = try evaluate(date), let count = Self.number(try evaluate(days)) else { return .none }
            guard let whole = ExactDecimal.whole(count) else {
                throw ExpressionError(tr("Add a whole number of days to a date"))
            }
            guard let result = DayArithmetic.date(ofNumber: DayArithmetic.number(of: day) + (negative ? -whole : whole)) else {
                throw ExpressionError(tr("The result is not a date from the year 1 to 9999"))
            }
            return .date(result)
        case .concatenate(let left, let right):
            return .text(try evaluate(left).formatted(using: context.parsing) + evaluate(right).formatted(using: context.parsing))
        case .compare(let symbol, let left, let right):
            let (l, r) = (try evaluate(left), try evaluate(right))
            if l == .none || r == .none { return .none }
            let order: Int
            switch (l, r) {
            case (.date(let a), .date(let b)): order = a < b ? -1 : a == b ? 0 : 1
            case (.yesNo(let a), .yesNo(let b)): order = a == b ? 0 : 1
            default:
                if let a = Self.number(l), let b = Self.number(r) {
                    order = a < b ? -1 : a == b ? 0 : 1
                } else {
                    let (a, b) = (l.canonicalText, r.canonicalText)
                    order = a < b ? -1 : a == b ? 0 : 1
                }
            }
            switch symbol {
            case "=": return .yesNo(order == 0)
            case "!=": return .yesNo(order != 0)
            case "<": return .yesNo(order < 0)
            case "<=": return .yesNo(order <= 0)
            case ">": return .yesNo(order > 0)
            default: return .yesNo(order >= 0)
            }
        case .choose(let condition, let then, let otherwise):
            guard case .yesNo(let holds) = try evaluate(condition) else { return .none }
            return try evaluate(holds ? then : otherwise)
        case .round(let value, let places):
            guard let v = Self.number(try evaluate(value)), let p = Self.number(try evaluate(places)) else { return .none }
            return .decimal(try get(ExactDecimal.round(v, places: p)))
        case .extreme(let minimum, let nodes):
            var best: FieldValue = .none
            for node in nodes {
                let value = try evaluate(node)
                if value == .none { return .none }
                if best == .none { best = value; continue }
                let less: Bool
                switch (value, best) {
                case (.date(let a), .date(let b)): less = a < b
                default: less = (Self.number(value) ?? 0) < (Self.number(best) ?? 0)
                }
                if less == minimum { best = value }
            }
            if case .integer(let integer) = best { return .decimal(Decimal(integer)) }
            return best
        case .years(let from, let to):
            guard case .date(let f) = try evaluate(from), case .date(let t) = try evaluate(to) else { return .none }
            return .decimal(Decimal(DayArithmetic.years(from: f, to: t)))
        case .count(let lines):
            guard case .lines(let rows) = try evaluate(.field(lines)) else { return .decimal(0) }
            return .decimal(Decimal(rows.count))
        case .sum(let lines, let term):
            guard case .lines(let rows) = try evaluate(.field(lines)) else { return .decimal(0) }
            var total: Decimal = 0
            for line in rows {
                row = line
                defer { row = nil }
                if let value = Self.number(try evaluate(term)) { total = try get(ExactDecimal.add(total, value)) }
            }
            return .decimal(total)
        }
    }
}
