import Gtk

/// The responses of the app's message dialogs: the one place their ids are written.
enum DialogResponse: String, CaseIterable {
    /// Go ahead and make it (a new recovery key).
    case make
    /// Give up; nothing changes.
    case cancel
    /// Close a message that asks nothing.
    case close
    /// Go on once a recovery key was read.
    case `continue`
}

extension MessageDialog {
    /// Adds the button of `response`, in order from the start.
    func addResponse(_ response: DialogResponse, label: String, appearance: Appearance = .plain) {
        addResponse(response.rawValue, label: label, appearance: appearance)
    }

    /// Sets the response that Enter chooses and the one that Escape and closing choose.
    func setResponses(default defaultResponse: DialogResponse?, close closeResponse: DialogResponse) {
        self.defaultResponse = defaultResponse?.rawValue
        self.closeResponse = closeResponse.rawValue
    }

    /// Calls `handler` with the chosen response (nil for one the app did not add).
    @discardableResult
    func onResponse(_ handler: @escaping @MainActor (DialogResponse?) -> Void) -> SignalConnection {
        onResponse { (id: String) in handler(DialogResponse(rawValue: id)) }
    }
}
