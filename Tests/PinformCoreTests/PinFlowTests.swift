import Foundation
import Localization
import PinCode
@_spi(Testing) import Storage
import XCTest
import PinformCore

/// A clock the tests move by hand.
private final class FakeClock: @unchecked Sendable {
    var now = Date(timeIntervalSince1970: 1_800_000_000)
}

@MainActor
private func makePinFlow(folder: URL, clock: FakeClock, changing: Bool, length: Int) -> PinFlow {
    PinFlow(changing: changing, vault: KeyVault(directory: folder, derivation: .fastForTests),
            attempts: AttemptStore(directory: folder), newPINLength: length, now: { clock.now })
}

final class PinFlowTests: XCTestCase {
    private var folder: URL!
    private let clock = FakeClock()

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinflow-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDown() {
        try? FileManager.default.removeItem(at: folder)
    }

    private func makeFlow(changing: Bool = false, length: Int = 4) async -> PinFlow {
        await makePinFlow(folder: folder, clock: clock, changing: changing, length: length)
    }

    /// The digits in locked memory, as the window hands them to the flow.
    private func secret(_ digits: String) -> SecretBytes {
        var digits = digits
        // swiftlint:disable:next force_try
        return try! digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    private func bytes(_ digits: String) throws -> SecretBytes {
        var digits = digits
        return try digits.withUTF8 { try SecretBytes(copying: $0) }
    }

    private func storePIN(_ digits: String) async {
        let flow = await makeFlow()
        _ = await flow.submit(secret(digits))
        _ = await flow.submit(secret(digits))
    }

    func testFirstRunAsksToChooseAPINOfTheConfiguredLength() async {
        let flow = await makeFlow(length: 6)
        let (step, length, title) = await (flow.step, flow.length, flow.prompt.title)
        XCTAssertEqual(step, .choose)
        XCTAssertEqual(length, 6)
        XCTAssertEqual(title, "Choose a PIN")
    }

    func testWeakPINIsRejectedWithItsReasonAndNotKept() async {
        let flow = await makeFlow()
        let outcome = await flow.submit(secret("1234"))
        XCTAssertEqual(outcome, .weak(.sequence))
        let (step, prompt) = await (flow.step, flow.prompt)
        XCTAssertEqual(step, .choose)
        XCTAssertEqual(prompt.message, "Avoid runs like 1234 — choose digits that don’t follow each other")
        XCTAssertTrue(prompt.isError)
        XCTAssertFalse(KeyVault(directory: folder).hasPIN)
    }

    func testChosenAndConfirmedPINWrapsANewDataKey() async throws {
        let flow = await makeFlow()
        let first = await flow.submit(secret("5978"))
        XCTAssertEqual(first, .confirmNext)
        let confirmTitle = await flow.prompt.title
        XCTAssertEqual(confirmTitle, "Confirm PIN")
        let second = await flow.submit(secret("5978"))
        XCTAssertEqual(second, .stored)
        let key = await flow.dataKey
        XCTAssertEqual(key?.count, 32)
        let contents = try String(contentsOf: folder.appendingPathComponent(KeyVault.fileName), encoding: .utf8)
        XCTAssertTrue(contents.contains("$argon2id$v=19$m=8192,t=1,p=1$"))
        XCTAssertFalse(contents.contains("5978"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("pin.hash").path))
    }

    func testMismatchedConfirmationAsksForTheConfirmationAgainAndKeepsTheFirstChoice() async {
        let flow = await makeFlow()
        _ = await flow.submit(secret("5978"))
        let outcome = await flow.submit(secret("4093"))
        XCTAssertEqual(outcome, .mismatch)
        let (step, prompt) = await (flow.step, flow.prompt)
        XCTAssertEqual(step, .confirm)
        XCTAssertEqual(prompt.title, "Confirm PIN")
        XCTAssertEqual(prompt.message, "The PINs don’t match — enter the new PIN again to confirm")
        XCTAssertTrue(prompt.isError)
        XCTAssertFalse(KeyVault(directory: folder).hasPIN)
        let confirmed = await flow.submit(secret("5978"))
        XCTAssertEqual(confirmed, .stored)
        XCTAssertTrue(KeyVault(directory: folder).hasPIN)
    }

    func testTypingAfterAMismatchShowsTheConfirmationPromptAgain() async {
        let flow = await makeFlow()
        _ = await flow.submit(secret("5978"))
        _ = await flow.submit(secret("4093"))
        await flow.userEdited()
        let message = await flow.prompt.message
        XCTAssertEqual(message, "Enter the same 4 digits again.")
    }

    func testChoosingAnotherPINWhileConfirmingForgetsTheFirstChoice() async {
        let flow = await makeFlow()
        _ = await flow.submit(secret("5978"))
        _ = await flow.submit(secret("4093"))
        let offered = await flow.offersChoosingAgain
        XCTAssertTrue(offered)
        await flow.chooseAnotherPIN()
        let (step, title, stillOffered) = await (flow.step, flow.prompt.title, flow.offersChoosingAgain)
        XCTAssertEqual(step, .choose)
        XCTAssertEqual(title, "Choose a PIN")
        XCTAssertFalse(stillOffered)
        let chosen = await flow.submit(secret("4093"))
        XCTAssertEqual(chosen, .confirmNext)
        let confirmed = await flow.submit(secret("4093"))
        XCTAssertEqual(confirmed, .stored)
    }

    func testPromptsAndTheirCountsGoThroughTheTranslator() async {
        Localization.translator = Shouting()
        defer { Localization.translator = nil }
        let flow = await makeFlow()
        let prompt = await flow.prompt
        XCTAssertEqual(prompt.title, "CHOOSE A PIN")
        XCTAssertEqual(prompt.message, "USE 4 DIGITS THAT ARE HARD TO GUESS. 6 DIGITS ARE SAFER.")
        _ = await flow.submit(secret("5978"))
        _ = await flow.submit(secret("4093"))
        let mismatch = await flow.prompt.message
        XCTAssertEqual(mismatch, "THE PINS DON’T MATCH — ENTER THE NEW PIN AGAIN TO CONFIRM")
    }

    func testLaterRunsUnlockWithTheStoredPIN() async {
        await storePIN("5978")
        let flow = await makeFlow()
        let step = await flow.step
        XCTAssertEqual(step, .unlock)
        let outcome = await flow.submit(secret("5978"))
        XCTAssertEqual(outcome, .accepted)
    }

    func testUnlockAsksForTheStoredLengthWhateverTheSetting() async {
        await storePIN("5978")
        let flow = await makeFlow(length: 6)
        let length = await flow.length
        XCTAssertEqual(length, 4)
    }

    func testWrongPINCountsDownTheAttemptsLeft() async {
        await storePIN("5978")
        let flow = await makeFlow()
        let outcome = await flow.submit(secret("4093"))
        XCTAssertEqual(outcome, .wrong(attemptsLeft: 4))
        let message = await flow.prompt.message
        XCTAssertEqual(message, "Wrong PIN — 4 attempts left")
    }

    func testFiveWrongPINsLockAndTheLockHoldsAcrossRestarts() async {
        await storePIN("5978")
        let flow = await makeFlow()
        var outcome = PinFlow.Outcome.accepted
        for index in 1...5 { outcome = await flow.submit(secret(distinctWrongPIN(index))) }
        XCTAssertEqual(outcome, .locked(until: clock.now.addingTimeInterval(30)))
        let message = await flow.prompt.message
        XCTAssertEqual(message, "Too many wrong PINs. Try again in 0:30.")

        let restarted = await makeFlow()
        let isLocked = await restarted.isLocked
        XCTAssertTrue(isLocked)
        let refused = await restarted.submit(secret("5978"))
        XCTAssertEqual(refused, .locked(until: clock.now.addingTimeInterval(30)))

        clock.now = clock.now.addingTimeInterval(31)
        let stillLocked = await restarted.tick()
        XCTAssertFalse(stillLocked)
        let accepted = await restarted.submit(secret("5978"))
        XCTAssertEqual(accepted, .accepted)
    }

    func testChangeChecksTheCurrentPINThenChoosesANewOne() async throws {
        await storePIN("5978")
        let flow = await makeFlow(changing: true)
        let step = await flow.step
        XCTAssertEqual(step, .current)
        let checked = await flow.submit(secret("5978"))
        XCTAssertEqual(checked, .accepted)
        let chooseStep = await flow.step
        XCTAssertEqual(chooseStep, .choose)
        _ = await flow.submit(secret("4093"))
        let stored = await flow.submit(secret("4093"))
        XCTAssertEqual(stored, .stored)
        XCTAssertNotNil(try KeyVault(directory: folder).unlock(pin: bytes("4093")))
        XCTAssertNil(try KeyVault(directory: folder).unlock(pin: bytes("5978")))
    }

    func testALockoutIsToldByItsKindAndEndsByTheClock() async {
        await storePIN("5978")
        let flow = await makeFlow()
        for index in 1...5 { _ = await flow.submit(secret(distinctWrongPIN(index))) }
        let kind = await flow.prompt.kind
        XCTAssertEqual(kind, .locked)
        clock.now = clock.now.addingTimeInterval(31)
        let stillLocked = await flow.tick()
        XCTAssertFalse(stillLocked)
        let prompt = await flow.prompt
        XCTAssertEqual(prompt.kind, .instruction)
        XCTAssertEqual(prompt.message, "Enter your 4-digit PIN to unlock.")
    }

    func testDeletingTheAttemptsFileLocksForTheLongestLockout() async throws {
        await storePIN("5978")
        try FileManager.default.removeItem(at: folder.appendingPathComponent(AttemptStore.fileName))
        let flow = await makeFlow()
        let (isLocked, remaining) = await (flow.isLocked, flow.policy.remainingLockout)
        XCTAssertTrue(isLocked)
        XCTAssertEqual(remaining, AttemptPolicy.longestLockout)
        let refused = await flow.submit(secret("5978"))
        XCTAssertEqual(refused, .locked(until: clock.now.addingTimeInterval(3600)))
        // The assumed lockout is saved, so a restart does not start it again.
        let loaded = AttemptStore(directory: folder).load(now: clock.now, expectingFile: true)
        XCTAssertNil(loaded.problem)
    }

    func testNoPINIsCheckedWhenTheAttemptCannotBeCountedAndTheMessageStays() async throws {
        await storePIN("5978")
        let folder = self.folder!, clock = self.clock
        let flow = await PinFlow(changing: false, vault: KeyVault(directory: folder, derivation: .fastForTests),
                                 attempts: AttemptStore(directory: folder, saveFault: ENOSPC), newPINLength: 4,
                                 now: { clock.now })
        let outcome = await flow.submit(secret("5978"))
        guard case .notCounted = outcome else { return XCTFail("\(outcome)") }
        let (kind, message, key) = await (flow.prompt.kind, flow.prompt.message, flow.dataKey)
        XCTAssertEqual(kind, .notCounted)
        XCTAssertTrue(message.hasPrefix("The PIN was not checked, because the attempt could not be counted."), message)
        XCTAssertNil(key, "the right PIN unlocked although its attempt was not counted")
        await flow.userEdited()
        let afterTyping = await flow.prompt.message
        XCTAssertEqual(afterTyping, message)
        let wrong = await flow.submit(secret("4093"))
        guard case .notCounted = wrong else { return XCTFail("\(wrong)") }
    }

    /// The app's layout: the key file in a data folder, the counter in a config folder.
    private func makeSplitFlow(data: URL, config: URL) async -> PinFlow {
        let clock = self.clock
        return await PinFlow(changing: false, vault: KeyVault(directory: data, derivation: .fastForTests),
                             attempts: AttemptStore(directory: config, fallbackDirectory: data), newPINLength: 4,
                             now: { clock.now })
    }

    private func listing(_ folder: URL) throws -> [String: Date] {
        var result: [String: Date] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let attributes = try FileManager.default.attributesOfItem(atPath: folder.appendingPathComponent(name).path)
            result[name] = attributes[.modificationDate] as? Date
        }
        return result
    }

