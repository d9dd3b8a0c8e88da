import Foundation
import Glibc
import XCTest
@testable import Localization

/// The catalogs are real: a German `.po` compiled by `msgfmt` and read by glibc's gettext under a
/// generated `de_DE.UTF-8` locale (scripts/lib.sh generates it), restored afterwards.
final class LocalizationTests: XCTestCase {
    private var folder: URL!
    private var savedLocale: String?

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-l10n-\(UUID().uuidString)")
        let messages = folder.appendingPathComponent("de/LC_MESSAGES")
        try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
        let po = folder.appendingPathComponent("de.po")
        try """
        msgid ""
        msgstr ""
        "Content-Type: text/plain; charset=UTF-8\\n"
        "Plural-Forms: nplurals=2; plural=(n != 1);\\n"

        msgid "Required"
        msgstr "Erforderlich"

        msgid "%d record"
        msgid_plural "%d records"
        msgstr[0] "%d Eintrag"
        msgstr[1] "%d Einträge"

        """.write(to: po, atomically: true, encoding: .utf8)
        let msgfmt = Process()
        msgfmt.executableURL = URL(fileURLWithPath: "/usr/bin/msgfmt")
        msgfmt.arguments = ["-o", messages.appendingPathComponent("pinform.mo").path, po.path]
        try msgfmt.run()
        msgfmt.waitUntilExit()
        XCTAssertEqual(msgfmt.terminationStatus, 0, "msgfmt (Debian's gettext) compiles the catalog")
        savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        let german = try XCTUnwrap(setlocale(LC_ALL, "de_DE.UTF-8"), "de_DE.UTF-8 is generated (locale-gen)")
        XCTAssertEqual(String(cString: german), "de_DE.UTF-8")
        Localization.useCatalogs(in: folder.path)
    }

    override func tearDownWithError() throws {
        Localization.translator = nil
        _ = setlocale(LC_ALL, savedLocale ?? "C")
        try? FileManager.default.removeItem(at: folder)
    }

    func testAMessageIsReadFromTheUsersLanguageCatalog() {
        XCTAssertEqual(tr("Required"), "Erforderlich")
    }

    func testAMessageWithoutTranslationStaysAsWritten() {
        XCTAssertEqual(tr("Not in the catalog"), "Not in the catalog")
    }

    func testPluralFormsFollowTheCount() {
        XCTAssertEqual(trn("%d record", "%d records", 1), "1 Eintrag")
        XCTAssertEqual(trn("%d record", "%d records", 2), "2 Einträge")
        XCTAssertEqual(trn("%d record", "%d records", 0), "0 Einträge")
    }

    func testTheCountCanBeShownInTheCallersDigits() {
        XCTAssertEqual(trn("%d record", "%d records", 3, number: "٣"), "٣ Einträge")
    }

    func testAnApplicationsTranslatorComesBeforeTheCatalogs() {
        struct Shouting: Translator {
            func translate(_ message: String) -> String? { message == "Required" ? "REQUIRED!" : nil }
            func translate(_ singular: String, _ plural: String, count: Int) -> String? { nil }
        }
        Localization.translator = Shouting()
        XCTAssertEqual(tr("Required"), "REQUIRED!")
        XCTAssertEqual(trn("%d record", "%d records", 2), "2 Einträge", "what it leaves is read from the catalogs")
        Localization.translator = nil
        XCTAssertEqual(tr("Required"), "Erforderlich")
    }

    func testNamedValuesFillTheTranslatedMessageInAnyOrder() {
        struct Reordering: Translator {
            func translate(_ message: String) -> String? {
                message == "{name} is {age}" ? "{age} Jahre: {name}" : nil
            }
            func translate(_ singular: String, _ plural: String, count: Int) -> String? { nil }
        }
        Localization.translator = Reordering()
        XCTAssertEqual(tr("{name} is {age}", ["name": "Ada", "age": "36"]), "36 Jahre: Ada")
        XCTAssertEqual(trn("%d record in {file}", "%d records in {file}", 2, ["file": "a.csv"]), "2 records in a.csv")
    }

    func testAnUntranslatedMessageMadeAtRunTimeComesBackWhole() {
        // gettext hands back the msgid's own pointer: it must be read while that C string lives.
        for length in [16, 40, 200, 5_000] {
            let message = String(repeating: "Ünübersetzt ", count: length / 12 + 1) + String(length)
            XCTAssertEqual(tr(message), message)
            XCTAssertEqual(trn(message, message + "s", 2), message + "s")
            XCTAssertEqual(trn(message, message + "s", 1), message)
        }
    }

    func testUnknownNamesStayAndValuesAreInsertedAsTheyAre() {
        XCTAssertEqual(tr("{a} and {b} of {c}", ["a": "{b}", "b": "100%d"]), "{b} and 100%d of {c}")
        XCTAssertEqual(trn("%d of {total}", "%d of {total}", 3, ["total": "{total}"]), "3 of {total}")
        XCTAssertEqual(tr("No values, {none} and 5%", [:]), "No values, {none} and 5%")
    }
}
