import Foundation
import PinCode
import Storage

// What the flow asks for, what a submitted PIN led to, and what the window shows.
extension PinFlow {
    /// What the user is asked for.
    public enum Step: Equatable, Sendable {
        /// A new PIN (first run, or after the current one was checked in a change).
        case choose
        /// The new PIN again.
        case confirm
        /// The stored PIN, to unlock.
        case unlock
        /// The stored PIN, before changing it.
        case current
        /// The recovery key, instead of a forgotten PIN or when the TPM cannot open the key
        /// file; a new PIN is chosen next.
        case recoveryKey
    }

    /// What a submitted PIN led to.
    public enum Outcome: Equatable, Sendable {
        /// A weak new PIN: shown as invalid with the reason, not kept.
        case weak(PinRejection)
        /// The new PIN was accepted; it must be typed again.
        case confirmNext
        /// The confirmation differed; the first choice is kept and the confirmation is asked again.
        case mismatch
        /// The new PIN is stored.
        case stored
        /// The right PIN: unlocked (or, in a change, go on to choose the new one).
        case accepted
        /// A wrong PIN; attempts remain before a lockout.
        case wrong(attemptsLeft: Int)
        /// A recovery key that does not open the key file.
        case wrongRecoveryKey
        /// Too many wrong PINs: locked until the date.
        case locked(until: Date)
        /// The attempt could not be counted, so the PIN was not checked.
        case notCounted(String)
        /// The PIN could not be checked or stored; nothing changed.
        case failed(String)
    }

    /// The heading and the line under it, and what the line is about — so that neither the
    /// flow nor the window (nor a screen-reader announcement) decides anything by its words.
    public struct Prompt: Equatable, Sendable {
        /// What the message says.
        public enum Kind: Equatable, Sendable {
            /// What to type now.
            case instruction
            /// The PIN is being checked ("Checking…").
            case checking
            /// The new PIN is being saved ("Saving…").
            case saving
            /// The new PIN was weak.
            case weak
            /// The confirmation did not match.
            case mismatch
            /// The PIN was wrong.
            case wrong
            /// Too many wrong PINs: the countdown.
            case locked
            /// The TPM's own dictionary-attack lockout refuses every PIN for now, and when it
            /// may take one again.
            case tpmLocked
            /// The TPM cannot open the key file (another or a cleared TPM, or none): only the
            /// recovery key can.
            case needsRecoveryKey
            /// The attempt could not be counted; no PIN is checked until it can.
            case notCounted
            /// Something else failed.
            case failed
        }

        /// The heading.
        public var title: String
        /// The line under it.
        public var message: String
        /// What the line is about.
        public var kind: Kind

        /// A heading and a line about `kind`.
        public init(title: String, message: String, kind: Kind) {
            self.title = title
            self.message = message
            self.kind = kind
        }

        /// Whether the message reports a problem (shown in the error style).
        public var isError: Bool {
            switch kind {
            case .instruction, .checking, .saving: false
            case .weak, .mismatch, .wrong, .locked, .tpmLocked, .needsRecoveryKey, .notCounted, .failed: true
            }
        }
    }
}
