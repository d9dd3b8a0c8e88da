import ControlState
import XCTest

/// The README's examples (seeds/000), line by line in Swift, doing what the README says.
final class SeedExampleTests: XCTestCase {
    private final class SeedControl: StatefulControl {
        var filled = false { didSet { setNeedsStateUpdate() } }
        var valid = false { didSet { setNeedsStateUpdate() } }
        var backgroundColor: String?

        override init() {
            super.init()
            register(.disabled, forBoolKeyPath: \StatefulControl.isEnabled, inverted: true)
            register(.filled, forBoolKeyPath: \SeedControl.filled)
            register(.valid) { (control: SeedControl) in
                control.filled && control.valid
            }
        }
    }

    private final class StringReceiver {
        var value: String?
    }

    private final class Button {
        var enabled = false
    }

    func testRegisteredFactorsDeriveTheState() {
        let control = SeedControl()
        control.isEnabled = false
        XCTAssertTrue(control.state.contains(.disabled))
        control.isEnabled = true
        control.filled = true
        control.valid = true
        XCTAssertEqual(control.state, .valid)
    }

    func testAValueForAllStatesContainingHighlightedShowsWhileHighlighted() {
        let control = SeedControl()
        control.setValue("black", for: \SeedControl.backgroundColor, forAllStatesContained: .highlighted)
        control.isHighlighted = true
        control.isSelected = true
        XCTAssertEqual(control.backgroundColor, "black")
        control.isHighlighted = false
        XCTAssertNil(control.backgroundColor)
    }

    func testACustomDescriptorSendsItsStringToTheReceiver() {
        let control = SeedControl()
        let receiver = StringReceiver()
        control.setValue("QuickControl sended this string",
                         for: receiver, \.value,
                         for: StateDescriptor(state: [.filled, .invalid], priority: 1000) {
                             $0.contains(.filled) && !$0.contains(.invalid)
                         })
        XCTAssertNil(receiver.value)
        control.filled = true
        XCTAssertEqual(receiver.value, "QuickControl sended this string")
    }

    func testRemovingValuesForATargetKeyPathAndState() {
        let control = SeedControl()
        let receiver = StringReceiver()
        control.setValue("filled", for: receiver, \.value, for: .filled)
        control.setValue("disabled", for: receiver, \.value, for: .disabled)
        control.removeValues(for: receiver, \.value, forState: .filled)
        XCTAssertNil(control.value(for: receiver, \.value, in: .filled) ?? nil)
        control.removeValues(for: receiver, \.value)
        XCTAssertNil(control.value(for: receiver, \.value, in: .disabled) ?? nil)
        control.removeValues(for: receiver)
        XCTAssertTrue(control.value(for: receiver, \.value, in: .disabled) == nil)
    }

    func testATransitionSwitchesSeveralFactorsAtOnce() {
        let control = SeedControl()
        var validEntries = 0
        let subscription = control.subscribe(on: .intersected(.valid)) { validEntries += 1 }
        control.performTransition {
            control.filled = true
            control.valid = true
        }
        XCTAssertEqual(validEntries, 1)
        XCTAssertEqual(control.state, .valid)
        subscription.cancel()
    }

    func testSubscribingToTheValidStateEnablesTheButton() {
        let control = SeedControl()
        let button = Button()
        let subscription = control.subscribe(on: .intersected(.valid), { button.enabled = true })
        control.filled = true
        XCTAssertFalse(button.enabled)
        control.valid = true
        XCTAssertTrue(button.enabled)
        subscription.cancel()
    }

    /// What the original tests implied (NOTES.md): values for `.selected` and `.disabled`,
    /// then normal shows nothing, disabled the disabled value, selected the selected value.
    func testTheOriginalTestsExpectations() {
        let control = SeedControl()
        control.setValue("selected", for: \SeedControl.backgroundColor, for: .selected)
        control.setValue("disabled", for: \SeedControl.backgroundColor, for: .disabled)
        XCTAssertNil(control.backgroundColor)
        control.isEnabled = false
        XCTAssertEqual(control.backgroundColor, "disabled")
        control.isEnabled = true
        control.isSelected = true
        XCTAssertEqual(control.backgroundColor, "selected")
    }

    func testTypeCompleteSentInATransitionIsDelivered() {
        let control = SeedControl()
        var completed = 0
        let subscription = control.subscribe(on: .typeComplete) { _ in completed += 1 }
        control.performTransition {
            control.filled = true
            control.valid = true
            control.sendActions(for: .typeComplete)
        }
        XCTAssertEqual(completed, 1)
        subscription.cancel()
    }
}
