#if canImport(Glibc)
import Glibc
#endif
internal import CPostgres
import Storage

/// libpq's functions, opened with `dlopen` at the first connection to a shared database.
///
/// libpq brings 19 libraries with it (OpenSSL, GnuTLS, Kerberos, LDAP, SASL…), which a desk
/// without a shared database never uses: linked, the dynamic loader would map and relocate them
/// all before the PIN window is shown (docs/benchmarks.md). So the package does not link libpq
/// (CPostgres's module map has no `link`); this is the only place that reaches it, and the
/// headers still give every type and constant. The library stays loaded for the process.
struct LibPQ: @unchecked Sendable {
    /// libpq, loaded once (thread-safe), or why it could not be.
    static let shared: Result<LibPQ, StoreError> = Result { () throws(StoreError) in
        try load(SystemLibraryNames.libpq.soname, package: SystemLibraryNames.libpq.package)
    }

    let connectdbParams: @convention(c) (UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<UnsafePointer<CChar>?>?, Int32) -> OpaquePointer?
    let status: @convention(c) (OpaquePointer?) -> ConnStatusType
    let errorMessageText: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let finish: @convention(c) (OpaquePointer?) -> Void
    let reset: @convention(c) (OpaquePointer?) -> Void
    let consumeInput: @convention(c) (OpaquePointer?) -> Int32
    let transactionStatus: @convention(c) (OpaquePointer?) -> PGTransactionStatusType
    let socket: @convention(c) (OpaquePointer?) -> Int32
    let backendPID: @convention(c) (OpaquePointer?) -> Int32
    let sendQueryParams: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<Oid>?,
                                         UnsafePointer<UnsafePointer<CChar>?>?, UnsafePointer<Int32>?, UnsafePointer<Int32>?, Int32) -> Int32
    let setNonblocking: @convention(c) (OpaquePointer?, Int32) -> Int32
    let flush: @convention(c) (OpaquePointer?) -> Int32
    let isBusy: @convention(c) (OpaquePointer?) -> Int32
    let getResult: @convention(c) (OpaquePointer?) -> OpaquePointer?
    let clear: @convention(c) (OpaquePointer?) -> Void
    let resultStatus: @convention(c) (OpaquePointer?) -> ExecStatusType
    let cmdTuples: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let resultErrorField: @convention(c) (OpaquePointer?, Int32) -> UnsafeMutablePointer<CChar>?
    let resultErrorMessageText: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<CChar>?
    let notifies: @convention(c) (OpaquePointer?) -> UnsafeMutablePointer<PGnotify>?
    let freemem: @convention(c) (UnsafeMutableRawPointer?) -> Void
    let ntuples: @convention(c) (OpaquePointer?) -> Int32
    let nfields: @convention(c) (OpaquePointer?) -> Int32
    let getisnull: @convention(c) (OpaquePointer?, Int32, Int32) -> Int32
    let getvalue: @convention(c) (OpaquePointer?, Int32, Int32) -> UnsafeMutablePointer<CChar>?

    /// Opens `name` and looks up every function the store calls; a missing library or function
    /// throws `.serverUnavailable` with a sentence saying so and the loader's words.
    static func load(_ name: String, package: String?) throws(StoreError) -> LibPQ {
        do throws(LibraryMissing) {
            return try functions(of: CLibrary(name, package: package))
        } catch {
            throw .serverUnavailable(reason: error.reason)
        }
    }

    private static func functions(of library: CLibrary) throws(LibraryMissing) -> LibPQ {
        func function<T>(_ symbol: String) throws(LibraryMissing) -> T { try library.function(symbol) }
        return LibPQ(
            connectdbParams: try function("PQconnectdbParams"),
            status: try function("PQstatus"),
            errorMessageText: try function("PQerrorMessage"),
            finish: try function("PQfinish"),
            reset: try function("PQreset"),
            consumeInput: try function("PQconsumeInput"),
            transactionStatus: try function("PQtransactionStatus"),
            socket: try function("PQsocket"),
            backendPID: try function("PQbackendPID"),
            sendQueryParams: try function("PQsendQueryParams"),
            setNonblocking: try function("PQsetnonblocking"),
            flush: try function("PQflush"),
            isBusy: try function("PQisBusy"),
            getResult: try function("PQgetResult"),
            clear: try function("PQclear"),
            resultStatus: try function("PQresultStatus"),
            cmdTuples: try function("PQcmdTuples"),
            resultErrorField: try function("PQresultErrorField"),
            resultErrorMessageText: try function("PQresultErrorMessage"),
            notifies: try function("PQnotifies"),
            freemem: try function("PQfreemem"),
            ntuples: try function("PQntuples"),
            nfields: try function("PQnfields"),
            getisnull: try function("PQgetisnull"),
            getvalue: try function("PQgetvalue")
        )
    }

    /// The connection's last error, as text.
    func errorMessage(_ connection: OpaquePointer?) -> String {
        errorMessageText(connection).map { String(cString: $0) } ?? ""
    }

    /// The result's error, as text.
    func resultErrorMessage(_ result: OpaquePointer?) -> String {
        resultErrorMessageText(result).map { String(cString: $0) } ?? ""
    }

}
