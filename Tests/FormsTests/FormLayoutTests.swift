import XCTest
import Forms

final class FormLayoutTests: XCTestCase {
    private func twoFields() -> (Form<Int>, FieldID, FieldID) {
        let form = Form<Int>()
        let a = form.bind(view: TextInput<String>())
        let b = form.bind(view: TextInput<String>())
        return (form, a, b)
    }

    func testEqualSizesShareEqually() {
        let (_, a, b) = twoFields()
        XCTAssertEqual(FormRow([FormElement(a), FormElement(b)]).shares, [0.5, 0.5])
    }

    func testSharesFollowSizesWithSpacersCounted() {
        let (_, a, b) = twoFields()
        let row = FormRow([FormElement(a, size: 2), .spacer(), FormElement(b)])
        XCTAssertEqual(row.shares, [0.5, 0.25, 0.25])
        XCTAssertEqual(row.totalSize, 4)
        XCTAssertEqual(row.share(at: 1), 0.25)
    }

    func testSpacerSizeCountsLikeAnElement() {
        let (_, a, _) = twoFields()
        XCTAssertEqual(FormRow([.spacer(size: 3), FormElement(a, size: 1)]).shares, [0.75, 0.25])
    }

    func testDefaultSizeIsOne() {
        let (_, a, _) = twoFields()
        XCTAssertEqual(FormElement(a).size, 1)
        XCTAssertEqual(FormElement.spacer().size, 1)
    }

    func testSizesBelowOneAreRaisedToOne() {
        let (_, a, _) = twoFields()
        XCTAssertEqual(FormElement(a, size: 0).size, 1)
        XCTAssertEqual(FormElement.spacer(size: -4).size, 1)
    }

    func testSpacerHasNoField() {
        XCTAssertTrue(FormElement.spacer().isSpacer)
        XCTAssertNil(FormElement.spacer().field)
    }

    func testEmptyRowHasNoShares() {
        XCTAssertEqual(FormRow([]).shares, [])
    }

    func testAddRowRecordsRowsAndPlacedFieldsInOrder() {
        let (form, a, b) = twoFields()
        form.addRow([FormElement(b), .spacer()])
        form.addRow([FormElement(a)])
        XCTAssertEqual(form.layout.rows.count, 2)
        XCTAssertEqual(form.layout.placedFields, [b, a])
        XCTAssertTrue(form.isPlaced(a))
    }
}
