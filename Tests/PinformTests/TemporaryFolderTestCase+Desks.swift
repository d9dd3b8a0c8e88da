import Foundation
import PinformCore
import PostgresStore
@_spi(Testing) import Storage
import TestFolders

/// Desks for the tests of a shared database: each with its own folders under the test's folder,
/// its own PIN and key file, joined to a database of a private cluster.
extension TemporaryFolderTestCase {
    /// `text` as the secret bytes a PIN or a password is kept in.
    func secret(_ text: String) throws -> SecretBytes {
        var text = text
        return try text.withUTF8 { try SecretBytes(copying: $0) }
    }

    /// A desk joined to `endpoint` with `password`: its own folders, PIN (2468) and key file.
    func desk(_ name: String, joining endpoint: PostgresEndpoint, password: String) throws -> (AppPaths, SecretBytes) {
        let paths = AppPaths(dataDirectory: folder.appendingPathComponent("\(name)/data"),
                             configDirectory: folder.appendingPathComponent("\(name)/config"))
        try paths.ensureExists()
        let vault = KeyVault(directory: paths.dataDirectory, derivation: .fastForTests)
        let key = try vault.create(pin: secret("2468"))
        try SharedDatabase.join(endpoint, password: secret(password), vault: vault, dataKey: key)
        return (paths, key)
    }
}
