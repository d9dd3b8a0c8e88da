@_spi(Testing) import Gtk
import XCTest
@testable import Pinform
import PinformCore

/// The Preferences dialog writes each setting as its row changes, and shows the settings in use.
final class PreferencesDialogTests: XCTestCase {
    func testChoosingSixDigitsSetsTheLengthOfANewPin() {
        GtkRuntime.test {
            let settings = memorySettings()
            settings.pinLength = 4
            let preferences = PreferencesDialog(settings: settings)
            XCTAssertEqual(preferences.pinLengthRow.selected, 0)
            preferences.pinLengthRow.selected = 1
            XCTAssertEqual(settings.pinLength, 6)
            preferences.pinLengthRow.selected = 0
            XCTAssertEqual(settings.pinLength, 4)
        }
    }

    func testTurningTheSwitchOffStopsProtectingExportedSpreadsheets() {
        GtkRuntime.test {
            let settings = memorySettings()
            settings.neutralizesFormulas = true
            let preferences = PreferencesDialog(settings: settings)
            XCTAssertTrue(preferences.protectExportsSwitch.isOn)
            preferences.protectExportsSwitch.isOn = false
            XCTAssertFalse(settings.neutralizesFormulas)
            preferences.protectExportsSwitch.isOn = true
            XCTAssertTrue(settings.neutralizesFormulas)
        }
    }

    func testTheIdleLockDefaultsToFiveMinutesAndNeverTurnsItOff() {
        GtkRuntime.test {
            let settings = memorySettings()
            XCTAssertEqual(settings.idleLockDelay, 300, "the schema's default is five minutes")
            var heard = 0
            settings.observe(.idleLockDelay) { heard += 1 }
            let preferences = PreferencesDialog(settings: settings)
            XCTAssertEqual(PreferencesDialog.idleLockDelays[preferences.idleLockRow.selected], 300)
            preferences.idleLockRow.selected = PreferencesDialog.idleLockDelays.firstIndex(of: 0)!
            XCTAssertEqual(settings.idleLockDelay, 0)
            preferences.idleLockRow.selected = PreferencesDialog.idleLockDelays.firstIndex(of: 60)!
            XCTAssertEqual(settings.idleLockDelay, 60)
            XCTAssertTrue(MainContext.spin(until: { heard >= 2 }, timeout: 2), "the idle lock was not told")
            settings.idleLockDelay = 300
        }
    }

    func testADelaySetElsewhereShowsTheNearestChoice() {
        XCTAssertEqual(PreferencesDialog.idleLockDelays[PreferencesDialog.closestIdleLockChoice(to: 2)], 60)
        XCTAssertEqual(PreferencesDialog.idleLockDelays[PreferencesDialog.closestIdleLockChoice(to: 700)], 600)
        XCTAssertEqual(PreferencesDialog.idleLockDelays[PreferencesDialog.closestIdleLockChoice(to: 0)], 0)
    }

    func testTheRowsShowTheSettingsInUseAndSayWhatTheyDo() {
        GtkRuntime.test {
            let settings = memorySettings()
            settings.pinLength = 6
            settings.neutralizesFormulas = false
            let preferences = PreferencesDialog(settings: settings)
            XCTAssertEqual(preferences.pinLengthRow.selected, 1)
            XCTAssertFalse(preferences.protectExportsSwitch.isOn)
            XCTAssertEqual(preferences.pinLengthRow.title, "PIN length")
            XCTAssertEqual(preferences.protectExportsRow.title, "Protect exported spreadsheets")
            XCTAssertFalse(preferences.pinLengthRow.subtitle.isEmpty)
            XCTAssertFalse(preferences.protectExportsRow.subtitle.isEmpty)
        }
    }
}

/// Settings for a test: GSettings' memory backend under scripts/test, else plain memory.
@MainActor
private func memorySettings() -> AppSettings {
    AppSettings(schemaDirectories: [])
}
