import CTss2
import Localization

// NV indices on the connection: define, increment, read, write, undefine. Apart from
// TPM2Connection.swift so that each file is one concern; used by `TPM2AttemptCounter`.
extension TPM2Connection {
    /// TPMA_NV bits (tss2_tpm2_types.h; the casts there do not reach Swift).
    enum NVAttribute {
        static let authWrite: UInt32 = 0x0000_0004
        static let counter: UInt32 = 0x0000_0010  // TPM2_NT_COUNTER << TPMA_NV_TPM2_NT_SHIFT
        static let ownerRead: UInt32 = 0x0002_0000
        static let authRead: UInt32 = 0x0004_0000
        static let noDA: UInt32 = 0x0200_0000
    }

    /// TPM response codes (format 0 and, without the handle number, format 1).
    enum NVResponse {
        static let handle: TSS2_RC = 0x08B
        static let nvRange: TSS2_RC = 0x146
        static let nvUninitialized: TSS2_RC = 0x14A
        static let nvSpace: TSS2_RC = 0x14B
        static let nvDefined: TSS2_RC = 0x14C
    }

    /// Defines the NV index `index` (owner hierarchy, empty owner password) of `size` bytes
    /// with `attributes` and auth value `auth`.
    func defineNV(_ index: UInt32, size: UInt16, attributes: UInt32, auth: UnsafeRawBufferPointer) throws(TPM2Error) {
        var value = TPM2B_AUTH()
        defer { wipe(&value) }
        value.size = UInt16(auth.count)
        withUnsafeMutableBytes(of: &value.buffer) { $0.copyMemory(from: auth) }
        var info = TPM2B_NV_PUBLIC()
        info.nvPublic.nvIndex = index
        info.nvPublic.nameAlg = TPM2_ALG_SHA256
        info.nvPublic.attributes = TPMA_NV(attributes)
        info.nvPublic.dataSize = size
        var handle = ESYS_TR(ESYS_TR_NONE)
        try nvCheck(tr("keep the attempt counter"), tss2.nvDefineSpace(
            context, ESYS_TR(ESYS_TR_RH_OWNER), ESYS_TR(ESYS_TR_PASSWORD), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE),
            &value, &info, &handle))
        _ = tss2.trClose(context, &handle)
    }

    /// The ESYS handle of the defined index `index`; fails with TPM_RC_HANDLE when none is.
    func nvHandle(_ index: UInt32) throws(TPM2Error) -> ESYS_TR {
        var handle = ESYS_TR(ESYS_TR_NONE)
        try nvCheck(tr("read the attempt counter"), tss2.trFromTPMPublic(
            context, TPM2_HANDLE(index), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE), &handle))
        return handle
    }

    /// Adds one to the counter index `index` (its auth value empty).
    func nvIncrement(_ index: UInt32) throws(TPM2Error) {
        let handle = try nvHandle(index)
        try nvCheck(tr("count the attempt"), tss2.nvIncrement(
            context, handle, handle, ESYS_TR(ESYS_TR_PASSWORD), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE)))
    }

    /// The 8 bytes of `index` as a big-endian number, read with the owner's (empty) password.
    func nvReadNumber(_ index: UInt32) throws(TPM2Error) -> UInt64 {
        let handle = try nvHandle(index)
        var data: UnsafeMutablePointer<TPM2B_MAX_NV_BUFFER>?
        try nvCheck(tr("read the attempt counter"), tss2.nvRead(
            context, ESYS_TR(ESYS_TR_RH_OWNER), handle, ESYS_TR(ESYS_TR_PASSWORD), ESYS_TR(ESYS_TR_NONE),
            ESYS_TR(ESYS_TR_NONE), 8, 0, &data))
        defer { tss2.free(data) }
        guard let data, data.pointee.size == 8 else {
            throw .failed(operation: tr("read the attempt counter"), code: 0, reason: tr("the TPM returned nothing"))
        }
        return withUnsafeBytes(of: data.pointee.buffer) { bytes in
            bytes.prefix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        }
    }

    /// Writes `number` (8 bytes, big-endian) into `index`, authorised by its auth value `auth`.
    func nvWriteNumber(_ number: UInt64, to index: UInt32, auth: UnsafeRawBufferPointer) throws(TPM2Error) {
        let handle = try nvHandle(index)
        var value = TPM2B_AUTH()
        value.size = UInt16(auth.count)
        withUnsafeMutableBytes(of: &value.buffer) { $0.copyMemory(from: auth) }
        let setAuth = tss2.trSetAuth(context, handle, &value)
        wipe(&value)
        try nvCheck(tr("count the attempt"), setAuth)
        defer {
            // ESYS keeps the auth value with the handle and frees it unwiped: overwrite it.
            var zero = TPM2B_AUTH()
            zero.size = UInt16(auth.count)
            _ = tss2.trSetAuth(context, handle, &zero)
        }
        var data = TPM2B_MAX_NV_BUFFER()
        data.size = 8
        withUnsafeMutableBytes(of: &data.buffer) { buffer in
            for offset in 0..<8 { buffer[offset] = UInt8(truncatingIfNeeded: number >> (56 - 8 * UInt64(offset))) }
        }
        try nvCheck(tr("count the attempt"), tss2.nvWrite(
            context, handle, handle, ESYS_TR(ESYS_TR_PASSWORD), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE), &data, 0))
    }

    /// Removes `index` with the owner's (empty) password.
    func nvUndefine(_ index: UInt32) throws(TPM2Error) {
        let handle = try nvHandle(index)
        try nvCheck(tr("remove the attempt counter"), tss2.nvUndefineSpace(
            context, ESYS_TR(ESYS_TR_RH_OWNER), handle, ESYS_TR(ESYS_TR_PASSWORD), ESYS_TR(ESYS_TR_NONE), ESYS_TR(ESYS_TR_NONE)))
    }

    private func nvCheck(_ operation: String, _ code: TSS2_RC) throws(TPM2Error) {
        guard code != TSS2_RC_SUCCESS else { return }
        throw TPM2Connection.error(operation, code)
    }
}
