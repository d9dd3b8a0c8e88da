import ControlState
import XCTest

/// Values without references, of every size, are written to stored properties exactly,
/// neighbours untouched.
final class TrivialValueTests: XCTestCase {
    private struct Insets: Equatable {
        var top = 0.0, bottom = 0.0
    }

    private final class Layout {
        var before: UInt8 = 0xAA
        var isVisible = false
        var code: UInt16 = 0
        var ratio: Int? = nil
        var insets = Insets()
        var colour: (UInt8, UInt8, UInt8) = (0, 0, 0)
        var after: UInt8 = 0xBB
    }

    func testTrivialValuesOfEverySizeAreWrittenExactly() {
        let control = StatefulControl()
        let layout = Layout()
        control.setValue(true, for: layout, \.isVisible, for: .selected)
        control.setValue(0xBEEF, for: layout, \.code, for: .selected)
        control.setValue(42, for: layout, \.ratio, for: .selected)
        control.setValue(Insets(top: 1.5, bottom: -2), for: layout, \.insets, for: .selected)
        control.setValue((1, 2, 3), for: layout, \.colour, for: .selected)
        control.isSelected = true
        XCTAssertTrue(layout.isVisible)
        XCTAssertEqual(layout.code, 0xBEEF)
        XCTAssertEqual(layout.ratio, 42)
        XCTAssertEqual(layout.insets, Insets(top: 1.5, bottom: -2))
        XCTAssertTrue(layout.colour == (1, 2, 3))
        XCTAssertEqual(layout.before, 0xAA)
        XCTAssertEqual(layout.after, 0xBB)
    }

    func testTrivialDefaultsComeBackExactly() {
        let control = StatefulControl()
        let layout = Layout()
        control.setValue(42, for: layout, \.ratio, for: .selected)
        control.setValue(0xBEEF, for: layout, \.code, for: .selected)
        control.isSelected = true
        control.isSelected = false
        XCTAssertNil(layout.ratio)
        XCTAssertEqual(layout.code, 0)
    }
}
