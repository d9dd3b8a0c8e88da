import ControlState
import Controls
import PinCode
import XCTest

/// The application states of the modules that share a control's bits take one bit each:
/// a form input marked invalid must not look like a refused PIN, nor the reverse.
final class ApplicationStateTests: XCTestCase {
    func testEveryModulesApplicationStatesTakeBitsOfTheirOwn() {
        let states: [(String, ControlState)] = [
            ("PinCode .filled", .filled), ("PinCode .invalid", .invalid),
            ("PinCode .valid without .filled", ControlState.valid.subtracting(.filled)),
            ("Controls .invalidInput", .invalidInput), ("Controls .resolvable", .resolvable),
        ]
        for (index, (name, state)) in states.enumerated() {
            XCTAssertTrue(ControlState.application.isSuperset(of: state), "\(name) is outside the application range")
            for (other, otherState) in states[..<index] {
                XCTAssertTrue(state.isDisjoint(with: otherState), "\(name) takes a bit of \(other)")
            }
        }
    }
}