    func testADataFolderThatCannotBeWrittenStillUnlocksAndCountsInTheConfigFolder() async throws {
        let data = folder.appendingPathComponent("data"), config = folder.appendingPathComponent("config")
        let chooser = await makeSplitFlow(data: data, config: config)
        _ = await chooser.submit(secret("5978"))
        let stored = await chooser.submit(secret("5978"))
        XCTAssertEqual(stored, .stored)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: data.path), [KeyVault.fileName])
        let before = try listing(data)
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: data.path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o700], ofItemAtPath: data.path) }

        let flow = await makeSplitFlow(data: data, config: config)
        let wrong = await flow.submit(secret("4093"))
        XCTAssertEqual(wrong, .wrong(attemptsLeft: 4))
        XCTAssertEqual(AttemptStore(directory: config).load(now: clock.now).record.failures, 1)
        let right = await flow.submit(secret("5978"))
        XCTAssertEqual(right, .accepted)
        let key = await flow.dataKey
        XCTAssertNotNil(key)
        XCTAssertEqual(AttemptStore(directory: config).load(now: clock.now).record, .fresh)
        XCTAssertEqual(try listing(data), before, "the data folder was written to")
    }

    func testACounterLeftInTheDataFolderStillCountsAfterItMovesToTheConfigFolder() async throws {
        let data = folder.appendingPathComponent("data"), config = folder.appendingPathComponent("config")
        let chooser = await makeSplitFlow(data: data, config: config)
        _ = await chooser.submit(secret("5978"))
        _ = await chooser.submit(secret("5978"))
        // Where an earlier build counted: three failures there, none in the config folder yet.
        try AttemptStore(directory: config).remove()
        try AttemptStore(directory: data).save(AttemptRecord(failures: 3, lockouts: 0, lockedUntil: nil))

        let flow = await makeSplitFlow(data: data, config: config)
        let locked = await flow.isLocked
        XCTAssertFalse(locked, "a counter moved from the data folder is not a deleted one")
        let wrong = await flow.submit(secret("4093"))
        XCTAssertEqual(wrong, .wrong(attemptsLeft: 1))
        XCTAssertEqual(AttemptStore(directory: config).load(now: clock.now).record.failures, 4)
        XCTAssertFalse(FileManager.default.fileExists(atPath: data.appendingPathComponent(AttemptStore.fileName).path))
    }

    func testDeletingTheCounterAfterItMovedToTheConfigFolderLocksForTheLongestLockout() async throws {
        let data = folder.appendingPathComponent("data"), config = folder.appendingPathComponent("config")
        let chooser = await makeSplitFlow(data: data, config: config)
        _ = await chooser.submit(secret("5978"))
        _ = await chooser.submit(secret("5978"))
        try FileManager.default.removeItem(at: config.appendingPathComponent(AttemptStore.fileName))
        let flow = await makeSplitFlow(data: data, config: config)
        let (isLocked, remaining) = await (flow.isLocked, flow.policy.remainingLockout)
        XCTAssertTrue(isLocked)
        XCTAssertEqual(remaining, AttemptPolicy.longestLockout)
    }

    @MainActor
    func testAFailureIsOnDiskWhileEvenTheRightPINIsChecked() async throws {
        let folder = self.folder!, clock = self.clock
        // 64 MiB and 2 passes: long enough a check to watch the file during it.
        let vault = KeyVault(directory: folder, derivation: KeyDerivation(memoryKiB: 65_536, passes: 2))
        let attempts = AttemptStore(directory: folder)
        let setup = PinFlow(changing: false, vault: vault, attempts: attempts, newPINLength: 4, now: { clock.now })
        _ = await setup.submit(secret("5978"))
        _ = await setup.submit(secret("5978"))
        let flow = PinFlow(changing: false, vault: vault, attempts: attempts, newPINLength: 4, now: { clock.now })
        // Another process reading the counter while the check runs sees the failure it risks.
        let watcher = Task.detached { () -> Bool in
            let deadline = Date().addingTimeInterval(20)
            while Date() < deadline {
                if attempts.load(now: Date(), expectingFile: true).record.failures == 1 { return true }
            }
            return false
        }
        let outcome = await flow.submit(secret("5978"))
        XCTAssertEqual(outcome, .accepted)
        let sawPendingFailure = await watcher.value
        XCTAssertTrue(sawPendingFailure, "no failure was on disk during the check")
        XCTAssertEqual(attempts.load(now: Date(), expectingFile: true).record.failures, 0, "the right PIN did not clear it")
    }

    func testTheChooseStepOffersFourOrSixDigitsAndRecommendsSix() async {
        let flow = await makeFlow(length: 4)
        let (offers, message) = await (flow.offersLengthChoice, flow.prompt.message)
        XCTAssertTrue(offers)
        XCTAssertEqual(PinFlow.lengths, [4, 6])
        XCTAssertEqual(PinFlow.recommendedLength, 6)
        XCTAssertEqual(message, "Use 4 digits that are hard to guess. 6 digits are safer.")
        await flow.chooseLength(6)
        let (length, sixMessage) = await (flow.length, flow.prompt.message)
        XCTAssertEqual(length, 6)
        XCTAssertEqual(sixMessage, "Use 6 digits that are hard to guess.")
        _ = await flow.submit(secret("604172"))
        _ = await flow.submit(secret("604172"))
        XCTAssertEqual(KeyVault(directory: folder).pinLength, 6)
    }

    func testAnOldInstallationsPINUnlocksAndGetsAKeyFile() async throws {
        var digits = "5978"
        try digits.withUTF8 { try PinVault(directory: folder).store(digits: $0) }
        try AttemptStore(directory: folder).save(.fresh)
        let flow = await makeFlow()
        let step = await flow.step
        XCTAssertEqual(step, .unlock)
        let wrong = await flow.submit(secret("4093"))
        XCTAssertEqual(wrong, .wrong(attemptsLeft: 4))
        let right = await flow.submit(secret("5978"))
        XCTAssertEqual(right, .accepted)
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent(KeyVault.fileName).path))
        XCTAssertNotNil(try KeyVault(directory: folder).unlock(pin: bytes("5978")))
    }

    @MainActor
    func testTheWindowHearsCheckingWhileThePINIsChecked() async {
        let folder = self.folder!, clock = self.clock
        let setup = makePinFlow(folder: folder, clock: clock, changing: false, length: 4)
        _ = await setup.submit(secret("5978"))
        _ = await setup.submit(secret("5978"))
        let flow = makePinFlow(folder: folder, clock: clock, changing: false, length: 4)
        var heard: [(PinFlow.Prompt.Kind, Bool)] = []
        flow.onPromptChange = { heard.append((flow.prompt.kind, flow.isChecking)) }
        _ = await flow.submit(secret("4093"))
        XCTAssertEqual(heard.map(\.0), [.checking, .wrong])
        XCTAssertEqual(heard.first?.1, true, "input was not refused while checking")
        XCTAssertEqual(flow.prompt.message, "Wrong PIN — 4 attempts left")
    }

    func testCountdownRoundsUpToTheSecond() {
        XCTAssertEqual(PinFlow.countdown(30), "0:30")
        XCTAssertEqual(PinFlow.countdown(59.2), "1:00")
        XCTAssertEqual(PinFlow.countdown(3600), "60:00")
    }
}

/// A translator that shouts, so a test sees which text went through it; `%d` and `{name}` stay.
private struct Shouting: Translator {
    func translate(_ message: String) -> String? { shout(message) }
    func translate(_ singular: String, _ plural: String, count: Int) -> String? { shout(count == 1 ? singular : plural) }
    private func shout(_ text: String) -> String {
        text.uppercased().replacing("%D", with: "%d").replacing("{RECOMMENDED}", with: "{recommended}")
    }
}

/// The `index`th of distinct wrong PINs: the same wrong PIN typed again counts once (issue 24),
/// so a test that wants a lockout types different ones.
private func distinctWrongPIN(_ index: Int) -> String {
    String(4093 + index * 111)
}
