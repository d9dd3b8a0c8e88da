import Foundation
import Localization

/// A token of an expression, with its character offset.
struct ExpressionToken: Equatable {
    enum Kind: Equatable {
        case number(Decimal)
        case text(String)
        /// A name: a field, a column or a function.
        case name(String)
        /// A name in brackets, `[Birth date]`: a field or a column, never a function.
        case bracketedName(String)
        /// An operator or punctuation: + - * / & ( ) , . = != < <= > >=
        case symbol(String)
        case end
    }

    let kind: Kind
    let position: Int
    /// The character offset just past the token (set by the lexer for names).
    var end: Int = 0
}

/// Splits an expression into tokens; refuses what is too long or nested too deeply before any
/// parsing, so that no input can make the parser recurse without bound.
enum ExpressionLexer {
    /// The longest expression read, in UTF-8 bytes.
    static let maximumLength = 4_096
    /// The deepest nesting of parentheses.
    static let maximumDepth = 64

    static func tokens(of source: String) throws(ExpressionError) -> [ExpressionToken] {
        // utf8.count is O(1) for native strings: a 1 MB expression is refused at once.
        guard source.utf8.count <= maximumLength else {
            throw ExpressionError(trn("An expression can have at most %d character",
                                      "An expression can have at most %d characters", maximumLength))
        }
        let scalars = Array(source.unicodeScalars)
        var tokens: [ExpressionToken] = []
        var index = 0
        var depth = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let start = index
            if scalar.properties.isWhitespace {
                index += 1
            } else if ("0"..."9").contains(scalar) || (scalar == "." && index + 1 < scalars.count && ("0"..."9").contains(scalars[index + 1])) {
                var text = ""
                while index < scalars.count, ("0"..."9").contains(scalars[index]) || scalars[index] == "." {
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                if text.filter(\.isNumber).drop(while: { $0 == "0" }).count > 38 {
                    throw ExpressionError(tr("Number too large"), at: start)
                }
                guard text.filter({ $0 == "." }).count <= 1, let value = Self.number(text) else {
                    throw ExpressionError(tr("“{text}” is not a number", ["text": text]), at: start)
                }
                tokens.append(ExpressionToken(kind: .number(value), position: start))
            } else if scalar == "\"" {
                index += 1
                var text = ""
                while index < scalars.count, scalars[index] != "\"" {
                    text.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else { throw ExpressionError(tr("A text in quotes is not closed"), at: start) }
                index += 1
                tokens.append(ExpressionToken(kind: .text(text), position: start))
            } else if scalar == "[" {
                index += 1
                var name = ""
                while index < scalars.count, scalars[index] != "]" {
                    name.unicodeScalars.append(scalars[index])
                    index += 1
                }
                guard index < scalars.count else { throw ExpressionError(tr("A name in brackets is not closed"), at: start) }
                index += 1
                tokens.append(ExpressionToken(kind: .bracketedName(name.trimmingCharacters(in: .whitespaces)), position: start, end: index))
            } else if isNameStart(scalar) {
                var name = ""
                while index < scalars.count, isNamePart(scalars[index]) {
                    name.unicodeScalars.append(scalars[index])
                    index += 1
                }
                tokens.append(ExpressionToken(kind: .name(name), position: start, end: index))
            } else {
                let two = index + 1 < scalars.count ? String(scalar) + String(scalars[index + 1]) : ""
                if ["!=", "<=", ">=", "=="].contains(two) {
                    tokens.append(ExpressionToken(kind: .symbol(two == "==" ? "=" : two), position: start))
                    index += 2
                } else if "+-*/&(),.=<>".unicodeScalars.contains(scalar) {
                    if scalar == "(" {
                        depth += 1
                        guard depth <= maximumDepth else {
                            throw ExpressionError(trn("Parentheses can be nested at most %d deep",
                                                      "Parentheses can be nested at most %d deep", maximumDepth), at: start)
                        }
                    } else if scalar == ")" {
                        depth -= 1
                    }
                    tokens.append(ExpressionToken(kind: .symbol(String(scalar)), position: start))
                    index += 1
                } else {
                    throw ExpressionError(tr("Unexpected “{text}” in the expression", ["text": String(scalar)]), at: start)
                }
            }
        }
        tokens.append(ExpressionToken(kind: .end, position: scalars.count))
        return tokens
    }

    private static func number(_ text: String) -> Decimal? {
        return DecimalText.decimal(text.hasPrefix(".") ? "0" + text : text)
    }

    private static func isNameStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || scalar.properties.isAlphabetic
    }

    private static func isNamePart(_ scalar: Unicode.Scalar) -> Bool {
        isNameStart(scalar) || scalar.properties.numericType != nil
    }
}
