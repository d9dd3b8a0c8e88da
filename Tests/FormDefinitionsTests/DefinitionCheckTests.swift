import FormDefinitions
import Foundation
import XCTest

final class DefinitionCheckTests: XCTestCase {
    private func messages(_ fields: [FieldDefinition], forms: Set<FormDefinitionID> = []) -> [String] {
        DefinitionCheck.problems(in: FormDefinition(id: "form-test", name: "Test", fields: fields), existingForms: forms).map(\.message)
    }

    private func computed(_ id: FieldDefinitionID, _ label: String, _ expression: String) -> FieldDefinition {
        FieldDefinition(id: id, label: label, kind: .computed(expression: expression))
    }

    func testASensibleDefinitionHasNoProblems() {
        XCTAssertEqual(messages([
            FieldDefinition(id: "a", label: "Price", kind: .money(currency: "EUR"), rules: FieldRules(minimum: 0, maximum: 10)),
            computed("b", "Double", "Price * 2"),
            computed("c", "Quadruple", "Double * 2"),
        ]), [])
    }

    func testAComputedFieldReferringToItselfIsRefused() {
        XCTAssertEqual(messages([computed("a", "Age", "Age + 1")]), ["“Age” is computed from itself"])
    }

    func testACycleThroughOtherFieldsIsRefusedNamingThePath() {
        let found = messages([computed("a", "A", "B + 1"), computed("b", "B", "C + 1"), computed("c", "C", "A + 1")])
        XCTAssertEqual(found, ["“A” is computed from itself, through “B”, “C”"])
    }

    func testExpressionErrorsNameTheField() {
        XCTAssertEqual(messages([computed("a", "Total", "Weight * 2")]), ["“Total”: No field is named “Weight”"])
        XCTAssertEqual(messages([FieldDefinition(id: "n", label: "Name", kind: .text(.plain)), computed("a", "Total", "Name * 2")]),
                       ["“Total”: “*” cannot combine text and a number"])
    }

    func testRulesThatCannotHoldAreRefused() {
        XCTAssertEqual(messages([FieldDefinition(id: "a", label: "Age", kind: .wholeNumber, rules: FieldRules(minimum: 10, maximum: 5))]),
                       ["“Age”: the minimum is above the maximum"])
        XCTAssertEqual(messages([FieldDefinition(id: "a", label: "Code", kind: .text(.plain), rules: FieldRules(minLength: 5, maxLength: 2))]),
                       ["“Code”: the shortest length is above the longest"])
        XCTAssertEqual(messages([FieldDefinition(id: "a", label: "Code", kind: .text(.plain),
                                                 rules: FieldRules(pattern: "[0-9", patternMessage: "Digits"))]),
                       ["“Code”: the pattern is not a valid regular expression"])
    }

    func testChoicesNeedOptionsEachOnce() {
        XCTAssertEqual(messages([FieldDefinition(id: "a", label: "Level", kind: .choice(options: []))]),
                       ["“Level” has no options to choose from"])
        XCTAssertEqual(messages([FieldDefinition(id: "a", label: "Level", kind: .choice(options: ["Gold", "gold"]))]),
                       ["“Level” has the option “gold” twice"])
    }

    func testALinkToAFormThatDoesNotExistIsRefused() {
        let link = FieldDefinition(id: "a", label: "Doctor", kind: .link(form: "form-gone"))
        XCTAssertEqual(messages([link]), ["“Doctor” links to a form that does not exist"])
        XCTAssertEqual(messages([link], forms: ["form-gone"]), [])
    }

    func testLabelsMustBeThereAndDifferent() {
        XCTAssertEqual(messages([FieldDefinition(id: "a", label: " ", kind: .date)]), ["Field 1 has no name"])
        XCTAssertEqual(messages([FieldDefinition(id: "a", label: "Name", kind: .date), FieldDefinition(id: "b", label: "name ", kind: .date)]),
                       ["Two fields are named “name”"])
    }

    func testNestedLineItemsAreRefused() {
        let nested = FieldDefinition(id: "a", label: "Lines", kind: .lines(columns: [
            FieldDefinition(id: "b", label: "Sub", kind: .lines(columns: [FieldDefinition(id: "c", label: "X", kind: .date)])),
        ]))
        XCTAssertEqual(messages([nested]), ["“Sub”: line items cannot have line items of their own"])
    }

