@testable import Controls
import Foundation
import Forms
@_spi(Testing) import Gtk
import PinformCore
@testable import PinformModels
import XCTest

/// Person's form on real widgets: the age computed from the birth date as it is typed, and
/// the age a record from before birth dates kept, carried through an edit.
final class PersonFormTests: XCTestCase {
    private static let today = CalendarDate(year: 2026, month: 12, day: 1)

    @MainActor
    private static func parts(_ view: FormView<Person>) -> (age: ComputedValueInput<String>, birth: DateInput, first: ActiveInput<String>) {
        let inputs = view.form.fields.compactMap { view.input(for: $0) }
        return (inputs.compactMap { $0 as? ComputedValueInput<String> }.first { $0.label.text == "Age" }!,
                inputs.compactMap { $0 as? DateInput }[0],
                inputs.compactMap { $0 as? ActiveInput<String> }[0])
    }

    func testTheAgeFollowsTheBirthDateAsTyped() {
        GtkRuntime.test {
            let view = Person.makeForm(ModelContext(records: nil, today: { Self.today }))
            let (age, birth, _) = Self.parts(view)
            XCTAssertEqual(age.valueLabel.text, "—", "no birth date: a dash, not a blank gap")
            XCTAssertEqual(age.text, "")
            birth.entry.text = "1990-12-01"
            XCTAssertEqual(age.valueLabel.text, "36")
            birth.entry.text = "1990-12-02"
            XCTAssertEqual(age.valueLabel.text, "35")
        }
    }

    func testAnAgeTypedBeforeBirthDatesIsShownAndKeptThroughAnEdit() throws {
        try GtkRuntime.test {
            let view = Person.makeForm(ModelContext(records: nil, today: { Self.today }))
            let (age, birth, first) = Self.parts(view)
            let old = Person(firstName: "Alan", lastName: "Turing", statedAge: 41, email: Email("alan@example.com")!, height: 1.78)
            view.load(old)
            XCTAssertEqual(age.valueLabel.text, "41")
            first.entry.text = "Alan M."
            let edited = try view.resolve(Person.blank).get()
            XCTAssertEqual(edited.statedAge, 41, "the age typed before was lost in the edit")
            XCTAssertEqual(edited.firstName, "Alan M.")
            birth.entry.text = "1912-06-23"
            XCTAssertEqual(age.valueLabel.text, "114")
            let born = try view.resolve(Person.blank).get()
            XCTAssertEqual(born.age(on: Self.today), 114)
        }
    }

    func testABirthDateInTheFutureIsRefused() {
        GtkRuntime.test {
            let view = Person.makeForm(ModelContext(records: nil, today: { Self.today }))
            let (_, birth, _) = Self.parts(view)
            var person = Person.blank
            person.firstName = "A"
            person.lastName = "B"
            person.height = 1.7
            view.load(person)
            birth.entry.text = "2027-01-01"
            guard case .failure(let errors) = view.resolve(Person.blank) else { return XCTFail("resolved") }
            XCTAssertEqual(errors.all.map(\.message), ["The birth date cannot be in the future"])
        }
    }
}
