import Controls
import Foundation
import Gtk
import Localization
import PinformCore
import Storage

/// Preferences → Backups: the folder backups go to, the daily backup and how many are kept,
/// Back Up Now (while unlocked) and Restore from a Backup (asks first).
///
/// A backup holds the records and the key file still encrypted: it opens only with the PIN or
/// the recovery key. Each one is read back and checked after writing; the row says when the
/// last one was made, or why it was not.
@MainActor
final class BackupsGroup {
    let group = PreferencesGroup(title: tr("Backups"))
    let folderRow: ActionRow
    let chooseFolderButton = Button(label: tr("Choose…"))
    let dailyRow: ActionRow
    let dailySwitch = Switch()
    let keepRow: ComboRow
    let backUpRow: ActionRow
    let backUpButton = Button(label: tr("Back Up Now"))
    /// When the last backup was made (from the records' own index): shown while unlocked.
    let lastBackupRow: ActionRow
    let restoreRow: ActionRow
    let restoreButton = Button(label: tr("Restore…"))
    /// A new data key: what opened the records until now opens none saved after.
    let lockOutRow: ActionRow
    let lockOutButton = Button(label: tr("Lock Out…"))

    /// Makes a backup into the folder; nil while locked (the records are closed).
    var backUpNow: (@MainActor (URL) async -> Result<URL, BackupError>)?
    /// Replaces the data with the backup once the person agreed and typed the backup's PIN or
    /// recovery key: the backup is opened with it first, and why not comes back (nothing was
    /// replaced then). Nil while locked with records: restoring replaces them, so the current
    /// PIN (an unlock) comes first.
    var restore: (@MainActor (URL, SecretBytes) async -> BackupError?)?
    /// Asks, then locks out old keys and backups (`PinformApplication.askToLockOutOldKeys`);
    /// set while unlocked.
    var lockOut: (@MainActor () -> Void)?

    private let settings: AppSettings
    /// The numbers of daily backups offered, in the order of the row's choices.
    nonisolated static let keptCounts = [3, 7, 14, 30, 90]

    /// - Parameter lastBackup: when the last backup of the unlocked records was made (nil: none);
    ///   not shown while locked (`canBackUp` false), when the records cannot be read.
    /// - Parameter canRestore: false while locked with records (see `restore`).
    init(settings: AppSettings, canBackUp: Bool, canRestore: Bool = true, lastBackup: Date? = nil) {
        self.settings = settings
        folderRow = ActionRow(title: tr("Backup folder"), subtitle: Self.folderText(settings.backupFolder))
        chooseFolderButton.verticalAlignment = .center
        folderRow.addSuffix(chooseFolderButton)

        dailyRow = ActionRow(
            title: tr("Back up every day"),
            subtitle: tr("While the records are unlocked, once a day, into the backup folder."))
        dailySwitch.isOn = settings.backsUpDaily
        dailySwitch.verticalAlignment = .center
        dailyRow.addSuffix(dailySwitch)
        dailyRow.setActivatableWidget(dailySwitch)

        keepRow = ComboRow(
            title: tr("Daily backups kept"),
            subtitle: tr("Older daily backups are removed."),
            // Translators: the choices of “Daily backups kept”.
            choices: Self.keptCounts.map { trn("%d backup", "%d backups", $0) })
        keepRow.selected = Self.keptCounts.firstIndex { $0 >= settings.backupsKept } ?? Self.keptCounts.count - 1

        backUpRow = ActionRow(
            title: tr("Back up now"),
            subtitle: canBackUp ? tr("The records and the key file, still encrypted: a backup opens only with the PIN or the recovery key.")
                : tr("Unlock the records to back them up."))
        backUpButton.verticalAlignment = .center
        backUpButton.isSensitive = canBackUp && settings.backupFolder != nil
        backUpRow.addSuffix(backUpButton)

        lastBackupRow = ActionRow(title: tr("Last backup"), subtitle: BackupRun.lastBackupText(lastBackup))
        lastBackupRow.isVisible = canBackUp

        restoreRow = ActionRow(
            title: tr("Restore from a backup"),
            subtitle: canRestore ? Self.restoreText
                : tr("Unlock the records first: a restore replaces them, so it needs their PIN."))
        restoreButton.verticalAlignment = .center
        restoreButton.isSensitive = canRestore
        restoreRow.addSuffix(restoreButton)

        lockOutRow = ActionRow(
            title: tr("Lock out old keys and backups"),
            subtitle: canBackUp ? tr("A new key for the records and a new recovery key: the old recovery key, old copies of the key file and the backups made until now open none of the records saved after.")
                : tr("Unlock the records to lock out old keys."))
        lockOutButton.verticalAlignment = .center
        lockOutButton.isSensitive = canBackUp
        lockOutRow.addSuffix(lockOutButton)

        for row in [folderRow, dailyRow, keepRow, backUpRow, lastBackupRow, restoreRow, lockOutRow] as [Widget] { group.add(row) }
        connect(canBackUp: canBackUp)
    }

