import Localization

/// A secret sealed by a TPM under a PIN: opaque bytes to keep in a file. Only the TPM that sealed
/// it can unseal it, and only for the PIN.
///
/// Layout, version 1 (lengths big-endian):
/// ```
/// "PFTPM2SS"  8 bytes, magic
/// 0x01        1 byte,  version
/// 0x01/0x02   1 byte,  the storage key's template (ECC P-256 or RSA 2048, `TPM2StorageKey`)
/// then four fields, each a UInt16 length and that many bytes:
///   salt          the PIN hash's salt (32 bytes)
///   primary name  the name of the storage key the object was sealed under (tells another TPM,
///                 or a cleared one, from a wrong PIN without spending an attempt)
///   public        the sealed object's TPM2B_PUBLIC, marshaled by tss2-mu
///   private       its TPM2B_PRIVATE (encrypted by the TPM; useless without that TPM)
/// ```
public struct TPM2SealedSecret: Equatable, Sendable {
    /// The version this code writes and reads.
    public static let version: UInt8 = 1
    static let magic = Array("PFTPM2SS".utf8)

    /// The bytes to store.
    public let bytes: [UInt8]

    let storageKey: TPM2StorageKey
    let salt: [UInt8]
    let primaryName: [UInt8]
    let publicArea: [UInt8]
    let privateArea: [UInt8]

    /// Reads sealed bytes back, e.g. from a file.
    /// - Throws: `TPM2Error.unreadableSealedSecret` when they are not version-1 sealed bytes.
    public init(bytes: [UInt8]) throws(TPM2Error) {
        var reader = Reader(bytes: bytes)
        guard reader.take(TPM2SealedSecret.magic.count) == TPM2SealedSecret.magic else {
            throw .unreadableSealedSecret(reason: tr("it does not start like a Pinform TPM-sealed key"))
        }
        guard let version = reader.take(1)?.first, version == TPM2SealedSecret.version else {
            throw .unreadableSealedSecret(reason: tr("it was written by another version of Pinform"))
        }
        guard let template = reader.take(1)?.first, let storageKey = TPM2StorageKey(rawValue: template) else {
            throw .unreadableSealedSecret(reason: tr("it names a storage key this version does not know"))
        }
        guard let salt = reader.field(), salt.count == TPM2PinAuth.length,
              let primaryName = reader.field(), !primaryName.isEmpty,
              let publicArea = reader.field(), !publicArea.isEmpty,
              let privateArea = reader.field(), !privateArea.isEmpty,
              reader.isAtEnd
        else {
            throw .unreadableSealedSecret(reason: tr("it is damaged or cut short"))
        }
        self.bytes = bytes
        self.storageKey = storageKey
        self.salt = salt
        self.primaryName = primaryName
        self.publicArea = publicArea
        self.privateArea = privateArea
    }

    init(storageKey: TPM2StorageKey, salt: [UInt8], primaryName: [UInt8], publicArea: [UInt8], privateArea: [UInt8]) {
        var bytes = TPM2SealedSecret.magic + [TPM2SealedSecret.version, storageKey.rawValue]
        for field in [salt, primaryName, publicArea, privateArea] {
            precondition(field.count <= Int(UInt16.max))
            bytes += [UInt8(field.count >> 8), UInt8(field.count & 0xFF)] + field
        }
        self.bytes = bytes
        self.storageKey = storageKey
        self.salt = salt
        self.primaryName = primaryName
        self.publicArea = publicArea
        self.privateArea = privateArea
    }

    private struct Reader {
        let bytes: [UInt8]
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }

        mutating func take(_ count: Int) -> [UInt8]? {
            guard count <= bytes.count - offset else { return nil }
            defer { offset += count }
            return Array(bytes[offset..<offset + count])
        }

        mutating func field() -> [UInt8]? {
            guard let length = take(2) else { return nil }
            return take(Int(length[0]) << 8 | Int(length[1]))
        }
    }
}
