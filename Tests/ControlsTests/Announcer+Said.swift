@testable import Controls
@_spi(Testing) import Gtk

extension Announcer {
    /// Spins the main loop until `message` was announced with `politeness` (at most `seconds`);
    /// whether it was.
    func hasSaid(_ message: String, _ politeness: Politeness, within seconds: Double = 2) -> Bool {
        MainContext.spin(until: { said.contains(Announcement(message: message, politeness: politeness)) }, timeout: seconds)
    }

    /// The messages announced so far, oldest first (for failure messages).
    var saidMessages: [String] { said.map(\.message) }
}
