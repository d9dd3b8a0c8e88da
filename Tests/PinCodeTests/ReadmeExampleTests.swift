import ControlState
import PinCode
import XCTest

/// The README's PinCodeControl example, as written there.
final class ReadmeExampleTests: XCTestCase {
    func testTheReadmeExampleCompletesAValidPIN() {
        let pin = PinCodeControl(parameters: .init(length: 4))
        pin.setForInvalidState(fillColor: .init(red: 1, green: 0, blue: 0), borderColor: .black, borderWidth: 2)
        var reported: [Bool] = []
        let done = pin.subscribe(on: .typeComplete) { _ in reported.append(pin.state.contains(.valid)) }
        "5978".forEach { pin.insert($0) }
        XCTAssertEqual(reported, [true])
        done.cancel()
    }
}
