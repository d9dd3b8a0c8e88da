internal import CGtk
import Gtk

extension Widget {
    /// Activates the action `name` (`navigation.pop`, …) from this widget up, as its keyboard
    /// shortcut would. Returns whether some widget had the action.
    @discardableResult
    public func activateAction(_ name: String) -> Bool {
        gtk_widget_activate_action_variant(pf_widget(raw), name, nil) != 0
    }
}
