@testable import ControlState
import XCTest

/// Targets are held weakly: a released target is never written, and its values go away.
final class ReleasedTargetTests: XCTestCase {
    func testAReleasedTargetsStringsAndNumbersAreNotWritten() {
        let control = StatefulControl()
        do {
            let swatch = Swatch()
            control.setValue("selected \(Int.random(in: 100...999)) and longer than fifteen",
                             for: swatch, \.color, for: .selected)
            control.setValue(2.0, for: swatch, \.width, for: .selected)
        }
        // Writing a string into the released object would release its old string twice.
        control.isSelected = true
        control.isSelected = false
        XCTAssertEqual(control.boundTargetCount, 0)
    }

    func testAStateChangeWritesALiveTargetHeldNowhereElseButByTheTest() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue(3.0, for: swatch, \.width, for: .selected)
        control.setValue("selected", for: swatch, \.color, for: .selected)
        control.isSelected = true
        XCTAssertEqual(swatch.width, 3.0)
        XCTAssertEqual(swatch.color, "selected")
        control.isSelected = false
        XCTAssertEqual(swatch.width, 0.0)
        XCTAssertEqual(swatch.color, "none")
    }
}
