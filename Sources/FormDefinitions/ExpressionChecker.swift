import Localization

/// An expression with its names resolved to fields and every operation's types known.
indirect enum CheckedNode: Sendable {
    case constant(FieldValue)
    case field(FieldDefinitionID)
    /// A column of the line being summed.
    case column(FieldDefinitionID)
    case negate(CheckedNode)
    /// + - * / on numbers.
    case arithmetic(Character, CheckedNode, CheckedNode)
    case daysBetween(CheckedNode, CheckedNode)
    case addDays(CheckedNode, CheckedNode, negative: Bool)
    case concatenate(CheckedNode, CheckedNode)
    case compare(String, CheckedNode, CheckedNode)
    case choose(CheckedNode, CheckedNode, CheckedNode)
    case round(CheckedNode, CheckedNode)
    case extreme(minimum: Bool, [CheckedNode])
    case today
    case years(CheckedNode, CheckedNode)
    case sum(lines: FieldDefinitionID, CheckedNode)
    case count(lines: FieldDefinitionID)
}

/// Resolves names and checks types: every type error is found here, before any record is
/// computed. Recursion is bounded by the tree's depth, which ``Expression`` checks first.
struct ExpressionChecker {
    let scope: ExpressionScope
    /// Inside `sum()`: the line-items field whose columns may be named (nil until one is).
    private var summing: FieldDefinitionID?? = .none

    init(scope: ExpressionScope) {
        self.scope = scope
    }

    private static func mismatch(_ symbol: String, _ left: ExpressionType, _ right: ExpressionType, at position: Int) -> ExpressionError {
        // Translators: a type error in a computed field's expression: "“-” cannot combine text and a date".
        ExpressionError(tr("“{operator}” cannot combine {left} and {right}",
                           ["operator": symbol, "left": left.name, "right": right.name]), at: position)
    }

    private static func expects(_ function: String, _ expected: ExpressionType, _ found: ExpressionType, at position: Int) -> ExpressionError {
        // Translators: a type error in a computed field's expression: "round() expects a number, not a date".
        ExpressionError(tr("{function}() expects {expected}, not {found}",
                           ["function": function, "expected": expected.name, "found": found.name]), at: position)
    }

    private static func arity(_ function: String, _ count: Int, at position: Int) -> ExpressionError {
        ExpressionError(trn("{function}() takes %d value", "{function}() takes %d values", count, ["function": function]), at: position)
    }

    mutating func check(_ node: ExpressionNode) throws(ExpressionError) -> (CheckedNode, ExpressionType) {
        switch node {
        case .number(let value): return (.constant(.decimal(value)), .number)
        case .text(let text): return (.constant(.text(text)), .text)
        case .field(let name, let position):
            guard let entry = scope.entry(name) else {
                throw ExpressionError(tr("No field is named “{name}”", ["name": name]), at: position)
            }
            guard entry.type != .lines else {
                throw ExpressionError(tr("“{name}” is line items: use count({name}) or sum({name}.column)", ["name": name]), at: position)
            }
            return (.field(entry.id), entry.type)
        case .column(let lines, let column, let position):
            guard let entry = scope.entry(lines) else {
                throw ExpressionError(tr("No field is named “{name}”", ["name": lines]), at: position)
            }
            guard entry.type == .lines else {
                throw ExpressionError(tr("“{name}” is not line items", ["name": lines]), at: position)
            }
            guard let found = entry.columns[ExpressionScope.fold(column)] else {
                throw ExpressionError(tr("“{lines}” has no column “{column}”", ["lines": lines, "column": column]), at: position)
            }
            switch summing {
            case .none:
                throw ExpressionError(tr("A column such as “{lines}.{column}” can be used only inside sum()",
                                         ["lines": lines, "column": column]), at: position)
            case .some(.none): summing = .some(entry.id)
            case .some(.some(let current)) where current != entry.id:
                throw ExpressionError(tr("sum() adds up the columns of one list of line items at a time"), at: position)
            case .some(.some): break
            }
            return (.column(found.id), found.type)
        case .negate(let operand):
            let (checked, type) = try check(operand)
            guard type == .number else { throw Self.expects("-", .number, type, at: 0) }
            return (.negate(checked), .number)
        case .binary(let symbol, let left, let right, let position):
            let (l, lt) = try check(left)
            let (r, rt) = try check(right)
            return try binary(symbol, l, lt, r, rt, at: position)
        case .call(let name, let arguments, let position):
            return try call(name, arguments, at: position)
        }
    }

