import ControlState
import XCTest

final class ApplicationStateBitTests: XCTestCase {
    func testEveryDeclaredBitIsOneBitOfTheApplicationRange() {
        for bit in ApplicationStateBit.allCases {
            XCTAssertEqual(bit.rawValue.nonzeroBitCount, 1, "\(bit)")
            XCTAssertTrue(ControlState.application.contains(ControlState(bit)), "\(bit)")
        }
    }

    func testNoTwoDeclaredBitsOverlap() {
        var taken = ControlState()
        for bit in ApplicationStateBit.allCases {
            XCTAssertTrue(taken.isDisjoint(with: ControlState(bit)), "\(bit) takes a bit already declared")
            taken.formUnion(ControlState(bit))
        }
    }
}
