import Foundation
import Glibc

// A cluster that accepts client certificates: the CA in `ssl_ca_file`, and pg_hba.conf lines,
// ahead of initdb's, that let the certificate roles in over TLS by certificate only.
extension PostgresCluster {
    /// Copies the client CA into the cluster's folder and puts `hostssl … cert` first in
    /// pg_hba.conf for `roles`; returns the server's settings for it.
    static func acceptClientCertificates(from clientCA: String, for roles: [String], folder: String, data: String,
                                         as user: (uid: uid_t, gid: gid_t)?) throws -> [String] {
        let copied = folder + "/client-ca.crt"
        try FileManager.default.copyItem(atPath: clientCA, toPath: copied)
        if let user { chown(copied, user.uid, user.gid) }
        if !roles.isEmpty {
            let rules = data + "/pg_hba.conf"
            let names = roles.map { "\"\($0)\"" }.joined(separator: ",")
            let lines = ["127.0.0.1/32", "::1/128"].map { "hostssl all \(names) \($0) cert\n" }.joined()
            let existing = try String(contentsOfFile: rules, encoding: .utf8)
            // Written in place: the file keeps its owner (the cluster's user).
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: rules))
            try handle.truncate(atOffset: 0)
            try handle.write(contentsOf: Data((lines + existing).utf8))
            try handle.close()
        }
        return ["-c", "ssl_ca_file=\(copied)"]
    }
}
