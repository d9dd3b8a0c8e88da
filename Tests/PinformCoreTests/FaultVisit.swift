import PinformCore

/// A visit with a name and a note: the model the shared database's fault and offline tests
/// save while the server goes away.
struct FaultVisit: Codable, Equatable {
    var name: String
    var note: String
}

extension FaultVisit: RecordModel {
    static var title: String { "FaultVisit" }
    static var settingsKey: String { "fault_visit" }
    static var iconName: String { "avatar-default-symbolic" }
    static var blank: FaultVisit { FaultVisit(name: "", note: "") }
    static var table: String { "fault_visit" }
    static var exportFileName: String { "fault-visits.csv" }
    static var fields: [RecordField<FaultVisit>] { [.text("Name", stored: "name", \.name), .text("Note", stored: "note", \.note)] }
    var summary: String { name }
}
