extension RecordsDatabase {
    /// Forgets the store made for `model`, so that the next `store(_:)` opens it afresh with
    /// the model's columns as they are now: after the definition of a form made in the app
    /// changed.
    public func forgetStore<Model: RecordModel>(_ model: Model.Type) {
        stores[ObjectIdentifier(Model.self)] = nil
    }
}