    // MARK: Ids the store cannot tell apart (issue 39)

    func testIdsDifferingOnlyInPunctuationAreRefusedNamingBothFields() {
        let found = messages([FieldDefinition(id: "f-a", label: "First", kind: .text(.plain)),
                              FieldDefinition(id: "f_a", label: "Second", kind: .text(.plain))])
        XCTAssertEqual(found, ["“Second” and “First” cannot both be kept: their ids “f_a” and “f-a” name one stored column"])
    }

    func testIdsDifferingOnlyInCaseAreRefused() {
        let found = messages([FieldDefinition(id: "f-A", label: "First", kind: .date),
                              FieldDefinition(id: "f-a", label: "Second", kind: .wholeNumber)])
        XCTAssertEqual(found, ["“Second” and “First” cannot both be kept: their ids “f-a” and “f-A” name one stored column"])
    }

    func testIdsDifferingOnlyAfterTheColumnLimitAreRefused() {
        let stem = String(repeating: "x", count: 70)
        XCTAssertTrue(messages([FieldDefinition(id: FieldDefinitionID(stem + "1"), label: "A", kind: .date),
                                FieldDefinition(id: FieldDefinitionID(stem + "2"), label: "B", kind: .date)])
            .contains("“B” and “A” cannot both be kept: their ids “\(stem)2” and “\(stem)1” name one stored column"))
    }

    /// A shared database's server cuts names at 63 characters and does not find the cut column
    /// again: a field id of 62 characters ("f_" and it: 64) opened once, then never again.
    func testAFieldIdTooLongForASharedDatabasesColumnIsRefused() {
        let longest = FieldDefinitionID(String(repeating: "x", count: 61))
        XCTAssertEqual(messages([FieldDefinition(id: longest, label: "A", kind: .date)]), [])
        let long = FieldDefinitionID(String(repeating: "x", count: 62))
        XCTAssertEqual(messages([FieldDefinition(id: long, label: "A", kind: .date)]),
                       ["“A”: its id is longer than 61 characters, so its values cannot be stored"])
    }

    func testARemovedFieldsIdCollidingWithAFieldIsRefused() {
        var definition = FormDefinition(id: "form-test", name: "Test", fields: [FieldDefinition(id: "f.a", label: "A", kind: .date)])
        definition.removed = [FieldDefinition(id: "f a", label: "B", kind: .date)]
        XCTAssertEqual(DefinitionCheck.problems(in: definition, existingForms: []).map(\.field), ["f a"])
    }

    func testEveryRefusedPairReallyNamesOneColumnAndEveryAcceptedPairTwo() {
        let ids: [FieldDefinitionID] = ["a", "A", "a-", "a_", "a.", "é", "e", "_", "-", "ab", "aB", "a b", "ä", "a\u{301}"]
        for first in ids {
            for second in ids where first != second {
                let refused = !messages([FieldDefinition(id: first, label: "One", kind: .date),
                                         FieldDefinition(id: second, label: "Two", kind: .date)]).isEmpty
                let sameColumn = StoredNames.column(of: first).lowercased() == StoredNames.column(of: second).lowercased()
                XCTAssertEqual(refused, sameColumn, "\(first) \(second)")
            }
        }
    }

    func testAFormIdTooLongForATableNameIsRefused() {
        let long = FormDefinition(id: FormDefinitionID(String(repeating: "f", count: 60)), name: "Long",
                                  fields: [FieldDefinition(id: "a", label: "A", kind: .date)])
        XCTAssertEqual(DefinitionCheck.problems(in: long, existingForms: []).map(\.message),
                       ["The form's id is longer than 48 characters, so its records cannot be stored"])
        // 49 to 59 fit the records file's store, not a shared database's server (63 characters, the
        // table's triggers' names too: "form_<id>_versioned").
        let sharedLimit = FormDefinition(id: FormDefinitionID(String(repeating: "f", count: 49)), name: "Long",
                                         fields: [FieldDefinition(id: "a", label: "A", kind: .date)])
        XCTAssertEqual(DefinitionCheck.problems(in: sharedLimit, existingForms: []).count, 1)
        let longest = FormDefinition(id: FormDefinitionID(String(repeating: "f", count: 48)), name: "Long",
                                     fields: [FieldDefinition(id: "a", label: "A", kind: .date)])
        XCTAssertEqual(DefinitionCheck.problems(in: longest, existingForms: []), [])
    }
}

