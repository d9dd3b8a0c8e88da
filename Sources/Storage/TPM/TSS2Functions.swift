import CTss2

/// The tpm2-tss functions that Storage calls, from its ESYS, TCTI loader, response-code and
/// marshaling libraries, opened with `dlopen` when the first TPM connection is made
/// (`CLibrary`): not linked, so that none of them (nor libcrypto, which ESYS needs) is loaded
/// before the PIN window. Each field is the C function of `<tss2/…>` named like it without
/// `Esys_` (`createPrimary` is `Esys_CreatePrimary`, `nvRead` is `Esys_NV_Read`, `trSetAuth` is
/// `Esys_TR_SetAuth`); `tctiInitialize`/`tctiFinalize` are `Tss2_TctiLdr_…`, `decode` is
/// `Tss2_RC_Decode`, `marshalPublic` is `Tss2_MU_TPM2B_PUBLIC_Marshal` and so on; typed from
/// those headers.
///
/// `TPM2Connection.init` calls `TSS2Functions.open()`, which throws `TPM2Error.noTPM` saying
/// which library is missing; every other call runs on a connection and reaches them through `tss2`.
struct TSS2Functions: @unchecked Sendable {
    /// The functions, loaded once (thread-safe) at the first use, or why they could not be.
    static let shared = Result { () throws(LibraryMissing) in
        typealias Names = SystemLibraryNames
        return try TSS2Functions(esys: CLibrary(Names.tss2Esys.soname, package: Names.tss2Esys.package),
                                 tctiLoader: CLibrary(Names.tss2TctiLoader.soname, package: Names.tss2TctiLoader.package),
                                 responseCodes: CLibrary(Names.tss2ResponseCodes.soname, package: Names.tss2ResponseCodes.package),
                                 marshaling: CLibrary(Names.tss2Marshaling.soname, package: Names.tss2Marshaling.package))
    }

    /// Loads the libraries if they are not yet.
    static func open() throws(TPM2Error) {
        if case .failure(let missing) = shared { throw .noTPM(reason: missing.reason) }
    }

