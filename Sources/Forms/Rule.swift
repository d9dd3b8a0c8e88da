import Foundation
import Localization

/// A check on a field's typed value, with the message people see when it fails.
///
/// ```swift
/// form.bind(age, to: \.age, rules: [.atMost(120, message: "Too old")])
/// form.bind(name, to: \.name, rules: [.required, .minLength(2), .maxLength(40)])
/// form.bind(code, to: \.postcode, rules: [.pattern("[0-9]{5}", message: "Enter 5 digits")])
/// ```
public struct Rule<Value>: Sendable {
    /// The reason reported when the rule fails.
    public let reason: FormFieldError.Reason
    private let check: @Sendable (Value) -> String?
    /// The message for an empty field, set by the required rule.
    @usableFromInline let emptyMessage: String?

    /// Creates a rule from `check`, which returns nil when the value passes or else a message.
    public init(reason: FormFieldError.Reason = .custom, check: @escaping @Sendable (Value) -> String?) {
        self.init(reason: reason, emptyMessage: nil, check: check)
    }

    private init(reason: FormFieldError.Reason, emptyMessage: String?, check: @escaping @Sendable (Value) -> String?) {
        self.reason = reason
        self.emptyMessage = emptyMessage
        self.check = check
    }

    /// The message for `value` when it fails the rule; nil when it passes.
    public func message(for value: Value) -> String? {
        check(value)
    }

    /// The error for `value` in `field` when it fails the rule; nil when it passes.
    public func error(for value: Value, in field: FieldID) -> FormFieldError? {
        check(value).map { FormFieldError(field: field, reason: reason, message: $0) }
    }

    /// A rule of your own: return nil when the value passes or the message to show.
    ///
    /// ```swift
    /// .custom { $0 % 2 == 0 ? nil : "Enter an even number" }
    /// ```
    public static func custom(_ check: @escaping @Sendable (Value) -> String?) -> Rule {
        Rule(reason: .custom, check: check)
    }

    /// The field may not be left empty (nor, for text, only spaces): "Required".
    ///
    /// A key-path binding to a non-optional property requires a value anyway; this rule makes an
    /// optional property required too, or changes the message.
    public static var required: Rule {
        required(message: tr("Required"))
    }

    /// The field may not be left empty, with your own message.
    public static func required(message: String) -> Rule {
        Rule(reason: .required, emptyMessage: message) { value in
            if let text = value as? String, NumberParsing.trimmedBounds(of: text) == nil {
                return message
            }
            return nil
        }
    }

}

extension Rule where Value: Comparable & Sendable {
    /// The value must lie in `range`: "Enter a value from 1 to 120" unless `message` is given.
    public static func range(_ range: ClosedRange<Value>, message: String? = nil) -> Rule {
        Rule(reason: .outOfRange) { value in
            if range.contains(value) { return nil }
            return message ?? tr("Enter a value from {minimum} to {maximum}",
                                 ["minimum": shown(range.lowerBound), "maximum": shown(range.upperBound)])
        }
    }

    /// The value must be `minimum` or more: "Enter 18 or more" unless `message` is given.
    public static func atLeast(_ minimum: Value, message: String? = nil) -> Rule {
        Rule(reason: .outOfRange) { value in
            if value >= minimum { return nil }
            // Translators: a field's value is too small; {minimum} is the smallest allowed.
            return message ?? tr("Enter {minimum} or more", ["minimum": shown(minimum)])
        }
    }

    /// The value must be `maximum` or less: "Enter 120 or less" unless `message` is given.
    ///
    /// GenericUI's example reads `.atMost(120, message: "Too old")`.
    public static func atMost(_ maximum: Value, message: String? = nil) -> Rule {
        Rule(reason: .outOfRange) { value in
            if value <= maximum { return nil }
            // Translators: a field's value is too large; {maximum} is the largest allowed.
            return message ?? tr("Enter {maximum} or less", ["maximum": shown(maximum)])
        }
    }

    /// A limit as the user's locale writes it ("0,3" in German) when it is a number.
    private static func shown(_ value: Value) -> String {
        (value as? any StringTwoWayConvertible)?.formatted(using: .current) ?? "\(value)"
    }
}

