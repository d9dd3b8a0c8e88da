import Foundation
import PostgresStore
import Storage

/// The shared PostgreSQL database this desk joins, kept in the key file: its address in the
/// clear and the role's password sealed under the data key, so that only the PIN opens it — it
/// is never on disk in plaintext, in GSettings, in a log or in a process's arguments.
///
/// ```swift
/// try SharedDatabase.join(endpoint, password: password, vault: vault, dataKey: key)  // checks it first
/// let (endpoint, password) = try SharedDatabase.joined(vault: vault, dataKey: key)!
/// ```
public enum SharedDatabase {
    /// The key file entry's name.
    static let credentialName = "shared-database"
    /// The key file entry holding the private key of the endpoint's client certificate.
    static let clientKeyName = "shared-database-client-key"

    /// The shared database this desk joined and its password, or nil for the local file only.
    public static func joined(vault: KeyVault, dataKey: SecretBytes) throws(VaultError) -> (endpoint: PostgresEndpoint, password: SecretBytes)? {
        guard let (account, password) = try vault.credential(named: credentialName, dataKey: dataKey) else { return nil }
        guard let endpoint = try? PostgresEndpoint(parsing: account) else { throw .corrupt(path: vault.fileURL.path) }
        return (endpoint, password)
    }

    /// The address of the shared database this desk joined, without opening its password.
    public static func address(vault: KeyVault, dataKey: SecretBytes) -> PostgresEndpoint? {
        (try? joined(vault: vault, dataKey: dataKey))??.endpoint
    }

    /// The private key of the client certificate the joined endpoint names, or nil.
    public static func clientKey(vault: KeyVault, dataKey: SecretBytes) throws(VaultError) -> SecretBytes? {
        try vault.credential(named: clientKeyName, dataKey: dataKey)?.secret
    }

    /// Connects once to check the address and password or client key (and sets the schema up
    /// when this is the first desk), then seals them in the key file: from the next unlock on,
    /// records are shared.
    ///
    /// - Parameter clientKey: the private key (PEM) of the endpoint's `certificateFile`, or nil.
    /// - Throws: the connection's `StoreError` (nothing is sealed then), or a `VaultError`.
    public static func join(_ endpoint: PostgresEndpoint, password: SecretBytes?, clientKey: SecretBytes? = nil,
                            vault: KeyVault, dataKey: SecretBytes) throws {
        let connection = try PostgresConnection(endpoint: endpoint, password: password, clientKey: clientKey)
        try PostgresSchema.prepare(connection)
        connection.close()
        if let clientKey {
            try vault.sealCredential(clientKey, named: clientKeyName, account: endpoint.certificateFile ?? "", dataKey: dataKey)
        } else {
            try vault.removeCredential(named: clientKeyName)
        }
        let secret = try password ?? SecretBytes(count: 0)
        try vault.sealCredential(secret, named: credentialName, account: endpoint.description, dataKey: dataKey)
    }

    /// Leaves the shared database: this desk keeps its records in the local file again.
    public static func leave(vault: KeyVault) throws(VaultError) {
        try vault.removeCredential(named: credentialName)
        try vault.removeCredential(named: clientKeyName)
    }
}
