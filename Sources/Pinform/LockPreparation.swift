import Gtk
import PinformCore

/// What happens to unsaved input just before the records lock: the step of the application's one
/// lock path (`PinformApplication.lock(_:)`) that Lock, the idle lock and the session lock all
/// pass through. The drafts kept sealed in the store plug in here, in place of
/// `LockQuestion`.
@MainActor
protocol LockPreparation: AnyObject {
    /// Deals with the form window's unsaved input for a lock of `reason`, then calls `proceed`
    /// to lock — or, for a lock the person asked for (`reason.canAsk`), may not call it, and the
    /// records stay open. An idle or session lock must always proceed.
    func prepare(_ form: FormWindow, for reason: LockReason, proceed: @escaping @MainActor () -> Void)
}

/// The preparation while no drafts are kept: Lock asks before unsaved input is lost, in words
/// that say it is about locking; the idle and session locks lock at once (no one is there to
/// answer, and the records must not stay open for want of an answer).
@MainActor
final class LockQuestion: LockPreparation {
    func prepare(_ form: FormWindow, for reason: LockReason, proceed: @escaping @MainActor () -> Void) {
        guard reason.canAsk, form.showDirtyPage() else { return proceed() }
        LockDiscardDialog.ask(over: form.window, onLock: proceed)
    }
}

/// The preparation since drafts are kept: every lock — Lock, idle, the session's — seals what is
/// typed as drafts in the store (never plaintext) and locks without asking; the form offers the
/// drafts back after the next unlock. Where they cannot be kept (a read-only or full file), it
/// does what `LockQuestion` does: Lock asks before dropping them, the idle and session locks lock.
@MainActor
final class DraftKeeping: LockPreparation {
    private let fallback = LockQuestion()

    func prepare(_ form: FormWindow, for reason: LockReason, proceed: @escaping @MainActor () -> Void) {
        if form.saveDrafts() { return proceed() }
        fallback.prepare(form, for: reason, proceed: proceed)
    }
}
