import CTss2
import Localization

/// One conversation with a TPM through tpm2-tss: the TCTI, the ESYS context and every handle
/// created on it, all released when the connection goes away. Used by one call at a time.
final class TPM2Connection {
    private var tcti: OpaquePointer?
    private(set) var context: OpaquePointer?
    /// Transient objects and sessions to flush before finalizing.
    private var loaded: [ESYS_TR] = []

    /// Opens the TCTI named `tcti` ("device:/dev/tpmrm0", "swtpm:host=…,port=…").
    init(tcti name: String) throws(TPM2Error) {
        try TSS2Functions.open()
        var tcti: OpaquePointer?
        let loaded = tss2.tctiInitialize(name, &tcti)
        guard loaded == TSS2_RC_SUCCESS, tcti != nil else {
            // Translators: {tcti} names the TPM's connection, e.g. "device:/dev/tpmrm0"; {reason} is the TPM library's words.
            throw .noTPM(reason: tr("“{tcti}” did not answer ({reason})", ["tcti": name, "reason": TPM2Connection.describe(loaded)]))
        }
        self.tcti = tcti
        var context: OpaquePointer?
        let initialized = tss2.initialize(&context, tcti, nil)
        guard initialized == TSS2_RC_SUCCESS, context != nil else {
            tss2.tctiFinalize(&self.tcti)
            throw .noTPM(reason: tr("“{tcti}” could not be used ({reason})", ["tcti": name, "reason": TPM2Connection.describe(initialized)]))
        }
        self.context = context
    }

    deinit {
        for handle in loaded.reversed() {
            _ = tss2.flushContext(context, handle)
        }
        tss2.finalize(&context)
        tss2.tctiFinalize(&tcti)
    }

    // MARK: Objects

