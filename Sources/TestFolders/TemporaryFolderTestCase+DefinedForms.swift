@_spi(Testing) import Gtk
import PinformCore
@_spi(Testing) import PinformModels
import Storage

extension TemporaryFolderTestCase {
    /// Runs `body` under GTK (`GtkRuntime.test`) with a records file in this test's folder (a
    /// random data key) and the app's forms loaded from it; afterwards the forms are forgotten
    /// and the file closed, so that no test sees another's forms.
    public func withDefinedForms(_ body: @MainActor (RecordsDatabase, DefinedForms) throws -> Void) throws {
        let paths = self.paths
        try GtkRuntime.test {
            let records = RecordsDatabase(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength))
            let forms = DefinedForms.shared
            forms.forgetAll()
            defer {
                forms.forgetAll()
                records.close()
            }
            forms.load(from: records)
            try body(records, forms)
        }
    }
}
