internal import CGtk

/// Accessibility helpers: what screen readers and automation read off a widget.
extension Widget {
    /// The accessible role (fixed when the widget is made).
    public var accessibleRole: AccessibleRole { AccessibleRole(pf_accessible_role(raw)) }

    /// Sets the accessible name.
    public func setAccessibleLabel(_ label: String) { pf_accessible_set_label(raw, label) }

    /// Sets the accessible description.
    public func setAccessibleDescription(_ description: String) { pf_accessible_set_description(raw, description) }

    /// Marks the widget's content invalid (or valid) for assistive technologies.
    public func setAccessibleInvalid(_ invalid: Bool) { pf_accessible_set_invalid(raw, invalid ? 1 : 0) }

    /// Marks the widget disabled for assistive technologies.
    public func setAccessibleDisabled(_ disabled: Bool) { pf_accessible_set_disabled(raw, disabled ? 1 : 0) }

    /// Marks the widget selected (or not) for assistive technologies: the key a keypad's
    /// keyboard ring is on.
    public func setAccessibleSelected(_ selected: Bool) { pf_accessible_set_selected(raw, selected ? 1 : 0) }

    /// Marks the widget as a required input.
    public func setAccessibleRequired(_ required: Bool) { pf_accessible_set_required(raw, required ? 1 : 0) }

    /// Names the widget by another (a label beside an entry).
    public func setAccessibleLabelledBy(_ label: Widget) { pf_accessible_set_labelled_by(raw, label.raw) }

    /// Describes the widget by another.
    public func setAccessibleDescribedBy(_ other: Widget) { pf_accessible_set_described_by(raw, other.raw) }

    /// Links the widget to the message that says what is wrong with it, or unlinks it.
    public func setAccessibleErrorMessage(_ message: Widget?) {
        if let message { pf_accessible_set_error_message(raw, message.raw) } else { pf_accessible_reset_error_message(raw) }
    }
}

/// Announcements: GTK 4.8 has no `gtk_accessible_announce`; screen readers (Orca 43) speak a
/// change of the focused object's description, so an announcement is shown there for a moment.
extension Widget {
    /// The description the widget itself set ("" when none): what it shows again after an
    /// announcement.
    public var ownAccessibleDescription: String { String(cString: pf_accessible_own_description(raw)) }

    /// Whether an announcement shown on the widget keeps its own description after it (a form
    /// field's error), instead of replacing it until the focus moves on.
    public var keepsAccessibleDescription: Bool {
        get { pf_accessible_description_kept(raw) != 0 }
        set { pf_accessible_set_description_kept(raw, newValue ? 1 : 0) }
    }

    /// Shows `text` as the accessible description without making it the widget's own.
    public func showAccessibleDescription(_ text: String) { pf_accessible_show_description(raw, text) }

    /// The widget whose accessible object stands for this one: itself, or for a part without an
    /// accessible role (the text inside an entry), the nearest ancestor with one.
    public var accessibleOwner: Widget? { pf_accessible_owner(widgetPointer).map { Widget(widget: $0) } }

    /// The nearest ancestor with the accessible role `role` (the row a cell is in), if any.
    public func ancestor(withRole role: AccessibleRole) -> Widget? {
        pf_ancestor_with_role(raw, role.cValue).map { Widget(widget: $0) }
    }
}

extension Widget {
    /// Removes the widget's "labelled by" relation: an icon button is otherwise labelled by its
    /// image, which GTK 4.8 names after its type ("GtkImage") and screen readers read out.
    public func resetAccessibleLabelledBy() { pf_accessible_reset_labelled_by(raw) }
}

extension Widget {
    /// The text of the label that names this widget by its mnemonic (a form field's label).
    public var mnemonicLabelText: String? { pf_widget_mnemonic_label_text(raw).map { String(cString: $0) } }
}
