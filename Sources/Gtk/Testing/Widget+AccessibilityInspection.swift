internal import CGtk
import Gtk

/// Reading back what was set for assistive technologies, for tests: GTK has no getters for
/// accessible properties, only its test API (`gtk_test_accessible_*`), which is what these call.
extension Widget {
    /// Whether the widget is marked invalid for assistive technologies.
    public var isAccessibleInvalid: Bool { Self.matches(pf_test_accessible_check_invalid(raw)) }

    /// Whether the widget's error message relation points at exactly `message`.
    public func hasAccessibleErrorMessage(_ message: Widget) -> Bool {
        hasRelation(GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE)
            && Self.matches(pf_test_accessible_check_relation_list(raw, GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE, message.raw))
    }

    /// Whether the widget is labelled by exactly `label`.
    public func isAccessiblyLabelled(by label: Widget) -> Bool {
        hasRelation(GTK_ACCESSIBLE_RELATION_LABELLED_BY)
            && Self.matches(pf_test_accessible_check_relation_list(raw, GTK_ACCESSIBLE_RELATION_LABELLED_BY, label.raw))
    }

    /// Whether the widget is described by exactly `other`.
    public func isAccessiblyDescribed(by other: Widget) -> Bool {
        hasRelation(GTK_ACCESSIBLE_RELATION_DESCRIBED_BY)
            && Self.matches(pf_test_accessible_check_relation_list(raw, GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, other.raw))
    }

    /// Whether the widget's accessible description property is exactly `text` ("": empty or unset).
    public func showsAccessibleDescription(_ text: String) -> Bool {
        if text.isEmpty, gtk_test_accessible_has_property(pf_accessible(raw), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION) == 0 {
            return true
        }
        return Self.matches(pf_test_accessible_check_description(raw, text))
    }

    private func hasRelation(_ relation: GtkAccessibleRelation) -> Bool {
        gtk_test_accessible_has_relation(pf_accessible(raw), relation) != 0
    }

    /// Whether a check found what it was given (GTK returns nil then, else a message to free).
    private static func matches(_ mismatch: UnsafeMutablePointer<CChar>?) -> Bool {
        guard let mismatch else { return true }
        g_free(mismatch)
        return false
    }
}