    private func connect(canBackUp: Bool) {
        chooseFolderButton.onClicked { self.chooseFolder() }
        dailySwitch.onToggled { self.settings.backsUpDaily = self.dailySwitch.isOn }
        keepRow.onSelectedChanged {
            guard Self.keptCounts.indices.contains(self.keepRow.selected) else { return }
            self.settings.backupsKept = Self.keptCounts[self.keepRow.selected]
        }
        backUpButton.onClicked { self.backUp() }
        restoreButton.onClicked { self.chooseBackupToRestore() }
        lockOutButton.onClicked { self.lockOut?() }
    }

    /// The folder's path, or that none is chosen.
    nonisolated static func folderText(_ folder: URL?) -> String {
        folder?.path ?? tr("None chosen yet: backups need a folder, best on another disk.")
    }

    private func chooseFolder() {
        let dialog = FileDialog(title: tr("Backup Folder"), acceptLabel: tr("_Choose"))
        dialog.initialFolder = settings.backupFolder
        dialog.selectFolder(over: group.rootWindow) { outcome in
            guard let folder = outcome.chosen(reportingFailure: tr("Backup Folder"), over: self.group) else { return }
            self.settings.backupFolder = folder
            self.folderRow.subtitle = Self.folderText(folder)
            self.backUpButton.isSensitive = self.backUpNow != nil
        }
    }

    /// Back Up Now: the row says "Backing up…", then where the backup went, or why there is none.
    func backUp() {
        guard let folder = settings.backupFolder, let backUpNow else { return }
        backUpButton.isSensitive = false
        backUpRow.subtitle = tr("Backing up…")
        Task { @MainActor in
            let result = await backUpNow(folder)
            backUpButton.isSensitive = true
            let text: String
            let politeness: Announcer.Politeness
            switch result {
            case .success(let file):
                // Translators: {file} is the backup's file name.
                text = tr("Backed up and checked: {file}", ["file": file.lastPathComponent])
                politeness = .polite
                lastBackupRow.subtitle = BackupRun.lastBackupText(Date())
            case .failure(let error):
                // Assertive: there is no new backup.
                (text, politeness) = (error.message, .assertive)
                showError(error.message)
            }
            backUpRow.subtitle = text
            if let window = group.rootWindow { Announcer.of(window).announce(text, politeness) }
        }
    }

    private func chooseBackupToRestore() {
        let dialog = FileDialog(title: tr("Restore from a Backup"), acceptLabel: tr("_Restore…"))
        dialog.initialFolder = settings.backupFolder
        // Translators: a filter of the Restore from a Backup file dialog.
        dialog.filters = [FileDialog.Filter(name: tr("Pinform Backups"), patterns: ["*." + BackupFolder.fileExtension]), .allFiles]
        dialog.open(over: group.rootWindow) { outcome in
            if let file = outcome.chosen(reportingFailure: tr("Restore from a Backup"), over: self.group) { self.confirmRestore(file) }
        }
    }

