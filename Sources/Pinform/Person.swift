import Controls
import Foundation
import Forms

/// A person, as GenericUI's examples collect one.
struct Person: Codable, Equatable {
    var firstName: String
    var lastName: String
    var age: UInt
    var email: Email
    /// In metres.
    var height: Double
}

extension Person: FormModel {
    static var title: String { "Person" }
    static var settingsKey: String { "person" }
    static var blank: Person {
        Person(firstName: "", lastName: "", age: 0, email: Email("name@example.com")!, height: 0)
    }

    static func makeForm() -> FormView<Person> {
        let form = FormView<Person>()
        let first = ActiveInput<String>(label: "First name", purpose: .name)
        let last = ActiveInput<String>(label: "Last name", purpose: .name)
        let email = ActiveInput<Email>(label: "Email")
        email.placeholder = "name@example.com"
        let age = ActiveInput<UInt>(label: "Age")
        let height = ActiveInput<Double>(label: "Height")
        height.placeholder = "In metres, like \(formatted(1.8))"

        let firstField = form.bind(first, to: \.firstName, rules: [.required])
        let lastField = form.bind(last, to: \.lastName, rules: [.required])
        let emailField = form.bind(email, to: \.email)
        let ageField = form.bind(age, to: \.age, rules: [.atMost(120, message: "Too old")])
        let heightField = form.bind(height, to: \.height, rules: [
            .range(0.3...2.8, message: "Enter a height in metres, like \(formatted(1.8))"),
        ])
        form.addRow([FormElement(firstField), FormElement(lastField)])
        form.addRow([FormElement(emailField, size: 2), FormElement(ageField)])
        form.addRow([FormElement(heightField), .spacer()])
        form.build()
        return form
    }

    var summary: String {
        "\(firstName) \(lastName), \(age), \(email), \(Person.formatted(height)) m"
    }

    /// A height with two decimals and the user's decimal separator.
    static func formatted(_ metres: Double) -> String {
        let text = String(format: "%.2f", metres)
        let separator = NumberParsing.current.decimalSeparator
        return separator == "." ? text : text.replacingOccurrences(of: ".", with: String(separator))
    }
}
