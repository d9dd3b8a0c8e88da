import Forms
import XCTest

final class FormChoiceTests: XCTestCase {
    private enum Currency: String, CaseIterable, FormChoice {
        case eur, usd
        var title: String { self == .eur ? "Euro" : "US dollar" }
    }

    private enum Plain: String, CaseIterable, FormChoice { case small, large }

    private struct Order { var currency = Currency.eur; var size = Plain.small; var paid = false }

    func testAnEnumDeclaredAFormChoiceBindsWithNothingMore() throws {
        let form = Form<Order>()
        let currency = TextInput<Currency>(text: "usd")
        form.addRow([FormElement(form.bind(currency, to: \.currency))])
        XCTAssertEqual(try form.resolve(Order()).get().currency, .usd)
    }

    func testTheStoredRawValueIsApartFromTheTitle() {
        XCTAssertEqual(Currency.usd.description, "usd")
        XCTAssertEqual(Currency.usd.title, "US dollar")
        XCTAssertEqual(Currency("US dollar"), .usd)
    }

    func testTheDefaultTitleIsTheRawValueCapitalised() {
        XCTAssertEqual(Plain.large.title, "Large")
    }

    func testTextThatIsNoChoiceAsksToChooseOne() {
        XCTAssertEqual(Currency.parse("yen", using: .posix), .failure(ConversionError(.malformed, message: "Choose one of the options")))
    }

    func testBoolConformsInForms() throws {
        let form = Form<Order>()
        form.addRow([FormElement(form.bind(TextInput<Bool>(text: "true"), to: \.paid))])
        XCTAssertTrue(try form.resolve(Order()).get().paid)
    }
}
