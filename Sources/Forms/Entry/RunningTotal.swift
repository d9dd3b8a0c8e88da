import Foundation

/// A sum over the rows of a list field, kept up to date at O(1) per change: a keystroke in one
/// row changes the total by that row's new term minus its old one, without adding up the others.
///
/// Made by ``FormList/total(of:)``; read `value` in a computed field:
///
/// ```swift
/// let net = lines.total { ($0.quantity * $0.unitPrice).rounded(places: 2) }
/// form.bind(computed: TextInput<Decimal>(), to: \.total) { _ in net.value }
/// ```
///
/// Decimal sums are exact (to 38 digits), so adding and taking away terms never drifts.
public final class RunningTotal {
    /// The sum of every row's term now.
    public private(set) var value: Decimal = 0
    private var terms: [RowID: Decimal] = [:]

    init() {}

    /// Sets `row`'s term.
    func set(_ term: Decimal, for row: RowID) {
        let old = terms.updateValue(term, forKey: row) ?? 0
        value += term - old
    }

    /// Takes `row`'s term away.
    func remove(_ row: RowID) {
        if let old = terms.removeValue(forKey: row) { value -= old }
    }

    /// Starts again from no rows.
    func removeAll() {
        terms.removeAll(keepingCapacity: true)
        value = 0
    }
}
