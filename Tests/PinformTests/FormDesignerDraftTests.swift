@testable import Controls
import Foundation
import FormDefinitions
@_spi(Testing) import Gtk
import XCTest
@testable import Pinform
@testable import PinformModels
import PinformCore
import Storage

/// The designer closed by Lock: what was designed is kept as a sealed draft when every open
/// form's draft is written (before Lock), offered back when the designer next opens, gone
/// after Cancel; and the designer is freed with the window Lock destroys.
final class FormDesignerDraftTests: XCTestCase {
    private var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-designer-draft-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    func testLockKeepsTheDesignersDraftFreesItAndTheNextDesignerRestoresIt() throws {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            DefinedForms.shared.forgetAll()
            DefinedForms.shared.load(from: records)
            defer { DefinedForms.shared.forgetAll(); records.close() }
            let context = ModelContext(records: records)
            weak var closed: FormDesignerWindow?
            do {
                let parent = Window()
                parent.present()
                let designer = FormDesignerWindow(editing: nil, parent: parent, context: context) { _ in }
                designer.present()
                XCTAssertNil(designer.draftKeeper?.stored)
                designer.nameEntry.text = "Club"
                designer.addField()
                try XCTUnwrap(designer.editors.last).nameEntry.text = "Fee"
                // Lock: every open form's draft is written, then the form window is destroyed.
                XCTAssertTrue(context.saveAllDrafts())
                closed = designer
                parent.destroy()
            }
            _ = MainContext.spin(until: { closed == nil }, timeout: 2)
            XCTAssertNil(closed, "the designer outlives the window Lock destroyed")
            let kept = try XCTUnwrap(try context.drafts?.draft(for: "designer.new"), "no draft was kept")
            XCTAssertEqual(try FormDocument.decode(kept).fields.map(\.label), ["Fee"])

            let again = FormDesignerWindow(editing: nil, parent: nil, context: context) { _ in }
            let stored = try XCTUnwrap(again.draftKeeper?.stored)
            again.restore(try FormDocument.decode(stored))
            XCTAssertEqual(again.nameEntry.text, "Club")
            XCTAssertEqual(again.editors.map(\.nameEntry.text), ["Fee"])
            again.present()
            again.window.close()  // Cancel
            XCTAssertNil(try context.drafts?.draft(for: "designer.new"), "a cancelled designer left its draft")
        }
    }

    func testAnUnchangedDesignerKeepsNoDraft() throws {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            defer { records.close() }
            let context = ModelContext(records: records)
            let designer = FormDesignerWindow(editing: nil, parent: nil, context: context) { _ in }
            defer { designer.window.destroy() }
            XCTAssertTrue(context.saveAllDrafts())
            XCTAssertNil(try context.drafts?.draft(for: "designer.new"))
        }
    }
}
