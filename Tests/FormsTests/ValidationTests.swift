import XCTest
import Forms

final class ValidationTests: XCTestCase {
    private struct Account {
        var name = ""
        var pin = 0
    }

    func testValidateFollowsTheTextAsItChanges() {
        let form = Form<Account>()
        let input = TextInput<String>(text: "A")
        let name = form.bind(input, to: \.name, rules: [.minLength(3)])
        XCTAssertEqual(form.validate(field: name).map(\.reason), [.tooShort])
        input.text = "Ann"
        XCTAssertEqual(form.validate(field: name), [])
    }

    func testValidateNeedsNoPlacement() {
        let form = Form<Account>()
        let pin = form.bind(TextInput<Int>(text: "x"), to: \.pin)
        XCTAssertFalse(form.isPlaced(pin))
        XCTAssertEqual(form.validate(field: pin).count, 1)
    }

    func testValidateWritesNoModel() {
        var checked = Account()
        let form = Form<Account>(prototype: checked)
        let name = form.bind(input: TextInput<String>(text: "Ann")) { account, input in
            account.name = input.text ?? ""
            return (true, nil)
        }
        XCTAssertEqual(form.validate(field: name, in: checked), [])
        XCTAssertEqual(form.validate(field: name), [])
        checked.pin = 1
        XCTAssertEqual(form.prototype?.name, "")
        XCTAssertEqual(checked.name, "")
    }

    private func closureForm(prototype: Account?) -> (Form<Account>, FieldID) {
        let form = Form<Account>(prototype: prototype)
        let id = form.bind(input: TextInput<String>(text: "x")) { _, _ in (false, nil) }
        form.addRow([FormElement(id)])
        return (form, id)
    }

    func testClosureBindingValidatesOnThePrototype() {
        let (form, id) = closureForm(prototype: Account())
        XCTAssertEqual(form.validate(field: id).map(\.message), ["Check this value"])
        XCTAssertFalse(form.isResolvable)
    }

    func testClosureBindingWithoutPrototypeCountsAsValid() {
        let (form, id) = closureForm(prototype: nil)
        XCTAssertEqual(form.validate(field: id), [])
        XCTAssertTrue(form.isResolvable)
    }

    func testClosureBindingValidatesOnAGivenModel() {
        let (form, id) = closureForm(prototype: nil)
        XCTAssertEqual(form.validate(field: id, in: Account()).count, 1)
    }

    func testViewsHaveNoErrors() {
        let form = Form<Account>()
        let view = form.bind(view: TextInput<String>())
        XCTAssertEqual(form.validate(field: view), [])
    }

    func testValidateAllListsErrorsInRowOrder() {
        let form = Form<Account>()
        let name = form.bind(TextInput<String>(text: ""), to: \.name)
        let pin = form.bind(TextInput<Int>(text: "x"), to: \.pin)
        form.addRow([FormElement(pin)])
        form.addRow([FormElement(name)])
        XCTAssertEqual(form.validateAll().map(\.field), [pin, name])
    }

    func testIsResolvableFollowsEveryPlacedField() {
        let form = Form<Account>()
        let pinInput = TextInput<Int>(text: "12")
        let pin = form.bind(pinInput, to: \.pin, rules: [.range(1000...9999)])
        form.addRow([FormElement(pin)])
        XCTAssertFalse(form.isResolvable)
        pinInput.text = "1234"
        XCTAssertTrue(form.isResolvable)
    }

    func testIsResolvableIgnoresUnplacedFields() {
        let form = Form<Account>()
        _ = form.bind(TextInput<Int>(text: "x"), to: \.pin)
        XCTAssertTrue(form.isResolvable)
    }
}
