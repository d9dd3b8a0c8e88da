import Forms
import PinformCore

/// How a person is stored, and how records of earlier versions are read.
///
/// Today's records always hold `birthDate` and `statedAge` (null when absent). A record without
/// `statedAge` was written before birth dates: its `age` is read as the stated age, and its
/// birth date is unknown — nothing is guessed, nothing is lost. The store keeps fields it does
/// not know when a record is saved again, so the old `age` stays in the JSON; the presence of
/// `statedAge` tells which one counts.
extension Person: Codable {
    private enum Key: String, CodingKey {
        case firstName, lastName, birthDate, statedAge, phone, email, height
        /// Before birth dates (layout 1).
        case age
    }

    init(from decoder: any Decoder) throws {
        let stored = try decoder.container(keyedBy: Key.self)
        firstName = try stored.decode(String.self, forKey: .firstName)
        lastName = try stored.decode(String.self, forKey: .lastName)
        email = try stored.decode(Email.self, forKey: .email)
        height = try stored.decode(Double.self, forKey: .height)
        phone = try stored.decodeIfPresent(String.self, forKey: .phone)
        birthDate = try stored.decodeIfPresent(CalendarDate.self, forKey: .birthDate)
        if stored.contains(.statedAge) {
            statedAge = try stored.decodeIfPresent(UInt.self, forKey: .statedAge)
        } else {
            statedAge = try stored.decodeIfPresent(UInt.self, forKey: .age)
        }
    }

    func encode(to encoder: any Encoder) throws {
        var stored = encoder.container(keyedBy: Key.self)
        try stored.encode(firstName, forKey: .firstName)
        try stored.encode(lastName, forKey: .lastName)
        try stored.encode(birthDate, forKey: .birthDate)
        // A birth date known makes the age typed before it moot.
        try stored.encode(birthDate == nil ? statedAge : nil, forKey: .statedAge)
        try stored.encodeIfPresent(phone, forKey: .phone)
        try stored.encode(email, forKey: .email)
        try stored.encode(height, forKey: .height)
    }
}
