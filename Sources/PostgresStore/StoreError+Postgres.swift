import Storage

extension StoreError {
    /// Maps a server error — its SQLSTATE and message — to what a person can act on.
    static func postgres(state: String, message: String, database: String) -> StoreError {
        switch state {
        case "53100":
            // disk_full
            return .diskFull(path: database)
        case "25006":
            // read_only_sql_transaction: a standby, or a read-only default
            return .readOnly(path: database)
        case "40001", "40P01", "55P03":
            // serialization failure, deadlock, lock not available: trying again works
            return .busy(path: database)
        case _ where state.hasPrefix("23"):
            return .constraint(reason: message)
        case _ where state.hasPrefix("42501") || state.hasPrefix("28"):
            // insufficient_privilege, invalid authorization
            return .serverRefused(reason: message)
        case _ where state.hasPrefix("08") || state.hasPrefix("57P"):
            // connection exceptions, the server shutting down or the session terminated
            return .serverUnavailable(reason: message)
        default:
            return .other(code: 0, reason: message)
        }
    }
}
