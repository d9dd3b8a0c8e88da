import Gtk
import Localization

extension InternalPartNames {
    /// The names in the user's language.
    @MainActor static var translated: InternalPartNames {
        // Translators: the name screen readers give a scroll bar.
        InternalPartNames(scrollBar: tr("Scroll bar"), close: tr("Close"), search: tr("Search"),
                          back: tr("Back"))
    }
}
