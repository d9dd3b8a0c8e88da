import Foundation
import Forms
import Localization
import PinformCore

/// How an invoice is stored, and how invoices of earlier versions are read.
///
/// Today's records always hold `lines`, `customer` (a person's id, or null) and
/// `customerName`. A record without `lines` was written before lines: its `amount` becomes
/// one line ("Amount", 1 × the amount, no tax), so its total is what it was; its `customer`
/// was free text, which becomes `customerName` (shown as "Customer as typed before", and in
/// the list) with no person chosen. The store keeps the old fields in the JSON when the
/// record is saved again; `lines` tells which ones count.
extension Invoice: Codable {
    private enum Key: String, CodingKey {
        case number, customer, customerName, issueDate, dueDate, lines, currency, isPaid, notes
        /// Before lines (layout 1).
        case amount
    }

    init(from decoder: any Decoder) throws {
        let stored = try decoder.container(keyedBy: Key.self)
        number = try stored.decode(String.self, forKey: .number)
        issueDate = try stored.decode(CalendarDate.self, forKey: .issueDate)
        dueDate = try stored.decode(CalendarDate.self, forKey: .dueDate)
        currency = try stored.decode(Currency.self, forKey: .currency)
        isPaid = try stored.decode(Bool.self, forKey: .isPaid)
        notes = try stored.decodeIfPresent(String.self, forKey: .notes)
        if stored.contains(.lines) {
            lines = try stored.decode([Line].self, forKey: .lines)
            customer = try stored.decodeIfPresent(RecordRef<Person>.self, forKey: .customer)
            customerName = try stored.decodeIfPresent(String.self, forKey: .customerName) ?? ""
        } else {
            let amount = try stored.decodeIfPresent(Decimal.self, forKey: .amount) ?? 0
            // Translators: the one line an invoice saved before lines gets, holding its amount.
            lines = [Line(description: tr("Amount"), quantity: 1, unitPrice: amount, taxRate: 0)]
            customer = nil
            customerName = try stored.decodeIfPresent(String.self, forKey: .customer) ?? ""
        }
    }

    func encode(to encoder: any Encoder) throws {
        var stored = encoder.container(keyedBy: Key.self)
        try stored.encode(number, forKey: .number)
        try stored.encode(customer, forKey: .customer)
        try stored.encode(customerName, forKey: .customerName)
        try stored.encode(issueDate, forKey: .issueDate)
        try stored.encode(dueDate, forKey: .dueDate)
        try stored.encode(lines, forKey: .lines)
        try stored.encode(currency, forKey: .currency)
        try stored.encode(isPaid, forKey: .isPaid)
        try stored.encodeIfPresent(notes, forKey: .notes)
    }
}
