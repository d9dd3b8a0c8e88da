@testable import Controls
import Foundation
import FormDefinitions
@_spi(Testing) import Gtk
import XCTest
@testable import Pinform
@_spi(Testing) @testable import PinformModels
import PinformCore
import Storage
import TestFolders

/// The designer's draft: what is designed is kept as a sealed draft as it is typed (a kill
/// loses nothing) and when every open form's draft is written (before Lock), offered back when
/// the designer next opens, gone after Cancel; and the designer is freed with the window Lock
/// destroys. Cancel (and Escape) is the designer's one way out, asking when there are changes.
final class FormDesignerDraftTests: TemporaryFolderTestCase {
    func testLockKeepsTheDesignersDraftFreesItAndTheNextDesignerRestoresIt() throws {
        let paths = self.paths
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
            // Cancel: the restored form differs from the new one, so it asks first.
            let asking = try XCTUnwrap(again.cancelAsking(), "Cancel closed a changed designer without asking")
            asking.discardButton.click()
            XCTAssertNil(try context.drafts?.draft(for: "designer.new"), "a cancelled designer left its draft")
        }
    }

    func testAnUnchangedDesignerKeepsNoDraft() throws {
        let paths = self.paths
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

    func testTheDraftIsWrittenAsItIsTypedWithoutLock() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            defer { records.close() }
            let context = ModelContext(records: records)
            let designer = FormDesignerWindow(editing: nil, parent: nil, context: context) { _ in }
            defer { designer.window.destroy() }
            designer.present()
            designer.nameEntry.text = "Intake"
            designer.addField()
            try XCTUnwrap(designer.editors.last).nameEntry.text = "Allergies"
            // No Lock, no saveAllDrafts: a kill now must find the draft written.
            let written = MainContext.spin(until: {
                guard let data = try? context.drafts?.draft(for: "designer.new"),
                      let draft = try? FormDocument.decode(data) else { return false }
                return draft.name == "Intake" && draft.fields.map(\.label) == ["Allergies"]
            }, timeout: 2)
            XCTAssertTrue(written, "the designer's draft was not written within 2 s of the change")
        }
    }

    func testADraftLeftBeforeIsNotRemovedWhileTheDesignerIsAsItOpened() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            defer { records.close() }
            let context = ModelContext(records: records)
            let left = FormDocument.encode(FormDefinition(name: "Club", fields: [FieldDefinition(label: "Fee", kind: .text(.plain))]))
            try XCTUnwrap(context.drafts).save(left, for: "designer.new")
            let designer = FormDesignerWindow(editing: nil, parent: nil, context: context) { _ in }
            defer { designer.window.destroy() }
            designer.changed()
            _ = MainContext.spin(until: { false }, timeout: 0.8)
            XCTAssertTrue(context.saveAllDrafts())
            XCTAssertEqual(try context.drafts?.draft(for: "designer.new"), left, "the unanswered draft was removed")
        }
    }

    func testCancelIsTheOneWayOutAndAsksOnlyWhenSomethingChanged() throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            defer { records.close() }
            let context = ModelContext(records: records)
            weak var unchanged: FormDesignerWindow?
            do {
                let designer = FormDesignerWindow(editing: nil, parent: nil, context: context) { _ in }
                designer.present()
                let header = try XCTUnwrap(designer.window.descendants.lazy.compactMap { $0 as? AdwaitaHeaderBar }.first)
                XCTAssertFalse(header.showsEndTitleButtons, "the designer has a close button beside Cancel")
                XCTAssertFalse(header.showsStartTitleButtons, "the designer has a close button beside Cancel")
                unchanged = designer
                designer.cancelButton.click()
            }
            _ = MainContext.spin(until: { unchanged == nil }, timeout: 2)
            XCTAssertNil(unchanged, "Cancel did not close an unchanged designer")

            let designer = FormDesignerWindow(editing: nil, parent: nil, context: context) { _ in }
            defer { designer.window.destroy() }
            designer.present()
            designer.nameEntry.text = "Club"
            let asking = try XCTUnwrap(designer.cancelAsking(), "Cancel closed a changed designer without asking")
            XCTAssertTrue(designer.window.isVisible)
            asking.cancelButton.click()
            XCTAssertTrue(designer.window.isVisible, "Cancel in “Discard changes?” closed the designer")
            XCTAssertEqual(designer.nameEntry.text, "Club")
        }
    }
}
