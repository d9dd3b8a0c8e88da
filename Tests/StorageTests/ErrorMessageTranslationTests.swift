import Foundation
import Glibc
import Localization
import XCTest
@testable import Storage

/// The PIN window shows these errors as they are; each must read in the person's language.
/// The catalogs are the project's own: po/de.po and po/ru.po compiled by `msgfmt`, read by
/// glibc's gettext under `LANGUAGE=de` (or `ru`) and a generated locale, restored afterwards.
final class ErrorMessageTranslationTests: XCTestCase {
    private var catalogs: TemporaryDirectory!
    private var savedLocale: String?
    private var savedLanguage: String?

    override func setUpWithError() throws {
        catalogs = TemporaryDirectory()
        let po = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../po").standardizedFileURL
        for language in ["de", "ru"] {
            let folder = catalogs.url.appendingPathComponent("\(language)/LC_MESSAGES")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let msgfmt = Process()
            msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
            msgfmt.arguments = ["--check", "-o", folder.appendingPathComponent("pinform.mo").path,
                                po.appendingPathComponent("\(language).po").path]
            try msgfmt.run()
            msgfmt.waitUntilExit()
            XCTAssertEqual(msgfmt.terminationStatus, 0, "po/\(language).po compiles")
        }
        savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        savedLanguage = getenv("LANGUAGE").map { String(cString: $0) }
        Localization.useCatalogs(in: catalogs.path)
    }

    override func tearDownWithError() throws {
        if let savedLanguage { setenv("LANGUAGE", savedLanguage, 1) } else { unsetenv("LANGUAGE") }
        _ = setlocale(LC_ALL, savedLocale ?? "C")
        catalogs = nil
    }

    /// Reads `read` in English (the C locale), then under `LANGUAGE=language`.
    private func english<Value>(andIn language: String, locale: String, _ read: () -> Value) throws -> (Value, Value) {
        _ = setlocale(LC_ALL, "C")
        unsetenv("LANGUAGE")
        let english = read()
        setenv("LANGUAGE", language, 1)
        _ = try XCTUnwrap(setlocale(LC_ALL, locale), "\(locale) is generated (scripts/lib.sh ensure_locales)")
        return (english, read())
    }

    func testEveryVaultErrorReadsInGerman() throws {
        XCTAssertEqual(VaultErrorCase.samples.map(VaultErrorCase.init), VaultErrorCase.allCases, "one sample of each case")
        try assertEachTranslated(VaultErrorCase.samples, name: { "\(VaultErrorCase($0))" }) { $0.message }
    }

    func testEveryTPMErrorReadsInGerman() throws {
        XCTAssertEqual(TPM2ErrorCase.samples.map(TPM2ErrorCase.init), TPM2ErrorCase.allCases, "one sample of each way")
        try assertEachTranslated(TPM2ErrorCase.samples, name: { "\(TPM2ErrorCase($0))" }) { $0.message }
    }

    func testEveryFolderErrorReadsInGerman() throws {
        let samples: [AppPathsError] = [.cannotCreate(path: "/x/pinform", reason: "Read-only file system")]
        try assertEachTranslated(samples, name: { error in
            switch error {
            case .cannotCreate: "cannotCreate"
            }
        }) { $0.message }
    }

    func testEveryKeyProtectionTitleReadsInGerman() throws {
        let samples: [KeyProtection] = [.tpm2, .argon2id]
        try assertEachTranslated(samples, name: { protection in
            switch protection {
            case .tpm2: "tpm2"
            case .argon2id: "argon2id"
            }
        }) { $0.title }
    }

