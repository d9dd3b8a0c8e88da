import Foundation
import XCTest
import Forms

final class FormResolveTests: XCTestCase {
    private struct Person: Equatable {
        var name = ""
        var nickname: String?
        var age = 0
        var height: Double?
        var email = ""
    }

    private struct Rejection: Error, Equatable {
        let tag: String
    }

    // MARK: Order and collection

    func testResolveRunsBindingsInRowOrderNotBindingOrder() {
        let form = Form<[String]>()
        let a = form.bind(input: TextInput<String>(text: "a")) { log, input in log.append(input.text!); return (true, nil) }
        let b = form.bind(input: TextInput<String>(text: "b")) { log, input in log.append(input.text!); return (true, nil) }
        let c = form.bind(input: TextInput<String>(text: "c")) { log, input in log.append(input.text!); return (true, nil) }
        form.addRow([FormElement(c)])
        form.addRow([FormElement(b), .spacer(), FormElement(a)])
        var log: [String] = []
        _ = form.resolve(model: &log)
        XCTAssertEqual(log, ["c", "b", "a"])
    }

    func testResolveDoesNotStopAtTheFirstFailure() {
        let form = Form<[String]>()
        let ids = ["1", "2", "3"].map { tag in
            form.bind(input: TextInput<String>(text: tag)) { log, input in
                log.append(input.text!)
                return (false, Rejection(tag: tag))
            }
        }
        form.addRow(ids.map { FormElement($0) })
        var log: [String] = []
        let (success, errors) = form.resolve(model: &log)
        XCTAssertFalse(success)
        XCTAssertEqual(log, ["1", "2", "3"])
        XCTAssertEqual(errors.compactMap { $0 as? Rejection }, [Rejection(tag: "1"), Rejection(tag: "2"), Rejection(tag: "3")])
    }

    func testResolveFailsOnFalseWithoutError() {
        let form = Form<Int>()
        let id = form.bind(input: TextInput<String>()) { _, _ in (false, nil) }
        form.addRow([FormElement(id)])
        var model = 0
        let (success, errors) = form.resolve(model: &model)
        XCTAssertFalse(success)
        XCTAssertTrue(errors.isEmpty)
    }

    func testResolveCollectsErrorsReturnedWithSuccess() {
        let form = Form<Int>()
        let id = form.bind(input: TextInput<String>()) { _, _ in (true, Rejection(tag: "warning")) }
        form.addRow([FormElement(id)])
        var model = 0
        let (success, errors) = form.resolve(model: &model)
        XCTAssertTrue(success)
        XCTAssertEqual(errors.count, 1)
    }

    func testUnplacedInputsDoNotResolve() {
        let form = Form<Person>()
        _ = form.bind(TextInput<String>(text: "Ann"), to: \.name)
        var person = Person()
        let (success, errors) = form.resolve(model: &person)
        XCTAssertTrue(success)
        XCTAssertTrue(errors.isEmpty)
        XCTAssertEqual(person.name, "")
    }

    func testViewsTakeNoPartInResolving() {
        let form = Form<Person>()
        let label = form.bind(view: NSObjectStandIn())
        form.addRow([FormElement(label)])
        var person = Person()
        XCTAssertTrue(form.resolve(model: &person).0)
        XCTAssertFalse(form.isInput(label))
    }

    private final class NSObjectStandIn {}

    // MARK: Key-path binding