    /// Checks the backup (off the main thread: it is read whole, as a stream), then asks.
    func confirmRestore(_ file: URL) {
        restoreButton.isSensitive = false
        restoreRow.subtitle = tr("Checking the backup…")
        Task { @MainActor in
            let checked = await Task.detached { () -> BackupError? in
                do throws(BackupError) {
                    try Backup.verify(file)
                    return nil
                } catch {
                    return error
                }
            }.value
            self.restoreButton.isSensitive = true
            self.restoreRow.subtitle = Self.restoreText
            if let checked { return self.showError(checked.message) }
            self.askToRestore(file)
        }
    }

    /// What Restore does, under its row.
    private static var restoreText: String {
        tr("Replaces the records and the PIN with a backup’s. The current ones are kept in a folder beside them.")
    }

    /// Asks before anything is replaced, for the backup's PIN or recovery key; `problem` says
    /// why the last one typed did not open it.
    private func askToRestore(_ file: URL, problem: String? = nil) {
        let dialog = AlertDialog(
            parent: group.rootWindow,
            heading: tr("Replace the records with this backup?"),
            body: tr("The records and the PIN become those of “{file}”. The current ones are kept in a folder named “before-restore” and the time, in Pinform’s data folder. Pinform then locks: unlock with the backup’s PIN or its recovery key.",
                     ["file": file.lastPathComponent]))
        let secretLabel = Label(tr("The backup’s PIN or recovery key"))
        secretLabel.xAlign = 0
        let secretEntry = PasswordEntry()
        secretLabel.setMnemonicWidget(secretEntry)
        secretEntry.setAccessibleLabel(tr("The backup’s PIN or recovery key"))
        let problemLabel = Label(problem ?? "")
        problemLabel.xAlign = 0
        problemLabel.wraps = true
        problemLabel.addCSSClass("error")
        problemLabel.isVisible = problem != nil
        let box = Box(.vertical, spacing: 6)
        for widget: Widget in [secretLabel, secretEntry, problemLabel] { box.append(widget) }
        dialog.extraChild = box
        if problem != nil { secretEntry.setAccessibleDescription(problem ?? "") }
        dialog.addResponse(DialogResponse.cancel, label: tr("Cancel"))
        dialog.addResponse(DialogResponse.restore, label: tr("Restore"), appearance: .destructive)
        dialog.setResponses(default: .cancel, close: .cancel)
        dialog.setResponse(DialogResponse.restore.rawValue, isEnabled: false)
        secretEntry.onChanged { dialog.setResponse(DialogResponse.restore.rawValue, isEnabled: !secretEntry.text.isEmpty) }
        secretEntry.onActivate {
            guard !secretEntry.text.isEmpty else { return }
            _ = dialog.close()
            self.restore(file, with: secretEntry)
        }
        dialog.onResponse { (response: DialogResponse?) in
            if response == .restore { self.restore(file, with: secretEntry) }
        }
        dialog.present()
        _ = secretEntry.grabFocus()
    }

    /// Opens the backup with what `entry` holds (copied into locked memory, the entry emptied),
    /// and asks again with the reason when it does not open.
    private func restore(_ file: URL, with entry: PasswordEntry) {
        guard let restore else { return }
        let secret = entry.withTextBytes { try? SecretBytes(copying: $0) }
        entry.clear()
        guard let secret else { return showError(tr("There is not enough secure memory to hold the PIN.")) }
        restoreButton.isSensitive = false
        restoreRow.subtitle = tr("Opening the backup…")
        Task { @MainActor in
            let problem = await restore(file, secret)
            self.restoreButton.isSensitive = true
            self.restoreRow.subtitle = Self.restoreText
            guard let problem else { return }
            switch problem {
            case .wrongSecret, .pinSealedElsewhere: self.askToRestore(file, problem: problem.message)
            default: self.showError(problem.message)
            }
        }
    }

    private func showError(_ message: String) {
        let dialog = AlertDialog(parent: group.rootWindow, heading: tr("Backups"), body: message)
        dialog.addResponse(DialogResponse.close, label: tr("Close"))
        dialog.setResponses(default: nil, close: .close)
        dialog.present()
    }
}