    func testAMissingLibraryReadsInGermanInsideEachSentence() throws {
        let missing = LibraryMissing(library: "libsqlcipher.so.0", package: "libsqlcipher0",
                                     detail: "libsqlcipher.so.0: cannot open shared object file: No such file or directory")
        let (english, german) = try english(andIn: "de", locale: "de_DE.UTF-8") {
            [StoreError.libraryMissing(reason: missing.reason).message, TPM2Error.noTPM(reason: missing.reason).message]
        }
        XCTAssertEqual(english[0], "The records file could not be used: the library libsqlcipher.so.0 cannot be loaded "
            + "(libsqlcipher.so.0: cannot open shared object file: No such file or directory); install the package libsqlcipher0.")
        XCTAssertEqual(german[0], "Die Eintragsdatei konnte nicht verwendet werden: die Bibliothek libsqlcipher.so.0 kann nicht "
            + "geladen werden (libsqlcipher.so.0: cannot open shared object file: No such file or directory); installieren Sie das "
            + "Paket libsqlcipher0.")
        XCTAssertTrue(german[1].contains("installieren Sie das Paket libsqlcipher0"), german[1])
    }

    func testTPMWaitsAndAttemptsTakeRussianPluralForms() throws {
        let (_, russian) = try english(andIn: "ru", locale: "ru_RU.UTF-8") {
            [1, 3, 5, 21].map { TPM2Error.wrongPIN(attemptsLeft: $0).message }
                + [1, 2, 5, 21].map { TPM2Error.spoken(.seconds($0 * 60)) }
        }
        XCTAssertEqual(russian, [
            "Неверный PIN-код — осталась 1 попытка до блокировки TPM",
            "Неверный PIN-код — осталось 3 попытки до блокировки TPM",
            "Неверный PIN-код — осталось 5 попыток до блокировки TPM",
            "Неверный PIN-код — осталась 21 попытка до блокировки TPM",
            "1 минуту", "2 минуты", "5 минут", "21 минуту",
        ])
    }

    func testTheTPMWaitIsSpokenInGermanInsideItsSentence() throws {
        let (english, german) = try english(andIn: "de", locale: "de_DE.UTF-8") {
            TPM2Error.lockedOut(retryAfter: .seconds(1000)).message
        }
        XCTAssertEqual(english, "Too many wrong PINs. The TPM is locked; try again in 17 minutes.")
        XCTAssertEqual(german, "Zu viele falsche PINs. Das TPM ist gesperrt; versuchen Sie es in 17 Minuten erneut.")
    }

    /// Each sample's text differs under `LANGUAGE=de` from its English text, and the samples
    /// cover every case that `name` (an exhaustive switch) knows.
    private func assertEachTranslated<Value>(_ samples: [Value], name: (Value) -> String,
                                             file: StaticString = #filePath, line: UInt = #line,
                                             _ text: (Value) -> String) throws {
        let (english, german) = try english(andIn: "de", locale: "de_DE.UTF-8") { samples.map(text) }
        for (index, sample) in samples.enumerated() {
            XCTAssertFalse(english[index].isEmpty, file: file, line: line)
            XCTAssertNotEqual(german[index], english[index], "\(name(sample)) is not translated", file: file, line: line)
        }
    }
}

/// Every case of `VaultError`, each with a sample. Both switches are exhaustive: a new case of
/// the error does not compile here until it has a kind, and a new kind not until it has a sample.
private enum VaultErrorCase: CaseIterable {
    case noPIN, unreadable, corrupt, writeFailed, hashingFailed, cryptoUnavailable, libraryMissing, outOfSecureMemory
    case damagedPINSlot, newerVersion, notARegularFile, missing, alreadySet, upgradeFailed, tpmUnreachable, tpmOther

    init(_ error: VaultError) {
        switch error {
        case .noPIN: self = .noPIN
        case .unreadable: self = .unreadable
        case .corrupt: self = .corrupt
        case .writeFailed: self = .writeFailed
        case .hashingFailed: self = .hashingFailed
        case .cryptoUnavailable: self = .cryptoUnavailable
        case .libraryMissing: self = .libraryMissing
        case .outOfSecureMemory: self = .outOfSecureMemory
        case .damagedPINSlot: self = .damagedPINSlot
        case .newerVersion: self = .newerVersion
        case .notARegularFile: self = .notARegularFile
        case .missing: self = .missing
        case .alreadySet: self = .alreadySet
        case .upgradeFailed: self = .upgradeFailed
        case .tpm(.noTPM): self = .tpmUnreachable
        case .tpm: self = .tpmOther
        }
    }