    func testKeyPathBindingWritesConvertedValue() {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: " 42 "), to: \.age)
        form.addRow([FormElement(age)])
        var person = Person()
        XCTAssertTrue(form.resolve(model: &person).0)
        XCTAssertEqual(person.age, 42)
    }

    func testEmptyTextForNonOptionalPropertyIsRequired() {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: ""), to: \.age)
        form.addRow([FormElement(age)])
        var person = Person()
        let (success, errors) = form.resolve(model: &person)
        XCTAssertFalse(success)
        XCTAssertEqual(errors as? [FormFieldError], [FormFieldError(field: age, reason: .required, message: "Required")])
    }

    func testBlankNumberTextIsRequired() {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: "   "), to: \.age)
        XCTAssertEqual(form.validate(field: age).map(\.reason), [.required])
    }

    func testNilTextForNonOptionalStringIsRequired() {
        let form = Form<Person>()
        let name = form.bind(TextInput<String>(), to: \.name)
        XCTAssertEqual(form.validate(field: name).map(\.message), ["Required"])
    }

    func testRequiredRuleMessageReplacesTheDefault() {
        let form = Form<Person>()
        let name = form.bind(TextInput<String>(text: ""), to: \.name, rules: [.required(message: "Enter your name")])
        XCTAssertEqual(form.validate(field: name).map(\.message), ["Enter your name"])
    }

    func testEmptyTextForOptionalPropertyWritesNil() {
        let form = Form<Person>()
        let nickname = form.bind(TextInput<String>(text: ""), to: \.nickname)
        let height = form.bind(TextInput<Double>(), to: \.height)
        form.addRow([FormElement(nickname), FormElement(height)])
        var person = Person(nickname: "Bob", height: 1.8)
        XCTAssertTrue(form.resolve(model: &person).0)
        XCTAssertNil(person.nickname)
        XCTAssertNil(person.height)
    }

    func testOptionalPropertyWithRequiredRuleRejectsEmptyText() {
        let form = Form<Person>()
        let height = form.bind(TextInput<Double>(text: ""), to: \.height, rules: [.required])
        XCTAssertEqual(form.validate(field: height).map(\.reason), [.required])
    }

    func testOptionalPropertyGetsConvertedValue() {
        let form = Form<Person>()
        let height = form.bind(TextInput<Double>(text: "1.75"), to: \.height)
        form.addRow([FormElement(height)])
        var person = Person()
        XCTAssertTrue(form.resolve(model: &person).0)
        XCTAssertEqual(person.height, 1.75)
    }

    func testUnconvertibleTextIsATypedError() {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: "forty"), to: \.age)
        XCTAssertEqual(form.validate(field: age), [FormFieldError(field: age, reason: .notConvertible, message: "Enter a whole number")])
    }

    func testUnsignedNegativeTextSaysZeroOrMore() {
        struct Stock { var count: UInt = 0 }
        let form = Form<Stock>()
        let count = form.bind(TextInput<UInt>(text: "-5"), to: \.count)
        XCTAssertEqual(form.validate(field: count).map(\.message), ["Enter a whole number of 0 or more"])
    }

    func testRulesRunOnTheParsedValue() {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: "130"), to: \.age, rules: [.atMost(120, message: "Too old")])
        XCTAssertEqual(form.validate(field: age), [FormFieldError(field: age, reason: .outOfRange, message: "Too old")])
    }

    func testEveryFailingRuleAddsAnError() {
        let form = Form<Person>()
        let email = form.bind(TextInput<String>(text: "x"), to: \.email, rules: [.minLength(3), .email, .maxLength(10)])
        XCTAssertEqual(form.validate(field: email).map(\.reason), [.tooShort, .invalidEmail])
    }

    func testConversionFailureSkipsRules() {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: "x"), to: \.age, rules: [.custom { _ in "never" }])
        XCTAssertEqual(form.validate(field: age).map(\.reason), [.notConvertible])
    }

    func testPropertyIsNotWrittenWhenItsFieldHasAnError() {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: "130"), to: \.age, rules: [.range(0...120)])
        let name = form.bind(TextInput<String>(text: "Ann"), to: \.name)
        form.addRow([FormElement(age), FormElement(name)])
        var person = Person(age: 30)
        let (success, errors) = form.resolve(model: &person)
        XCTAssertFalse(success)
        XCTAssertEqual(errors.count, 1)
        XCTAssertEqual(person.age, 30)
        XCTAssertEqual(person.name, "Ann")
    }

    func testKeyPathAndClosureBindingsMix() {
        let form = Form<Person>()
        let name = form.bind(input: TextInput<String>(text: "Ann")) { person, input in
            person.name = input.output ?? ""
            return (true, nil)
        }
        let age = form.bind(TextInput<Int>(text: "30"), to: \.age)
        form.addRow([FormElement(name), FormElement(age)])
        XCTAssertEqual(try form.resolve(Person()).get(), Person(name: "Ann", age: 30))
    }

    // MARK: Keyed variant

    func testKeyedResolveReturnsTheModel() {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: "30"), to: \.age)
        form.addRow([FormElement(age)])
        XCTAssertEqual(try form.resolve(Person()).get().age, 30)
    }

    func testKeyedResolveKeysErrorsByField() throws {
        let form = Form<Person>()
        let age = form.bind(TextInput<Int>(text: "x"), to: \.age)
        let email = form.bind(TextInput<String>(text: "no"), to: \.email, rules: [.email, .minLength(5)])
        let name = form.bind(TextInput<String>(text: "Ann"), to: \.name)
        form.addRow([FormElement(email), FormElement(name)])
        form.addRow([FormElement(age)])
        guard case .failure(let errors) = form.resolve(Person()) else { return XCTFail("resolved") }
        XCTAssertEqual(errors[age].map(\.reason), [.notConvertible])
        XCTAssertEqual(errors[email].map(\.reason), [.invalidEmail, .tooShort])
        XCTAssertEqual(errors[name], [])
        XCTAssertEqual(errors.fields, [email, age])
        XCTAssertEqual(errors.all.map(\.field), [email, email, age])
    }

    func testKeyedResolveWrapsClosureErrors() {
        let form = Form<Person>()
        let id = form.bind(input: TextInput<String>()) { _, _ in (false, Rejection(tag: "t")) }
        form.addRow([FormElement(id)])
        guard case .failure(let errors) = form.resolve(Person()) else { return XCTFail("resolved") }
        XCTAssertEqual(errors[id].count, 1)
        XCTAssertEqual(errors[id].first?.reason, .custom)
        XCTAssertEqual(errors[id].first?.underlying as? Rejection, Rejection(tag: "t"))
        XCTAssertEqual(errors[id].first?.message, "Rejection(tag: \"t\")")
    }

    func testKeyedResolveUsesLocalizedDescriptions() {
        struct TooOld: LocalizedError {
            var errorDescription: String? { "Too old" }
        }
        let form = Form<Person>()
        let id = form.bind(input: TextInput<String>()) { _, _ in (false, TooOld()) }
        form.addRow([FormElement(id)])
        guard case .failure(let errors) = form.resolve(Person()) else { return XCTFail("resolved") }
        XCTAssertEqual(errors[id].map(\.message), ["Too old"])
    }

    func testKeyedResolveReportsSilentFailure() {
        let form = Form<Person>()
        let id = form.bind(input: TextInput<String>()) { _, _ in (false, nil) }
        form.addRow([FormElement(id)])
        guard case .failure(let errors) = form.resolve(Person()) else { return XCTFail("resolved") }
        XCTAssertEqual(errors[id].map(\.message), ["Check this value"])
    }

    func testKeyedResolveLeavesTheCallersModelAlone() {
        let form = Form<Person>()
        let name = form.bind(TextInput<String>(text: "Ann"), to: \.name)
        let age = form.bind(TextInput<Int>(text: "x"), to: \.age)
        form.addRow([FormElement(name), FormElement(age)])
        let original = Person(name: "Bob")
        _ = form.resolve(original)
        XCTAssertEqual(original.name, "Bob")
    }

    // MARK: Lookup

    func testFieldOfObjectFindsItsID() {
        let form = Form<Person>()
        let input = TextInput<String>()
        let id = form.bind(input, to: \.name)
        XCTAssertEqual(form.field(of: input), id)
        XCTAssertTrue(form.object(for: id) === input)
        XCTAssertNil(form.field(of: TextInput<String>()))
        XCTAssertEqual(form.fieldCount, 1)
    }

    func testFieldIDsFollowBindingOrder() {
        let form = Form<Person>()
        let a = form.bind(view: TextInput<String>())
        let b = form.bind(TextInput<String>(), to: \.name)
        XCTAssertLessThan(a, b)
        XCTAssertEqual([a.index, b.index], [0, 1])
    }
}
