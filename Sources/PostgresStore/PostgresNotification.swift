/// One notification a `LISTEN` received: its channel, its payload and the server process of
/// the session that sent it.
public struct PostgresNotification: Sendable, Equatable {
    /// The channel it was sent on.
    public let channel: String
    /// What the sender put in it (Pinform sends identities and versions only).
    public let payload: String
    /// The sending session's server process, so that a desk can skip its own.
    public let senderProcess: Int32
}
