import Controls
@_spi(Testing) import Gtk
import XCTest

/// docs/forms.md's custom input, as written there.
@MainActor
private final class StarsInput: FormFieldView {
    let control = InputFieldControl()
    let box = Box(.horizontal, spacing: 4)
    private var stars = 0 { didSet { changed?() } }
    private var changed: (() -> Void)?

    var text: String? {
        get { String(stars) }
        set { stars = newValue.flatMap(Int.init) ?? 0 }
    }
    var view: Widget { box }
    var focusTarget: Widget { box }
    var errorLine: Label? { nil }
    func onEdited(_ handler: @escaping @MainActor () -> Void) { changed = handler }
}

extension StarsInput: @MainActor FormInput {
    typealias Output = Int
}

final class FormsGuideTests: XCTestCase {
    private struct Review: Equatable { var rating = 0 }

    func testTheGuidesCustomInputLoadsResolvesAndValidates() {
        GtkRuntime.test {
            let form = FormView<Review>(prototype: Review())
            let stars = StarsInput()
            let field = form.bind(stars, to: \.rating, rules: [.atLeast(1, message: "Give at least one star")])
            form.addRow([FormElement(field)])
            form.build()
            form.load(Review(rating: 4))
            XCTAssertEqual(try? form.resolve(Review()).get(), Review(rating: 4))
            stars.text = "0"
            XCTAssertTrue(form.isDirty)
            guard case .failure(let errors) = form.resolve(Review()) else { return XCTFail("resolved") }
            XCTAssertEqual(errors[field].map(\.message), ["Give at least one star"])
            XCTAssertEqual(form.errorMessage(for: field), "Give at least one star")
        }
    }

    func testAFieldWithAConditionHidesWithItsLabelAsPeopleType() {
        GtkRuntime.test {
            struct Customer: Equatable { var isCompany = false; var company = "" }
            let form = FormView<Customer>(prototype: Customer())
            let isCompany = SwitchInput(label: "Company")
            let company = ActiveInput<String>(label: "Company name")
            let switchField = form.bind(isCompany, to: \.isCompany)
            let companyField = form.bind(company, to: \.company, rules: [.required])
            form.show(companyField, when: { $0.isCompany })
            form.addRow([FormElement(switchField), FormElement(companyField)])
            form.build()
            XCTAssertFalse(company.container.isVisible)
            XCTAssertTrue(form.isResolvable)
            isCompany.switchWidget.isOn = true
            XCTAssertTrue(company.container.isVisible)
            XCTAssertFalse(form.isResolvable, "the company name is required once shown")
        }
    }

    func testARuleAcrossFieldsShowsOnItsFieldOnceChanged() {
        GtkRuntime.test {
            struct Stay: Equatable {
                var from = CalendarDate(year: 2026, month: 1, day: 1)
                var until = CalendarDate(year: 2026, month: 1, day: 1)
            }
            let form = FormView<Stay>(prototype: Stay())
            let from = DateInput(label: "From", numberParsing: .posix)
            let until = DateInput(label: "Until", numberParsing: .posix)
            let untilField = form.bind(until, to: \.until)
            form.addRow([FormElement(form.bind(from, to: \.from)), FormElement(untilField)])
            form.addRule(on: [untilField], message: "The end cannot be before the start") { $0.until >= $0.from }
            form.build()
            form.load(Stay())
            let window = FormTestWindow(form.widget)
            defer { window.close() }
            window.focus(until.entry)
            until.text = "2025-12-31"
            XCTAssertNil(form.errorMessage(for: untilField), "no error while typing it the first time")
            window.leave()
            XCTAssertEqual(form.errorMessage(for: untilField), "The end cannot be before the start")
        }
    }
}
