import Forms
import Foundation
import Localization
import PinCode
@_spi(Testing) import Storage
import XCTest
import PinformCore

/// Issue 24, point 4: the same wrong PIN typed again counts once, and after a right PIN the
/// owner is told how many wrong PINs were tried since the last unlock, and when.
final class PinFlowWrongPINsTests: XCTestCase {
    private var folder: URL!
    private let clock = WrongPINsClock()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinflow-wrong-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    @MainActor
    private func makeFlow() -> PinFlow {
        PinFlow(changing: false, vault: KeyVault(directory: folder, derivation: .fastForTests),
                attempts: AttemptStore(directory: folder), newPINLength: 4, now: { [clock] in clock.now })
    }

    private func secret(_ digits: String) -> SecretBytes {
        var digits = digits
        // swiftlint:disable:next force_try
        return try! digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    @MainActor
    private func storePIN(_ digits: String) async {
        let flow = makeFlow()
        _ = await flow.submit(secret(digits))
        _ = await flow.submit(secret(digits))
    }

    private var failuresOnDisk: Int {
        AttemptStore(directory: folder).load(now: clock.now, expectingFile: true).record.failures
    }

    @MainActor
    func testTheSameWrongPINTypedAgainCountsOnce() async {
        await storePIN("5978")
        let flow = makeFlow()
        let outcome1 = await flow.submit(secret("4093"))

        XCTAssertEqual(outcome1, .wrong(attemptsLeft: 4))
        let outcome2 = await flow.submit(secret("4093"))

        XCTAssertEqual(outcome2, .wrong(attemptsLeft: 4), "a typo repeated is not a new guess")
        XCTAssertEqual(flow.prompt.message, "The same wrong PIN again, counted once — 4 attempts left")
        XCTAssertEqual(flow.prompt.kind, .wrong)
        XCTAssertEqual(failuresOnDisk, 1)
        let outcome3 = await flow.submit(secret("4094"))

        XCTAssertEqual(outcome3, .wrong(attemptsLeft: 3), "another wrong PIN counts")
        let outcome4 = await flow.submit(secret("4093"))

        XCTAssertEqual(outcome4, .wrong(attemptsLeft: 3), "an earlier one still counts once")
        XCTAssertEqual(failuresOnDisk, 2)
    }

    @MainActor
    func testRepeatsAreForgottenByARestartAndByTheRightPIN() async {
        await storePIN("5978")
        let flow = makeFlow()
        _ = await flow.submit(secret("4093"))
        let restarted = makeFlow()
        let outcome5 = await restarted.submit(secret("4093"))

        XCTAssertEqual(outcome5, .wrong(attemptsLeft: 3),
                       "nothing about the PIN is on disk, so a restart counts it again")
        let outcome6 = await restarted.submit(secret("5978"))

        XCTAssertEqual(outcome6, .accepted)
        let after = makeFlow()
        let outcome7 = await after.submit(secret("4093"))

        XCTAssertEqual(outcome7, .wrong(attemptsLeft: 4))
    }

    @MainActor
    func testTheAttemptsFileHoldsCountsAndTimesOnly() async throws {
        await storePIN("5978")
        let flow = makeFlow()
        _ = await flow.submit(secret("4093"))
        _ = await flow.submit(secret("4093"))
        let data = try Data(contentsOf: folder.appendingPathComponent(AttemptStore.fileName))
        let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual(Set(object.keys), ["failures", "lockouts", "lastFailure"])
        XCTAssertFalse(String(decoding: data, as: UTF8.self).contains("4093"))
    }

    @MainActor
    func testARightPINSaysHowManyWrongPINsCameBeforeItAndWhen() async {
        await storePIN("5978")
        let flow = makeFlow()
        XCTAssertNil(flow.wrongPINsNotice)
        _ = await flow.submit(secret("4093"))
        clock.now = clock.now.addingTimeInterval(120)
        let last = clock.now
        _ = await flow.submit(secret("4094"))
        _ = await flow.submit(secret("4094"))
        clock.now = clock.now.addingTimeInterval(3600)
        let outcome8 = await flow.submit(secret("5978"))

        XCTAssertEqual(outcome8, .accepted)
        XCTAssertEqual(flow.wrongPINsNotice, PinFlow.notice(of: WrongPINs(count: 2, last: last)),
                       "two wrong PINs (the repeat counted once), the last two minutes after the first")
        XCTAssertTrue(flow.wrongPINsNotice?.hasPrefix("2 wrong PINs were tried since you last unlocked, the last on ") == true)
        let next = makeFlow()
        let outcome9 = await next.submit(secret("5978"))

        XCTAssertEqual(outcome9, .accepted)
        XCTAssertNil(next.wrongPINsNotice, "no wrong PIN since the last unlock")
    }

    func testTheNoticeHasItsPluralAndTheDateInTheUsersFormat() {
        let utc = TimeZone(identifier: "UTC")!
        let german = DateFormat(order: .dayMonthYear, separator: ".", padsDayAndMonth: false)
        let tuesday = Date(timeIntervalSince1970: 1_796_133_720)  // 2026-12-01 14:02 UTC
        XCTAssertEqual(PinFlow.notice(of: WrongPINs(count: 1, last: tuesday), timeZone: utc, dateFormat: german),
                       "1 wrong PIN was tried since you last unlocked, the last on 1.12.2026 at 14:02")
        XCTAssertEqual(PinFlow.notice(of: WrongPINs(count: 3, last: tuesday), timeZone: utc, dateFormat: .iso),
                       "3 wrong PINs were tried since you last unlocked, the last on 2026-12-01 at 14:02")
        XCTAssertEqual(PinFlow.notice(of: WrongPINs(count: 5, last: nil), timeZone: utc, dateFormat: .iso),
                       "5 wrong PINs were tried since you last unlocked")
    }

    func testTheNoticeGoesThroughTheTranslatorWithItsCount() {
        Localization.translator = Shouting()
        defer { Localization.translator = nil }
        let utc = TimeZone(identifier: "UTC")!
        let morning = Date(timeIntervalSince1970: 1_796_025_900)  // 2026-11-30 08:05 UTC
        XCTAssertEqual(PinFlow.notice(of: WrongPINs(count: 2, last: morning), timeZone: utc, dateFormat: .iso),
                       "2 WRONG PINS WERE TRIED SINCE YOU LAST UNLOCKED, THE LAST ON 2026-11-30 AT 08:05")
    }
}

/// A clock the tests move by hand.
private final class WrongPINsClock: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 1_800_000_000)
}

/// A translator that shouts, keeping the tokens the messages fill in.
private struct Shouting: Translator {
    func translate(_ message: String) -> String? { message.uppercased() }
    func translate(_ singular: String, _ plural: String, count: Int) -> String? {
        (count == 1 ? singular : plural).uppercased().replacing("%D", with: "%d")
            .replacing("{DATE}", with: "{date}").replacing("{TIME}", with: "{time}")
    }
}
