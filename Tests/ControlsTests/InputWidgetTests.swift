import Controls
import Foundation
@_spi(Testing) import Gtk
import GtkTesting
import XCTest

final class InputWidgetTests: XCTestCase {
    private enum Currency: String, CaseIterable, FormChoice {
        case eur, usd
        var title: String { self == .eur ? "Euro" : "US dollar" }
    }

    func testAChoiceInputShowsTitlesAndReadsTheRawValue() {
        GtkRuntime.test {
            let input = ChoiceInput<Currency>(label: "Currency")
            XCTAssertEqual(input.dropDown.items, ["Euro", "US dollar"])
            input.dropDown.selectedIndex = 1
            XCTAssertEqual(input.text, "usd")
            XCTAssertEqual(input.output, .usd)
            input.text = "eur"
            XCTAssertEqual(input.dropDown.selectedIndex, 0)
        }
    }

    func testAnOptionalChoiceOffersNone() {
        GtkRuntime.test {
            let input = ChoiceInput<Currency>(label: "Currency", allowsNone: true)
            XCTAssertEqual(input.dropDown.items, ["None", "Euro", "US dollar"])
            XCTAssertEqual(input.text, "")
            input.choice = .usd
            XCTAssertEqual(input.dropDown.selectedIndex, 2)
            input.text = ""
            XCTAssertNil(input.choice)
        }
    }

    func testEveryInputIsNamedByItsLabel() {
        GtkRuntime.test {
            let date = DateInput(label: "Issue date")
            let choice = ChoiceInput<Currency>(label: "Currency")
            let notes = TextAreaInput(label: "Notes")
            let paid = SwitchInput(label: "Paid")
            XCTAssertTrue(date.entry.isAccessiblyLabelled(by: date.label))
            XCTAssertTrue(choice.dropDown.isAccessiblyLabelled(by: choice.label))
            XCTAssertTrue(notes.textView.isAccessiblyLabelled(by: notes.label))
            XCTAssertTrue(paid.switchWidget.isAccessiblyLabelled(by: paid.label!))
        }
    }

    func testPickingADayInTheCalendarWritesItInTheLocale() {
        GtkRuntime.test {
            let input = DateInput(label: "Due date", numberParsing: NumberParsing(locale: Locale(identifier: "de_DE")))
            let window = FormTestWindow(input.view)
            defer { window.close() }
            input.calendarButton.popup()
            XCTAssertTrue(MainContext.spin(until: { input.calendarButton.isOpen }))
            input.calendar.pick(year: 2026, month: 11, day: 30)
            XCTAssertEqual(input.text, "30.11.2026")
            XCTAssertEqual(input.output, CalendarDate(year: 2026, month: 11, day: 30))
            XCTAssertTrue(MainContext.spin(until: { !input.calendarButton.isOpen }))
        }
    }

    func testAMultiLineInputKeepsItsLines() {
        GtkRuntime.test {
            let notes = TextAreaInput(label: "Notes")
            notes.text = "first\nsecond"
            XCTAssertEqual(notes.text, "first\nsecond")
            XCTAssertEqual(notes.output, "first\nsecond")
        }
    }

    func testALabelledSwitchReadsTrueOrFalse() {
        GtkRuntime.test {
            let paid = SwitchInput(label: "Paid")
            XCTAssertEqual(paid.text, "false")
            paid.text = "true"
            XCTAssertTrue(paid.switchWidget.isOn)
        }
    }
}
