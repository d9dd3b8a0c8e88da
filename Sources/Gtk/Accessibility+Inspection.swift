internal import CGtk

/// Reading back what was set for assistive technologies (GTK 4.8 has only its test API for
/// this), and the relations that are undone as a field's error comes and goes.
extension Widget {
    /// Removes the widget's "described by" relation.
    public func resetAccessibleDescribedBy() { pf_accessible_reset_described_by(raw) }

    /// Whether the widget is marked invalid for assistive technologies.
    public var isAccessibleInvalid: Bool { pf_accessible_is_invalid(raw) != 0 }

    /// Whether the widget's error message relation points at exactly `message`.
    public func hasAccessibleErrorMessage(_ message: Widget) -> Bool {
        pf_accessible_reference_is(raw, GTK_ACCESSIBLE_RELATION_ERROR_MESSAGE, message.raw) != 0
    }

    /// Whether the widget is labelled by exactly `label`.
    public func isAccessiblyLabelled(by label: Widget) -> Bool {
        pf_accessible_relation_is(raw, GTK_ACCESSIBLE_RELATION_LABELLED_BY, label.raw) != 0
    }

    /// Whether the widget is described by exactly `other`.
    public func isAccessiblyDescribed(by other: Widget) -> Bool {
        pf_accessible_relation_is(raw, GTK_ACCESSIBLE_RELATION_DESCRIBED_BY, other.raw) != 0
    }
}

extension Widget {
    /// Whether the accessible description GTK shows now is exactly `text` (an announcement or
    /// the widget's own).
    public func showsAccessibleDescription(_ text: String) -> Bool { pf_accessible_description_is(raw, text) != 0 }
}
