import Dispatch
@_spi(Testing) import Gtk
import XCTest

final class MainContextTests: XCTestCase {
    func testMainActorTaskRunsUnderTheGLibLoop() {
        GtkRuntime.test {
            var ran = false
            Task { @MainActor in ran = true }
            XCTAssertTrue(MainContext.spin(until: { ran }, timeout: 2))
        }
    }

    func testAwaitingWorkOffTheMainActorResumesOnTheGLibLoop() {
        GtkRuntime.test {
            var result = 0
            Task { @MainActor in
                let value = await Task.detached { (1...100).reduce(0, +) }.value
                result = value
            }
            XCTAssertTrue(MainContext.spin(until: { result == 5050 }, timeout: 2))
        }
    }

    func testDispatchMainQueueRunsUnderTheGLibLoop() {
        GtkRuntime.test {
            var ran = false
            DispatchQueue.main.async { MainActor.assumeIsolated { ran = true } }
            XCTAssertTrue(MainContext.spin(until: { ran }, timeout: 2))
        }
    }

    func testIdleRunsOnceAndReleasesItsClosure() {
        GtkRuntime.test {
            var runs = 0
            MainContext.idle { runs += 1 }
            MainContext.spin(until: { runs > 0 }, timeout: 2)
            for _ in 0..<5 { MainContext.iterate() }
            XCTAssertEqual(runs, 1)
        }
    }

    func testTimeoutRepeatsUntilItReturnsFalse() {
        GtkRuntime.test {
            var ticks = 0
            MainContext.timeout(milliseconds: 1) {
                ticks += 1
                return ticks < 3
            }
            MainContext.spin(until: { ticks >= 3 }, timeout: 2)
            for _ in 0..<5 { MainContext.iterate() }
            XCTAssertEqual(ticks, 3)
        }
    }
}
