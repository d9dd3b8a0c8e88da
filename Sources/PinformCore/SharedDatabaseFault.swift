import Localization
import Storage

/// What went wrong between this desk and the shared database's server, in plain words, read
/// from libpq's (English) words: the server stopped, restarting, the session ended by the
/// administrator, the connection cut, the server's disk full, this desk's password refused.
public enum SharedDatabaseFault {
    /// The plain words for a fault a save is kept through (to send later), or nil when the
    /// error is not one: the server refused the save itself, or a conflict.
    public static func keepingReason(_ error: StoreError) -> String? {
        switch error {
        case .serverUnavailable(let reason): words(for: reason)
        case .diskFull: tr("the server’s disk is full")
        default: nil
        }
    }

    /// The plain words for libpq's `reason`; the reason itself when it is none of the known faults.
    public static func words(for reason: String) -> String {
        let text = reason.lowercased()
        func says(_ parts: String...) -> Bool { parts.contains { text.contains($0) } }
        if says("password authentication failed", "password must be", "no password supplied") {
            // Translators: why a save is kept on this desk: the role's password was changed on the server.
            return tr("the server refused this desk’s password; enter the new one in Preferences")
        }
        if says("could not extend file", "no space left", "disk full") {
            return tr("the server’s disk is full")
        }
        if says("administrator command", "terminating connection") {
            // Translators: why a save is kept: the server's administrator ended this desk's session (pg_terminate_backend).
            return tr("the server ended this desk’s session (it restarted, or its administrator ended it)")
        }
        if says("shutting down", "starting up", "in recovery", "not yet accepting") {
            return tr("the server is restarting")
        }
        if says("no such file or directory", "connection refused") {
            return tr("the server is not running")
        }
        if says("closed the connection", "could not receive", "could not send", "no connection to the server",
                "eof detected", "connection reset", "timed out", "broken pipe") {
            return tr("the connection to the server was cut")
        }
        return reason
    }
}
