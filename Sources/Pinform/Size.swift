import Controls
import Forms
import Localization
import PinformCore

/// A width and a height: GenericUI's CGSize form.
struct Size: Codable, Equatable {
    var width: Double
    var height: Double
}

extension Size: FormModel {
    // Translators: a kind of record (a width and a height), on the form window's switcher.
    static var title: String { tr("Size") }
    static var settingsKey: String { "size" }
    static var iconName: String { "view-fullscreen-symbolic" }
    // Translators: the file name an export of the sizes suggests; keep ".csv".
    static var exportFileName: String { tr("sizes.csv") }
    static var table: String { "size" }
    static var blank: Size { Size(width: 0, height: 0) }

    static func makeForm() -> FormView<Size> {
        let form = Form<Size>(prototype: blank)
        let width = ActiveInput<Double>(label: tr("Width"))
        let height = ActiveInput<Double>(label: tr("Height"))
        // Both on one line, as in the seed.
        form.addRow([
            FormElement(form.bind(width, to: \.width, rules: [.atLeast(0)])),
            FormElement(form.bind(height, to: \.height, rules: [.atLeast(0)])),
        ])
        return FormView(form)
    }

    static var fields: [RecordField<Size>] {
        [.measure(tr("Width"), stored: "width", \.width), .measure(tr("Height"), stored: "height", \.height)]
    }

    var summary: String {
        // Translators: a saved size in one line: "1.20 × 0.80".
        tr("{width} × {height}", ["width": LocaleText.twoDecimals(width), "height": LocaleText.twoDecimals(height)])
    }
}
