import ControlState

// Per-state styling with the original's setter names, and the default looks.
extension PinCodeControl {
    /// Binds the inside of untyped items for the states `descriptor` matches.
    public func setFillColor(_ color: PinColor, for descriptor: StateDescriptor) {
        setValue(color, for: \PinCodeStyle.fillColor, for: descriptor)
    }

    /// Binds the outline colour for the states `descriptor` matches.
    public func setBorderColor(_ color: PinColor, for descriptor: StateDescriptor) {
        setValue(color, for: \PinCodeStyle.borderColor, for: descriptor)
    }

    /// Binds the outline width for the states `descriptor` matches.
    public func setBorderWidth(_ width: Double, for descriptor: StateDescriptor) {
        setValue(width, for: \PinCodeStyle.borderWidth, for: descriptor)
    }

    /// Binds the inside of typed items for the states `descriptor` matches.
    public func setFilledItemColor(_ color: PinColor, for descriptor: StateDescriptor) {
        setValue(color, for: \PinCodeStyle.filledItemColor, for: descriptor)
    }

    /// Styles the items while the code is incomplete.
    public func setForPlainState(fillColor: PinColor, borderColor: PinColor, borderWidth: Double) {
        set(fillColor, borderColor, borderWidth, for: PinCodeStates.plain)
    }

    /// Styles the items while focused.
    public func setForHighlightedState(fillColor: PinColor, borderColor: PinColor, borderWidth: Double) {
        set(fillColor, borderColor, borderWidth, for: PinCodeStates.highlighted)
    }

    /// Styles a complete, valid code. Every item is typed then, so `fillColor` is also the
    /// colour of typed items in this state.
    public func setForValidState(fillColor: PinColor, borderColor: PinColor, borderWidth: Double) {
        set(fillColor, borderColor, borderWidth, for: PinCodeStates.valid)
        setFilledItemColor(fillColor, for: PinCodeStates.valid)
    }

    /// Styles a complete, rejected code. Every item is typed then, so `fillColor` is also the
    /// colour of typed items in this state.
    public func setForInvalidState(fillColor: PinColor, borderColor: PinColor, borderWidth: Double) {
        set(fillColor, borderColor, borderWidth, for: PinCodeStates.invalid)
        setFilledItemColor(fillColor, for: PinCodeStates.invalid)
    }

    /// Styles the items while disabled (typed ones too).
    public func setForDisabledState(fillColor: PinColor, borderColor: PinColor, borderWidth: Double) {
        set(fillColor, borderColor, borderWidth, for: PinCodeStates.disabled)
        setFilledItemColor(fillColor, for: PinCodeStates.disabled)
    }

    private func set(_ fill: PinColor, _ border: PinColor, _ width: Double, for descriptor: StateDescriptor) {
        performTransition {
            setFillColor(fill, for: descriptor)
            setBorderColor(border, for: descriptor)
            setBorderWidth(width, for: descriptor)
        }
    }

    /// The original's looks (NOTES.md), with variants that stay readable on a dark background;
    /// the one change is a visible focus colour for the highlighted border.
    public func applyDefaultStyle(darkTheme: Bool) {
        let valid = PinColor(red: 76, green: 145, blue: 65, alpha: darkTheme ? 0.9 : 0.7, scale: 255)
        let invalid = PinColor(red: 250, green: 88, blue: 87, scale: 255)
        let typed = darkTheme ? PinColor(white: 0.8) : PinColor.gray
        performTransition {
            setFilledItemColor(typed, for: PinCodeStates.plain)
            setFilledItemColor(typed, for: PinCodeStates.highlighted)
            setForPlainState(fillColor: .clear, borderColor: darkTheme ? PinColor(white: 0.7) : .gray, borderWidth: 2)
            // The original's 50% light grey made a focused control fainter than an unfocused
            // one on a light background; GNOME's focus blue keeps focus visible.
            setForHighlightedState(fillColor: .clear,
                                   borderColor: darkTheme ? PinColor(red: 120, green: 174, blue: 237, scale: 255)
                                                          : PinColor(red: 53, green: 132, blue: 228, scale: 255),
                                   borderWidth: 2)
            setForValidState(fillColor: valid, borderColor: valid, borderWidth: 2)
            setForInvalidState(fillColor: invalid, borderColor: invalid, borderWidth: 2)
            setForDisabledState(fillColor: PinColor.gray.withAlpha(0.5),
                                borderColor: darkTheme ? PinColor(white: 1, alpha: 0.3) : PinColor.black.withAlpha(0.3),
                                borderWidth: 2)
        }
    }
}
