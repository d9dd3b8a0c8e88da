/// An input that has a use for Enter before the form moves on: a reference chooser showing
/// matches picks the highlighted one, and only the next Enter moves to the next field.
@MainActor
protocol EnterConsuming {
    /// Does what Enter does in the input now; returns whether it did something (the form then
    /// keeps the focus where it is).
    func takesEnter() -> Bool
}

extension ReferenceChooser: EnterConsuming {
    func takesEnter() -> Bool {
        guard !matchesBox.arrangedChildren.isEmpty else { return false }
        return handleKey(.return, [])
    }
}
