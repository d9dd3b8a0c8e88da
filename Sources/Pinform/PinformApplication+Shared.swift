import Gtk
import Localization
import PinformCore
import PostgresStore
import Storage

// Joining and leaving a shared database: from `--connect` once unlocked, and from Preferences.
extension PinformApplication {
    /// `pinform --connect ADDRESS`: the address only — a password never goes in the arguments.
    func addConnectOption() {
        app.addOption("connect", argument: .string,
                      // Translators: a command-line option's description; ADDRESS is the option's argument.
                      description: tr("Once unlocked, offer to join the shared database at ADDRESS (postgresql://role@host/database or a socket folder)"),
                      // Translators: the argument of --connect in pinform --help.
                      argumentDescription: tr("ADDRESS"))
        // Translators: a command-line option's description; pinform_readers and pinform_clerks are PostgreSQL group names.
        app.addOption("shared-setup-sql", description: tr("Print the SQL that makes a shared database’s groups pinform_readers and pinform_clerks, for its administrator, and exit"))
    }

    /// `pinform --shared-setup-sql`: prints the administrator's SQL (`PostgresSchema.setupSQL`);
    /// the exit status, or nil when the option was not given.
    func handleSharedOptions(_ options: CommandLineOptions) -> Int32? {
        guard options.contains("shared-setup-sql") else { return nil }
        print(PostgresSchema.setupSQL, terminator: "")
        return 0
    }

    /// After the unlock, the address `--connect` gave is offered once, unless it is the one
    /// this desk already joined.
    func offerToJoinGivenAddress() {
        guard let address = addressToJoin else { return }
        addressToJoin = nil
        if let records = unlockedRecords, let joined = records.sharedEndpoint,
           (try? PostgresEndpoint(parsing: address)) == joined { return }
        offerToJoin(address: address)
    }

    /// Asks for the address and password of a shared database and, once checked and sealed,
    /// opens every page's records there.
    func offerToJoin(address: String = "") {
        guard let records = unlockedRecords, let key = unlockedKey, let form = formWindow else { return }
        SharedDatabaseDialog.present(over: form.window, address: address, vault: KeyVault(paths: paths), dataKey: key) {
            [weak self] endpoint in
            records.closeFile()
            self?.formWindow?.reconnectRecords()
            // The toast escapes its title (ToastOverlay.Toast), so the address's `&` shows as typed.
            self?.formWindow?.showToast(tr("Joined the shared database {address}", ["address": endpoint.description]))
            self?.offerToCopyLocalRecords(records)
        }
    }

    /// Leaves the shared database: this desk's records are its own file's again.
    func leaveSharedDatabase() {
        guard let records = unlockedRecords else { return }
        do {
            try SharedDatabase.leave(vault: KeyVault(paths: paths))
        } catch {
            formWindow?.showToast(error.message)
            return
        }
        records.closeFile()
        formWindow?.reconnectRecords()
        formWindow?.showToast(tr("This desk’s records are kept on this computer again"))
    }

    /// The Preferences group that says where the records are, with Join… or Leave; none while locked.
    func sharedDatabaseGroups() -> [PreferencesGroup] {
        guard let records = unlockedRecords, let key = unlockedKey else { return [] }
        let group = PreferencesGroup(title: tr("Shared Database"))
        let joined = records.sharedEndpoint ?? SharedDatabase.address(vault: KeyVault(paths: paths), dataKey: key)
        let row = ActionRow(
            title: tr("Where the records are"),
            subtitle: joined.map { tr("Shared on {address}", ["address": $0.description]) }
                ?? tr("On this computer only"))
        let button = Button(label: joined == nil ? tr("Join…") : tr("Leave"))
        button.verticalAlignment = .center
        button.onClicked { [weak self] in
            if joined == nil { self?.offerToJoin() } else { self?.leaveSharedDatabase() }
        }
        row.addSuffix(button)
        group.add(row)
        return [group]
    }
}
