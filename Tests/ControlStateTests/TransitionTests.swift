import ControlState
import XCTest

final class TransitionTests: XCTestCase {
    func testATransitionAppliesOnceAtCommit() {
        let control = TestControl()
        control.beginTransition()
        control.isFilled = true
        control.isInvalid = true
        control.isSelected = true
        XCTAssertEqual(control.appliedStates, [])
        control.commitTransition()
        XCTAssertEqual(control.appliedStates, [[.filled, .invalid, .selected]])
    }

    func testNestedTransitionsApplyOnceAtTheOutermostCommit() {
        let control = TestControl()
        control.beginTransition()
        control.isFilled = true
        control.beginTransition()
        control.isInvalid = true
        control.commitTransition()
        XCTAssertEqual(control.appliedStates, [])
        control.commitTransition()
        XCTAssertEqual(control.appliedStates, [[.filled, .invalid]])
    }

    func testValuesShowTheNewStateOnlyAfterTheCommit() {
        let control = TestControl()
        let swatch = Swatch()
        control.setValue("filled", for: swatch, \.color, for: .filled)
        control.beginTransition()
        control.isFilled = true
        XCTAssertEqual(swatch.color, "none")
        control.commitTransition()
        XCTAssertEqual(swatch.color, "filled")
    }

    func testStateReportsTheFactorsDuringATransition() {
        let control = TestControl()
        control.performTransition {
            control.isFilled = true
            XCTAssertEqual(control.state, .filled)
        }
    }

    func testEventsSentDuringATransitionArriveAfterTheStateIsApplied() {
        let control = TestControl()
        let swatch = Swatch()
        control.setValue("filled", for: swatch, \.color, for: .filled)
        var seen: [String] = []
        let subscription = control.subscribe(on: .typeComplete) { _ in seen.append(swatch.color) }
        control.performTransition {
            control.isFilled = true
            control.sendActions(for: .typeComplete)
        }
        XCTAssertEqual(seen, ["filled"])
        subscription.cancel()
    }

    func testEventsSentDuringATransitionArriveOnceEachInFirstSentOrder() {
        let control = TestControl()
        var seen: [ControlEvents] = []
        let subscription = control.subscribe(on: .all) { seen.append($0) }
        control.performTransition {
            control.sendActions(for: .typeComplete)
            control.sendActions(for: .valueChanged)
            control.beginTransition()
            control.sendActions(for: .typeComplete)
            control.commitTransition()
            control.sendActions(for: .valueChanged)
        }
        XCTAssertEqual(seen, [.typeComplete, .valueChanged])
        subscription.cancel()
    }

    func testEventsAreHeldUntilTheOutermostCommit() {
        let control = TestControl()
        var count = 0
        let subscription = control.subscribe(on: .valueChanged) { _ in count += 1 }
        control.beginTransition()
        control.beginTransition()
        control.sendActions(for: .valueChanged)
        control.commitTransition()
        XCTAssertEqual(count, 0)
        control.commitTransition()
        XCTAssertEqual(count, 1)
        subscription.cancel()
    }

    func testEndTransitionDropsEventsAndAppliesNothing() {
        let control = TestControl()
        let swatch = Swatch()
        control.setValue("filled", for: swatch, \.color, for: .filled)
        var count = 0
        let subscription = control.subscribe(on: .typeComplete) { _ in count += 1 }
        control.beginTransition()
        control.isFilled = true
        control.sendActions(for: .typeComplete)
        control.endTransition()
        XCTAssertEqual(count, 0)
        XCTAssertEqual(swatch.color, "none")
        XCTAssertEqual(control.appliedStates, [])
        subscription.cancel()
    }

    func testAStateLeftByEndTransitionIsAppliedByTheNextUpdate() {
        let control = TestControl()
        let swatch = Swatch()
        control.setValue("filled", for: swatch, \.color, forAllStatesContained: .filled)
        control.performTransition(commit: false) {
            control.isFilled = true
        }
        control.isSelected = true
        XCTAssertEqual(swatch.color, "filled")
    }

    func testPerformTransitionCommitsEvenWhenTheBodyThrows() {
        struct Failure: Error {}
        let control = TestControl()
        XCTAssertThrowsError(try control.performTransition {
            control.isFilled = true
            throw Failure()
        })
        XCTAssertFalse(control.isInTransition)
        XCTAssertEqual(control.appliedStates, [.filled])
    }

    func testUnbalancedCommitAndEndDoNothing() {
        let control = TestControl()
        control.commitTransition()
        control.endTransition()
        XCTAssertFalse(control.isInTransition)
        control.isFilled = true
        XCTAssertEqual(control.appliedStates, [.filled])
    }

    func testEventsOutsideATransitionArriveAtOnce() {
        let control = StatefulControl()
        var seen: [ControlEvents] = []
        let subscription = control.subscribe(on: [.valueChanged, .editingChanged]) { seen.append($0) }
        control.sendActions(for: [.valueChanged, .primaryActionTriggered])
        XCTAssertEqual(seen, [.valueChanged])
        subscription.cancel()
    }
}
