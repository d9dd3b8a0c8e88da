import CSodium
import Foundation
import Localization

/// Keeps the records' data key wrapped under the PIN in `keys.json` (mode 0600) in the data folder.
///
/// The data key is 32 random bytes that SQLCipher encrypts the records with. It is never on
/// disk in the clear: each slot of the key file holds it encrypted with XChaCha20-Poly1305
/// under a key had from a secret: where a TPM 2.0 answers, a random key the TPM seals under the
/// PIN (the `tpm2+pin` slot: every guess goes through the chip and its dictionary-attack
/// lockout, and the file is useless beside another TPM); else a key derived from the PIN through
/// argon2id (256 MiB, 3 passes). A recovery key, shown once, wraps it too, through argon2id.
/// Unwrapping *is* the PIN check: a wrong PIN fails the TPM's authorization or the AEAD's, and
/// nothing cheaper to test a guess against is stored. Changing the PIN re-wraps the same
/// data key, so the records are not re-encrypted; the file is replaced atomically, so a crash
/// leaves the old PIN or the new one working.
///
/// An installation of an older version has `pin.hash` (an argon2id string) and plaintext
/// records instead; `unlock(pin:)` checks the PIN against that hash once, makes a data key
/// and the key file, and `Database.encryptPlaintextFile(at:key:)` then encrypts the records.
///
/// ```swift
/// let vault = KeyVault(paths: AppPaths())
/// let key = try vault.create(pin: digits)               // first run
/// guard let key = try vault.unlock(pin: digits) else { /* wrong PIN */ }
/// let database = try Database(at: paths.recordsFile, key: key)
/// ```
public final class KeyVault: Sendable {
    /// The name of the key file in the data folder.
    public static let fileName = "keys.json"
    /// The size of the data key: 256 bits.
    public static let dataKeyLength = 32

    /// The key file.
    public let fileURL: URL
    /// The PIN hash an older version kept, read only to upgrade.
    public let legacy: PinVault
    /// How keys are derived from PINs for slots written from now on.
    public let derivation: KeyDerivation
    /// The TPM that seals the PIN slot, when one is configured (see `TPM2Device.configured`).
    public let tpm: TPM2Device?
    private let progress: (@Sendable (Step) -> Void)?

    /// A step of writing the key file, reported to crash tests.
    public enum Step: String, Sendable, CaseIterable {
        /// The new slot is derived and wrapped; nothing is written yet.
        case wrapped
        /// The new file is written and flushed beside the old one.
        case temporaryFileSynced
        /// The new file replaced the old one.
        case renamed
        /// The folder is flushed.
        case folderSynced
    }

    /// A vault whose key file is in `directory`, deriving new slots' keys with the standard
    /// cost (`KeyDerivation.standard`).
    ///
    /// - Parameters:
    ///   - tpm: the TPM to seal a new PIN slot in; with none (or one that does not answer when
    ///     a PIN is set), the PIN slot is argon2id's.
    ///   - progress: for crash tests, called after each step of writing the key file.
    public convenience init(directory: URL, tpm: TPM2Device? = nil, progress: (@Sendable (Step) -> Void)? = nil) {
        self.init(directory: directory, derivation: .standard, tpm: tpm, progress: progress)
    }

    /// A vault deriving new slots' keys with `derivation`: for tests only
    /// (`@_spi(Testing) import Storage`), which pass `.fastForTests`. Nothing else may weaken it.
    @_spi(Testing) public init(directory: URL, derivation: KeyDerivation, tpm: TPM2Device? = nil,
                               progress: (@Sendable (Step) -> Void)? = nil) {
        fileURL = directory.appendingPathComponent(KeyVault.fileName, isDirectory: false)
        legacy = PinVault(directory: directory)
        self.derivation = derivation
        self.tpm = tpm
        self.progress = progress
    }

    /// A vault in the application's data folder, with the standard derivation and the TPM this
    /// process is configured to use (`PINFORM_TPM2_TCTI`, else `/dev/tpmrm0` when it exists).
    public convenience init(paths: AppPaths, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.init(directory: paths.dataDirectory, tpm: TPM2Device.configured(environment: environment))
    }

