import CSodium

/// libsodium, opened with `dlopen` at its first use (`CLibrary`) and initialized once for the
/// whole process: not linked, so that it is not loaded before the PIN window.
///
/// Every use of the vault's secrets begins with `Sodium.ensureReady()` (directly, as `PinVault`
/// and `KeyVault.pinSlot()` do, or through `SecretBytes`, whose memory is libsodium's), which
/// throws `VaultError.libraryMissing` when the library is not installed; code after it reaches
/// the functions through `sodium`. Reading the key file (the PIN's length, its protection) does
/// not need libsodium, so a desk with a PIN set does not load it before the PIN window.
enum Sodium {
    /// The functions, loaded once (thread-safe) at the first use, or why they could not be.
    static let shared = Result { () throws(LibraryMissing) in
        try SodiumFunctions(CLibrary(SystemLibraryNames.sodium.soname, package: SystemLibraryNames.sodium.package))
    }

    /// Whether the library is loaded and `sodium_init()` succeeded; evaluated once, thread-safely.
    static let isReady: Bool = (try? shared.get()).map { $0.initialize() >= 0 } ?? false

    /// Throws unless libsodium is loaded and ready to use.
    static func ensureReady() throws(VaultError) {
        if case .failure(let missing) = shared { throw .libraryMissing(reason: missing.reason) }
        guard isReady else { throw .cryptoUnavailable }
    }
}

/// libsodium's functions that Storage calls. Each field is the C function of `<sodium.h>` named
/// like it without `sodium_` or `crypto_` (`memzero` is `sodium_memzero`, `pwhashStr` is
/// `crypto_pwhash_str`, `xchacha20poly1305Encrypt` is `crypto_aead_xchacha20poly1305_ietf_encrypt`),
/// typed from that header.
struct SodiumFunctions: @unchecked Sendable {
    let xchacha20poly1305Decrypt: @convention(c) (UnsafeMutablePointer<UInt8>?, UnsafeMutablePointer<UInt64>?, UnsafeMutablePointer<UInt8>?, UnsafePointer<UInt8>, UInt64, UnsafePointer<UInt8>?, UInt64, UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> Int32
    let xchacha20poly1305Encrypt: @convention(c) (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt64>?, UnsafePointer<UInt8>?, UInt64, UnsafePointer<UInt8>?, UInt64, UnsafePointer<UInt8>?, UnsafePointer<UInt8>, UnsafePointer<UInt8>) -> Int32
    let generichash: @convention(c) (UnsafeMutablePointer<UInt8>, Int, UnsafePointer<UInt8>?, UInt64, UnsafePointer<UInt8>?, Int) -> Int32
    /// `crypto_generichash_init`, `_update`, `_final` and `_statebytes`: the state is a block of
    /// `generichashStatebytes()` bytes, aligned to 64.
    let generichashInit: @convention(c) (UnsafeMutableRawPointer, UnsafePointer<UInt8>?, Int, Int) -> Int32
    let generichashUpdate: @convention(c) (UnsafeMutableRawPointer, UnsafePointer<UInt8>?, UInt64) -> Int32
    let generichashFinal: @convention(c) (UnsafeMutableRawPointer, UnsafeMutablePointer<UInt8>, Int) -> Int32
    let generichashStatebytes: @convention(c) () -> Int
    let pwhash: @convention(c) (UnsafeMutablePointer<UInt8>, UInt64, UnsafePointer<CChar>, UInt64, UnsafePointer<UInt8>, UInt64, Int, Int32) -> Int32
    let pwhashMemlimitInteractive: @convention(c) () -> Int
    let pwhashOpslimitInteractive: @convention(c) () -> Int
    let pwhashStr: @convention(c) (UnsafeMutablePointer<CChar>, UnsafePointer<CChar>, UInt64, UInt64, Int) -> Int32
    let pwhashStrNeedsRehash: @convention(c) (UnsafePointer<CChar>, UInt64, Int) -> Int32
    let pwhashStrVerify: @convention(c) (UnsafePointer<CChar>, UnsafePointer<CChar>, UInt64) -> Int32
    let pwhashStrbytes: @convention(c) () -> Int
    let randombytesBuf: @convention(c) (UnsafeMutableRawPointer, Int) -> Void
    let randombytesUniform: @convention(c) (UInt32) -> UInt32
    let base642bin: @convention(c) (UnsafeMutablePointer<UInt8>, Int, UnsafePointer<CChar>?, Int, UnsafePointer<CChar>?, UnsafeMutablePointer<Int>?, UnsafeMutablePointer<UnsafePointer<CChar>?>?, Int32) -> Int32
    let base64EncodedLen: @convention(c) (Int, Int32) -> Int
    let bin2base64: @convention(c) (UnsafeMutablePointer<CChar>, Int, UnsafePointer<UInt8>?, Int, Int32) -> UnsafeMutablePointer<CChar>?
    let bin2hex: @convention(c) (UnsafeMutablePointer<CChar>, Int, UnsafePointer<UInt8>?, Int) -> UnsafeMutablePointer<CChar>?
    let free: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let initialize: @convention(c) () -> Int32
    let malloc: @convention(c) (Int) -> UnsafeMutableRawPointer?
    let memcmp: @convention(c) (UnsafeRawPointer?, UnsafeRawPointer?, Int) -> Int32
    let memzero: @convention(c) (UnsafeMutableRawPointer?, Int) -> Void

    fileprivate init(_ library: CLibrary) throws(LibraryMissing) {
        xchacha20poly1305Decrypt = try library.function("crypto_aead_xchacha20poly1305_ietf_decrypt")
        xchacha20poly1305Encrypt = try library.function("crypto_aead_xchacha20poly1305_ietf_encrypt")
        generichash = try library.function("crypto_generichash")
        generichashInit = try library.function("crypto_generichash_init")
        generichashUpdate = try library.function("crypto_generichash_update")
        generichashFinal = try library.function("crypto_generichash_final")
        generichashStatebytes = try library.function("crypto_generichash_statebytes")
        pwhash = try library.function("crypto_pwhash")
        pwhashMemlimitInteractive = try library.function("crypto_pwhash_memlimit_interactive")
        pwhashOpslimitInteractive = try library.function("crypto_pwhash_opslimit_interactive")
        pwhashStr = try library.function("crypto_pwhash_str")
        pwhashStrNeedsRehash = try library.function("crypto_pwhash_str_needs_rehash")
        pwhashStrVerify = try library.function("crypto_pwhash_str_verify")
        pwhashStrbytes = try library.function("crypto_pwhash_strbytes")
        randombytesBuf = try library.function("randombytes_buf")
        randombytesUniform = try library.function("randombytes_uniform")
        base642bin = try library.function("sodium_base642bin")
        base64EncodedLen = try library.function("sodium_base64_encoded_len")
        bin2base64 = try library.function("sodium_bin2base64")
        bin2hex = try library.function("sodium_bin2hex")
        free = try library.function("sodium_free")
        initialize = try library.function("sodium_init")
        malloc = try library.function("sodium_malloc")
        memcmp = try library.function("sodium_memcmp")
        memzero = try library.function("sodium_memzero")    }
}

/// libsodium's functions, for code that runs after `Sodium.ensureReady()` (or a `SecretBytes`)
/// succeeded, so the library is loaded.
let sodium: SodiumFunctions = {
    switch Sodium.shared {
    case .success(let functions): return functions
    case .failure(let missing): fatalError("libsodium used before Sodium.ensureReady(): \(missing.detail)")
    }
}()
