import Controls
import Forms
import Localization
import PinformCore

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
    // Translators: a kind of record, on the form window's switcher.
    static var title: String { tr("Person") }
    static var settingsKey: String { "person" }
    static var iconName: String { "avatar-default-symbolic" }
    // Translators: the file name an export of the people suggests; keep ".csv".
    static var exportFileName: String { tr("people.csv") }
    static var table: String { "person" }
    static var blank: Person {
        Person(firstName: "", lastName: "", age: 0, email: Email("name@example.com")!, height: 0)
    }

    static func makeForm() -> FormView<Person> {
        let form = Form<Person>(prototype: blank)
        let first = ActiveInput<String>(label: tr("First name"), purpose: .name)
        let last = ActiveInput<String>(label: tr("Last name"), purpose: .name)
        let email = ActiveInput<Email>(label: tr("Email"))
        // Translators: the placeholder of the email field; an address of your language's example domain.
        email.placeholder = tr("name@example.com")
        let age = ActiveInput<UInt>(label: tr("Age"))
        let height = ActiveInput<Double>(label: tr("Height"))
        // Translators: the placeholder of the height field; {example} is 1.80 in the user's digits.
        height.placeholder = tr("In metres, like {example}", ["example": LocaleText.twoDecimals(1.8)])

        let firstField = form.bind(first, to: \.firstName, rules: [.required])
        let lastField = form.bind(last, to: \.lastName, rules: [.required])
        let emailField = form.bind(email, to: \.email)
        let ageField = form.bind(age, to: \.age, rules: [.atMost(120, message: tr("Must be 120 or less"))])
        let heightField = form.bind(height, to: \.height, rules: [
            .range(0.3...2.8, message: tr("Enter a height in metres, like {example}",
                                          ["example": LocaleText.twoDecimals(1.8)])),
        ])
        form.addRow([FormElement(firstField), FormElement(lastField)])
        form.addRow([FormElement(emailField, size: 2), FormElement(ageField)])
        form.addRow([FormElement(heightField), .spacer()])
        return FormView(form)
    }

    static var fields: [RecordField<Person>] {
        [
            .text(tr("First name"), stored: "first_name", \.firstName),
            .text(tr("Last name"), stored: "last_name", \.lastName),
            .number(tr("Age"), stored: "age", \.age),
            .text(tr("Email"), stored: "email", \.email.address),
            .measure(tr("Height"), stored: "height", \.height),
        ]
    }

    var summary: String {
        // Translators: a saved person in one line: "John Smith, 26, john@example.com, 1.80 m".
        tr("{first} {last}, {age}, {email}, {height} m", [
            "first": firstName, "last": lastName, "age": String(age), "email": email.address,
            "height": LocaleText.twoDecimals(height),
        ])
    }
}