    // MARK: What is there

    /// Whether a PIN is set: a key file, or an older version's `pin.hash`, is there — even a
    /// damaged one, which must never turn into "choose a new PIN".
    public var hasPIN: Bool {
        FileOperations.exists(atPath: fileURL.path) || legacy.hasPIN
    }

    /// Whether the PIN is still an older version's `pin.hash`, with no key file yet.
    public var needsUpgrade: Bool {
        !FileOperations.exists(atPath: fileURL.path) && legacy.hasPIN
    }

    /// How many digits the PIN has, or `nil` when it cannot be read.
    public var pinLength: Int? {
        if let file = try? read() {
            return file.slots.first { $0.isPINSlot }?.validDigits
        }
        return needsUpgrade ? legacy.storedLength : nil
    }

    /// What the key file's PIN slot uses: `.tpm2` for a `tpm2+pin` slot, `.argon2id` for a
    /// `pin` slot; nil when there is no readable key file (none yet, or an upgrade pending).
    public var protection: KeyProtection? {
        guard let slot = (try? read())?.slots.first(where: \.isPINSlot) else { return nil }
        return slot.kind.protection
    }

    /// Whether the key file has a recovery slot (an installation upgraded from `pin.hash`, or
    /// one made before recovery keys, has none until `addRecoveryKey` makes one).
    public var hasRecoveryKey: Bool {
        (try? read())?.slots.contains { $0.kind == .recovery } ?? false
    }

    /// The slots' kinds, in file order (e.g. `[.pin, .recovery]`).
    public func slotKinds() throws(VaultError) -> [KeySlotKind] {
        try read().slots.map(\.kind)
    }

    // MARK: PIN

    /// Makes a new data key and a key file with one PIN slot; for the first run.
    ///
    /// - Parameter pin: the PIN's ASCII digits.
    /// - Returns: the data key, for `Database(at:key:)`.
    /// - Throws: `.alreadySet` when a PIN exists (a key file or `pin.hash`), `.writeFailed`,
    ///   `.hashingFailed`, `.outOfSecureMemory`.
    public func create(pin: SecretBytes) throws(VaultError) -> SecretBytes {
        guard !hasPIN else { throw .alreadySet }
        let dataKey = try SecretBytes.random(count: KeyVault.dataKeyLength)
        let slot = try makePINSlot(pin: pin, dataKey: dataKey)
        try writeCountingAttempts(KeyFile(keyID: KeyVault.keyID(of: dataKey), slots: [slot]), dataKey: dataKey)
        return dataKey
    }

    /// `create(pin:)` with a recovery slot too, written in one go: the first run's way. The
    /// PIN slot is sealed in the TPM when one answers.
    ///
    /// - Returns: the data key, and the recovery key to show once ("12345-67890-…").
    public func createWithRecoveryKey(pin: SecretBytes) throws(VaultError) -> (dataKey: SecretBytes, recoveryKey: SecretBytes) {
        guard !hasPIN else { throw .alreadySet }
        let dataKey = try SecretBytes.random(count: KeyVault.dataKeyLength)
        let slot = try makePINSlot(pin: pin, dataKey: dataKey)
        let (recoverySlot, recoveryKey) = try makeRecoverySlot(dataKey: dataKey)
        try writeCountingAttempts(KeyFile(keyID: KeyVault.keyID(of: dataKey), slots: [slot, recoverySlot]), dataKey: dataKey)
        return (dataKey, recoveryKey)
    }

