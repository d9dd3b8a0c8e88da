import Controls
import Gtk
import Localization

/// One model's page of the form window, records first (as GNOME's Contacts and Notes show a
/// collection): its saved records, and its form beside them on a wide window, or in their place
/// on a narrow one, with Back. A libadwaita navigation split view holds the two pages (the
/// records its sidebar, the form its content); a breakpoint collapses it to one page at a time
/// when the two do not fit side by side at their minimum widths. Collapsed, Back, Escape,
/// Alt+Left, the back mouse button and a swipe go back to the records.
///
/// New (Ctrl+N) shows the form and puts the focus in its first field; after a save on a narrow
/// window the records come back with the new one selected and focused, while on a wide window the
/// form stays ready for the next record.
@MainActor
final class RecordsPage {
    /// The narrowest the records get beside the form.
    static var recordsMinimumWidth: Int32 { 300 }
    /// The narrowest the form gets (a 360-pixel window shows it alone).
    static var formMinimumWidth: Int32 { 340 }

    let page: FormWindowPage
    let panel: RecordsPanelProtocol
    /// The widest the page is with the records and the form one at a time, in scaled pixels
    /// (the two minimum widths and room for the line between them and the text scale).
    static var collapseWidth: Double { 680 }

    /// The records and the form, side by side or one at a time.
    let splitView = NavigationSplitView()
    /// The split view, with the breakpoint that collapses it by the page's own width.
    private let bin = BreakpointBin(minimumWidth: 360, minimumHeight: 200)
    /// Back to the records from the form, shown only while the split view is collapsed.
    let backButton = Button(iconName: "go-previous-symbolic")
    private let formTitle = Label(tr("New Record"))
    private let formPane = Box(.vertical)
    private let recordsPane = Box(.vertical)

    /// - Parameter title: the model's name, which names the records' page for screen readers.
    init(title: String, page: FormWindowPage, panel: RecordsPanelProtocol) {
        self.page = page
        self.panel = panel

        panel.widget.expandsHorizontally = true
        recordsPane.append(panel.widget)
        recordsPane.expandsHorizontally = true
        recordsPane.setSizeRequest(width: Self.recordsMinimumWidth, height: -1)

        backButton.setAccessibleLabel(tr("Back"))
        backButton.tooltip = tr("Back to the records")
        backButton.addCSSClass("flat")
        formTitle.addCSSClass("heading")
        formTitle.xAlign = 0
        formTitle.ellipsizesAtEnd = true
        let top = Box(.horizontal, spacing: 6)
        top.setMargins(top: 6, bottom: 0, start: 12, end: 12)
        top.append(backButton)
        top.append(formTitle)

        page.widget.expandsVertically = true
        formPane.append(top)
        formPane.append(page.widget)
        formPane.append(page.actionBar)
        formPane.setSizeRequest(width: Self.formMinimumWidth, height: -1)
        // Side by side, the form takes what the records leave (its card up to its clamp).
        formPane.expandsHorizontally = true
        formPane.expandsVertically = true

        let recordsPage = NavigationPage(child: recordsPane, title: title)
        recordsPage.tag = "records"
        let formPage = NavigationPage(child: formPane, title: formTitle.text)
        formPage.tag = "form"
        splitView.sidebar = recordsPage
        splitView.content = formPage
        // Side by side, the records take 40 % of the width, from their minimum up to where the
        // form keeps its readable width.
        splitView.minimumSidebarWidth = Double(Self.recordsMinimumWidth)
        splitView.maximumSidebarWidth = 480
        splitView.sidebarWidthFraction = 0.4
        let narrow = Breakpoint(maximumWidth: Self.collapseWidth)
        narrow.addSetter(splitView, "collapsed", true)
        bin.addBreakpoint(narrow)
        bin.child = splitView
        bin.expandsVertically = true
        bin.expandsHorizontally = true
        updateCollapsed()
        splitView.onCollapsedChanged { [weak self] in self?.updateCollapsed() }
        splitView.onShowsContentChanged { [weak self] in
            // Escape, Alt+Left, the back mouse button or a swipe went back: as Back does (the
            // navigation view's own choice, the records' first focusable part, is not the record).
            guard let self, splitView.isCollapsed, !splitView.showsContent else { return }
            panel.focusSelection()
        }
        backButton.onClicked { [weak self] in self?.showRecords() }
    }

    /// The page's widget, for the window's view stack.
    var widget: Widget { bin }

    /// Whether the form and the records show one at a time.
    var isCollapsed: Bool { splitView.isCollapsed }

    /// Whether the keyboard focus is in the records (the list, its search and buttons).
    var recordsHaveFocus: Bool { recordsPane.containsFocus }

    /// Whether the form is in view (always, beside the records, on a wide window).
    var showsForm: Bool { splitView.isContentVisible }

    /// New: shows the form and moves the focus to its first field; what was typed stays.
    func showForm() {
        splitView.showsContent = true
        page.focusFirstField()
    }

    /// Back: shows the records, with the focus on the selected one.
    func showRecords() {
        splitView.showsContent = false
        panel.focusSelection()
    }

    /// A record was saved from the form: on a narrow window the records come back, the new one
    /// focused; on a wide one the form stays for the next record.
    func saved() {
        guard splitView.isCollapsed else { return }
        showRecords()
    }

    private func updateCollapsed() {
        backButton.isVisible = splitView.isCollapsed
    }
}
