import Gtk

/// The responses of the app's alert dialogs: the one place their ids are written.
enum DialogResponse: String, CaseIterable {
    /// Go ahead and make it (a new recovery key).
    case make
    /// Give up; nothing changes.
    case cancel
    /// Close a message that asks nothing.
    case close
    /// Go on once a recovery key was read.
    case `continue`
    /// Join the shared database.
    case join
    /// Keep the window open (kept saves are still waiting).
    case keepOpen = "keep-open"
    /// Quit although something is still waiting.
    case quit
    /// Delete (a form; a kept delete anyway).
    case delete
    /// Change the form and its records.
    case apply
    /// Go back to editing; decide later.
    case edit
    /// Leave a record deleted that was edited here.
    case letGo = "let-go"
    /// Keep what is there (an edit, a record, records on this desk only).
    case keep
    /// Keep the other desk's value.
    case theirs
    /// Keep this desk's value.
    case mine
    /// Decide about a kept delete later.
    case later
    /// Copy this desk's records to the shared database.
    case copy
    /// Throw a draft away.
    case discard
    /// Restore (a draft, a backup).
    case restore
    /// Lock out old keys and backups (a new data key).
    case lockOut = "lock-out"
}

extension AlertDialog {
    /// Adds the button of `response`, in order from the start.
    func addResponse(_ response: DialogResponse, label: String, appearance: Appearance = .plain) {
        addResponse(response.rawValue, label: label, appearance: appearance)
    }

    /// Sets the response that Enter chooses and the one that Escape and closing choose.
    func setResponses(default defaultResponse: DialogResponse?, close closeResponse: DialogResponse) {
        self.defaultResponse = defaultResponse?.rawValue
        self.closeResponse = closeResponse.rawValue
    }

    /// Chooses `response`, as its button would (for tests).
    func respond(_ response: DialogResponse) {
        respond(response.rawValue)
    }

    /// Calls `handler` with the chosen response (nil for one the app did not add).
    @discardableResult
    func onResponse(_ handler: @escaping @MainActor (DialogResponse?) -> Void) -> SignalConnection {
        onResponse { (id: String) in handler(DialogResponse(rawValue: id)) }
    }
}