    /// Unwraps the data key with the PIN; this is the PIN check.
    ///
    /// For an older version's installation (no key file, a `pin.hash`), the PIN is checked
    /// against the hash and, when right, a data key and the key file are made and `pin.hash`
    /// removed; the records are encrypted next (`Database.encryptPlaintextFile(at:key:)`).
    /// In a data folder that cannot be written, nothing is made or removed: the right PIN
    /// returns a key saved nowhere, and the plaintext records can only be opened read-only.
    ///
    /// A PIN slot weaker than this vault's derivation (from a restored backup) is wrapped again
    /// with it once the PIN is right (`strengthenPINSlot`).
    ///
    /// - Returns: the data key, or `nil` for a wrong PIN.
    /// - Throws: `.noPIN`, `.unreadable`, `.notARegularFile`, `.corrupt` (the file is left as
    ///   it is), `.hashingFailed`, `.outOfSecureMemory`, `.writeFailed` (upgrade only).
    ///   With a `tpm2+pin` slot: `.tpm` when the TPM refuses for another reason than a wrong PIN
    ///   (its lockout, another or a cleared TPM, none answering).
    public func unlock(pin: SecretBytes) throws(VaultError) -> SecretBytes? {
        if needsUpgrade { return try upgrade(pin: pin) }
        let slot = try pinSlot()
        if slot.kind == .tpm2PIN { return try unwrapSealed(slot, pin: pin) }
        guard let dataKey = try unwrap(slot, secret: pin) else { return nil }
        strengthenPINSlot(slot, pin: pin, dataKey: dataKey)
        return dataKey
    }

    /// Checks, without any work, that the key file has a PIN slot that a PIN could open: a
    /// length the pad can ask for, argon2id parameters within limits (or a sealed object) and
    /// a nonce and a wrapped key of the right sizes. `PinCheck` calls it before counting an
    /// attempt, so a tampered file is refused before a failure is written or a key derived.
    ///
    /// - Throws: what reading the file throws (`.noPIN`, `.corrupt`, `.newerVersion`, …);
    ///   `.damagedPINSlot` for a slot no PIN could open (`.corrupt` when there is none). Nothing for an older version's `pin.hash`.
    public func checkPINSlot() throws(VaultError) {
        if needsUpgrade { return }
        _ = try pinSlot()
    }

