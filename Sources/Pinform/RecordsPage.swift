import Controls
import Gtk
import Localization

/// One model's page of the form window, records first (as GNOME's Contacts and Notes show a
/// collection): its saved records, and its form beside them on a wide window, or in their place
/// on a narrow one, with Back. A libadwaita leaflet decides which: it folds when the two do not
/// fit side by side at their minimum widths.
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
    /// The records and the form, side by side or one at a time.
    let leaflet = Leaflet()
    /// Back to the records from the form, shown only while the leaflet is folded.
    let backButton = Button(iconName: "go-previous-symbolic")
    private let formTitle = Label(tr("New Record"))
    private let formPane = Box(.vertical)
    private let recordsPane = Box(.vertical)

    /// - Parameter title: the model's name, which names the page for screen readers (GTK
    ///   4.8 would say "AdwLeaflet").
    init(title: String, page: FormWindowPage, panel: RecordsPanelProtocol) {
        self.page = page
        self.panel = panel
        leaflet.setAccessibleLabel(title)

        panel.widget.expandsHorizontally = true
        recordsPane.append(panel.widget)
        recordsPane.expandsHorizontally = true
        recordsPane.setSizeRequest(width: Self.recordsMinimumWidth, height: -1)
        recordsPane.addCSSClass("records-pane")

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
        // Side by side, the two share the width: the form up to its clamp, the records the rest.
        formPane.expandsHorizontally = true
        formPane.expandsVertically = true
        formPane.addCSSClass("form-pane")

        leaflet.append(recordsPane, name: "records")
        leaflet.append(formPane, name: "form")
        leaflet.canNavigateBack = true
        leaflet.expandsVertically = true
        leaflet.visibleChildName = "records"
        updateFolded()
        leaflet.onFoldedChanged { [weak self] in self?.updateFolded() }
        backButton.onClicked { [weak self] in self?.showRecords() }
    }

    /// The page's widget, for the window's view stack.
    var widget: Widget { leaflet }

    /// Whether the form and the records show one at a time.
    var isFolded: Bool { leaflet.isFolded }

    /// Whether the keyboard focus is in the records (the list, its search and buttons).
    var recordsHaveFocus: Bool { recordsPane.containsFocus }

    /// Whether the form is in view (always, beside the records, on a wide window).
    var showsForm: Bool { !leaflet.isFolded || leaflet.visibleChildName == "form" }

    /// New: shows the form and moves the focus to its first field; what was typed stays.
    func showForm() {
        leaflet.visibleChildName = "form"
        page.focusFirstField()
    }

    /// Back: shows the records, with the focus on the selected one.
    func showRecords() {
        leaflet.visibleChildName = "records"
        panel.focusSelection()
    }

    /// A record was saved from the form: on a narrow window the records come back, the new one
    /// focused; on a wide one the form stays for the next record.
    func saved() {
        guard leaflet.isFolded else { return }
        showRecords()
    }

    private func updateFolded() {
        backButton.isVisible = leaflet.isFolded
    }
}
