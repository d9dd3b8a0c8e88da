import CSodium

/// libsodium, initialized once for the whole process.
enum Sodium {
    /// Whether `sodium_init()` succeeded; evaluated once, thread-safely, on first use.
    static let isReady: Bool = sodium_init() >= 0

    /// Throws unless libsodium is ready to use.
    static func ensureReady() throws(VaultError) {
        guard isReady else { throw .cryptoUnavailable }
    }
}