    /// The PIN slot, checked as `checkPINSlot()` says.
    func pinSlot() throws(VaultError) -> KeySlot {
        let file = try read()
        // The slot's base64 and everything after need libsodium (not reading the file: the PIN
        // window asks the PIN's length before its first frame).
        try Sodium.ensureReady()
        guard let slot = file.slots.first(where: \.isPINSlot) else { throw .corrupt(path: fileURL.path) }
        guard slot.validDigits != nil,
              let nonce = Base64.decode(slot.nonce), nonce.count == Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES),
              let wrapped = Base64.decode(slot.wrappedKey),
              wrapped.count == KeyVault.dataKeyLength + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
        else { throw .damagedPINSlot(path: fileURL.path) }
        if slot.kind == .tpm2PIN {
            guard let encoded = slot.sealed?[KeySlot.sealedObjectKey], Base64.decode(encoded) != nil else {
                throw .damagedPINSlot(path: fileURL.path)
            }
        } else {
            guard let kdf = slot.kdf, KeyDerivation.parse(phc: kdf) != nil else { throw .damagedPINSlot(path: fileURL.path) }
        }
        return slot
    }

    /// Re-wraps the data key under a new PIN, keeping every other slot; the records are not
    /// touched. This also re-enrols: the new PIN slot is sealed in the TPM when one answers now
    /// (after a recovery on a cleared or another TPM), else it is argon2id's. The file is replaced atomically: a crash leaves the old PIN or the new one.
    ///
    /// - Parameters:
    ///   - dataKey: the key the current PIN unwrapped (checked against the file first).
    ///   - newPIN: the new PIN's ASCII digits.
    /// - Throws: `.corrupt` when `dataKey` is not this file's key, `.writeFailed`, …
    public func changePIN(dataKey: SecretBytes, to newPIN: SecretBytes) throws(VaultError) {
        var file = try read()
        try checkBelongs(dataKey, to: file)
        let slot = try makePINSlot(pin: newPIN, dataKey: dataKey)
        file.slots.removeAll(where: \.isPINSlot)
        file.slots.insert(slot, at: 0)
        try writeCountingAttempts(file, dataKey: dataKey)
    }

    // MARK: Upgrade from pin.hash

    func upgrade(pin: SecretBytes) throws(VaultError) -> SecretBytes? {
        let isRight = try pin.withBytes { (bytes) throws(VaultError) -> Bool in
            try legacy.verify(digits: bytes.assumingMemoryBound(to: UInt8.self))
        }
        guard isRight else { return nil }
        let dataKey = try SecretBytes.random(count: KeyVault.dataKeyLength)
        // A folder that cannot be written (a read-only disk, no permission) cannot be upgraded:
        // nothing is written, `pin.hash` stays, and the key returned is saved nowhere — the
        // plaintext records open read-only without it (see `Database.canEncryptPlaintextFile`),
        // and the upgrade runs at the first unlock where the folder can be written.
        guard FileOperations.canWrite(atPath: FileOperations.parentDirectory(of: fileURL.path)) else { return dataKey }
        let slot = try makePINSlot(pin: pin, dataKey: dataKey)
        try writeCountingAttempts(KeyFile(keyID: KeyVault.keyID(of: dataKey), slots: [slot]), dataKey: dataKey)
        // The old hash is a cheaper check of the PIN than the unwrap: gone as soon as the key
        // file is durable (the records' encryption needs only the data key).
        try? legacy.remove()
        return dataKey
    }

    /// Removes an older version's `pin.hash` left by an upgrade killed after the key file was
    /// written; does nothing when there is none or no key file.
    public func finishUpgrade() throws(VaultError) {
        guard FileOperations.exists(atPath: fileURL.path) else { return }
        try legacy.remove()
    }

    /// The records file's format as the key file says it; `.sqlcipher4` when there is no key file.
    public func cipherFormat() throws(VaultError) -> CipherFormat {
        guard FileOperations.exists(atPath: fileURL.path) else { return .sqlcipher4 }
        return CipherFormat(rawValue: try read().database) ?? .sqlcipher4
    }

    /// Records that the records file is now in `format`, once it was moved and flushed: the key
    /// file changes last, so a kill before this leaves the old word, and the file is read in
    /// whichever format it has.
    public func recordCipherFormat(_ format: CipherFormat) throws(VaultError) {
        guard FileOperations.exists(atPath: fileURL.path) else { return }
        var file = try read()
        guard file.database != format.rawValue else { return }
        file.database = format.rawValue
        try write(file)
    }

    // MARK: Slots

    func makeSlot(kind: KeySlotKind, digits: Int?, secret: SecretBytes, dataKey: SecretBytes) throws(VaultError) -> KeySlot {
        var salt = [UInt8](repeating: 0, count: Int(crypto_pwhash_SALTBYTES))
        sodium.randombytesBuf(&salt, salt.count)
        var nonce = [UInt8](repeating: 0, count: Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES))
        sodium.randombytesBuf(&nonce, nonce.count)
        let slot = KeySlot(kind: kind, digits: digits, kdf: derivation.phcString(salt: salt), sealed: nil,
                           nonce: Base64.encode(nonce), wrappedKey: "")
        let wrappingKey = try derivation.deriveKey(from: secret, salt: salt)
        return try wrappingKey.withBytes { (key) throws(VaultError) in try wrap(dataKey, in: slot, nonce: nonce, key: key) }
    }

    /// Fills `slot.wrappedKey`: the data key encrypted under `key` with `nonce`.
    func wrap(_ dataKey: SecretBytes, in slot: KeySlot, nonce: [UInt8], key wrappingKey: UnsafeRawBufferPointer) throws(VaultError) -> KeySlot {
        var slot = slot
        precondition(wrappingKey.count == Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES))
        var wrapped = [UInt8](repeating: 0, count: dataKey.count + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES))
        let associated = slot.associatedData
        let result = dataKey.withBytes { plain in
            sodium.xchacha20poly1305Encrypt(
                &wrapped, nil, plain.baseAddress!.assumingMemoryBound(to: UInt8.self), UInt64(plain.count),
                associated, UInt64(associated.count), nil, nonce, wrappingKey.baseAddress!.assumingMemoryBound(to: UInt8.self)
            )
        }
        guard result == 0 else { throw .hashingFailed }
        slot.wrappedKey = Base64.encode(wrapped)
        progress?(.wrapped)
        return slot
    }

    /// The data key from a slot, or `nil` when the secret is not the slot's.
    func unwrap(_ slot: KeySlot, secret: SecretBytes) throws(VaultError) -> SecretBytes? {
        guard let kdf = slot.kdf, let (slotDerivation, salt) = KeyDerivation.parse(phc: kdf),
              let nonce = Base64.decode(slot.nonce), nonce.count == Int(crypto_aead_xchacha20poly1305_ietf_NPUBBYTES),
              let wrapped = Base64.decode(slot.wrappedKey),
              wrapped.count == KeyVault.dataKeyLength + Int(crypto_aead_xchacha20poly1305_ietf_ABYTES)
        else { throw .corrupt(path: fileURL.path) }
        let wrappingKey = try slotDerivation.deriveKey(from: secret, salt: salt)
        return try wrappingKey.withBytes { (key) throws(VaultError) in try open(slot, nonce: nonce, wrapped: wrapped, key: key) }
    }

    /// The data key from `wrapped`, or nil when `key` is not the one it was wrapped under.
    func open(_ slot: KeySlot, nonce: [UInt8], wrapped: [UInt8], key wrappingKey: UnsafeRawBufferPointer) throws(VaultError) -> SecretBytes? {
        guard wrappingKey.count == Int(crypto_aead_xchacha20poly1305_ietf_KEYBYTES) else { return nil }
        let dataKey = try SecretBytes(count: KeyVault.dataKeyLength)
        let associated = slot.associatedData
        let result = dataKey.withMutableBytes { output in
            sodium.xchacha20poly1305Decrypt(
                output.baseAddress!.assumingMemoryBound(to: UInt8.self), nil, nil,
                wrapped, UInt64(wrapped.count), associated, UInt64(associated.count),
                nonce, wrappingKey.baseAddress!.assumingMemoryBound(to: UInt8.self)
            )
        }
        return result == 0 ? dataKey : nil
    }

    // MARK: The file

    /// The most bytes a key file may have; Pinform's are well under 2 KB.
    private static let sizeLimit = 16_384

    func read() throws(VaultError) -> KeyFile {
        let path = fileURL.path
        let bytes: [UInt8]
        switch FileOperations.readRegularFile(atPath: path, limit: KeyVault.sizeLimit) {
        case .success(let contents):
            bytes = contents
        case .failure(let failure) where failure.code == ENOENT:
            throw .noPIN
        case .failure(let failure) where FileOperations.isNotRegular(failure):
            throw .notARegularFile(path: path)
        case .failure(let failure):
            throw .unreadable(path: path, reason: failure.reason)
        }
        guard bytes.count <= KeyVault.sizeLimit,
              let header = try? JSONDecoder().decode(KeyFileHeader.self, from: Data(bytes)),
              header.format == KeyFile.formatName
        else { throw .corrupt(path: path) }
        // A newer version's file is kept and opens nothing: moving it away would lose the records.
        if header.version > KeyFile.currentVersion { throw .newerVersion(path: path) }
        guard let file = try? JSONDecoder().decode(KeyFile.self, from: Data(bytes)),
              file.format == KeyFile.formatName, file.version == KeyFile.currentVersion,
              CipherFormat(rawValue: file.database) != nil
        else { throw .corrupt(path: path) }
        return file
    }

    func write(_ file: KeyFile) throws(VaultError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard var data = try? encoder.encode(file) else { throw .writeFailed(path: fileURL.path, reason: tr("it could not be encoded")) }
        data.append(UInt8(ascii: "\n"))
        let progress = self.progress
        let failure: FileFailure? = data.withUnsafeBytes { bytes in
            do throws(FileFailure) {
                try FileOperations.replaceAtomically(atPath: fileURL.path, with: bytes) { step in
                    switch step {
                    case .temporaryFileSynced: progress?(.temporaryFileSynced)
                    case .renamed: progress?(.renamed)
                    case .folderSynced: progress?(.folderSynced)
                    }
                }
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw .writeFailed(path: failure.path, reason: failure.reason) }
    }
}
