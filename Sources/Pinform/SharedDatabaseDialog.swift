import Foundation
import Gtk
import Localization
import PinformCore
import PostgresStore
import Storage

/// Joins this desk to a shared PostgreSQL database: the address (`postgresql://role@host/db`
/// or a Unix socket folder), the role's password and, over the network, the server's CA
/// certificate (the connection is `sslmode=verify-full`), and for a server that logs desks in by
/// certificate, this desk's client certificate and its key (PEM files). The password goes from
/// GTK's buffer, and the key from its file, into locked memory and is sealed in the key file
/// under the PIN; neither reaches GSettings, a log or a process argument. A failed join says
/// why and asks again, keeping the address and the files chosen.
@MainActor
final class SharedDatabaseDialog {
    let dialog: AlertDialog
    let addressEntry = Entry()
    let passwordEntry = PasswordEntry()
    /// The password typed: the entry holds dots only (GTK 4.8 sends an entry's text to the
    /// accessibility bus, see PasswordMask).
    lazy var passwordMask = PasswordMask(entry: passwordEntry)
    let caButton = Button(label: tr("Server’s CA Certificate…"))
    let caLabel = Label()
    let certificateButton = Button(label: tr("Client Certificate…"))
    let certificateLabel = Label()
    let keyButton = Button(label: tr("Client Certificate’s Key…"))
    let keyLabel = Label()
    let problemLabel = Label()
    private var caFile: URL?
    private var certificateFile: URL?
    private var keyFile: URL?
    private static var shown: SharedDatabaseDialog?

    /// Shows the dialog over `parent`; `onJoined` runs once the address and password were
    /// checked with the server and sealed.
    static func present(over parent: Window?, address: String = "", caFile: URL? = nil,
                        clientFiles: (certificate: URL?, key: URL?) = (nil, nil), problem: String? = nil,
                        vault: KeyVault, dataKey: SecretBytes, onJoined: @escaping @MainActor (PostgresEndpoint) -> Void) {
        let shown = SharedDatabaseDialog(parent: parent, address: address, caFile: caFile, clientFiles: clientFiles, problem: problem)
        Self.shown = shown
        shown.dialog.onResponse { [unowned shown] (response: DialogResponse?) in
            // Held here while it joins: `shown` then lets it go (a retry shows a new dialog).
            let current = shown
            Self.shown = nil
            guard response == .join else { return }
            current.join(over: parent, vault: vault, dataKey: dataKey, onJoined: onJoined)
        }
        shown.dialog.present()
    }

    private init(parent: Window?, address: String, caFile: URL?, clientFiles: (certificate: URL?, key: URL?), problem: String?) {
        dialog = AlertDialog(
            parent: parent, heading: tr("Join a Shared Database"),
            body: tr("This desk’s records are then kept on the team’s PostgreSQL server, at an address like postgresql://desk1@server/records or a socket folder. The password is sealed under your PIN."))
        self.caFile = caFile
        certificateFile = clientFiles.certificate
        keyFile = clientFiles.key
        addressEntry.text = address
        let addressLabel = Label(tr("Address"))
        addressLabel.xAlign = 0
        addressLabel.setMnemonicWidget(addressEntry)
        let passwordLabel = Label(tr("Password"))
        passwordLabel.xAlign = 0
        passwordLabel.setMnemonicWidget(passwordEntry)
        _ = passwordMask
        caLabel.xAlign = 0
        // The files an address (`--connect`) names show as chosen.
        let named = try? PostgresEndpoint(parsing: address)
        let namedName = { (path: String?) in path.map { URL(fileURLWithPath: $0).lastPathComponent } }
        caLabel.text = caFile?.lastPathComponent ?? namedName(named?.caFile)
            ?? tr("No CA certificate chosen (not needed for a Unix socket)")
        certificateLabel.xAlign = 0
        certificateLabel.text = certificateFile?.lastPathComponent ?? namedName(named?.certificateFile)
            ?? tr("No client certificate (the server asks for the password)")
        keyLabel.xAlign = 0
        keyLabel.text = keyFile.map { tr("{file}, sealed under your PIN once joined", ["file": $0.lastPathComponent]) }
            ?? tr("No key chosen")
        problemLabel.xAlign = 0
        problemLabel.text = problem ?? ""
        problemLabel.addCSSClass("error")
        let box = Box(.vertical, spacing: 6)
        for widget: Widget in [addressLabel, addressEntry, passwordLabel, passwordEntry, caButton, caLabel,
                               certificateButton, certificateLabel, keyButton, keyLabel, problemLabel] {
            box.append(widget)
        }
        dialog.extraChild = box
        dialog.addResponse(DialogResponse.cancel, label: tr("Cancel"))
        dialog.addResponse(DialogResponse.join, label: tr("Join"), appearance: .suggested)
        caButton.onClicked { [unowned self] in
            choose(title: tr("Server’s CA Certificate")) { [unowned self] url in
                self.caFile = url
                caLabel.text = url.lastPathComponent
            }
        }
        certificateButton.onClicked { [unowned self] in
            choose(title: tr("Client Certificate")) { [unowned self] url in
                self.certificateFile = url
                certificateLabel.text = url.lastPathComponent
            }
        }
        keyButton.onClicked { [unowned self] in
            choose(title: tr("Client Certificate’s Key")) { [unowned self] url in
                self.keyFile = url
                keyLabel.text = tr("{file}, sealed under your PIN once joined", ["file": url.lastPathComponent])
            }
        }
    }

    private func choose(title: String, _ chosen: @escaping @MainActor (URL) -> Void) {
        let parent = dialog.rootWindow
        FileDialog(title: title).open(over: parent) { outcome in
            if let url = outcome.chosen(reportingFailure: title, over: parent) { chosen(url) }
        }
    }

    private func join(over parent: Window?, vault: KeyVault, dataKey: SecretBytes,
                      onJoined: @escaping @MainActor (PostgresEndpoint) -> Void) {
        let address = addressEntry.text.trimmingCharacters(in: .whitespaces)
        let retry = { [caFile, certificateFile, keyFile] (problem: String) in
            Self.present(over: parent, address: address, caFile: caFile, clientFiles: (certificateFile, keyFile), problem: problem,
                         vault: vault, dataKey: dataKey, onJoined: onJoined)
        }
        var endpoint: PostgresEndpoint
        do {
            endpoint = try PostgresEndpoint(parsing: address)
        } catch .passwordInAddress {
            return retry(tr("Leave the password out of the address; type it in the Password field."))
        } catch .keyInAddress {
            return retry(tr("Leave the key out of the address; choose it with Client Certificate’s Key…."))
        } catch {
            return retry(tr("Enter an address like postgresql://desk1@server/records, or a socket folder like /run/postgresql."))
        }
        if !endpoint.isSocket, let caFile { endpoint.caFile = caFile.path }
        if !endpoint.isSocket, let certificateFile { endpoint.certificateFile = certificateFile.path }
        do {
            let password = try passwordMask.withTextBytes { bytes throws(VaultError) in
                bytes.isEmpty ? nil : try SecretBytes(copying: bytes)
            }
            passwordMask.clear()
            let clientKey = try endpoint.certificateFile == nil ? nil : keyFile.map { url throws(StoreError) in
                try ClientKey.read(contentsOf: url.path)
            }
            try SharedDatabase.join(endpoint, password: password, clientKey: clientKey, vault: vault, dataKey: dataKey)
            onJoined(endpoint)
        } catch let error as StoreError {
            retry(error.message)
        } catch let error as VaultError {
            retry(error.message)
        } catch {
            retry(String(describing: error))
        }
    }
}
