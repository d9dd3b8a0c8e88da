import Foundation
import Storage
import XCTest

/// A test case with a fresh folder of its own for each test, removed afterwards: the app's data
/// and config folders live inside it (`paths`), and so do the files a test writes. Shared by the
/// test targets that open records files (a test-support target, in no product).
open class TemporaryFolderTestCase: XCTestCase {
    /// This test's folder, made before it runs and removed after.
    public private(set) var folder: URL!

    override open func setUpWithError() throws {
        try super.setUpWithError()
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("pinform-\(String(describing: type(of: self)))-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override open func tearDownWithError() throws {
        if let folder { try? FileManager.default.removeItem(at: folder) }
        try super.tearDownWithError()
    }

    /// The app's folders inside this test's folder.
    public var paths: AppPaths {
        AppPaths(dataDirectory: folder.appendingPathComponent("data"), configDirectory: folder.appendingPathComponent("config"))
    }
}
