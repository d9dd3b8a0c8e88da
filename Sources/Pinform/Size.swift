import Controls
import Forms
import Localization

/// A width and a height: GenericUI's CGSize form.
struct Size: Codable, Equatable {
    var width: Double
    var height: Double
}

extension Size: RecordModel {
    static var title: String { "Size" }
    static var settingsKey: String { "size" }
    // Translators: the file name an export of the sizes suggests; keep ".csv".
    static var exportFileName: String { tr("sizes.csv") }
    static var table: String { "size" }
    static var blank: Size { Size(width: 0, height: 0) }

    static func makeForm() -> FormView<Size> {
        let form = FormView<Size>(prototype: blank)
        let width = ActiveInput<Double>(label: "Width")
        let height = ActiveInput<Double>(label: "Height")
        // Both on one line, as in the seed.
        form.addRow([
            FormElement(form.bind(width, to: \.width, rules: [.atLeast(0, message: "Enter 0 or more")])),
            FormElement(form.bind(height, to: \.height, rules: [.atLeast(0, message: "Enter 0 or more")])),
        ])
        form.build()
        return form
    }

    static var fields: [RecordField<Size>] {
        [.measure("Width", stored: "width", \.width), .measure("Height", stored: "height", \.height)]
    }

    var summary: String {
        "\(LocaleText.twoDecimals(width)) × \(LocaleText.twoDecimals(height))"
    }
}
