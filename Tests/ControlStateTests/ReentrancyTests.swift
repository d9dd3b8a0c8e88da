import ControlState
import XCTest

/// Setters of bound properties may call back into the control; the engine must stay
/// consistent and never crash.
final class ReentrancyTests: XCTestCase {
    /// Focuses the control whenever it is told to show "selected".
    private final class FocusingSwatch {
        weak var control: StatefulControl?
        var color = "none" {
            didSet {
                if color == "selected" { control?.isFocused = true }
            }
        }
    }

    /// Binds another value on the control the first time it is written.
    private final class RebindingSwatch {
        weak var control: StatefulControl?
        let other = Swatch()
        var color = "none" {
            didSet {
                guard let control, color == "selected" else { return }
                control.setValue("rebound", for: other, \.color, forAllStatesContained: .selected)
            }
        }
    }

    func testASetterThatChangesTheStateLeavesTheNewerStateShown() {
        let control = StatefulControl()
        let swatch = FocusingSwatch()
        let other = Swatch()
        swatch.control = control
        control.setValue("selected", for: swatch, \.color, forAllStatesContained: .selected)
        control.setValue("both", for: swatch, \.color, forAllStatesContained: [.selected, .focused])
        control.setValue("other focused", for: other, \.color, forAllStatesContained: .focused)
        control.isSelected = true
        XCTAssertEqual(control.state, [.selected, .focused])
        XCTAssertEqual(swatch.color, "both")
        XCTAssertEqual(other.color, "other focused")
    }

    func testASetterThatBindsValuesDuringAStateChangeIsHarmless() {
        let control = StatefulControl()
        let swatch = RebindingSwatch()
        swatch.control = control
        let later = Swatch()
        control.setValue("selected", for: swatch, \.color, forAllStatesContained: .selected)
        control.setValue("later", for: later, \.color, forAllStatesContained: .selected)
        control.isSelected = true
        XCTAssertEqual(swatch.color, "selected")
        XCTAssertEqual(swatch.other.color, "rebound")
        XCTAssertEqual(later.color, "later")
    }
}
