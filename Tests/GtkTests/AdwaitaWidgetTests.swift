@_spi(Testing) import Gtk
import XCTest

/// The libadwaita wrappers with real widgets: what each shows and what it reports back.
final class AdwaitaWidgetTests: XCTestCase {
    func testAnAlertDialogReportsTheChosenResponse() throws {
        try GtkRuntime.test {
            let parent = Window()
            defer { parent.destroy() }
            let dialog = AlertDialog(parent: parent, heading: "Discard changes?", body: "Your edits will be lost.")
            dialog.addResponse("keep", label: "Keep Editing")
            dialog.addResponse("discard", label: "Discard", appearance: .destructive)
            dialog.closeResponse = "keep"
            dialog.defaultResponse = "keep"
            XCTAssertEqual(dialog.heading, "Discard changes?")
            XCTAssertEqual(dialog.body, "Your edits will be lost.")
            XCTAssertEqual(dialog.label(ofResponse: "discard"), "Discard")
            XCTAssertNil(dialog.label(ofResponse: "save"))
            XCTAssertEqual(dialog.closeResponse, "keep")
            XCTAssertEqual(dialog.defaultResponse, "keep")
            // Its name for screen readers: the heading.
            XCTAssertEqual(dialog.title, "Discard changes?")

            var chosen: [String] = []
            dialog.onResponse { chosen.append($0) }
            dialog.present()
            // Over a plain GtkWindow, libadwaita shows the dialog as a modal window of its own.
            let own = try XCTUnwrap(dialog.ownWindow, "the dialog is not in a window of its own")
            XCTAssertTrue(own.isModal)
            XCTAssertTrue(own.transientParent === parent)
            dialog.respond("discard")
            XCTAssertEqual(chosen, ["discard"])
        }
    }

    func testClosingAnAlertDialogChoosesItsCloseResponseUnlessItMayNotClose() {
        GtkRuntime.test {
            let parent = Window()
            defer { parent.destroy() }
            parent.present()
            let dialog = AlertDialog(parent: parent, heading: "Save Your Recovery Key", body: "")
            dialog.addResponse("continue", label: "Continue")
            dialog.closeResponse = "continue"
            var chosen: [String] = []
            dialog.onResponse { chosen.append($0) }
            dialog.present()
            // What Escape does: closing is refused while `canClose` is false.
            dialog.canClose = false
            XCTAssertFalse(dialog.close())
            XCTAssertEqual(chosen, [])
            dialog.canClose = true
            XCTAssertTrue(dialog.close())
            XCTAssertEqual(chosen, ["continue"])
        }
    }

    func testAnAlertDialogInsideALibadwaitaWindowLeavesNoFocusablePartUnnamed() throws {
        try GtkRuntime.test {
            let window = try XCTUnwrap(ApplicationWindowForTests.make(), "no application window")
            defer { window.destroy() }
            window.present()
            let dialog = AlertDialog(parent: window, heading: "Make a New Recovery Key?", body: "The current key stops working.")
            dialog.addResponse("cancel", label: "Cancel")
            dialog.present()
            XCTAssertNil(dialog.ownWindow, "over a libadwaita window, the dialog is shown inside it")
            XCTAssertTrue(dialog.rootWindow === window)
            // GTK 4.18 gives a part of role "generic" no name: a screen reader would say "panel".
            let unnamed = dialog.descendants.filter { $0.isFocusable && $0.accessibleRole == .generic }
            XCTAssertEqual(unnamed.map { String(describing: type(of: $0)) }, [])
        }
    }

    func testPreferencesAreADialogThatClosesAsEscapeDoes() {
        GtkRuntime.test {
            let parent = Window()
            defer { parent.destroy() }
            parent.present()
            let preferences = AdwaitaPreferencesDialog()
            preferences.title = "Preferences"
            preferences.isSearchEnabled = false
            XCTAssertFalse(preferences.isSearchEnabled)
            let page = PreferencesPage()
            let group = PreferencesGroup(title: "Export")
            let row = ActionRow(title: "Protect exported spreadsheets", subtitle: "")
            group.add(row)
            page.add(group)
            preferences.add(page)
            var closed = 0
            preferences.onClosed { closed += 1 }
            preferences.present(over: parent)
            XCTAssertTrue(MainContext.spin(until: { row.isMapped }), "the rows were not shown")
            XCTAssertTrue(row.enclosingDialog === preferences, "a row does not know the dialog it is in")
            XCTAssertNil(parent.enclosingDialog)
            // What Escape does.
            XCTAssertTrue(preferences.close())
            XCTAssertTrue(MainContext.spin(until: { closed == 1 }), "closing did not report it")
            XCTAssertTrue(MainContext.spin(until: { !row.isMapped }), "the rows stayed shown")
        }
    }

