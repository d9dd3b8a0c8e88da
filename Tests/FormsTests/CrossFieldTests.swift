import Forms
import XCTest

final class CrossFieldTests: XCTestCase {
    private enum Kind: String, CaseIterable, FormChoice { case person, company }

    private struct Account: Equatable {
        var email = ""
        var confirmation = ""
        var kind = Kind.person
        var company = ""
        var from = CalendarDate(year: 2026, month: 1, day: 1)
        var until = CalendarDate(year: 2026, month: 1, day: 1)
    }

    private struct Built {
        let form = Form<Account>()
        let email = TextInput<String>(text: "a@example.com", numberParsing: .posix)
        let confirmation = TextInput<String>(text: "a@example.com", numberParsing: .posix)
        let kind = TextInput<Kind>(text: "person", numberParsing: .posix)
        let company = TextInput<String>(text: "", numberParsing: .posix)
        let from = TextInput<CalendarDate>(text: "2026-03-01", numberParsing: .posix)
        let until = TextInput<CalendarDate>(text: "2026-03-31", numberParsing: .posix)
        var ids: [FieldID] = []

        init() {
            ids = [
                form.bind(email, to: \.email), form.bind(confirmation, to: \.confirmation),
                form.bind(kind, to: \.kind), form.bind(company, to: \.company, rules: [.required]),
                form.bind(from, to: \.from), form.bind(until, to: \.until),
            ]
            form.addRow(ids.map { FormElement($0) })
            form.addRule(on: [ids[1]], message: "The addresses do not match") { $0.email == $0.confirmation }
            form.addRule(on: [ids[5]], message: "The end cannot be before the start") { $0.until >= $0.from }
            form.show(ids[3], when: { $0.kind == .company })
        }
    }

    func testAFormThatKeepsItsRulesResolves() throws {
        let built = Built()
        let account = try built.form.resolve(Account()).get()
        XCTAssertEqual(account.until, CalendarDate(year: 2026, month: 3, day: 31))
    }

    func testABrokenRuleFailsResolveWithItsMessageOnItsField() {
        let built = Built()
        built.confirmation.text = "b@example.com"
        guard case .failure(let errors) = built.form.resolve(Account()) else { return XCTFail("resolved") }
        XCTAssertEqual(errors[built.ids[1]].map(\.message), ["The addresses do not match"])
        XCTAssertEqual(errors.fields, [built.ids[1]])
    }

    func testAnEndBeforeTheStartIsRejectedOnTheEndField() {
        let built = Built()
        built.until.text = "2026-02-28"
        guard case .failure(let errors) = built.form.resolve(Account()) else { return XCTFail("resolved") }
        XCTAssertEqual(errors[built.ids[5]].map(\.message), ["The end cannot be before the start"])
    }

    func testRulesAreCheckedOnlyOnceEveryFieldResolved() {
        let built = Built()
        built.confirmation.text = "b@example.com"
        built.from.text = "not a date"
        guard case .failure(let errors) = built.form.resolve(Account()) else { return XCTFail("resolved") }
        XCTAssertEqual(errors.fields, [built.ids[4]])
    }

    func testAHiddenFieldTakesNoPartInResolve() throws {
        let built = Built()
        var start = Account()
        start.company = "kept"
        XCTAssertEqual(try built.form.resolve(start).get().company, "kept")
        XCTAssertEqual(built.form.hiddenFields(in: Account()), [built.ids[3]])
    }

    func testAFieldShowsWhenItsConditionHoldsOnTheOtherFields() {
        let built = Built()
        built.kind.text = "company"
        XCTAssertEqual(built.form.hiddenFields(in: Account()), [])
        guard case .failure(let errors) = built.form.resolve(Account()) else { return XCTFail("resolved") }
        XCTAssertEqual(errors.fields, [built.ids[3]])
        built.company.text = "ACME"
        XCTAssertEqual(try built.form.resolve(Account()).get().company, "ACME")
    }

    func testTheGenericUIResolveAppliesRulesToo() {
        let built = Built()
        built.confirmation.text = "b@example.com"
        var account = Account()
        let (success, errors) = built.form.resolve(model: &account)
        XCTAssertFalse(success)
        XCTAssertEqual(errors.count, 1)
    }

    func testIsResolvableFollowsRulesWithAPrototype() {
        let built = Built()
        built.form.prototype = Account()
        XCTAssertTrue(built.form.isResolvable)
        built.confirmation.text = "b@example.com"
        XCTAssertFalse(built.form.isResolvable)
    }
}
