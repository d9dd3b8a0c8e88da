@_spi(Testing) import Gtk
import XCTest

/// A object whose lifetime the tests watch through a weak reference.
private final class Probe {
    var count = 0
}

final class SignalTests: XCTestCase {
    func testConnectedClosureFires() {
        GtkRuntime.test {
            let button = Button(label: "Press")
            var clicks = 0
            button.onClicked { clicks += 1 }
            button.click()
            button.click()
            XCTAssertEqual(clicks, 2)
        }
    }

    func testClosureIsReleasedWhenItsWidgetIsFinalized() {
        GtkRuntime.test {
            weak var weakProbe: Probe?
            do {
                let probe = Probe()
                weakProbe = probe
                let button = Button(label: "Press")
                button.onClicked { probe.count += 1 }
                button.click()
                XCTAssertEqual(probe.count, 1)
            }
            // The wrapper owned the only reference: the widget is finalized and GLib drops the closure.
            XCTAssertNil(weakProbe)
        }
    }

    func testClosureIsReleasedWhenItsWindowIsDestroyed() {
        GtkRuntime.test {
            weak var weakProbe: Probe?
            var window: Window? = Window()
            do {
                let probe = Probe()
                weakProbe = probe
                let box = Box(.vertical)
                let button = Button(label: "Press")
                button.onClicked { probe.count += 1 }
                box.append(button)
                window?.child = box
            }
            window?.destroy()
            window = nil
            MainContext.spin(until: { weakProbe == nil }, timeout: 2)
            XCTAssertNil(weakProbe)
        }
    }

    func testDisconnectReleasesTheClosureAndStopsIt() {
        GtkRuntime.test {
            weak var weakProbe: Probe?
            let button = Button(label: "Press")
            do {
                let probe = Probe()
                weakProbe = probe
                let connection = button.onClicked { probe.count += 1 }
                connection.disconnect()
                connection.disconnect() // twice is harmless
            }
            button.click()
            XCTAssertNil(weakProbe)
        }
    }

    func testNotifyFiresOnPropertyChange() {
        GtkRuntime.test {
            let label = Label("a")
            var changes = 0
            label.onNotify("label") { changes += 1 }
            label.text = "b"
            XCTAssertEqual(changes, 1)
        }
    }

    func testWrapperOwnsExactlyOneReference() {
        GtkRuntime.test {
            let label = Label("x")
            XCTAssertEqual(label.referenceCount, 1)
        }
    }
}
