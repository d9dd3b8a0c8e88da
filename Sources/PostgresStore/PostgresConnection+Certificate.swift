import Localization
import Storage

// A refused client certificate in plain words: libpq and OpenSSL say "tlsv1 alert unknown ca"
// or "certificate authentication failed for user …", which a front desk cannot act on.
extension PostgresConnection {
    /// Why an endpoint with a client certificate cannot connect without its key.
    static var missingKeyReason: String {
        tr("this desk’s client certificate has no key; join the shared database again and choose the certificate’s key file")
    }

    /// The error for libpq's words when a connection failed: `.serverRefused` in plain words
    /// when the server or libpq turned the client certificate or its key down, else
    /// `.serverUnavailable` with libpq's words.
    static func connectionError(_ words: String, endpoint: PostgresEndpoint) -> StoreError {
        let role = endpoint.user ?? ""
        let lower = words.lowercased()
        if lower.contains("certificate authentication failed") {
            return .serverRefused(reason: tr("the client certificate is not for the role “{role}”; it must name the role as its common name (CN)",
                                             ["role": role]))
        }
        if lower.contains("alert unknown ca") || lower.contains("alert bad certificate")
            || lower.contains("alert certificate") || lower.contains("alert decrypt error") {
            return .serverRefused(reason: tr("the server does not trust this desk’s client certificate: it was not issued by the certificate authority the server accepts"))
        }
        if lower.contains("requires a valid client certificate") {
            return .serverRefused(reason: tr("the server accepts this role only with a client certificate; choose this desk’s certificate and its key"))
        }
        if lower.contains("does not match private key") || lower.contains("key values mismatch") {
            return .serverRefused(reason: tr("the client key does not belong to the client certificate"))
        }
        if lower.contains("could not load private key") || lower.contains("private key file") {
            return .serverRefused(reason: tr("the client key could not be read; choose the certificate’s private key as an unencrypted PEM file"))
        }
        if lower.contains("could not read certificate file") || lower.contains("could not open certificate file")
            || lower.contains("could not load certificate") {
            return .serverRefused(reason: tr("the client certificate could not be read; choose a PEM certificate file"))
        }
        if lower.contains("timeout expired") {
            // libpq's words when `connect_timeout` (the answer deadline) passed.
            return .serverUnavailable(reason: noAnswer)
        }
        return .serverUnavailable(reason: words)
    }
}
