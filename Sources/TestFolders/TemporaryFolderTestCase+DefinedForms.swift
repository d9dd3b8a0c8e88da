@_spi(Testing) import Gtk
import PinformCore
@_spi(Testing) import PinformModels
import Storage

extension TemporaryFolderTestCase {
    /// Runs `body` under GTK (`GtkRuntime.test`) with a records file in this test's folder (a
    /// random data key) and the app's forms loaded from it; afterwards the forms are forgotten
    /// and the file closed, so that no test sees another's forms.
    public func withDefinedForms(_ body: @MainActor (RecordsDatabase, DefinedForms) throws -> Void) throws {
        try TestFolders.withDefinedForms(paths: paths, key: try SecretBytes.random(count: KeyVault.dataKeyLength), body)
    }
}

/// Runs `body` under GTK (`GtkRuntime.test`) with the records file of `paths` opened with `key`
/// and the app's forms loaded from it; afterwards the forms are forgotten and the file closed.
public func withDefinedForms(paths: AppPaths, key: SecretBytes,
                             _ body: @MainActor (RecordsDatabase, DefinedForms) throws -> Void) throws {
    try GtkRuntime.test {
        let records = RecordsDatabase(paths: paths, key: key)
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
