import XCTest
import Forms

/// GenericUI's own four tests, written against this API.
final class GenericUITests: XCTestCase {
    private struct Person {
        var firstname = ""
        var lastname = ""
        var age = 0
    }

    private enum NameError: Error, Equatable {
        case tooShort, tooLong
    }

    /// A plain "native" text field standing for GTK's own entry: only text, output String.
    private final class NativeTextField: FormInput {
        typealias Output = String
        var text: String?
    }

    private func bindFirstname(_ form: Form<Person>, _ input: TextInput<String>) -> FieldID {
        form.bind(input: input) { (person: inout Person, input: TextInput<String>) in
            guard let name = input.output else { return (false, nil) }
            person.firstname = name
            return (true, nil)
        }
    }

    private func bindAge(_ form: Form<Person>, _ input: TextInput<Int>) -> FieldID {
        form.bind(input: input) { person, input in
            guard let age = input.output else { return (false, nil) }
            person.age = age
            return (true, nil)
        }
    }

    func testStringInputResolvesIntoTheModel() {
        let form = Form<Person>()
        let input = TextInput<String>(text: "John")
        form.addRow([FormElement(bindFirstname(form, input))])
        var person = Person()
        let (success, errors) = form.resolve(model: &person)
        XCTAssertTrue(success)
        XCTAssertTrue(errors.isEmpty)
        XCTAssertEqual(person.firstname, "John")
    }

    func testFormWithSpacerResolvesNamesAndAge() {
        let form = Form<Person>()
        let first = bindFirstname(form, TextInput<String>(text: "John"))
        let last = form.bind(input: TextInput<String>(text: "Smith")) { person, input in
            guard let name = input.output else { return (false, nil) }
            person.lastname = name
            return (true, nil)
        }
        let ageInput = TextInput<Int>()
        ageInput.output = 26
        XCTAssertEqual(ageInput.text, "26")
        let age = bindAge(form, ageInput)
        form.addRow([FormElement(first), .spacer(), FormElement(last)])
        form.addRow([FormElement(age)])
        var person = Person()
        let (success, errors) = form.resolve(model: &person)
        XCTAssertTrue(success)
        XCTAssertTrue(errors.isEmpty)
        XCTAssertEqual(person.firstname, "John")
        XCTAssertEqual(person.lastname, "Smith")
        XCTAssertEqual(person.age, 26)
    }

    func testNativeTextFieldResolvesLikeATypedInput() {
        let form = Form<Person>()
        let first = bindFirstname(form, TextInput<String>(text: "John"))
        let native = NativeTextField()
        native.text = "Smith"
        let last = form.bind(input: native) { (person: inout Person, input: NativeTextField) in
            guard let text = input.text else { return (false, nil) }
            person.lastname = text
            return (true, nil)
        }
        let age = bindAge(form, TextInput<Int>(text: "26"))
        form.addRow([FormElement(first), .spacer(), FormElement(last)])
        form.addRow([FormElement(age)])
        var person = Person()
        let (success, errors) = form.resolve(model: &person)
        XCTAssertTrue(success)
        XCTAssertTrue(errors.isEmpty)
        XCTAssertEqual([person.firstname, person.lastname], ["John", "Smith"])
        XCTAssertEqual(person.age, 26)
    }

    private func nameLengthForm(_ text: String) -> (Bool, [NameError], Person) {
        let form = Form<Person>()
        let input = TextInput<String>(text: text)
        let id = form.bind(input: input) { person, input in
            guard let name = input.output else { return (false, nil) }
            if name.count < 10 { return (false, NameError.tooShort) }
            if name.count > 20 { return (false, NameError.tooLong) }
            person.firstname = name
            return (true, nil)
        }
        form.addRow([FormElement(id)])
        var person = Person()
        let (success, errors) = form.resolve(model: &person)
        return (success, errors.compactMap { $0 as? NameError }, person)
    }

    func testBindingRejectsShortName() {
        let (success, errors, _) = nameLengthForm("John")
        XCTAssertFalse(success)
        XCTAssertEqual(errors, [.tooShort])
    }

    func testBindingRejectsLongName() {
        let (success, errors, _) = nameLengthForm("John The Best Of All Time And Space")
        XCTAssertFalse(success)
        XCTAssertEqual(errors, [.tooLong])
    }

    func testBindingAcceptsNameOfRightLength() {
        let (success, errors, person) = nameLengthForm("John The Best")
        XCTAssertTrue(success)
        XCTAssertEqual(errors, [])
        XCTAssertEqual(person.firstname, "John The Best")
    }
}
