/// A row of a defined form's layout: the fields shown side by side, each with its width
/// relative to the others in the row (the typed API's `FormElement` size).
public struct LayoutRow: Hashable, Sendable, Codable {
    /// One field in a row and its relative width (1 or more).
    public struct Cell: Hashable, Sendable, Codable {
        /// The field shown.
        public var field: FieldDefinitionID
        /// Its width relative to the row's other cells, 1 or more.
        public var width: Int

        /// A cell of `field`, width 1 unless given.
        public init(_ field: FieldDefinitionID, width: Int = 1) {
            self.field = field
            self.width = max(1, width)
        }
    }

    /// The cells, from leading to trailing.
    public var cells: [Cell]

    /// A row of `cells`.
    public init(_ cells: [Cell]) {
        self.cells = cells
    }

    /// A row of `fields`, each width 1.
    public init(fields: [FieldDefinitionID]) {
        self.cells = fields.map { Cell($0) }
    }

    /// The fields of the row, in order.
    public var fields: [FieldDefinitionID] { cells.map(\.field) }
}
