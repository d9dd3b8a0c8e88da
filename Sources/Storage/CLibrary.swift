#if canImport(Glibc)
import Glibc
#endif
import Localization

/// A C library opened with `dlopen` at its first use, and its functions looked up by name.
///
/// SQLCipher (with libcrypto), libsodium and tpm2-tss are used only from the unlock on: linked,
/// the dynamic loader would map and relocate them before the PIN window is shown
/// (docs/benchmarks.md). So their C modules (CSQLite, CSodium, CTss2) give only the headers, and
/// `SQLCipher`, `SodiumFunctions` and `TSS2Functions` are typed tables of the functions Storage
/// calls, filled here; PostgresStore's `LibPQ` opens libpq the same way. A library stays loaded
/// for the process. `package`: the package's C boundaries use it, a user of the libraries does not.
package struct CLibrary {
    /// The file's name as the loader finds it (the soname), e.g. "libsodium.so.23".
    package let name: String
    /// The Debian package that installs it, where the build could tell (`SystemLibraryNames`).
    package let package: String?
    private let handle: UnsafeMutableRawPointer

    /// Opens `name`; throws `LibraryMissing` with the loader's words when it cannot.
    package init(_ name: String, package: String?) throws(LibraryMissing) {
        // RTLD_LOCAL: its symbols serve only the lookups here (and its own dependencies, which it
        // names itself), never a library loaded later, such as a plain SQLite's user.
        guard let handle = dlopen(name, RTLD_NOW | RTLD_LOCAL) else {
            throw LibraryMissing(library: name, package: package, detail: CLibrary.loaderError(or: name))
        }
        self.name = name
        self.package = package
        self.handle = handle
    }

    /// The function `symbol`, typed as `T` (a `@convention(c)` function type written from the
    /// library's header); throws when the library has no such function.
    package func function<T>(_ symbol: String) throws(LibraryMissing) -> T {
        guard let address = dlsym(handle, symbol) else {
            throw LibraryMissing(library: name, package: package, detail: CLibrary.loaderError(or: symbol))
        }
        return unsafeBitCast(address, to: T.self)
    }

    private static func loaderError(or fallback: String) -> String {
        dlerror().map { String(cString: $0) } ?? fallback
    }
}

/// A C library Storage needs could not be loaded, or lacks a function: not installed, or
/// another version. Shown inside the error of what was asked (`StoreError.libraryMissing`,
/// `VaultError.libraryMissing`, `TPM2Error.noTPM`).
public struct LibraryMissing: Error, Equatable, Sendable {
    /// The library's file name, e.g. "libsqlcipher.so.1".
    public let library: String
    /// The Debian package that installs it, e.g. "libsqlcipher1"; nil where the build could not
    /// tell (built where there is no dpkg).
    public let package: String?
    /// The dynamic loader's words (in English).
    public let detail: String

    /// A clause for the sentence of the error that carries it, in the user's language.
    public var reason: String {
        guard let package else {
            // Translators: a clause inside a sentence. {library} is a file name such as libsqlcipher.so.1;
            // {error} is the system's words (in English), e.g. "cannot open shared object file: No such file or directory".
            return tr("the library {library} cannot be loaded ({error}); install it with your system’s packages",
                      ["library": library, "error": detail])
        }
        // Translators: a clause inside a sentence. {library} is a file name such as libsqlcipher.so.1;
        // {error} is the system's words (in English), e.g. "cannot open shared object file: No such file or directory";
        // {package} is a Debian package name such as libsqlcipher1.
        return tr("the library {library} cannot be loaded ({error}); install the package {package}",
                  ["library": library, "error": detail, "package": package])
    }
}
