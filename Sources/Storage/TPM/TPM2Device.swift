import CTss2
import Foundation

/// A TPM 2.0 that seals a secret under a PIN, through tpm2-tss (ESYS and the TCTI loader).
///
/// The secret becomes a sealed data object under a storage key that the TPM derives from its
/// owner seed. The object's authorization is a salted hash of the PIN, so the TPM never sees
/// the digits, and it is subject to the TPM's dictionary-attack protection: each wrong PIN is
/// counted by the chip, which locks out after a few. The auth value travels only inside a salted
/// HMAC session with parameter encryption. The sealed bytes are useless to another TPM, or to
/// this one after it was cleared.
///
/// Every call opens its own connection and closes it before returning; calls may block for as
/// long as the TPM takes (tens of milliseconds to a second), so keep them off the main thread.
///
/// ```swift
/// guard let tpm = TPM2Device.detect() else { /* argon2id only */ }
/// let sealed = try tpm.seal(secret: key, digits: digits)      // store sealed.bytes
/// let secret = try tpm.unseal(sealed, digits: digits)        // or .wrongPIN, .lockedOut, …
/// ```
public struct TPM2Device: Equatable, Sendable {
    /// The environment variable that names a TCTI to use instead of `/dev/tpmrm0`, e.g.
    /// `swtpm:host=127.0.0.1,port=2321`.
    public static let tctiVariable = "PINFORM_TPM2_TCTI"
    /// The kernel's resource-managed TPM device.
    public static let devicePath = "/dev/tpmrm0"

    /// The TCTI configuration handed to tpm2-tss's loader ("device:/dev/tpmrm0", "swtpm:…").
    public let tcti: String

    /// A TPM reached through `tcti`; nothing is checked until it is used.
    public init(tcti: String) {
        self.tcti = tcti
    }

    /// The TPM this process is configured to use, without talking to it: the TCTI in
    /// `PINFORM_TPM2_TCTI` when it is set and not empty, else `/dev/tpmrm0` when it exists.
    public static func configured(environment: [String: String] = ProcessInfo.processInfo.environment) -> TPM2Device? {
        if let tcti = environment[tctiVariable], !tcti.isEmpty {
            return TPM2Device(tcti: tcti)
        }
        if FileManager.default.fileExists(atPath: devicePath) {
            return TPM2Device(tcti: "device:\(devicePath)")
        }
        return nil
    }

    /// The configured TPM if it answers as a TPM 2.0, else nil.
    public static func detect(environment: [String: String] = ProcessInfo.processInfo.environment) -> TPM2Device? {
        guard let device = configured(environment: environment), device.isUsable else { return nil }
        return device
    }

    /// Whether the TPM can be opened, says it implements TPM 2.0, and lets Pinform create its
    /// storage key (it does not when the owner hierarchy has a password).
    public var isUsable: Bool {
        guard let connection = try? TPM2Connection(tcti: tcti), connection.isTPM2 else { return false }
        return (try? TPM2Device.createStorageKey(on: connection, preferring: nil)) != nil
    }

    /// Seals `secret` so that only this TPM releases it, and only for `digits`.
    ///
    /// - Parameters:
    ///   - secret: 1 to 128 bytes (a 32-byte key that wraps the data key); not kept.
    ///   - digits: the PIN's ASCII digits, borrowed for the call; only their salted hash is used.
    /// - Returns: the sealed bytes to store.
    /// - Throws: `TPM2Error`.
    public func seal(secret: UnsafeRawBufferPointer, digits: UnsafeBufferPointer<UInt8>) throws(TPM2Error) -> TPM2SealedSecret {
        try seal(secret: secret, digits: digits, storageKey: nil)
    }

    /// `seal`, under the storage key `storageKey` when given.
    func seal(
        secret: UnsafeRawBufferPointer, digits: UnsafeBufferPointer<UInt8>, storageKey: TPM2StorageKey?
    ) throws(TPM2Error) -> TPM2SealedSecret {
        precondition((1...128).contains(secret.count), "A sealed secret is 1 to 128 bytes")
        let salt = TPM2PinAuth.newSalt()
        let auth = try TPM2PinAuth.derive(digits: digits, salt: salt)
        let connection = try TPM2Connection(tcti: tcti)
        let (storageKey, primary) = try TPM2Device.createStorageKey(on: connection, preferring: storageKey)
        let session = try connection.startEncryptedSession(saltedWith: primary)
        let object = try connection.seal(secret, auth: auth, under: primary, session: session)
        if let status = try? connection.lockoutStatus() { TPM2LockoutStatus.remember(status) }
        return TPM2SealedSecret(storageKey: storageKey, salt: salt, primaryName: try connection.name(of: primary),
                                publicArea: object.publicArea, privateArea: object.privateArea)
    }

