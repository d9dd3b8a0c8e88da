import ControlState
import XCTest

/// The engine has no actor isolation, so main-actor code (the GTK layer) can own a control
/// and subscribe with closures that touch main-actor state. (Swift 6 does not let a key path
/// to a main-actor-isolated property be passed to the engine: bound properties live on
/// non-isolated objects such as the headless control itself.)
final class MainActorUseTests: XCTestCase {
    private final class PinLikeControl: StatefulControl {
        var isFilled = false {
            didSet { setNeedsStateUpdate() }
        }
        var fillColor = "clear"

        override init() {
            super.init()
            register(.filled, forBoolKeyPath: \PinLikeControl.isFilled)
            setValue("grey", for: \PinLikeControl.fillColor, forAllStatesContained: .filled)
        }
    }

    /// Main-actor code, as a GTK window would be.
    @MainActor
    private final class Window {
        let control = PinLikeControl()
        var isUnlocked = false
        var redraws = 0
        private var subscriptions: [Subscription] = []

        init() {
            subscriptions.append(control.subscribe(on: .typeComplete) { [weak self] _ in
                self?.isUnlocked = true
            })
            subscriptions.append(control.subscribe(on: .intersected(.filled)) { [weak self] in
                self?.redraws += 1
            })
        }

        func typeLastDigit() {
            control.performTransition {
                control.isFilled = true
                control.sendActions(for: .typeComplete)
            }
        }
    }

    func testMainActorCodeOwnsAControlAndReceivesItsEventsAndStates() {
        MainActor.assumeIsolated {
            let window = Window()
            window.typeLastDigit()
            XCTAssertTrue(window.isUnlocked)
            XCTAssertEqual(window.redraws, 1)
            XCTAssertEqual(window.control.fillColor, "grey")
        }
    }
}
