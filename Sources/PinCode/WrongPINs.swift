import Foundation

/// How many wrong PINs were tried since the last right one, and when the last was: what the
/// owner is told after the next unlock. Nothing about which PINs they were.
///
/// ```swift
/// if let earlier { label.text = "\(earlier.count) wrong PINs were tried" }
/// ```
public struct WrongPINs: Equatable, Sendable {
    /// How many (at least 1).
    public let count: Int
    /// When the last was counted; nil when that was not recorded (an older attempts file).
    public let last: Date?

    /// A count of wrong PINs and the time of the last.
    public init(count: Int, last: Date?) {
        self.count = count
        self.last = last
    }
}
