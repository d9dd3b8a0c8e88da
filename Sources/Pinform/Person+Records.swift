import Controls
import Storage

extension Person: RecordModel {
    static var table: String { "person" }

    static var storeColumns: [Column<Person>] {
        [
            .text("first_name", \.firstName),
            .text("last_name", \.lastName),
            .integer("age", \.age),
            .text("email", \.email.address),
            .real("height", \.height),
        ]
    }

    static var listColumns: [RecordColumn<Person>] {
        [
            RecordColumn("First name", \.firstName, sortKey: "first_name"),
            RecordColumn("Last name", \.lastName, sortKey: "last_name"),
            RecordColumn("Age", \.age, sortKey: "age"),
            RecordColumn("Email", \.email, sortKey: "email"),
            RecordColumn(title: "Height", sortKey: "height") { Person.formatted($0.height) },
        ]
    }

    func fill(_ form: FormView<Person>) {
        form.setText(firstName, forInputLabelled: "First name")
        form.setText(lastName, forInputLabelled: "Last name")
        form.setText(String(age), forInputLabelled: "Age")
        form.setText(email.address, forInputLabelled: "Email")
        form.setText(editableText(height), forInputLabelled: "Height")
    }
}