    var sample: VaultError {
        switch self {
        case .noPIN: .noPIN
        case .unreadable: .unreadable(path: "/d/pin.hash", reason: "Permission denied")
        case .corrupt: .corrupt(path: "/d/pin.hash")
        case .writeFailed: .writeFailed(path: "/d/pin.hash", reason: "No space left on device")
        case .hashingFailed: .hashingFailed
        case .cryptoUnavailable: .cryptoUnavailable
        case .libraryMissing: .libraryMissing(reason: LibraryMissing(library: "libsodium.so.23", package: "libsodium23",
                                                                      detail: "cannot open shared object file").reason)
        case .outOfSecureMemory: .outOfSecureMemory
        case .damagedPINSlot: .damagedPINSlot(path: "/d/keys.json")
        case .newerVersion: .newerVersion(path: "/d/keys.json")
        case .notARegularFile: .notARegularFile(path: "/d/pin.hash")
        case .missing: .missing(path: "/d/attempts.json")
        case .alreadySet: .alreadySet
        case .upgradeFailed: .upgradeFailed(reason: "disk full")
        case .tpmUnreachable: .tpm(.noTPM(reason: "no device"))
        case .tpmOther: .tpm(.sealedByAnotherTPM)
        }
    }

    static var samples: [VaultError] { allCases.map(\.sample) }
}

/// Every way a `TPM2Error`'s message is built (each case; a count of one and of more; a wait
/// in seconds, minutes and hours, and none), with exhaustive switches as for `VaultErrorCase`.
private enum TPM2ErrorCase: CaseIterable {
    case noTPM, oneAttemptLeft, attemptsLeft, attemptsUnknown, lockedForSeconds, lockedForMinutes
    case lockedForHours, lockedForGood, sealedByAnotherTPM, attemptCountMissing, unreadableSealedSecret, failed

    init(_ error: TPM2Error) {
        switch error {
        case .noTPM: self = .noTPM
        case .wrongPIN(1): self = .oneAttemptLeft
        case .wrongPIN(.some): self = .attemptsLeft
        case .wrongPIN(nil): self = .attemptsUnknown
        case .lockedOut(let wait?) where wait < .seconds(60): self = .lockedForSeconds
        case .lockedOut(let wait?) where wait < .seconds(7200): self = .lockedForMinutes
        case .lockedOut(.some): self = .lockedForHours
        case .lockedOut(nil): self = .lockedForGood
        case .sealedByAnotherTPM: self = .sealedByAnotherTPM
        case .attemptCountMissing: self = .attemptCountMissing
        case .unreadableSealedSecret: self = .unreadableSealedSecret
        case .failed: self = .failed
        }
    }

    var sample: TPM2Error {
        switch self {
        case .noTPM: .noTPM(reason: "no device")
        case .oneAttemptLeft: .wrongPIN(attemptsLeft: 1)
        case .attemptsLeft: .wrongPIN(attemptsLeft: 3)
        case .attemptsUnknown: .wrongPIN(attemptsLeft: nil)
        case .lockedForSeconds: .lockedOut(retryAfter: .seconds(40))
        case .lockedForMinutes: .lockedOut(retryAfter: .seconds(1000))
        case .lockedForHours: .lockedOut(retryAfter: .seconds(7200))
        case .lockedForGood: .lockedOut(retryAfter: nil)
        case .sealedByAnotherTPM: .sealedByAnotherTPM
        case .attemptCountMissing: .attemptCountMissing
        case .unreadableSealedSecret: .unreadableSealedSecret(reason: "it is damaged or cut short")
        case .failed: .failed(operation: "seal the key", code: 0x921, reason: "tpm:error")
        }
    }

    static var samples: [TPM2Error] { allCases.map(\.sample) }
}
