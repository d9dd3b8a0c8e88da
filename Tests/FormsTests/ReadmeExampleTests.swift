import Forms
import XCTest

/// The README's Forms example, as written there.
final class ReadmeExampleTests: XCTestCase {
    private struct Person: Equatable { var firstName = ""; var age: UInt = 0 }

    func testTheReadmeExampleLoadsAndResolvesJohn26() throws {
        let form = Form<Person>()
        let name = TextInput<String>(), age = TextInput<UInt>()
        let nameField = form.bind(name, to: \.firstName, rules: [.required])
        let ageField = form.bind(age, to: \.age, rules: [.atMost(120, message: "Must be 120 or less")])
        form.addRow([FormElement(nameField, size: 2), FormElement(ageField)])
        form.load(Person(firstName: "John", age: 26))
        let person = try form.resolve(Person()).get()
        XCTAssertEqual(person, Person(firstName: "John", age: 26))
        XCTAssertFalse(form.isDirty)
    }
}
