import Gtk
import Localization
import PinformCore
import Storage

// A save kept while the shared database's server was away that met another desk's change of
// the same field when it was sent: asked about in the conflict dialog, and kept until chosen.
extension PinformApplication {
    /// Asks about each kept save that comes back as a conflict, for as long as the records are
    /// open — once the window is there (the first are sent while it opens its pages).
    func watchKeptSaves() {
        unlockedRecords?.onKeptConflict = { [weak self] kept in
            MainContext.timeout(milliseconds: 0) { [weak self] in
                self?.ask(about: kept)
                return false
            }
        }
    }

    private func ask(about kept: SharedDatabaseKeptConflict) {
        guard let form = formWindow else { return }
        if kept.isDelete {
            return ConflictDialog.presentKeptDelete(over: form.window) { [weak self] choice in self?.resolve(kept, as: choice) }
        }
        ConflictDialog.present(
            over: form.window, kept.lines,
            // Translators: the conflict dialog's text for a save kept on this desk while the shared database could not be reached.
            body: tr("A save this desk kept while the shared database could not be reached was changed at another desk meanwhile. Both changed:"),
            // Translators: the conflict dialog's button that leaves a kept save kept, to be asked again later.
            laterLabel: tr("Decide Later")
        ) { [weak self] choice in self?.resolve(kept, as: choice) }
    }

    private func resolve(_ kept: SharedDatabaseKeptConflict, as choice: ConflictDialog.Choice) {
        switch choice {
        case .keepMine, .keepTheirs:
            let problem = kept.resolve(choice == .keepMine ? .keepMine : .keepTheirs)
            formWindow?.reconnectRecords()
            if let problem, case .conflict = problem {
                return // the next kept save's conflict is being asked about
            } else if let problem {
                formWindow?.showToast(problem.message)
            } else {
                // Translators: after the saves kept while the shared database was away were sent.
                formWindow?.showToast(tr("The saves kept on this desk were sent to the shared database"))
            }
        case .editAgain:
            // Translators: a kept save stays kept when the person decides later.
            formWindow?.showToast(tr("The save stays kept on this desk; you are asked again when it is sent"))
        }
    }

    /// Closing the form window while saves wait for the shared database: says they are kept,
    /// sealed, and go at the next unlock; Close Anyway closes, Keep Open leaves the window.
    func confirmClosingWithKeptSaves(of form: FormWindow) {
        form.confirmsClosing = { [weak self, weak form] close in
            let kept = self?.unlockedRecords?.keptSaveCount ?? 0
            guard kept > 0, let form else { return false }
            let dialog = AlertDialog(
                parent: form.window,
                // Translators: asked on closing the window while saves wait for the shared database; %d counts them.
                heading: trn("%d Save Not Sent Yet", "%d Saves Not Sent Yet", kept),
                // Translators: %d counts the saves kept on this desk for the shared database's server.
                body: trn("%d save is waiting for the server. It is kept sealed on this desk and sent at the next unlock.",
                          "%d saves are waiting for the server. They are kept sealed on this desk and sent at the next unlock.", kept))
            dialog.addResponse(DialogResponse.keepOpen, label: tr("Keep Open"))
            dialog.addResponse(DialogResponse.close, label: tr("Close Anyway"), appearance: .destructive)
            dialog.setResponses(default: .keepOpen, close: .keepOpen)
            dialog.onResponse { (response: DialogResponse?) in
                if response == .close { close() }
            }
            dialog.present()
            return true
        }
    }

    /// Before quitting with saves kept for the shared database: says they are kept and when
    /// they go, and quits (`then`) only when the person says so.
    func confirmQuittingWithKeptSaves(then quit: @escaping @MainActor () -> Void) {
        let kept = unlockedRecords?.keptSaveCount ?? 0
        guard kept > 0, let form = formWindow else { return quit() }
        let dialog = AlertDialog(
            parent: form.window,
            // Translators: asked on Quit while saves wait for the shared database; %d counts them.
            heading: trn("%d Save Not Sent Yet", "%d Saves Not Sent Yet", kept),
            // Translators: %d counts the saves kept on this desk for the shared database.
            body: trn("The shared database could not be reached: %d save is kept, sealed, on this computer. It is sent the next time Pinform is unlocked and the server answers.", "The shared database could not be reached: %d saves are kept, sealed, on this computer. They are sent the next time Pinform is unlocked and the server answers.", kept))
        dialog.addResponse(DialogResponse.cancel, label: tr("Cancel"))
        dialog.addResponse(DialogResponse.quit, label: tr("Quit"), appearance: .destructive)
        dialog.setResponses(default: nil, close: .cancel)
        dialog.onResponse { (response: DialogResponse?) in
            if response == .quit { quit() }
        }
        dialog.present()
    }
}
