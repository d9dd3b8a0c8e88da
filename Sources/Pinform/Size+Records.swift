import Controls
import Storage

extension Size: RecordModel {
    static var table: String { "size" }

    static var storeColumns: [Column<Size>] {
        [.real("width", \.width), .real("height", \.height)]
    }

    static var listColumns: [RecordColumn<Size>] {
        [
            RecordColumn(title: "Width", sortKey: "width") { Person.formatted($0.width) },
            RecordColumn(title: "Height", sortKey: "height") { Person.formatted($0.height) },
        ]
    }

    func fill(_ form: FormView<Size>) {
        form.setText(editableText(width), forInputLabelled: "Width")
        form.setText(editableText(height), forInputLabelled: "Height")
    }
}
