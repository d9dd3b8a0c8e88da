internal import CGtk

/// Accessibility helpers: what screen readers and automation read off a widget.
extension Widget {
    /// The accessible role (fixed when the widget is made).
    public var accessibleRole: AccessibleRole { AccessibleRole(pf_accessible_role(raw)) }

    /// Sets the accessible name.
    public func setAccessibleLabel(_ label: String) { pf_accessible_set_label(raw, label) }

    /// Sets the accessible description: what the widget is or holds, read with it (a field's
    /// error, a line's place). News goes through `announce(_:priority:)`, not here.
    public func setAccessibleDescription(_ description: String) { pf_accessible_set_description(raw, description) }

    /// Marks the widget disabled for assistive technologies.
    public func setAccessibleDisabled(_ disabled: Bool) { pf_accessible_set_disabled(raw, disabled ? 1 : 0) }

    /// Marks the widget selected (or not) for assistive technologies: the key a keypad's
    /// keyboard ring is on.
    public func setAccessibleSelected(_ selected: Bool) { pf_accessible_set_selected(raw, selected ? 1 : 0) }

    /// Names the widget by another (a label beside an entry).
    public func setAccessibleLabelledBy(_ label: Widget) { pf_accessible_set_labelled_by(raw, label.raw) }

    /// Links the widget to the message that says what is wrong with it, or unlinks it.
    public func setAccessibleErrorMessage(_ message: Widget?) {
        if let message { pf_accessible_set_error_message(raw, message.raw) } else { pf_accessible_reset_error_message(raw) }
    }
}

/// Announcements: news for screen readers that is not the description of anything.
extension Widget {
    /// Asks screen readers to say `message` (`gtk_accessible_announce`, GTK 4.14): an AT-SPI
    /// announcement event from this widget's accessible object. `.high` may interrupt what is
    /// being said; `.medium` and `.low` wait their turn (GTK sends both as AT-SPI's "polite").
    /// GTK drops it while it has not made the widget's accessible object for the bus: a window's
    /// it makes when the window is shown, other widgets' lazily (when a screen reader asks, or
    /// soon after the widget takes the focus).
    public func announce(_ message: String, priority: AccessibleAnnouncementPriority) {
        gtk_accessible_announce(pf_accessible(raw), message, priority.cValue)
    }
}

extension Widget {
    /// The nearest ancestor with the accessible role `role` (the row a cell is in), if any.
    public func ancestor(withRole role: AccessibleRole) -> Widget? {
        firstInLineage(from: gtk_widget_get_parent(widgetPointer)) { pf_accessible_role($0) == role.cValue }
    }

    /// The first of `widget` and its ancestors that `matches`.
    private func firstInLineage(from widget: UnsafeMutablePointer<GtkWidget>?,
                                where matches: (UnsafeMutablePointer<GtkWidget>) -> Bool) -> Widget? {
        var current = widget
        while let candidate = current {
            if matches(candidate) { return Widget.wrapper(of: candidate) as Widget }
            current = gtk_widget_get_parent(candidate)
        }
        return nil
    }
}

extension Widget {
    /// Removes the widget's "labelled by" relation: an icon button is otherwise labelled by its
    /// image, which GTK 4.8 names after its type ("GtkImage") and screen readers read out.
    public func resetAccessibleLabelledBy() { pf_accessible_reset_labelled_by(raw) }
}

extension Widget {
    /// The text of the label that names this widget by its mnemonic (a form field's label).
    public var mnemonicLabelText: String? {
        let labels = gtk_widget_list_mnemonic_labels(widgetPointer)
        defer { g_list_free(labels) }
        var item = labels
        while let node = item {
            if let label = node.pointee.data, pf_is_label(label) != 0, let text = gtk_label_get_text(pf_label(label)) {
                return String(cString: text)
            }
            item = node.pointee.next
        }
        return nil
    }
}
