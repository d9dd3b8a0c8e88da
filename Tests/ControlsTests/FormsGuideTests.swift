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
            let form = Form<Review>(prototype: Review())
            let stars = StarsInput()
            let field = form.bind(stars, to: \.rating, rules: [.atLeast(1, message: "Give at least one star")])
            form.addRow([FormElement(field)])
            let view = FormView(form)
            view.load(Review(rating: 4))
            XCTAssertEqual(try? view.resolve(Review()).get(), Review(rating: 4))
            stars.text = "0"
            XCTAssertTrue(view.isDirty)
            guard case .failure(let errors) = view.resolve(Review()) else { return XCTFail("resolved") }
            XCTAssertEqual(errors[field].map(\.message), ["Give at least one star"])
            XCTAssertEqual(view.errorMessage(for: field), "Give at least one star")
        }
    }

    func testAFieldWithAConditionHidesWithItsLabelAsPeopleType() {
        GtkRuntime.test {
            struct Customer: Equatable { var isCompany = false; var company = "" }
            let form = Form<Customer>(prototype: Customer())
            let isCompany = SwitchInput(label: "Company")
            let company = ActiveInput<String>(label: "Company name")
            let switchField = form.bind(isCompany, to: \.isCompany)
            let companyField = form.bind(company, to: \.company, rules: [.required])
            form.show(companyField, when: { $0.isCompany })
            form.addRow([FormElement(switchField), FormElement(companyField)])
            let view = FormView(form)
            XCTAssertFalse(company.container.isVisible)
            XCTAssertTrue(view.isResolvable)
            isCompany.switchWidget.isOn = true
            XCTAssertTrue(company.container.isVisible)
            XCTAssertFalse(view.isResolvable, "the company name is required once shown")
        }
    }

    func testARuleAcrossFieldsShowsOnItsFieldOnceChanged() {
        GtkRuntime.test {
            struct Stay: Equatable {
                var from = CalendarDate(year: 2026, month: 1, day: 1)
                var until = CalendarDate(year: 2026, month: 1, day: 1)
            }
            let form = Form<Stay>(prototype: Stay())
            let from = DateInput(label: "From", numberParsing: .posix)
            let until = DateInput(label: "Until", numberParsing: .posix)
            let untilField = form.bind(until, to: \.until)
            form.addRow([FormElement(form.bind(from, to: \.from)), FormElement(untilField)])
            form.addRule(on: [untilField], message: "The end cannot be before the start") { $0.until >= $0.from }
            let view = FormView(form)
            view.load(Stay())
            let window = FormTestWindow(view.widget)
            defer { window.close() }
            window.focus(until.entry)
            until.text = "2025-12-31"
            XCTAssertNil(view.errorMessage(for: untilField), "no error while typing it the first time")
            window.leave()
            XCTAssertEqual(view.errorMessage(for: untilField), "The end cannot be before the start")
        }
    }
}