extension Rule where Value == String {
    /// The text must have at least `count` characters: "Enter at least 10 characters".
    public static func minLength(_ count: Int, message: String? = nil) -> Rule {
        Rule(reason: .tooShort) { text in
            if text.count >= count { return nil }
            return message ?? trn("Enter at least %d character", "Enter at least %d characters", count)
        }
    }

    /// The text may have at most `count` characters: "Enter at most 20 characters".
    public static func maxLength(_ count: Int, message: String? = nil) -> Rule {
        Rule(reason: .tooLong) { text in
            if text.count <= count { return nil }
            return message ?? trn("Enter at most %d character", "Enter at most %d characters", count)
        }
    }

    /// The whole text must match `expression` (not just a prefix: "a|ab" accepts "ab").
    ///
    /// The check does at most `budget`'s work on a value; a value that takes more (a pattern
    /// that backtracks without end, such as `(\d+)+[A-Z]`) fails with ``tooHardToCheckMessage``
    /// rather than hold the window.
    public static func pattern(_ expression: NSRegularExpression, message: String,
                               budget: PatternBudget = .standard) -> Rule {
        // Anchoring both ends makes the engine backtrack into later alternatives.
        let whole = (try? NSRegularExpression(
            pattern: "\\A(?:\(expression.pattern))\\z",
            options: expression.options
        )) ?? expression
        return Rule(reason: .patternMismatch) { text in
            switch PatternMatch.wholeText(text, by: whole, budget: budget) {
            case .matches: nil
            case .doesNotMatch: message
            case .tooHardToCheck: tooHardToCheckMessage
            }
        }
    }

    /// The whole text must match the regular expression `pattern` (ICU syntax), within `budget`.
    ///
    /// - Precondition: `pattern` is a valid regular expression; it is source code, like a literal.
    public static func pattern(_ pattern: String, message: String, budget: PatternBudget = .standard) -> Rule {
        do {
            return self.pattern(try NSRegularExpression(pattern: pattern), message: message, budget: budget)
        } catch {
            preconditionFailure("Invalid regular expression \(pattern): \(error)")
        }
    }

    /// What a pattern rule says of a value it gave up checking (see ``PatternBudget``).
    public static var tooHardToCheckMessage: String {
        // Translators: a field's error when its pattern (a regular expression chosen by the form's designer) takes too long to check the value.
        tr("This value is too hard to check against the field’s pattern. Enter a shorter value, or ask for a simpler pattern.")
    }

    /// The text must look like an email address: "Enter an email address like name@example.com".
    ///
    /// The check is deliberately simple (one "@", no spaces, a dotted domain of non-empty labels
    /// that do not start or end with "-"); whether the address exists is for email to tell.
    public static var email: Rule {
        email(message: tr("Enter an email address like name@example.com"))
    }

    /// The text must look like an email address, with your own message.
    public static func email(message: String) -> Rule {
        Rule(reason: .invalidEmail) { isEmailAddress($0) ? nil : message }
    }

    static func isEmailAddress(_ text: String) -> Bool {
        let scalars = text.unicodeScalars
        guard let at = scalars.firstIndex(of: "@") else { return false }
        let local = scalars[..<at]
        let domain = scalars[scalars.index(after: at)...]
        guard !local.isEmpty, local.count <= 64, !domain.isEmpty, !domain.contains("@") else { return false }
        guard !scalars.contains(where: { $0.properties.isWhitespace || $0.value < 0x20 }) else { return false }
        let labels = domain.split(separator: ".", omittingEmptySubsequences: false)
        guard labels.count >= 2 else { return false }
        for label in labels {
            guard let first = label.first, let last = label.last, first != "-", last != "-" else { return false }
            let isValid = label.allSatisfy { scalar in
                scalar == "-" || scalar.value >= 0x80
                    || scalar.properties.isAlphabetic || NumberParsing.digitValue(scalar) != nil
            }
            guard isValid else { return false }
        }
        return true
    }
}
