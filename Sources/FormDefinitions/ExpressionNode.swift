import Foundation
import Localization

/// The tree of a parsed expression: names not yet resolved to fields.
indirect enum ExpressionNode: Equatable {
    case number(Decimal)
    case text(String)
    /// A field by its label.
    case field(String, position: Int)
    /// A column of a line-items field: `Lines.Amount`.
    case column(lines: String, column: String, position: Int)
    case negate(ExpressionNode)
    case binary(String, ExpressionNode, ExpressionNode, position: Int)
    case call(String, [ExpressionNode], position: Int)

    /// Every field label the expression names (a column's line-items field included).
    func references(into names: inout [String]) {
        var stack = [self]
        while let node = stack.popLast() {
            switch node {
            case .number, .text: break
            case .field(let name, _): names.append(name)
            case .column(let lines, _, _): names.append(lines)
            case .negate(let operand): stack.append(operand)
            case .binary(_, let left, let right, _): stack.append(contentsOf: [left, right])
            case .call(_, let arguments, _): stack.append(contentsOf: arguments)
            }
        }
    }
}

/// Reads tokens into an ``ExpressionNode`` by recursive descent. The lexer bounds the nesting of
/// parentheses; the parser bounds everything else that recurses (a chain of minus signs).
struct ExpressionParser {
    private let tokens: [ExpressionToken]
    private var index = 0
    private var depth = 0
    private static let maximumDepth = 200

    static func parse(_ source: String) throws(ExpressionError) -> ExpressionNode {
        var parser = ExpressionParser(tokens: try ExpressionLexer.tokens(of: source))
        guard parser.tokens.count > 1 else { throw ExpressionError(tr("The expression is empty")) }
        let node = try parser.comparison()
        guard case .end = parser.current.kind else { throw parser.unexpected() }
        return node
    }

    private init(tokens: [ExpressionToken]) {
        self.tokens = tokens
    }

    private var current: ExpressionToken { tokens[index] }

    private func isSymbol(_ symbols: Set<String>) -> String? {
        if case .symbol(let symbol) = current.kind, symbols.contains(symbol) { return symbol }
        return nil
    }

    private func unexpected() -> ExpressionError {
        switch current.kind {
        case .end: ExpressionError(tr("The expression ends too early"), at: current.position)
        case .number(let value): ExpressionError(tr("Unexpected “{text}” in the expression", ["text": value.description]), at: current.position)
        case .text(let text): ExpressionError(tr("Unexpected “{text}” in the expression", ["text": "\"\(text)\""]), at: current.position)
        case .name(let name), .bracketedName(let name), .symbol(let name): ExpressionError(tr("Unexpected “{text}” in the expression", ["text": name]), at: current.position)
        }
    }

    private mutating func expect(_ symbol: String) throws(ExpressionError) {
        guard isSymbol([symbol]) != nil else { throw unexpected() }
        index += 1
    }

    private mutating func comparison() throws(ExpressionError) -> ExpressionNode {
        let left = try concatenation()
        guard let symbol = isSymbol(["=", "!=", "<", "<=", ">", ">="]) else { return left }
        let position = current.position
        index += 1
        return .binary(symbol, left, try concatenation(), position: position)
    }

    private mutating func concatenation() throws(ExpressionError) -> ExpressionNode {
        var node = try additive()
        while isSymbol(["&"]) != nil {
            let position = current.position
            index += 1
            node = .binary("&", node, try additive(), position: position)
        }
        return node
    }

    private mutating func additive() throws(ExpressionError) -> ExpressionNode {
        var node = try term()
        while let symbol = isSymbol(["+", "-"]) {
            let position = current.position
            index += 1
            node = .binary(symbol, node, try term(), position: position)
        }
        return node
    }

    private mutating func term() throws(ExpressionError) -> ExpressionNode {
        var node = try unary()
        while let symbol = isSymbol(["*", "/"]) {
            let position = current.position
            index += 1
            node = .binary(symbol, node, try unary(), position: position)
        }
        return node
    }

    private mutating func unary() throws(ExpressionError) -> ExpressionNode {
        depth += 1
        defer { depth -= 1 }
        guard depth <= Self.maximumDepth else {
            throw ExpressionError(tr("The expression is nested too deeply"), at: current.position)
        }
        if isSymbol(["-"]) != nil {
            index += 1
            return .negate(try unary())
        }
        if isSymbol(["+"]) != nil {
            index += 1
            return try unary()
        }
        return try primary()
    }

    private mutating func primary() throws(ExpressionError) -> ExpressionNode {
        let token = current
        switch token.kind {
        case .number(let value):
            index += 1
            return .number(value)
        case .text(let text):
            index += 1
            return .text(text)
        case .name(let name), .bracketedName(let name):
            index += 1
            if isSymbol(["("]) != nil, case .name = token.kind {
                index += 1
                var arguments: [ExpressionNode] = []
                if isSymbol([")"]) == nil {
                    arguments.append(try comparison())
                    while isSymbol([","]) != nil {
                        index += 1
                        arguments.append(try comparison())
                    }
                }
                try expect(")")
                return .call(name.lowercased(), arguments, position: token.position)
            }
            if isSymbol(["."]) != nil {
                index += 1
                let column: String
                switch current.kind {
                case .name(let name), .bracketedName(let name): column = name
                default: throw unexpected()
                }
                index += 1
                return .column(lines: name, column: column, position: token.position)
            }
            return .field(name, position: token.position)
        case .symbol("("):
            index += 1
            let node = try comparison()
            try expect(")")
            return node
        case .symbol, .end:
            throw unexpected()
        }
    }
}