    private func binary(_ symbol: String, _ l: CheckedNode, _ lt: ExpressionType, _ r: CheckedNode, _ rt: ExpressionType,
                        at position: Int) throws(ExpressionError) -> (CheckedNode, ExpressionType) {
        switch (symbol, lt, rt) {
        case ("&", _, _) where lt != .lines && rt != .lines: return (.concatenate(l, r), .text)
        case ("+", .number, .number), ("-", .number, .number), ("*", .number, .number), ("/", .number, .number):
            return (.arithmetic(symbol.first!, l, r), .number)
        case ("-", .date, .date): return (.daysBetween(l, r), .number)
        case ("+", .date, .number), ("-", .date, .number): return (.addDays(l, r, negative: symbol == "-"), .date)
        case ("+", .number, .date): return (.addDays(r, l, negative: false), .date)
        case ("=", _, _), ("!=", _, _):
            guard lt == rt, lt != .lines else { throw Self.mismatch(symbol, lt, rt, at: position) }
            return (.compare(symbol, l, r), .yesNo)
        case ("<", _, _), ("<=", _, _), (">", _, _), (">=", _, _):
            guard lt == rt, [.number, .date, .text].contains(lt) else { throw Self.mismatch(symbol, lt, rt, at: position) }
            return (.compare(symbol, l, r), .yesNo)
        default:
            throw Self.mismatch(symbol, lt, rt, at: position)
        }
    }

    private mutating func call(_ name: String, _ arguments: [ExpressionNode], at position: Int) throws(ExpressionError) -> (CheckedNode, ExpressionType) {
        func count(_ expected: Int) throws(ExpressionError) {
            guard arguments.count == expected else { throw Self.arity(name, expected, at: position) }
        }
        switch name {
        case "if":
            try count(3)
            let (condition, ct) = try check(arguments[0])
            guard ct == .yesNo else { throw Self.expects(name, .yesNo, ct, at: position) }
            let (a, at) = try check(arguments[1])
            let (b, bt) = try check(arguments[2])
            guard at == bt else { throw ExpressionError(tr("Both results of if() must be of the same kind"), at: position) }
            return (.choose(condition, a, b), at)
        case "round":
            try count(2)
            let (value, vt) = try check(arguments[0])
            let (places, pt) = try check(arguments[1])
            guard vt == .number else { throw Self.expects(name, .number, vt, at: position) }
            guard pt == .number else { throw Self.expects(name, .number, pt, at: position) }
            return (.round(value, places), .number)
        case "min", "max":
            guard !arguments.isEmpty else { throw Self.arity(name, 2, at: position) }
            var checked: [CheckedNode] = []
            var type: ExpressionType?
            for argument in arguments {
                let (node, t) = try check(argument)
                guard t == .number || t == .date else { throw Self.expects(name, .number, t, at: position) }
                if let type, type != t { throw Self.expects(name, type, t, at: position) }
                type = t
                checked.append(node)
            }
            return (.extreme(minimum: name == "min", checked), type ?? .number)
        case "today":
            try count(0)
            return (.today, .date)
        case "years":
            try count(2)
            let (from, ft) = try check(arguments[0])
            let (to, tt) = try check(arguments[1])
            guard ft == .date else { throw Self.expects(name, .date, ft, at: position) }
            guard tt == .date else { throw Self.expects(name, .date, tt, at: position) }
            return (.years(from, to), .number)
        case "count":
            try count(1)
            guard case .field(let lines, _) = arguments[0], let entry = scope.entry(lines), entry.type == .lines else {
                throw ExpressionError(tr("count() counts line items, like count(Lines)"), at: position)
            }
            return (.count(lines: entry.id), .number)
        case "sum":
            try count(1)
            guard summing == .none else {
                throw ExpressionError(tr("sum() adds up the columns of one list of line items at a time"), at: position)
            }
            summing = .some(.none)
            defer { summing = .none }
            let (term, type) = try check(arguments[0])
            guard case .some(.some(let lines)) = summing else {
                throw ExpressionError(tr("sum() adds up a column of line items, like sum(Lines.Amount)"), at: position)
            }
            guard type == .number else { throw Self.expects(name, .number, type, at: position) }
            return (.sum(lines: lines, term), .number)
        default:
            throw ExpressionError(tr("Unknown function “{name}”", ["name": name]), at: position)
        }
    }
}
