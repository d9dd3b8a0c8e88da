import Controls
import Forms
import Localization
import PinformCore
import Storage

/// A person, as GenericUI's examples collect one: a name, a birth date (the age is computed
/// from it), a phone number, an email and a height in metres.
///
/// Records saved before the birth date came kept a typed age; it stays as `statedAge`, shown
/// until a birth date is entered (see `Person+Stored.swift`).
struct Person: Equatable {
    var firstName: String
    var lastName: String
    var birthDate: CalendarDate?
    /// The age typed in a version before birth dates; nil once a birth date is known.
    var statedAge: UInt?
    var phone: String?
    var email: Email
    /// In metres.
    var height: Double

    init(firstName: String, lastName: String, birthDate: CalendarDate? = nil, statedAge: UInt? = nil,
         phone: String? = nil, email: Email, height: Double) {
        self.firstName = firstName
        self.lastName = lastName
        self.birthDate = birthDate
        self.statedAge = statedAge
        self.phone = phone
        self.email = email
        self.height = height
    }

    /// `statedAge` as text ("" when none), for the form to keep it.
    var statedAgeText: String {
        get { statedAge.map(String.init) ?? "" }
        set { statedAge = UInt(newValue) }
    }

    /// The age in whole years on `day`: from the birth date (a birthday on 29 February counts
    /// on 1 March in other years), else the age typed before; nil when neither is known or the
    /// birth date is after `day`.
    func age(on day: CalendarDate) -> UInt? {
        guard let birthDate else { return statedAge }
        guard birthDate <= day else { return nil }
        var years = day.year - birthDate.year
        if (day.month, day.day) < (birthDate.month, birthDate.day) { years -= 1 }
        return UInt(years)
    }
}

extension Person: FormModel {
    // Translators: a kind of record, on the form window's switcher.
    static var title: String { tr("Person") }
    static var settingsKey: String { "person" }
    static var iconName: String { "avatar-default-symbolic" }
    // Translators: the file name an export of the people suggests; keep ".csv".
    static var exportFileName: String { tr("people.csv") }
    static var table: String { "person" }
    /// 2: the typed age became a birth date and a phone number came.
    static var layoutVersion: Int { 2 }
    static var blank: Person {
        Person(firstName: "", lastName: "", email: Email("name@example.com")!, height: 0)
    }
    // Translators: asked after a crash or Lock when the person form held typed changes.
    static var restoreDraftQuestion: String { tr("Restore the unsaved person?") }

    static func makeForm(_ context: ModelContext) -> FormView<Person> {
        let form = Form<Person>(prototype: blank)
        let first = ActiveInput<String>(label: tr("First name"), purpose: .name)
        let last = ActiveInput<String>(label: tr("Last name"), purpose: .name)
        let email = ActiveInput<Email>(label: tr("Email"))
        // Translators: the placeholder of the email field; an address of your language's example domain.
        email.placeholder = tr("name@example.com")
        let phone = ActiveInput<String>(label: tr("Phone"), purpose: .phone)
        // Translators: a person's height (how tall they are: "Größe" in German).
        let height = ActiveInput<Double>(label: trc("person", "Height"))
        // Translators: the placeholder of the height field; {example} is 1.80 in the user's digits.
        height.placeholder = tr("In metres, like {example}", ["example": LocaleText.twoDecimals(1.8)])

        let firstField = form.bind(first, to: \.firstName, rules: [.required])
        let lastField = form.bind(last, to: \.lastName, rules: [.required])
        let emailField = form.bind(email, to: \.email)
        let birthField = form.bind(DateInput(label: tr("Birth date")), to: \.birthDate)
        let today = context.today
        let ageField = form.bind(computed: ComputedValueInput<String>(label: tr("Age"))) { person in
            person.age(on: today()).map(String.init) ?? ""
        }
        let phoneField = form.bind(phone, to: \.phone)
        let heightField = form.bind(height, to: \.height, rules: [
            .range(0.3...2.8, message: tr("Enter a height in metres, like {example}",
                                          ["example": LocaleText.twoDecimals(1.8)])),
        ])
        // An age typed before birth dates: kept until a birth date is given.
        form.carry(\.statedAgeText)
        form.addRule(on: [birthField], message: tr("The birth date cannot be in the future")) { person in
            person.birthDate.map { $0 <= today() } ?? true
        }
        form.addRow([FormElement(firstField), FormElement(lastField)])
        form.addRow([FormElement(birthField), FormElement(ageField)])
        form.addRow([FormElement(emailField, size: 2), FormElement(phoneField)])
        form.addRow([FormElement(heightField), .spacer()])
        return FormView(form)
    }

    static var fields: [RecordField<Person>] {
        [
            .text(tr("First name"), stored: "first_name", \.firstName),
            .text(tr("Last name"), stored: "last_name", \.lastName),
            .date(tr("Birth date"), stored: "birth_date", \.birthDate),
            .text(tr("Phone"), stored: "phone", \.phone),
            .text(tr("Email"), stored: "email", \.email.address),
            // Translators: a person's height (how tall they are: "Größe" in German).
            .measure(trc("person", "Height"), stored: "height", \.height),
        ]
    }

    /// The stored columns, and the age (computed today, sorted by the birth date, so the
    /// youngest come first) after the birth date.
    static func listColumns(_ context: ModelContext) -> [RecordColumn<Person>] {
        var columns = listColumns
        let today = context.today
        columns.insert(RecordColumn(title: tr("Age"), sortKey: nil) { $0.age(on: today()).map(String.init) ?? "" }, at: 3)
        return columns
    }

    static func deletionRefusal(of ids: [RecordID], _ context: ModelContext) -> String? {
        Invoice.refusal(deleting: ids, in: context) ?? DefinedLinkTargets.refusal(deleting: ids, ofModel: settingsKey, in: context)
    }

    var summary: String {
        let values: KeyValuePairs<String, String> = [
            "first": firstName, "last": lastName, "age": age(on: CalendarDate.today()).map(String.init) ?? "",
            "email": email.address, "height": LocaleText.twoDecimals(height),
        ]
        // Translators: a saved person in one line: "John Smith, 26, john@example.com, 1.80 m".
        if age(on: CalendarDate.today()) != nil { return tr("{first} {last}, {age}, {email}, {height} m", values) }
        // Translators: a saved person whose age is not known, in one line: "John Smith, john@example.com, 1.80 m".
        return tr("{first} {last}, {email}, {height} m", values)
    }
}
