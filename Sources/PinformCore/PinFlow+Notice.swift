import Forms
import Foundation
import Localization
import PinCode
import Storage

// The words after a right PIN about the wrong ones typed before it: apart from the flow, which
// only hands them to the window.
extension PinFlow {
    /// What the owner is told after a right PIN about the wrong ones before it: their count
    /// (with its plural) and when the last was, its date in the user's POSIX locale
    /// (`LC_ALL`, `LC_TIME`, `LANG`: "1.12.2026" in German) and its time as 24-hour "14:02",
    /// in `timeZone`.
    public nonisolated static func notice(of earlier: WrongPINs, timeZone: TimeZone = .current,
                                          dateFormat: DateFormat = NumberParsing.current.dateFormat) -> String {
        guard let last = earlier.last else {
            return trn("%d wrong PIN was tried since you last unlocked",
                       "%d wrong PINs were tried since you last unlocked", earlier.count)
        }
        let (date, time) = LocaleText.dayAndTime(of: last, timeZone: timeZone, dateFormat: dateFormat)
        // Translators: {date} and {time} say when the last wrong PIN was typed ("1.12.2026", "14:02").
        return trn("%d wrong PIN was tried since you last unlocked, the last on {date} at {time}",
                   "%d wrong PINs were tried since you last unlocked, the last on {date} at {time}",
                   earlier.count, ["date": date, "time": time])
    }
}
