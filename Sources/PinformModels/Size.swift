import Controls
import Forms
import Localization
import PinformCore

/// A width and a height, both in metres: GenericUI's CGSize form.
struct Size: Codable, Equatable {
    /// In metres.
    var width: Double
    /// In metres.
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

    // Translators: asked after a crash or Lock when the size form held typed changes.
    static var restoreDraftQuestion: String { tr("Restore the unsaved size?") }

    static func makeForm(_ context: ModelContext) -> FormView<Size> {
        let form = Form<Size>(prototype: blank)
        let width = ActiveInput<Double>(label: tr("Width"))
        // Translators: an object's height (one of its measures: "Höhe" in German).
        let height = ActiveInput<Double>(label: trc("size", "Height"))
        let example: KeyValuePairs<String, String> = ["example": LocaleText.twoDecimals(1.2)]
        // Translators: the placeholder of a size's width and height; {example} is 1.20 in the user's digits.
        width.placeholder = tr("In metres, like {example}", example)
        height.placeholder = tr("In metres, like {example}", example)
        // Both on one line, as in the seed.
        form.addRow([
            FormElement(form.bind(width, to: \.width, rules: [.atLeast(0)])),
            FormElement(form.bind(height, to: \.height, rules: [.atLeast(0)])),
        ])
        return FormView(form)
    }

    static var fields: [RecordField<Size>] {
        // Translators: an object's height (one of its measures: "Höhe" in German).
        [.measure(tr("Width"), stored: "width", \.width), .measure(trc("size", "Height"), stored: "height", \.height)]
    }

    var summary: String {
        // Translators: a saved size in one line, in metres: "1.20 m × 0.80 m".
        tr("{width} m × {height} m", ["width": LocaleText.twoDecimals(width), "height": LocaleText.twoDecimals(height)])
    }
}
