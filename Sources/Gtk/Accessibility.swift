import CGtk

/// Accessibility helpers: what screen readers and automation read off a widget.
extension Widget {
    /// The accessible role (fixed when the widget is made).
    public var accessibleRole: GtkAccessibleRole { pf_accessible_role(raw) }

    /// Sets the accessible name.
    public func setAccessibleLabel(_ label: String) { pf_accessible_set_label(raw, label) }

    /// Sets the accessible description.
    public func setAccessibleDescription(_ description: String) { pf_accessible_set_description(raw, description) }

    /// Marks the widget's content invalid (or valid) for assistive technologies.
    public func setAccessibleInvalid(_ invalid: Bool) { pf_accessible_set_invalid(raw, invalid ? 1 : 0) }

    /// Marks the widget disabled for assistive technologies.
    public func setAccessibleDisabled(_ disabled: Bool) { pf_accessible_set_disabled(raw, disabled ? 1 : 0) }

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
