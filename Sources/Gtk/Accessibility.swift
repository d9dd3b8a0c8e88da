internal import CGtk

/// Accessibility helpers: what screen readers and automation read off a widget.
extension Widget {
    /// The accessible role (fixed when the widget is made).
    public var accessibleRole: AccessibleRole { AccessibleRole(pf_accessible_role(raw)) }

    /// Sets the accessible name.
    public func setAccessibleLabel(_ label: String) { pf_accessible_set_label(raw, label) }

    /// Sets the accessible description.
    public func setAccessibleDescription(_ description: String) {
        keepAccessibleDescription(description)
        pf_accessible_set_description(raw, description)
    }

    /// Makes `description` the widget's own without showing it yet (`setHeardAccessibleDescription`).
    func keepAccessibleDescription(_ description: String) {
        // Kept as object data: GTK 4.8 has no getter for accessible properties.
        g_object_set_data_full(objectPointer, Self.ownDescriptionKey, g_strdup(description), g_free)
    }

    private static let ownDescriptionKey = "pf-own-description"
    private static let descriptionKeptKey = "pf-description-kept"

    /// Marks the widget disabled for assistive technologies.
    public func setAccessibleDisabled(_ disabled: Bool) { pf_accessible_set_disabled(raw, disabled ? 1 : 0) }

    /// Marks the widget selected (or not) for assistive technologies: the key a keypad's
    /// keyboard ring is on.
    public func setAccessibleSelected(_ selected: Bool) { pf_accessible_set_selected(raw, selected ? 1 : 0) }

    /// Names the widget by another (a label beside an entry).
    public func setAccessibleLabelledBy(_ label: Widget) { pf_accessible_set_labelled_by(raw, label.raw) }

    /// Describes the widget by another.
    public func setAccessibleDescribedBy(_ other: Widget) { pf_accessible_set_described_by(raw, other.raw) }

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

/// Announcements: GTK 4.8 has no `gtk_accessible_announce`; screen readers (Orca 43) speak a
/// change of the focused object's description, so an announcement is shown there for a moment.
extension Widget {
    /// The description the widget itself set ("" when none): what it shows again after an
    /// announcement.
    public var ownAccessibleDescription: String {
        g_object_get_data(objectPointer, Self.ownDescriptionKey).map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
    }

    /// Whether an announcement shown on the widget keeps its own description after it (a form
    /// field's error), instead of replacing it until the focus moves on.
    public var keepsAccessibleDescription: Bool {
        get { g_object_get_data(objectPointer, Self.descriptionKeptKey) != nil }
        set { g_object_set_data(objectPointer, Self.descriptionKeptKey, newValue ? UnsafeMutableRawPointer(bitPattern: 1) : nil) }
    }

    /// Shows `text` as the accessible description without making it the widget's own.
    public func showAccessibleDescription(_ text: String) { pf_accessible_set_description(raw, text) }

    /// The widget whose accessible object stands for this one: itself, or for a part without an
    /// accessible role (the text inside an entry), the nearest ancestor with one.
    public var accessibleOwner: Widget? {
        firstInLineage(from: widgetPointer) { pf_accessible_role($0) != GTK_ACCESSIBLE_ROLE_NONE }
    }

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

    /// Removes the widget's "described by" relation.
    public func resetAccessibleDescribedBy() { pf_accessible_reset_described_by(raw) }
}
