import ControlState
import XCTest

final class SubscriptionTests: XCTestCase {
    func testEventSubscribersReceiveOnlyTheirEvents() {
        let control = StatefulControl()
        var seen: [ControlEvents] = []
        let subscription = control.subscribe(on: .valueChanged) { seen.append($0) }
        control.sendActions(for: .editingChanged)
        control.sendActions(for: .valueChanged)
        XCTAssertEqual(seen, [.valueChanged])
        subscription.cancel()
    }

    func testACancelledEventSubscriptionNoLongerFires() {
        let control = StatefulControl()
        var count = 0
        let subscription = control.subscribe(on: .valueChanged) { _ in count += 1 }
        subscription.cancel()
        control.sendActions(for: .valueChanged)
        XCTAssertEqual(count, 0)
        XCTAssertTrue(subscription.isCancelled)
    }

    func testAReleasedEventSubscriptionNoLongerFires() {
        let control = StatefulControl()
        var count = 0
        var subscription: Subscription? = control.subscribe(on: .valueChanged) { _ in count += 1 }
        control.sendActions(for: .valueChanged)
        subscription = nil
        control.sendActions(for: .valueChanged)
        XCTAssertEqual(count, 1)
        XCTAssertNil(subscription)
    }

    func testStateSubscribersFireWhenTheirDescriptorStartsMatching() {
        let control = TestControl()
        var count = 0
        let subscription = control.subscribe(on: .intersected(.filled)) { count += 1 }
        control.isFilled = true
        control.isSelected = true
        control.isInvalid = true
        XCTAssertEqual(count, 1)
        control.isFilled = false
        control.isFilled = true
        XCTAssertEqual(count, 2)
        subscription.cancel()
    }

    func testStateSubscribersDoNotFireOnSubscribingWhenAlreadyMatching() {
        let control = TestControl()
        control.isFilled = true
        var count = 0
        let subscription = control.subscribe(on: .intersected(.filled)) { count += 1 }
        XCTAssertEqual(count, 0)
        subscription.cancel()
    }

    func testStateSubscribersSeeTheAppliedValues() {
        let control = TestControl()
        let swatch = Swatch()
        control.setValue("filled", for: swatch, \.color, for: .filled)
        var seen: [String] = []
        let subscription = control.subscribe(on: .exact(.filled)) { seen.append(swatch.color) }
        control.isFilled = true
        XCTAssertEqual(seen, ["filled"])
        subscription.cancel()
    }

    func testACancelledStateSubscriptionNeverFires() {
        let control = TestControl()
        var count = 0
        let subscription = control.subscribe(on: .intersected(.filled)) { count += 1 }
        subscription.cancel()
        control.isFilled = true
        XCTAssertEqual(count, 0)
    }

    func testAReleasedStateSubscriptionNeverFires() {
        let control = TestControl()
        var count = 0
        _ = control.subscribe(on: .intersected(.filled)) { count += 1 }
        control.isFilled = true
        XCTAssertEqual(count, 0)
    }

    func testASubscriptionCancelledDuringADeliveryDoesNotFire() {
        let control = StatefulControl()
        var second: Subscription?
        var secondFired = false
        let first = control.subscribe(on: .valueChanged) { _ in second?.cancel() }
        second = control.subscribe(on: .valueChanged) { _ in secondFired = true }
        control.sendActions(for: .valueChanged)
        XCTAssertFalse(secondFired)
        first.cancel()
    }

    func testCancellingTwiceIsHarmless() {
        let control = StatefulControl()
        let subscription = control.subscribe(on: .valueChanged) { _ in }
        subscription.cancel()
        subscription.cancel()
        XCTAssertTrue(subscription.isCancelled)
    }

    func testASubscriptionOutlivingItsControlIsHarmless() {
        var control: StatefulControl? = StatefulControl()
        let subscription = control!.subscribe(on: .valueChanged) { _ in }
        control = nil
        subscription.cancel()
        XCTAssertNil(control)
    }
}
