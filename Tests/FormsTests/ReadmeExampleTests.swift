import Forms
import XCTest

/// The README's Forms example, as written there.
final class ReadmeExampleTests: XCTestCase {
    private struct Person { var firstName = ""; var age: UInt = 0 }

    func testTheReadmeExampleResolvesJohn26() {
        let form = Form<Person>()
        let name = TextInput<String>(text: "John"), age = TextInput<UInt>(text: "26")
        let nameField = form.bind(name, to: \.firstName, rules: [.required])
        let ageField = form.bind(age, to: \.age, rules: [.atMost(120, message: "Too old")])
        form.addRow([FormElement(nameField, size: 2), FormElement(ageField)])
        var person = Person()
        let (ok, errors) = form.resolve(model: &person)
        XCTAssertTrue(ok)
        XCTAssertTrue(errors.isEmpty)
        XCTAssertEqual(person.firstName, "John")
        XCTAssertEqual(person.age, 26)
    }
}
