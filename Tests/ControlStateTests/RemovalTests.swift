import ControlState
import XCTest

final class RemovalTests: XCTestCase {
    func testRemovingForAStateRemovesEveryDescriptorMatchingIt() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("exact", for: swatch, \.color, for: .selected)
        control.setValue("contained", for: swatch, \.color, forAllStatesContained: .selected)
        control.setValue("focused", for: swatch, \.color, forAllStatesContained: .focused)
        control.removeValues(for: swatch, \.color, forState: .selected)
        XCTAssertEqual(control.value(for: swatch, \.color, in: .selected), "none")
        XCTAssertEqual(control.value(for: swatch, \.color, in: .focused), "focused")
    }

    func testRemovingForAStateKeepsTheDefault() {
        let control = StatefulControl()
        let swatch = Swatch()
        swatch.color = "original"
        control.setValue("selected", for: swatch, \.color, for: .selected)
        control.removeValues(for: swatch, \.color, forState: .selected)
        swatch.color = "changed by hand"
        control.setValue("focused", for: swatch, \.color, for: .focused)
        XCTAssertEqual(control.value(for: swatch, \.color, in: .normal), "original")
    }

    func testRemovingAKeyPathRemovesAllItsValuesButKeepsItsDefault() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("selected", for: swatch, \.color, for: .selected)
        control.setValue("focused", for: swatch, \.color, for: .focused)
        control.setValue(3.0, for: swatch, \.width, for: .focused)
        control.removeValues(for: swatch, \.color)
        XCTAssertEqual(control.value(for: swatch, \.color, in: .selected), "none")
        XCTAssertEqual(control.value(for: swatch, \.color, in: .focused), "none")
        XCTAssertEqual(control.value(for: swatch, \.width, in: .focused), 3.0)
    }

    func testRemovingATargetForgetsItsBindingsAndDefaults() {
        let control = StatefulControl()
        let swatch = Swatch()
        let other = Swatch()
        control.setValue("selected", for: swatch, \.color, for: .selected)
        control.setValue("selected", for: other, \.color, for: .selected)
        control.removeValues(for: swatch)
        XCTAssertNil(control.value(for: swatch, \.color, in: .selected))
        control.isSelected = true
        XCTAssertEqual(swatch.color, "none")
        XCTAssertEqual(other.color, "selected")
    }

    func testRemovingWithNoTargetRemovesTheControlsOwnBindings() {
        let control = TestControl()
        control.setValue("grey", for: \TestControl.fillColor, for: .filled)
        control.removeValues()
        XCTAssertNil(control.value(for: \TestControl.fillColor, in: .filled))
    }

    func testRemovalDoesNotChangeWhatTheTargetShowsUntilTheStateChanges() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("selected", for: swatch, \.color, forAllStatesContained: .selected)
        control.isSelected = true
        control.removeValues(for: swatch, \.color)
        XCTAssertEqual(swatch.color, "selected")
        control.isFocused = true
        XCTAssertEqual(swatch.color, "none")
    }

    func testRemovingWhatWasNeverSetDoesNothing() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.removeValues(for: swatch, \.color, forState: .selected)
        control.removeValues(for: swatch, \.color)
        control.removeValues(for: swatch)
        control.removeValues()
        control.setValue("focused", for: swatch, \.color, for: .focused)
        control.removeValues(for: swatch, \.color, forState: .selected)
        control.removeValues(for: swatch, \.width)
        XCTAssertEqual(control.value(for: swatch, \.color, in: .focused), "focused")
    }
}
