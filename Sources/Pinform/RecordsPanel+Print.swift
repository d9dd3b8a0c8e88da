extension RecordsPanel {
    func printRecords() {}
}
