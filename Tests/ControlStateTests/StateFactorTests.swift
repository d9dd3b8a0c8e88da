import ControlState
import XCTest

final class StateFactorTests: XCTestCase {
    func testANewControlIsNormal() {
        XCTAssertEqual(StatefulControl().state, .normal)
    }

    func testBuiltInPropertiesSetTheirBits() {
        let control = StatefulControl()
        control.isHighlighted = true
        control.isSelected = true
        control.isFocused = true
        XCTAssertEqual(control.state, [.highlighted, .selected, .focused])
        control.isEnabled = false
        XCTAssertEqual(control.state, [.disabled, .selected, .focused])
    }

    func testHighlightingWhileDisabledIsIgnored() {
        let control = StatefulControl()
        control.isEnabled = false
        control.isHighlighted = true
        XCTAssertFalse(control.isHighlighted)
        XCTAssertEqual(control.state, .disabled)
    }

    func testDisablingClearsHighlighted() {
        let control = StatefulControl()
        control.isHighlighted = true
        control.isEnabled = false
        XCTAssertFalse(control.isHighlighted)
        control.isEnabled = true
        XCTAssertEqual(control.state, .normal)
    }

    func testDisablingAHighlightedControlShowsTheDisabledValue() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("highlighted", for: swatch, \.color, for: .highlighted)
        control.setValue("disabled", for: swatch, \.color, for: .disabled)
        control.isHighlighted = true
        control.isEnabled = false
        XCTAssertEqual(swatch.color, "disabled")
    }

    func testBoolKeyPathFactorSetsItsStateWhileTrue() {
        let control = TestControl()
        control.isFilled = true
        XCTAssertEqual(control.state, .filled)
        control.isFilled = false
        XCTAssertEqual(control.state, .normal)
    }

    func testInvertedBoolKeyPathFactorSetsItsStateWhileFalse() {
        let control = TestControl()
        let locked = ControlState(rawValue: 1 << 20)
        control.register(locked, forBoolKeyPath: \TestControl.isLocked, inverted: true)
        XCTAssertEqual(control.state, locked)
        control.isLocked = true
        XCTAssertEqual(control.state, .normal)
    }

    func testPlainStoredFactorIsAppliedWhenTheControlIsTold() {
        let control = TestControl()
        let swatch = Swatch()
        let locked = ControlState(rawValue: 1 << 20)
        control.register(locked, forBoolKeyPath: \TestControl.isLocked)
        control.setValue("locked", for: swatch, \.color, for: locked)
        control.isLocked = true
        XCTAssertEqual(swatch.color, "none")
        control.setNeedsStateUpdate()
        XCTAssertEqual(swatch.color, "locked")
    }

    func testPredicateFactorSetsItsStateWhileItHolds() {
        let control = TestControl()
        control.register(.valid) { (control: TestControl) in control.isFilled && !control.isInvalid }
        control.isFilled = true
        XCTAssertEqual(control.state, [.valid, .filled])
        control.isInvalid = true
        XCTAssertEqual(control.state, [.filled, .invalid])
    }

    func testPredicateOnTheBaseClassSetsItsState() {
        let control = StatefulControl()
        let busy = ControlState(rawValue: 1 << 22)
        control.register(busy) { control in control.isSelected && control.isFocused }
        control.isSelected = true
        XCTAssertEqual(control.state, .selected)
        control.isFocused = true
        XCTAssertEqual(control.state, [.selected, .focused, busy])
    }

    func testRegisteringAFactorThatAlreadyHoldsAppliesItsState() {
        let control = TestControl()
        let swatch = Swatch()
        let locked = ControlState(rawValue: 1 << 20)
        control.setValue("locked", for: swatch, \.color, forAllStatesContained: locked)
        control.isLocked = true
        control.register(locked, forBoolKeyPath: \TestControl.isLocked)
        XCTAssertEqual(swatch.color, "locked")
    }

    func testTheStateIsAppliedOnlyWhenItChanges() {
        let control = TestControl()
        control.isFilled = true
        control.isFilled = true
        control.setNeedsStateUpdate()
        control.applyCurrentState()
        XCTAssertEqual(control.appliedStates, [.filled])
    }

    func testSettingADisabledControlsHighlightDoesNotApplyAnything() {
        let control = TestControl()
        control.isEnabled = false
        control.isHighlighted = true
        XCTAssertEqual(control.appliedStates, [.disabled])
    }
}
