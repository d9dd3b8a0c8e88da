@testable import ControlState
import XCTest

final class WeakTargetTests: XCTestCase {
    func testTheControlDoesNotKeepTargetsAlive() {
        let control = StatefulControl()
        weak var released: Swatch?
        do {
            let swatch = Swatch()
            released = swatch
            control.setValue("selected", for: swatch, \.color, for: .selected)
        }
        XCTAssertNil(released)
    }

    func testAReleasedTargetsValuesGoAwayOnTheNextStateChange() {
        let control = StatefulControl()
        let kept = Swatch()
        control.setValue("kept", for: kept, \.color, for: .selected)
        do {
            let swatch = Swatch()
            control.setValue("selected", for: swatch, \.color, for: .selected)
        }
        XCTAssertEqual(control.boundTargetCount, 2)
        control.isSelected = true
        XCTAssertEqual(control.boundTargetCount, 1)
        XCTAssertEqual(kept.color, "kept")
    }

    func testAReleasedTargetsValuesGoAwayWhenANewTargetIsBound() {
        let control = StatefulControl()
        do {
            let swatch = Swatch()
            control.setValue("selected", for: swatch, \.color, for: .selected)
        }
        let other = Swatch()
        control.setValue("other", for: other, \.color, for: .selected)
        XCTAssertEqual(control.boundTargetCount, 1)
    }

    func testANewObjectDoesNotInheritAReleasedTargetsValues() {
        let control = StatefulControl()
        for _ in 0..<20 {
            let swatch = Swatch()
            XCTAssertNil(control.value(for: swatch, \.color, in: .selected))
            control.setValue("selected", for: swatch, \.color, for: .selected)
        }
    }

    func testStateChangesAfterEveryTargetIsReleasedDoNotCrash() {
        let control = TestControl()
        for _ in 0..<5 {
            let swatch = Swatch()
            control.setValue("filled", for: swatch, \.color, for: .filled)
            control.setValue(1.0, for: swatch, \.width, forInvertedState: .filled)
        }
        control.isFilled = true
        control.isFilled = false
        XCTAssertEqual(control.boundTargetCount, 0)
    }

    func testTheControlAsItsOwnTargetIsReleased() {
        weak var released: TestControl?
        do {
            let control = TestControl()
            released = control
            control.setValue("grey", for: \TestControl.fillColor, for: .filled)
            control.isFilled = true
        }
        XCTAssertNil(released)
    }
}
