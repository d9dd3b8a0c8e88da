import PinformModels

extension FormWindow {
    /// Writes the draft of every form open in the window now: Lock keeps what is typed,
    /// encrypted, and offers it back after the next unlock.
    /// - Returns: whether every change is kept (false: a draft could not be written).
    @discardableResult
    func saveDrafts() -> Bool {
        context.saveAllDrafts()
    }

    /// Shows the page of a model whose new record's draft was left (a crash, a kill, Lock), so
    /// that its form offers it back; the page shown stays when it has one or none has.
    func showPageWithDraft() {
        guard let drafts = context.drafts else { return }
        let withDraft = ModelRegistry.models.map { $0.settingsKey }.filter { key in
            (try? drafts.draft(for: key + ".new")) != nil
        }
        guard let key = withDraft.first, let shownKey, !withDraft.contains(shownKey) else { return }
        show(key)
    }
}
