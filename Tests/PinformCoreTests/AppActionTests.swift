import PinformCore
import XCTest

/// The application's actions: one name each, its detailed name for menus, its shortcuts.
final class AppActionTests: XCTestCase {
    func testNamesAndDetailedNames() {
        XCTAssertEqual(AppAction.changePIN.name, "change-pin")
        XCTAssertEqual(AppAction.changePIN.detailedName, "app.change-pin")
        XCTAssertEqual(AppAction.newRecoveryKey.detailedName, "app.new-recovery-key")
        XCTAssertEqual(Set(AppAction.allCases.map(\.name)).count, AppAction.allCases.count)
    }

    func testOnlyTheSessionsActionsNeedTheRecordsOpen() {
        XCTAssertEqual(AppAction.allCases.filter(\.needsUnlocked), [.lock, .changePIN, .newRecoveryKey, .importRecords, .printRecords, .newForm, .editForm])
    }

    func testTheShortcutsAreTheOnesTheShortcutsWindowLists() {
        XCTAssertEqual(AppAction.quit.accelerators, ["<Control>q"])
        XCTAssertEqual(AppAction.lock.accelerators, ["<Control>l"])
        XCTAssertEqual(AppAction.preferences.accelerators, ["<Control>comma"])
        XCTAssertEqual(AppAction.shortcuts.accelerators, ["<Control>question"])
        XCTAssertEqual(AppAction.changePIN.accelerators, [])
        XCTAssertEqual(AppAction.importRecords.accelerators, ["<Control>o"])
        XCTAssertEqual(AppAction.printRecords.accelerators, ["<Control>p"])
    }
}
