import Foundation
import Gtk
import Localization
import PinformCore
import Storage

// Backups: Preferences → Backups, the daily backup while unlocked, and restoring one (the app
// locks, the data is replaced, and the PIN window asks for the backup's PIN or recovery key).
extension PinformApplication {
    /// The Backups group of Preferences: Back Up Now while unlocked; Restore at any time.
    func backupGroups() -> [PreferencesGroup] {
        // Locked with records, a restore waits for the unlock: it replaces them, so it needs their PIN.
        let canRestore = unlockedRecords != nil || !KeyVault(directory: paths.dataDirectory, tpm: nil).hasPIN
        let backups = BackupsGroup(settings: settings, canBackUp: unlockedRecords != nil, canRestore: canRestore,
                                   lastBackup: unlockedRecords.flatMap(BackupRun.lastBackup(of:)))
        if unlockedRecords != nil {
            backups.backUpNow = { [weak self] folder in
                guard let self, let records = unlockedRecords, let key = unlockedKey else {
                    return .failure(.nothingToBackUp(reason: tr("the records are not open")))
                }
                return await BackupRun.backUpInBackground(records, key: key, paths: paths, into: folder, automatic: false)
            }
        }
        if unlockedRecords != nil {
            backups.lockOut = { [weak self, weak backups] in
                // Preferences, which holds the group, closes before the question.
                backups?.group.enclosingDialog?.close()
                self?.askToLockOutOldKeys()
            }
        }
        if canRestore {
            backups.restore = { [weak self, weak backups] file, secret in
                guard let self else { return nil }
                let paths = paths
                // Unpacked and opened with the backup's key off the main thread (argon2id takes a second).
                let staged = await Task.detached { () -> Result<StagedRestore, BackupError> in
                    do throws(BackupError) {
                        return .success(try Backup.stageRestore(of: file, into: paths, opening: secret))
                    } catch {
                        return .failure(error)
                    }
                }.value
                switch staged {
                case .failure(let error): return error
                case .success(let staged):
                    // Preferences, which holds the group, closes: the records it shows go.
                    backups?.group.enclosingDialog?.close()
                    restoreBackup(staged)
                    return nil
                }
            }
        }
        return [backups.group]
    }

    /// Once the form window shows: the address `--connect` gave is offered, and the daily backup made when due.
    func afterUnlocking() {
        offerToJoinGivenAddress()
        backUpIfDue()
    }

    /// Makes the daily backup when it is on and due (at unlock, then every hour while unlocked);
    /// written off the main thread; a failure is shown in the form window, a success is silent.
    func backUpIfDue() {
        if !BackupTimer.isRunning {
            BackupTimer.isRunning = true
            _ = MainContext.timeout(milliseconds: 3_600_000) { [weak self] in
                self?.backUpIfDue()
                return true
            }
        }
        guard settings.backsUpDaily, let folder = settings.backupFolder, !BackupTimer.isBackingUp,
              let records = unlockedRecords, let key = unlockedKey else { return }
        BackupTimer.isBackingUp = true
        let keeping = settings.backupsKept, paths = paths
        Task { @MainActor [weak self] in
            let result = await BackupRun.backUpInBackgroundIfDue(records, key: key, paths: paths, into: folder, keeping: keeping)
            BackupTimer.isBackingUp = false
            if case .failure(let error)? = result { self?.formWindow?.showToast(error.message) }
        }
    }

    /// Locks (unsaved input kept as drafts, as at Lock), replaces the data with the backup's
    /// (opened with its PIN or recovery key already), and shows the PIN window for the restored
    /// data, with what happened.
    func restoreBackup(_ staged: StagedRestore) {
        if let form = formWindow {
            lockPreparation.prepare(form, for: .user) { [weak self] in
                self?.lockNow()
                self?.finishRestoring(staged)
            }
        } else {
            finishRestoring(staged)
        }
    }

    private func finishRestoring(_ staged: StagedRestore) {
        let heading: String
        let body: String
        do throws(BackupError) {
            let aside = try staged.commit()
            heading = tr("Backup restored")
            body = aside.map {
                tr("Unlock with the backup’s PIN or its recovery key. The data it replaced is kept in “{folder}”.",
                   ["folder": $0.path])
            } ?? tr("Unlock with the backup’s PIN or its recovery key.")
        } catch {
            heading = tr("Backup not restored")
            body = error.message
        }
        // The PIN window asks for the data as it is now (a fresh home's "choose a PIN" becomes "enter it").
        app.hold()
        defer { app.release() }
        let replaced = pinWindow
        showPinWindow(mode: .unlockOrChoose)
        replaced?.window.destroy()
        let dialog = AlertDialog(parent: pinWindow?.window, heading: heading, body: body)
        dialog.addResponse(DialogResponse.close, label: tr("Close"))
        dialog.setResponses(default: nil, close: .close)
        dialog.present()
    }
}

/// Whether the hourly check for the daily backup is scheduled (once per process), and whether
/// a daily backup is being written (so that the next check waits for it).
@MainActor
private enum BackupTimer {
    static var isRunning = false
    static var isBackingUp = false
}
