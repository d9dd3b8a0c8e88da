import ControlState
import XCTest

final class StateDescriptorTests: XCTestCase {
    private let statesOfInterest: [ControlState] = [
        .normal, .highlighted, .disabled, .selected, .focused,
        [.highlighted, .selected], [.disabled, .selected], [.selected, .focused],
        .filled, [.filled, .invalid], [.filled, .highlighted], .valid, [.valid, .disabled],
    ]

    private func matchingStates(_ descriptor: StateDescriptor) -> [ControlState] {
        statesOfInterest.filter(descriptor.matches)
    }

    func testExactMatchesOnlyTheSameState() {
        XCTAssertEqual(matchingStates(.exact(.selected)), [.selected])
        XCTAssertEqual(matchingStates(.exact([.filled, .invalid])), [[.filled, .invalid]])
    }

    func testExactNormalMatchesOnlyNormal() {
        XCTAssertEqual(matchingStates(.exact(.normal)), [.normal])
    }

    func testIntersectedMatchesEveryStateContainingTheMask() {
        XCTAssertEqual(
            matchingStates(.intersected(.selected)),
            [.selected, [.highlighted, .selected], [.disabled, .selected], [.selected, .focused]]
        )
        XCTAssertEqual(matchingStates(.intersected(.valid)), [.valid, [.valid, .disabled]])
    }

    func testInvertedMatchesEveryStateLackingABitOfTheMaskIncludingNormal() {
        let matching = matchingStates(.inverted(.filled))
        XCTAssertTrue(matching.contains(.normal))
        XCTAssertEqual(matching, statesOfInterest.filter { !$0.contains(.filled) })
    }

    func testInvertedOfSeveralBitsMatchesWhenAnyOneIsMissing() {
        let descriptor = StateDescriptor.inverted([.filled, .invalid])
        XCTAssertTrue(descriptor.matches(.filled))
        XCTAssertTrue(descriptor.matches(.normal))
        XCTAssertFalse(descriptor.matches([.filled, .invalid]))
        XCTAssertFalse(descriptor.matches([.filled, .invalid, .highlighted]))
    }

    func testOneOfSeveralMatchesStatesWithAnyBitOfTheMask() {
        XCTAssertEqual(
            matchingStates(.oneOfSeveral([.highlighted, .focused])),
            [.highlighted, .focused, [.highlighted, .selected], [.selected, .focused], [.filled, .highlighted]]
        )
    }

    func testNoneOfMatchesStatesWithNoBitOfTheMask() {
        XCTAssertEqual(
            matchingStates(.noneOf([.disabled, .filled])),
            [.normal, .highlighted, .selected, .focused, [.highlighted, .selected], [.selected, .focused]]
        )
    }

    func testCustomMatchesWhenItsPredicateHolds() {
        let descriptor = StateDescriptor(state: [.filled, .invalid], priority: 1000) {
            $0.contains(.filled) && !$0.contains(.invalid)
        }
        XCTAssertEqual(
            matchingStates(descriptor),
            [.filled, [.filled, .highlighted], .valid, [.valid, .disabled]]
        )
    }

    func testDefaultPrioritiesFollowTheTable() {
        XCTAssertEqual(StateDescriptor.exact(.selected).priority, 1000)
        XCTAssertEqual(StateDescriptor.intersected(.selected).priority, 999)
        XCTAssertEqual(StateDescriptor.inverted(.selected).priority, 750)
        XCTAssertEqual(StateDescriptor.oneOfSeveral(.selected).priority, 500)
        XCTAssertEqual(StateDescriptor.noneOf(.selected).priority, 500)
    }

    func testExplicitPriorityIsKept() {
        XCTAssertEqual(StateDescriptor.intersected(.disabled, priority: 1000).priority, 1000)
    }

    func testEqualityIncludesTheKind() {
        XCTAssertNotEqual(StateDescriptor.oneOfSeveral(.filled), .noneOf(.filled))
        XCTAssertNotEqual(StateDescriptor.exact(.filled, priority: 999), .intersected(.filled))
        XCTAssertEqual(StateDescriptor.intersected(.filled), .intersected(.filled, priority: 999))
        XCTAssertEqual(Set([StateDescriptor.oneOfSeveral(.filled), .noneOf(.filled)]).count, 2)
    }

    func testEqualityIncludesMaskAndPriority() {
        XCTAssertNotEqual(StateDescriptor.intersected(.filled), .intersected(.invalid))
        XCTAssertNotEqual(StateDescriptor.intersected(.filled), .intersected(.filled, priority: 1))
    }

    func testCustomDescriptorEqualsOnlyItsCopies() {
        let descriptor = StateDescriptor(state: .filled, priority: 10) { $0.contains(.filled) }
        let copy = descriptor
        let lookalike = StateDescriptor(state: .filled, priority: 10) { $0.contains(.filled) }
        XCTAssertEqual(descriptor, copy)
        XCTAssertEqual(descriptor.hashValue, copy.hashValue)
        XCTAssertNotEqual(descriptor, lookalike)
    }

    func testEmptyIntersectedMatchesEveryState() {
        XCTAssertEqual(matchingStates(.intersected([])), statesOfInterest)
    }

    func testEmptyOneOfSeveralMatchesNoState() {
        XCTAssertEqual(matchingStates(.oneOfSeveral([])), [])
    }

    func testEmptyNoneOfMatchesEveryState() {
        XCTAssertEqual(matchingStates(.noneOf([])), statesOfInterest)
    }

    func testEmptyInvertedMatchesNoState() {
        XCTAssertEqual(matchingStates(.inverted([])), [])
    }
}
