/// The storage key a secret is sealed under, created afresh from a fixed template on each use.
/// ECC P-256 first (fast to derive); RSA 2048 where a TPM has no P-256, as systemd does.
enum TPM2StorageKey: UInt8, CaseIterable, Sendable {
    /// The TCG's ECC P-256 storage root key template.
    case eccP256 = 1
    /// The TCG's RSA 2048 storage root key template.
    case rsa2048 = 2
}