    let create: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, UnsafePointer<TPM2B_SENSITIVE_CREATE>?, UnsafePointer<TPM2B_PUBLIC>?, UnsafePointer<TPM2B_DATA>?, UnsafePointer<TPML_PCR_SELECTION>?, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_PRIVATE>?>?, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_PUBLIC>?>?, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_CREATION_DATA>?>?, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_DIGEST>?>?, UnsafeMutablePointer<UnsafeMutablePointer<TPMT_TK_CREATION>?>?) -> TSS2_RC
    let createPrimary: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, UnsafePointer<TPM2B_SENSITIVE_CREATE>?, UnsafePointer<TPM2B_PUBLIC>?, UnsafePointer<TPM2B_DATA>?, UnsafePointer<TPML_PCR_SELECTION>?, UnsafeMutablePointer<ESYS_TR>?, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_PUBLIC>?>?, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_CREATION_DATA>?>?, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_DIGEST>?>?, UnsafeMutablePointer<UnsafeMutablePointer<TPMT_TK_CREATION>?>?) -> TSS2_RC
    let finalize: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
    let flushContext: @convention(c) (OpaquePointer?, ESYS_TR) -> TSS2_RC
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let getCapability: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, TPM2_CAP, UINT32, UINT32, UnsafeMutablePointer<TPMI_YES_NO>?, UnsafeMutablePointer<UnsafeMutablePointer<TPMS_CAPABILITY_DATA>?>?) -> TSS2_RC
    let initialize: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?, OpaquePointer?, UnsafeMutablePointer<TSS2_ABI_VERSION>?) -> TSS2_RC
    let load: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, UnsafePointer<TPM2B_PRIVATE>?, UnsafePointer<TPM2B_PUBLIC>?, UnsafeMutablePointer<ESYS_TR>?) -> TSS2_RC
    let nvDefineSpace: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, UnsafePointer<TPM2B_AUTH>?, UnsafePointer<TPM2B_NV_PUBLIC>?, UnsafeMutablePointer<ESYS_TR>?) -> TSS2_RC
    let nvIncrement: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR) -> TSS2_RC
    let nvRead: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, UINT16, UINT16, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_MAX_NV_BUFFER>?>?) -> TSS2_RC
    let nvUndefineSpace: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR) -> TSS2_RC
    let nvWrite: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, UnsafePointer<TPM2B_MAX_NV_BUFFER>?, UINT16) -> TSS2_RC
    let startAuthSession: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, UnsafePointer<TPM2B_NONCE>?, TPM2_SE, UnsafePointer<TPMT_SYM_DEF>?, TPMI_ALG_HASH, UnsafeMutablePointer<ESYS_TR>?) -> TSS2_RC
    let trSessSetAttributes: @convention(c) (OpaquePointer?, ESYS_TR, TPMA_SESSION, TPMA_SESSION) -> TSS2_RC
    let trClose: @convention(c) (OpaquePointer?, UnsafeMutablePointer<ESYS_TR>?) -> TSS2_RC
    let trFromTPMPublic: @convention(c) (OpaquePointer?, TPM2_HANDLE, ESYS_TR, ESYS_TR, ESYS_TR, UnsafeMutablePointer<ESYS_TR>?) -> TSS2_RC
    let trGetName: @convention(c) (OpaquePointer?, ESYS_TR, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_NAME>?>?) -> TSS2_RC
    let trSetAuth: @convention(c) (OpaquePointer?, ESYS_TR, UnsafePointer<TPM2B_AUTH>?) -> TSS2_RC
    let unseal: @convention(c) (OpaquePointer?, ESYS_TR, ESYS_TR, ESYS_TR, ESYS_TR, UnsafeMutablePointer<UnsafeMutablePointer<TPM2B_SENSITIVE_DATA>?>?) -> TSS2_RC
    let marshalPrivate: @convention(c) (UnsafePointer<TPM2B_PRIVATE>?, UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?) -> TSS2_RC
    let unmarshalPrivate: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<TPM2B_PRIVATE>?) -> TSS2_RC
    let marshalPublic: @convention(c) (UnsafePointer<TPM2B_PUBLIC>?, UnsafeMutablePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?) -> TSS2_RC
    let unmarshalPublic: @convention(c) (UnsafePointer<UInt8>?, Int, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<TPM2B_PUBLIC>?) -> TSS2_RC
    let decode: @convention(c) (TSS2_RC) -> UnsafePointer<CChar>?
    let tctiFinalize: @convention(c) (UnsafeMutablePointer<OpaquePointer?>?) -> Void
    let tctiInitialize: @convention(c) (UnsafePointer<CChar>?, UnsafeMutablePointer<OpaquePointer?>?) -> TSS2_RC

    private init(esys: CLibrary, tctiLoader: CLibrary, responseCodes: CLibrary, marshaling: CLibrary) throws(LibraryMissing) {
        create = try esys.function("Esys_Create")
        createPrimary = try esys.function("Esys_CreatePrimary")
        finalize = try esys.function("Esys_Finalize")
        flushContext = try esys.function("Esys_FlushContext")
        free = try esys.function("Esys_Free")
        getCapability = try esys.function("Esys_GetCapability")
        initialize = try esys.function("Esys_Initialize")
        load = try esys.function("Esys_Load")
        nvDefineSpace = try esys.function("Esys_NV_DefineSpace")
        nvIncrement = try esys.function("Esys_NV_Increment")
        nvRead = try esys.function("Esys_NV_Read")
        nvUndefineSpace = try esys.function("Esys_NV_UndefineSpace")
        nvWrite = try esys.function("Esys_NV_Write")
        startAuthSession = try esys.function("Esys_StartAuthSession")
        trSessSetAttributes = try esys.function("Esys_TRSess_SetAttributes")
        trClose = try esys.function("Esys_TR_Close")
        trFromTPMPublic = try esys.function("Esys_TR_FromTPMPublic")
        trGetName = try esys.function("Esys_TR_GetName")
        trSetAuth = try esys.function("Esys_TR_SetAuth")
        unseal = try esys.function("Esys_Unseal")
        marshalPrivate = try marshaling.function("Tss2_MU_TPM2B_PRIVATE_Marshal")
        unmarshalPrivate = try marshaling.function("Tss2_MU_TPM2B_PRIVATE_Unmarshal")
        marshalPublic = try marshaling.function("Tss2_MU_TPM2B_PUBLIC_Marshal")
        unmarshalPublic = try marshaling.function("Tss2_MU_TPM2B_PUBLIC_Unmarshal")
        decode = try responseCodes.function("Tss2_RC_Decode")
        tctiFinalize = try tctiLoader.function("Tss2_TctiLdr_Finalize")
        tctiInitialize = try tctiLoader.function("Tss2_TctiLdr_Initialize")    }
}

/// tpm2-tss's functions, for code running on a `TPM2Connection`: its `init` called
/// `TSS2Functions.open()` first, so the libraries are loaded.
let tss2: TSS2Functions = {
    switch TSS2Functions.shared {
    case .success(let functions): return functions
    case .failure(let missing): fatalError("tpm2-tss used before TSS2Functions.open(): \(missing.detail)")
    }
}()
