internal import CPostgres

/// The rows a statement returned, copied out of libpq's result as text (nil for `NULL`), and
/// how many rows it changed.
public struct PostgresRows: Sendable {
    /// Each row's values, in the statement's column order.
    public let rows: [[String?]]
    /// How many rows an `INSERT`, `UPDATE` or `DELETE` changed.
    public let affected: Int

    init(result: OpaquePointer, libpq: LibPQ, affected: Int) {
        let count = libpq.ntuples(result)
        let fields = libpq.nfields(result)
        var rows: [[String?]] = []
        rows.reserveCapacity(Int(count))
        for row in 0..<count {
            var values: [String?] = []
            values.reserveCapacity(Int(fields))
            for field in 0..<fields {
                values.append(libpq.getisnull(result, row, field) == 1 ? nil : libpq.getvalue(result, row, field).map { String(cString: $0) })
            }
            rows.append(values)
        }
        self.rows = rows
        self.affected = affected
    }

    /// The first row's first value, e.g. of `SELECT count(*)`.
    public var scalar: String? {
        rows.first?.first ?? nil
    }
}
