import Storage
@testable import Pinform
import PinformCore

extension RecordsDatabase {
    /// A records database under a fresh random data key, as after a first unlock.
    @MainActor
    convenience init(paths: AppPaths) {
        // swiftlint:disable:next force_try
        self.init(paths: paths, key: try! SecretBytes.random(count: KeyVault.dataKeyLength))
    }
}
