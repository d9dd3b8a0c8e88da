/// A set of measurements of one thing, with the order statistics the tables print.
struct Samples: Codable {
    /// The measurements in the order they were taken.
    private(set) var values: [Double] = []

    init(_ values: [Double] = []) {
        self.values = values
    }

    mutating func append(_ value: Double) {
        values.append(value)
    }

    var count: Int { values.count }
    var isEmpty: Bool { values.isEmpty }

    private var sorted: [Double] { values.sorted() }

    /// The value below which `fraction` of the measurements lie (nearest rank, interpolated).
    func quantile(_ fraction: Double) -> Double {
        let sorted = self.sorted
        guard !sorted.isEmpty else { return .nan }
        let position = fraction * Double(sorted.count - 1)
        let lower = Int(position)
        let upper = min(lower + 1, sorted.count - 1)
        let weight = position - Double(lower)
        return sorted[lower] * (1 - weight) + sorted[upper] * weight
    }

    var median: Double { quantile(0.5) }
    var minimum: Double { values.min() ?? .nan }
    var maximum: Double { values.max() ?? .nan }
    var p90: Double { quantile(0.9) }
    var lowerQuartile: Double { quantile(0.25) }
    var upperQuartile: Double { quantile(0.75) }
    var total: Double { values.reduce(0, +) }
}
