import Foundation
import Storage

// A save sent at most once: its identity recorded in its own transaction (`_pinform_once`), so
// that sending it again — after the connection dropped with its `COMMIT` on the way, when the
// desk cannot know whether the server committed — changes nothing the second time.
extension PostgresRecordStore {
    /// Runs `body`, whose first write records `operation` on the server in its transaction.
    ///
    /// - Throws: `StoreError.alreadySent` (nothing changed) when the server already holds
    ///   `operation`: the save was committed by an earlier attempt.
    public func once<T>(_ operation: UUID, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        self.operation = operation.uuidString
        defer { self.operation = nil }
        return try body()
    }

    /// Records the pending operation in the open transaction (once: a second write of the same
    /// body records nothing).
    func recordOperation() throws(StoreError) {
        guard let operation else { return }
        self.operation = nil
        guard try connection.execute("SELECT _pinform_once($1::uuid)", [operation]).scalar == "t" else {
            throw StoreError.alreadySent
        }
    }
}

extension StoreError {
    /// A save whose identity the server already holds: an earlier attempt was committed.
    public static let alreadySent = StoreError.other(code: alreadySentCode, reason: "this save reached the server before")
    static let alreadySentCode: Int32 = -2_306
}