    func testAToastShowsItsButtonAndReportsIt() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            let overlay = ToastOverlay()
            overlay.child = Label("Content")
            window.child = overlay
            window.present()

            let toast = ToastOverlay.Toast("Record deleted", timeout: 0)
            toast.buttonLabel = "Undo"
            var undone = 0, dismissed = 0
            toast.onButtonClicked { undone += 1 }
            toast.onDismissed { dismissed += 1 }
            overlay.add(toast)
            XCTAssertEqual(toast.title, "Record deleted")
            XCTAssertEqual(toast.buttonLabel, "Undo")
            toast.dismiss()
            XCTAssertEqual(dismissed, 1)
            XCTAssertEqual(undone, 0)
        }
    }

    func testAViewSwitcherInAHeaderBarNamesItsSwitchersWhenShown() {
        GtkRuntime.test {
            // Its "map" handler is a Swift closure: connected as one, not as a C handler.
            let stack = ViewStack()
            stack.add(Label("a"), name: "a", title: "First")
            stack.add(Label("b"), name: "b", title: "Second")
            let switcher = ViewSwitcher(stack: stack)
            switcher.accessibleName = "Pages"
            let header = AdwaitaHeaderBar()
            header.setTitleWidget(switcher)
            let toolbarView = ToolbarView()
            toolbarView.addTopBar(header)
            toolbarView.content = stack
            let window = Window()
            defer { window.destroy() }
            window.child = toolbarView
            window.present()
            XCTAssertTrue(MainContext.spin(until: { switcher.isMapped }, timeout: 5))
            XCTAssertEqual(stack.pageNames, ["a", "b"])
            XCTAssertTrue(toolbarView.content === stack)
        }
    }

    /// A split view of two titled pages in a bin that collapses it at most 680 sp wide, in a
    /// window `width` pixels wide.
    @MainActor
    private static func presentSplitView(width: Int32) -> (window: Window, split: NavigationSplitView, sidebar: Button, content: Button) {
        let sidebarButton = Button(label: "Record")
        let contentButton = Button(label: "Save")
        let split = NavigationSplitView()
        split.sidebar = NavigationPage(child: sidebarButton, title: "Person")
        split.content = NavigationPage(child: contentButton, title: "New Record")
        let bin = BreakpointBin(minimumWidth: 360, minimumHeight: 200)
        let narrow = Breakpoint(maximumWidth: 680)
        narrow.addSetter(split, "collapsed", true)
        bin.addBreakpoint(narrow)
        bin.child = split
        let window = Window()
        window.setDefaultSize(width: width, height: 500)
        window.child = bin
        window.present()
        return (window, split, sidebarButton, contentButton)
    }

    func testASplitViewAt1000PixelsShowsBothPagesSideBySide() {
        GtkRuntime.test {
            let (window, split, sidebar, content) = Self.presentSplitView(width: 1000)
            defer { window.destroy() }
            XCTAssertTrue(MainContext.spin(until: { sidebar.width > 0 && content.width > 0 }, timeout: 5),
                          "the sidebar and the content are not both shown")
            XCTAssertFalse(split.isCollapsed)
            XCTAssertTrue(split.isContentVisible)
            XCTAssertEqual(split.sidebar?.title, "Person")
            XCTAssertEqual(split.content?.title, "New Record")
            XCTAssertTrue(sidebar.isMapped && content.isMapped)
            XCTAssertLessThanOrEqual(sidebar.width + content.width, 1000)
        }
    }

    func testASplitViewAt360PixelsShowsOnePageAndBackReturnsToTheSidebar() {
        GtkRuntime.test {
            let (window, split, sidebar, content) = Self.presentSplitView(width: 360)
            defer { window.destroy() }
            XCTAssertTrue(MainContext.spin(until: { split.isCollapsed && sidebar.isMapped }, timeout: 5),
                          "the split view did not collapse to its sidebar")
            XCTAssertFalse(content.isMapped)
            XCTAssertFalse(split.isContentVisible)

            var changes = 0
            split.onShowsContentChanged { changes += 1 }
            split.showsContent = true
            XCTAssertTrue(MainContext.spin(until: { content.isMapped }, timeout: 5), "the content did not come in")
            XCTAssertTrue(split.isContentVisible)
            XCTAssertTrue(MainContext.spin(until: { !sidebar.isMapped }, timeout: 5), "the sidebar stayed beside the content")

            // What Alt+Left, Escape and the back mouse button do: the navigation view's pop.
            XCTAssertTrue(content.activateAction("navigation.pop"))
            XCTAssertFalse(split.showsContent)
            XCTAssertTrue(MainContext.spin(until: { sidebar.isMapped }, timeout: 5), "back did not show the sidebar")
            XCTAssertEqual(changes, 2)
        }
    }

    func testABreakpointSetsItsValuesWhileItAppliesAndUndoesThemAfter() {
        GtkRuntime.test {
            let stack = ViewStack()
            stack.add(Label("a"), name: "a", title: "First")
            let switcher = ViewSwitcher(stack: stack)
            let bar = ViewSwitcherBar(stack: stack)
            let header = AdwaitaHeaderBar()
            header.setTitleWidget(switcher)
            let toolbarView = ToolbarView()
            toolbarView.addTopBar(header)
            toolbarView.content = stack
            toolbarView.addBottomBar(bar)
            let bin = BreakpointBin(minimumWidth: 360, minimumHeight: 200)
            let narrow = Breakpoint(maximumWidth: 550)
            narrow.addSetter(bar, "reveal", true)
            narrow.addSetter(header, "title-widget", widget: nil)
            var applied = 0, undone = 0
            narrow.onApply { applied += 1 }
            narrow.onUnapply { undone += 1 }
            bin.addBreakpoint(narrow)
            bin.child = toolbarView
            let window = Window()
            defer { window.destroy() }
            window.setDefaultSize(width: 360, height: 400)
            window.child = bin
            window.present()
            XCTAssertTrue(MainContext.spin(until: { narrow.applies(in: bin) }, timeout: 5), "360 px did not apply the breakpoint")
            XCTAssertEqual(applied, 1)
            XCTAssertTrue(bar.isRevealed)
            XCTAssertFalse(switcher.hasParent, "the header still holds the switcher")

            // Wider: the window grows to the bin's new minimum.
            bin.setSizeRequest(width: 1000, height: 200)
            XCTAssertTrue(MainContext.spin(until: { !narrow.applies(in: bin) }, timeout: 5), "1000 px kept the breakpoint")
            XCTAssertEqual(undone, 1)
            XCTAssertFalse(bar.isRevealed)
            XCTAssertTrue(switcher.hasParent, "the switcher did not come back to the header")
        }
    }

    func testAStatusPageShowsItsTitleAndDescription() {
        GtkRuntime.test {
            let page = StatusPage(iconName: "system-search-symbolic", title: "No Results", description: "Try another search.")
            XCTAssertEqual(page.title, "No Results")
            XCTAssertEqual(page.descriptionText, "Try another search.")
            XCTAssertEqual(page.iconName, "system-search-symbolic")
            page.descriptionText = nil
            XCTAssertNil(page.descriptionText)
        }
    }

    func testAClampKeepsItsChildNarrowInAWideWindow() {
        GtkRuntime.test {
            let window = Window()
            defer { window.destroy() }
            window.setDefaultSize(width: 900, height: 300)
            let content = Label("Narrow")
            content.horizontalAlignment = .fill
            let clamp = Clamp(maximumSize: 300, child: content)
            window.child = clamp
            window.present()
            XCTAssertTrue(MainContext.spin(until: { content.isMapped && content.width > 0 }))
            XCTAssertLessThanOrEqual(content.width, 300)
            XCTAssertGreaterThan(clamp.width, 600)
        }
    }

    func testTheAboutDialogShowsTheAppInUserWords() {
        GtkRuntime.test {
            let about = AboutDialog(.init(
                applicationName: "Pinform", applicationIcon: "io.github.pinform.Pinform", version: "0.1.0",
                developerName: "The Pinform developers", comments: "Keep small records behind a PIN.",
                website: "https://example.org", issueURL: "https://example.org/issues", copyright: "© 2026",
                developers: ["A", "B"], license: .gpl30))
            XCTAssertEqual(about.applicationName, "Pinform")
            XCTAssertEqual(about.comments, "Keep small records behind a PIN.")
        }
    }
}
