import Forms
import Localization

/// A computed field's expression, read and type-checked: a small, safe language — nothing in
/// it runs code, and no input can make it loop, recurse without bound or crash.
///
/// ```text
/// Quantity * [Unit price]                 fields by label; [brackets] for labels with spaces
/// round(sum(Lines.Quantity * Lines.Price), 2)   sum() over line items, one list at a time
/// count(Lines)                            how many line items
/// years([Birth date], today())            an age in full years; today() is the caller's day
/// [Due date] - [Issue date]               days between dates; a date + 30 is a date
/// if(Paid, 0, Total)                      if(yes or no, then, else); = != < <= > >=
/// min(a, b, …)  max(a, b, …)              of numbers, or of dates
/// "Dr. " & Name                           & joins text (numbers and dates as shown)
/// ```
///
/// Numbers are exact decimals: a result that needs more than 38 digits is refused with a
/// message rather than rounded, division by zero is an error value, and a quotient has 38
/// significant digits. An empty field makes the result empty, except in `sum()` (where it
/// counts as 0) and `&` (where it is no text). Expressions are at most 4,096 bytes, with
/// parentheses at most 64 deep and the whole tree at most 256 deep.
public struct Expression: Sendable {
    /// The deepest tree an expression may have (a chain of 256 `+` is 256 deep).
    public static let maximumTreeDepth = 256

    /// The text as written.
    public let source: String
    /// The type of the value.
    public let type: ExpressionType
    /// The fields it reads (line-items fields for their columns), in no particular order.
    public let references: Set<FieldDefinitionID>
    let root: CheckedNode

    /// Reads and checks `source` against the fields of `scope`.
    /// - Throws: what is wrong, in words: a syntax error, an unknown field or function, a type error.
    public init(_ source: String, scope: ExpressionScope) throws(ExpressionError) {
        let node = try Self.parse(source)
        var checker = ExpressionChecker(scope: scope)
        let (root, type) = try checker.check(node)
        guard type != .lines else { throw ExpressionError(tr("An expression cannot be line items")) }
        self.source = source
        self.root = root
        self.type = type
        var references: Set<FieldDefinitionID> = []
        var stack = [root]
        while let next = stack.popLast() {
            switch next {
            case .constant, .today, .column: break
            case .field(let id), .count(let id): references.insert(id)
            case .sum(let id, let term): references.insert(id); stack.append(term)
            case .negate(let a): stack.append(a)
            case .arithmetic(_, let a, let b), .daysBetween(let a, let b), .addDays(let a, let b, _),
                 .concatenate(let a, let b), .compare(_, let a, let b), .round(let a, let b), .years(let a, let b):
                stack.append(contentsOf: [a, b])
            case .choose(let a, let b, let c): stack.append(contentsOf: [a, b, c])
            case .extreme(_, let nodes): stack.append(contentsOf: nodes)
            }
        }
        self.references = references
    }

    /// The labels `source` names (a column's line-items field included), without checking
    /// them: what a definition check follows to find cycles.
    public static func referencedNames(in source: String) throws(ExpressionError) -> [String] {
        var names: [String] = []
        try parse(source).references(into: &names)
        return names
    }

    /// Parses, and refuses a tree deeper than ``maximumTreeDepth`` (counted without recursing).
    static func parse(_ source: String) throws(ExpressionError) -> ExpressionNode {
        let node = try ExpressionParser.parse(source)
        var stack: [(ExpressionNode, Int)] = [(node, 1)]
        while let (next, depth) = stack.popLast() {
            guard depth <= maximumTreeDepth else { throw ExpressionError(tr("The expression is nested too deeply")) }
            switch next {
            case .number, .text, .field, .column: break
            case .negate(let a): stack.append((a, depth + 1))
            case .binary(_, let a, let b, _): stack.append(contentsOf: [(a, depth + 1), (b, depth + 1)])
            case .call(_, let arguments, _): stack.append(contentsOf: arguments.map { ($0, depth + 1) })
            }
        }
        return node
    }

    /// Computes the value; `context` gives the fields' values and the day.
    public func evaluate(in context: ExpressionContext) -> Result<FieldValue, ExpressionError> {
        var evaluator = ExpressionEvaluator(context: context)
        do {
            return .success(try evaluator.evaluate(root))
        } catch {
            return .failure(error)
        }
    }
}