    /// Creates the storage key: `preferred` only when given (the tests' way to take the RSA
    /// path), else ECC P-256, falling back to RSA 2048 on a TPM that refuses P-256.
    static func createStorageKey(
        on connection: TPM2Connection, preferring preferred: TPM2StorageKey?
    ) throws(TPM2Error) -> (TPM2StorageKey, ESYS_TR) {
        if let preferred {
            return (preferred, try connection.createPrimary(preferred))
        }
        do {
            return (.eccP256, try connection.createPrimary(.eccP256))
        } catch .failed(_, let code, _) where TPM2Connection.tpmResponse(code) != nil {
            return (.rsa2048, try connection.createPrimary(.rsa2048))
        }
    }

    /// Asks the TPM for the secret sealed in `sealed`, with `digits` as the PIN. This is the
    /// PIN check: a wrong PIN is counted by the TPM.
    ///
    /// - Parameter digits: the PIN's ASCII digits, borrowed for the call.
    /// - Returns: the secret, in guarded memory wiped when it goes away.
    /// - Throws: `TPM2Error.wrongPIN`, `.lockedOut` (with the wait), `.sealedByAnotherTPM`,
    ///   `.noTPM`, `.unreadableSealedSecret` or `.failed`.
    public func unseal(_ sealed: TPM2SealedSecret, digits: UnsafeBufferPointer<UInt8>) throws(TPM2Error) -> TPM2Secret {
        let auth = try TPM2PinAuth.derive(digits: digits, salt: sealed.salt)
        let tcti = tcti
        // The conversation runs under a 5 s deadline (`TPM2Deadline`), with its own copy of
        // everything: the digits are only borrowed, and are gone when a late answer comes.
        return try TPM2Deadline.unseal(auth: auth) { (auth: borrowing TPM2Secret) throws(TPM2Error) -> TPM2Secret in
            try TPM2Device.unseal(sealed, auth: auth, tcti: tcti)
        }
    }

    private static func unseal(_ sealed: TPM2SealedSecret, auth: borrowing TPM2Secret, tcti: String) throws(TPM2Error) -> TPM2Secret {
        let connection = try TPM2Connection(tcti: tcti)
        let primary = try connection.createPrimary(sealed.storageKey)
        // Another TPM, or a cleared one, derives another storage key: say so before spending
        // an attempt of the TPM's lockout on it.
        guard try connection.name(of: primary) == sealed.primaryName else { throw .sealedByAnotherTPM }
        let session = try connection.startEncryptedSession(saltedWith: primary)
        let object: ESYS_TR
        do {
            object = try connection.load(publicArea: sealed.publicArea, privateArea: sealed.privateArea,
                                         under: primary, session: session)
        } catch .failed(_, let code, _) where TPM2Connection.tpmResponse(code) == PINFORM_TPM2_RC_INTEGRITY {
            throw .sealedByAnotherTPM
        }
        do {
            let secret = try connection.unseal(object, auth: auth, session: session)
            // Read while the connection is open, for About (the lockout password, the limits).
            if let status = try? connection.lockoutStatus() { TPM2LockoutStatus.remember(status) }
            return secret
        } catch .failed(let operation, let code, let reason) {
            throw TPM2Device.refusal(code, on: connection) ?? .failed(operation: operation, code: code, reason: reason)
        }
    }

    /// The TPM's dictionary-attack state now.
    public func lockoutStatus() throws(TPM2Error) -> TPM2LockoutStatus {
        let tcti = tcti
        return try TPM2Deadline.run { () throws(TPM2Error) -> TPM2LockoutStatus in try TPM2Connection(tcti: tcti).lockoutStatus() }
    }

    /// `.wrongPIN` or `.lockedOut` when `code` is the TPM refusing the PIN, with what its
    /// counters say now; nil for any other failure.
    private static func refusal(_ code: TSS2_RC, on connection: TPM2Connection) -> TPM2Error? {
        let status = try? connection.lockoutStatus()
        switch TPM2Connection.tpmResponse(code) {
        case PINFORM_TPM2_RC_LOCKOUT:
            return .lockedOut(retryAfter: status.flatMap(\.retryAfter))
        case PINFORM_TPM2_RC_AUTH_FAIL, PINFORM_TPM2_RC_BAD_AUTH:
            // The failure that reaches the limit is the last wrong PIN the TPM takes.
            if let status, status.isLockedOut {
                return .lockedOut(retryAfter: status.retryAfter)
            }
            return .wrongPIN(attemptsLeft: status?.attemptsLeft)
        default:
            return nil
        }
    }
}
