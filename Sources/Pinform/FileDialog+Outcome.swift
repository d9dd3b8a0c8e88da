import Foundation
import Gtk
import Localization

extension FileDialogError {
    /// What the person reads when a file dialog gave no file.
    var message: String {
        switch self {
        case .gtk(let message):
            message
        case .notLocal(let uri):
            // Translators: {location} is where the chosen file is (a network address).
            tr("“{location}” is not on this computer. Choose a file in a folder of this computer.", ["location": uri])
        }
    }
}

extension FileDialog.Filter {
    /// Every file: offered after a filter by name, for a file named otherwise.
    static var allFiles: FileDialog.Filter {
        FileDialog.Filter(name: tr("All Files"), patterns: ["*"])
    }
}

extension FileDialog.Outcome {
    /// The file or folder chosen; nil when the dialog was dismissed, or when it failed — then
    /// the failure is said in a message over `parent`, headed by what was being done
    /// (the file dialog's title), where the person is looking.
    @MainActor
    func chosen(reportingFailure heading: String, over parent: Widget?) -> URL? {
        switch self {
        case .chosen(let url):
            return url
        case .dismissed:
            return nil
        case .failed(let error):
            let dialog = AlertDialog(parent: parent, heading: heading, body: error.message)
            dialog.addResponse(DialogResponse.close, label: tr("Close"))
            dialog.setResponses(default: .close, close: .close)
            // The handler keeps the dialog's wrapper until GTK destroys it.
            dialog.onResponse { (_: String) in _ = dialog }
            dialog.present()
            return nil
        }
    }
}
