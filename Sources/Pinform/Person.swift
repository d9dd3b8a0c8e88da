import Controls
import Forms
import Localization

/// A person, as GenericUI's examples collect one.
struct Person: Codable, Equatable {
    var firstName: String
    var lastName: String
    var age: UInt
    var email: Email
    /// In metres.
    var height: Double
}

extension Person: RecordModel {
    static var title: String { "Person" }
    static var settingsKey: String { "person" }
    // Translators: the file name an export of the people suggests; keep ".csv".
    static var exportFileName: String { tr("people.csv") }
    static var table: String { "person" }
    static var blank: Person {
        Person(firstName: "", lastName: "", age: 0, email: Email("name@example.com")!, height: 0)
    }

    static func makeForm() -> FormView<Person> {
        let form = FormView<Person>(prototype: blank)
        let first = ActiveInput<String>(label: "First name", purpose: .name)
        let last = ActiveInput<String>(label: "Last name", purpose: .name)
        let email = ActiveInput<Email>(label: "Email")
        email.placeholder = "name@example.com"
        let age = ActiveInput<UInt>(label: "Age")
        let height = ActiveInput<Double>(label: "Height")
        height.placeholder = "In metres, like \(LocaleText.twoDecimals(1.8))"

        let firstField = form.bind(first, to: \.firstName, rules: [.required])
        let lastField = form.bind(last, to: \.lastName, rules: [.required])
        let emailField = form.bind(email, to: \.email)
        let ageField = form.bind(age, to: \.age, rules: [.atMost(120, message: "Must be 120 or less")])
        let heightField = form.bind(height, to: \.height, rules: [
            .range(0.3...2.8, message: "Enter a height in metres, like \(LocaleText.twoDecimals(1.8))"),
        ])
        form.addRow([FormElement(firstField), FormElement(lastField)])
        form.addRow([FormElement(emailField, size: 2), FormElement(ageField)])
        form.addRow([FormElement(heightField), .spacer()])
        form.build()
        return form
    }

    static var fields: [RecordField<Person>] {
        [
            .text("First name", stored: "first_name", \.firstName),
            .text("Last name", stored: "last_name", \.lastName),
            .number("Age", stored: "age", \.age),
            .text("Email", stored: "email", \.email.address),
            .measure("Height", stored: "height", \.height),
        ]
    }

    var summary: String {
        "\(firstName) \(lastName), \(age), \(email), \(LocaleText.twoDecimals(height)) m"
    }
}