    /// Creates the storage key under the owner hierarchy from a fixed template (the TCG's SRK
    /// templates): the same TPM and owner seed always give the same key, so nothing of it needs
    /// storing; another TPM, or this one after `TPM2_Clear`, gives another.
    func createPrimary(_ kind: TPM2StorageKey) throws(TPM2Error) -> ESYS_TR {
        var template = TPM2B_PUBLIC()
        template.publicArea.nameAlg = TPM2_ALG_SHA256
        template.publicArea.objectAttributes = TPMA_OBJECT_RESTRICTED | TPMA_OBJECT_DECRYPT
            | TPMA_OBJECT_FIXEDTPM | TPMA_OBJECT_FIXEDPARENT | TPMA_OBJECT_SENSITIVEDATAORIGIN
            | TPMA_OBJECT_USERWITHAUTH | TPMA_OBJECT_NODA
        switch kind {
        case .eccP256:
            template.publicArea.type = TPM2_ALG_ECC
            template.publicArea.parameters.eccDetail.symmetric.algorithm = TPM2_ALG_AES
            template.publicArea.parameters.eccDetail.symmetric.keyBits.aes = 128
            template.publicArea.parameters.eccDetail.symmetric.mode.aes = TPM2_ALG_CFB
            template.publicArea.parameters.eccDetail.scheme.scheme = TPM2_ALG_NULL
            template.publicArea.parameters.eccDetail.curveID = TPM2_ECC_NIST_P256
            template.publicArea.parameters.eccDetail.kdf.scheme = TPM2_ALG_NULL
            template.publicArea.unique.ecc.x.size = 32
            template.publicArea.unique.ecc.y.size = 32
        case .rsa2048:
            template.publicArea.type = TPM2_ALG_RSA
            template.publicArea.parameters.rsaDetail.symmetric.algorithm = TPM2_ALG_AES
            template.publicArea.parameters.rsaDetail.symmetric.keyBits.aes = 128
            template.publicArea.parameters.rsaDetail.symmetric.mode.aes = TPM2_ALG_CFB
            template.publicArea.parameters.rsaDetail.scheme.scheme = TPM2_ALG_NULL
            template.publicArea.parameters.rsaDetail.keyBits = 2048
            template.publicArea.parameters.rsaDetail.exponent = 0
            template.publicArea.unique.rsa.size = 256
        }
        var sensitive = TPM2B_SENSITIVE_CREATE()
        var outsideInfo = TPM2B_DATA()
        var creationPCR = TPML_PCR_SELECTION()
        var primary = ESYS_TR(ESYS_TR_NONE)
        try check(tr("create the storage key"), tss2.createPrimary(
            context, ESYS_TR(ESYS_TR_RH_OWNER), ESYS_TR(ESYS_TR_PASSWORD), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE),
            &sensitive, &template, &outsideInfo, &creationPCR, &primary, nil, nil, nil, nil))
        loaded.append(primary)
        return primary
    }

    /// The name (hash of the public area) of a loaded object.
    func name(of handle: ESYS_TR) throws(TPM2Error) -> [UInt8] {
        var name: UnsafeMutablePointer<TPM2B_NAME>?
        try check(tr("read the storage key’s name"), tss2.trGetName(context, handle, &name))
        defer { tss2.free(name) }
        guard let name else { return [] }
        return withUnsafeBytes(of: name.pointee.name) { Array($0.prefix(Int(name.pointee.size))) }
    }

    /// Starts an HMAC session salted with `key`'s public part, with parameter encryption both
    /// ways (AES-128-CFB): the session key comes from a secret only the TPM can decrypt, so the
    /// auth value is never on the wire and sealed data travels encrypted.
    func startEncryptedSession(saltedWith key: ESYS_TR) throws(TPM2Error) -> ESYS_TR {
        var symmetric = TPMT_SYM_DEF()
        symmetric.algorithm = TPM2_ALG_AES
        symmetric.keyBits.aes = 128
        symmetric.mode.aes = TPM2_ALG_CFB
        var session = ESYS_TR(ESYS_TR_NONE)
        try check(tr("start an encrypted session"), tss2.startAuthSession(
            context, key, ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE),
            nil, TPM2_SE_HMAC, &symmetric, TPM2_ALG_SHA256, &session))
        loaded.append(session)
        let attributes = TPMA_SESSION(TPMA_SESSION_DECRYPT | TPMA_SESSION_ENCRYPT | TPMA_SESSION_CONTINUESESSION)
        try check(tr("start an encrypted session"), tss2.trSessSetAttributes(context, session, attributes, 0xFF))
        return session
    }

    /// Creates a sealed data object under `parent` holding `secret`, whose auth value is `auth`
    /// and which is subject to dictionary-attack protection (no `noDA`). Returns its marshaled
    /// public and private parts.
    func seal(
        _ secret: UnsafeRawBufferPointer, auth: borrowing TPM2Secret, under parent: ESYS_TR, session: ESYS_TR
    ) throws(TPM2Error) -> (publicArea: [UInt8], privateArea: [UInt8]) {
        var sensitive = TPM2B_SENSITIVE_CREATE()
        defer { wipe(&sensitive) }
        TPM2PinAuth.fill(&sensitive.sensitive.userAuth, with: auth)
        sensitive.sensitive.data.size = UInt16(secret.count)
        withUnsafeMutableBytes(of: &sensitive.sensitive.data.buffer) { $0.copyMemory(from: secret) }

        var template = TPM2B_PUBLIC()
        template.publicArea.type = TPM2_ALG_KEYEDHASH
        template.publicArea.nameAlg = TPM2_ALG_SHA256
        // userWithAuth: the auth value (the PIN's hash) unseals it; no noDA: every wrong one
        // counts towards the TPM's lockout.
        template.publicArea.objectAttributes = TPMA_OBJECT_FIXEDTPM | TPMA_OBJECT_FIXEDPARENT | TPMA_OBJECT_USERWITHAUTH
        template.publicArea.parameters.keyedHashDetail.scheme.scheme = TPM2_ALG_NULL
        var outsideInfo = TPM2B_DATA()
        var creationPCR = TPML_PCR_SELECTION()
        var outPrivate: UnsafeMutablePointer<TPM2B_PRIVATE>?
        var outPublic: UnsafeMutablePointer<TPM2B_PUBLIC>?
        try check(tr("seal the key"), tss2.create(
            context, parent, session, ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE),
            &sensitive, &template, &outsideInfo, &creationPCR, &outPrivate, &outPublic, nil, nil, nil))
        defer {
            tss2.free(outPrivate)
            tss2.free(outPublic)
        }
        guard let outPrivate, let outPublic else {
            throw .failed(operation: tr("seal the key"), code: 0, reason: tr("the TPM returned no object"))
        }
        return (try marshal(outPublic, tss2.marshalPublic),
                try marshal(outPrivate, tss2.marshalPrivate))
    }

    /// Loads a sealed object under `parent`.
    func load(publicArea: [UInt8], privateArea: [UInt8], under parent: ESYS_TR, session: ESYS_TR) throws(TPM2Error) -> ESYS_TR {
        var inPublic = TPM2B_PUBLIC()
        var inPrivate = TPM2B_PRIVATE()
        try unmarshal(publicArea, into: &inPublic, tss2.unmarshalPublic)
        try unmarshal(privateArea, into: &inPrivate, tss2.unmarshalPrivate)
        var object = ESYS_TR(ESYS_TR_NONE)
        try check(tr("load the sealed key"), tss2.load(
            context, parent, session, ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE), &inPrivate, &inPublic, &object))
        loaded.append(object)
        return object
    }

    /// Unseals `object` with `auth`; the secret comes back encrypted on the wire and is copied
    /// into guarded memory, every other copy wiped.
    func unseal(_ object: ESYS_TR, auth: borrowing TPM2Secret, session: ESYS_TR) throws(TPM2Error) -> TPM2Secret {
        var value = TPM2B_AUTH()
        TPM2PinAuth.fill(&value, with: auth)
        let setAuth = tss2.trSetAuth(context, object, &value)
        wipe(&value)
        try check(tr("use the PIN"), setAuth)
        defer {
            // ESYS keeps the auth value with the object and frees it unwiped: overwrite it.
            var zero = TPM2B_AUTH()
            zero.size = UInt16(auth.count)
            _ = tss2.trSetAuth(context, object, &zero)
        }
        var data: UnsafeMutablePointer<TPM2B_SENSITIVE_DATA>?
        try check(tr("unseal the key"), tss2.unseal(context, object, session, ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE), &data))
        guard let data else {
            throw .failed(operation: tr("unseal the key"), code: 0, reason: tr("the TPM returned nothing"))
        }
        defer {
            wipe(&data.pointee)
            tss2.free(data)
        }
        return try withUnsafeBytes(of: data.pointee.buffer) { buffer throws(TPM2Error) in
            try TPM2Secret(copying: UnsafeRawBufferPointer(rebasing: buffer.prefix(Int(data.pointee.size))))
        }
    }

    // MARK: Properties

    /// The TPM's dictionary-attack counters and settings.
    func lockoutStatus() throws(TPM2Error) -> TPM2LockoutStatus {
        let permanent = try properties(from: PINFORM_TPM2_PT_PERMANENT, count: 1)
        let lockout = try properties(from: PINFORM_TPM2_PT_LOCKOUT_COUNTER, count: 4)
        guard let flags = permanent[PINFORM_TPM2_PT_PERMANENT],
              let counter = lockout[PINFORM_TPM2_PT_LOCKOUT_COUNTER],
              let maximum = lockout[PINFORM_TPM2_PT_MAX_AUTH_FAIL],
              let interval = lockout[PINFORM_TPM2_PT_LOCKOUT_INTERVAL]
        else {
            throw .failed(operation: tr("read its lockout state"), code: 0, reason: tr("it did not report it"))
        }
        return TPM2LockoutStatus(
            failedAttempts: Int(counter), maxAttempts: Int(maximum),
            recoveryInterval: .seconds(Int(interval)), isInLockout: flags & TPMA_PERMANENT_INLOCKOUT != 0,
            lockoutRecovery: .seconds(Int(lockout[PINFORM_TPM2_PT_LOCKOUT_RECOVERY] ?? 0)),
            isLockoutAuthSet: flags & TPMA_PERMANENT_LOCKOUTAUTHSET != 0)
    }

    /// Whether the TPM says it implements TPM 2.0.
    var isTPM2: Bool {
        guard let family = try? properties(from: PINFORM_TPM2_PT_FAMILY_INDICATOR, count: 1) else { return false }
        return family[PINFORM_TPM2_PT_FAMILY_INDICATOR] == 0x322E_3000  // "2.0\0"
    }

    /// Up to `count` TPM properties starting at `first`, by tag.
    private func properties(from first: TPM2_PT, count: UInt32) throws(TPM2Error) -> [TPM2_PT: UInt32] {
        var moreData: TPMI_YES_NO = 0
        var data: UnsafeMutablePointer<TPMS_CAPABILITY_DATA>?
        try check(tr("read its properties"), tss2.getCapability(
            context, ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE),
            TPM2_CAP_TPM_PROPERTIES, first, count, &moreData, &data))
        defer { tss2.free(data) }
        guard let data else { return [:] }
        let list = data.pointee.data.tpmProperties
        return withUnsafeBytes(of: list.tpmProperty) { raw in
            let entries = raw.bindMemory(to: TPMS_TAGGED_PROPERTY.self)
            var result: [TPM2_PT: UInt32] = [:]
            for entry in entries.prefix(Int(list.count)) {
                result[entry.property] = entry.value
            }
            return result
        }
    }

    // MARK: Helpers

    private func marshal<Value>(
        _ value: UnsafeMutablePointer<Value>,
        _ marshal: (UnsafePointer<Value>?, UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?) -> TSS2_RC
    ) throws(TPM2Error) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: MemoryLayout<Value>.size + 16)
        var offset = 0
        let result = buffer.withUnsafeMutableBufferPointer { marshal(value, $0.baseAddress, $0.count, &offset) }
        try check(tr("store the sealed key"), result)
        return Array(buffer.prefix(offset))
    }

    private func unmarshal<Value>(
        _ bytes: [UInt8], into value: inout Value,
        _ unmarshal: (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<Value>?) -> TSS2_RC
    ) throws(TPM2Error) {
        var offset = 0
        let result = bytes.withUnsafeBufferPointer { unmarshal($0.baseAddress, $0.count, &offset, &value) }
        guard result == TSS2_RC_SUCCESS, offset == bytes.count else {
            throw .unreadableSealedSecret(reason: tr("its TPM objects are damaged"))
        }
    }

    private func check(_ operation: String, _ code: TSS2_RC) throws(TPM2Error) {
        guard code != TSS2_RC_SUCCESS else { return }
        throw TPM2Connection.error(operation, code)
    }

    /// The typed error for a failed call.
    static func error(_ operation: String, _ code: TSS2_RC) -> TPM2Error {
        // TRY_AGAIN from the TCTI, SAPI or ESAPI layer: the answer did not come in time (the TPM's
        // own codes have no 9).
        if code & 0xFFFF == TSS2_BASE_RC_TRY_AGAIN, code & PINFORM_TSS2_RC_LAYER_MASK != PINFORM_TSS2_TPM_RC_LAYER {
            return TPM2Deadline.timedOut
        }
        if code & PINFORM_TSS2_RC_LAYER_MASK == PINFORM_TSS2_TCTI_RC_LAYER {
            // Translators: {reason} is the TPM library's words.
            return .noTPM(reason: tr("the connection failed ({reason})", ["reason": describe(code)]))
        }
        return .failed(operation: operation, code: code, reason: describe(code))
    }

    /// The TPM's own response code without the handle, session or parameter number, or nil when
    /// the code comes from the software stack.
    static func tpmResponse(_ code: TSS2_RC) -> TSS2_RC? {
        guard code & PINFORM_TSS2_RC_LAYER_MASK == PINFORM_TSS2_TPM_RC_LAYER else { return nil }
        return code & PINFORM_TPM2_RC_FMT1 != 0 ? code & 0xBF : code & 0xFFF
    }

    static func describe(_ code: TSS2_RC) -> String {
        (try? TSS2Functions.shared.get())?.decode(code).map { String(cString: $0) } ?? "0x\(String(code, radix: 16))"
    }
}
