import Foundation

/// The TPM's lockout state as last read in this process, so that About can tell it without
/// talking to the TPM on the main thread.
extension TPM2LockoutStatus {
    /// The state read at the last unlock, PIN change or `--security-status` through a TPM.
    public static var lastRead: TPM2LockoutStatus? { LastRead.shared.value }

    static func remember(_ status: TPM2LockoutStatus) { LastRead.shared.value = status }
}

private final class LastRead: @unchecked Sendable {
    static let shared = LastRead()
    private let lock = NSLock()
    private var stored: TPM2LockoutStatus?

    var value: TPM2LockoutStatus? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
