import Forms
import Foundation
import XCTest
import PinformCore

final class EmailTests: XCTestCase {
    func testAnAddressWithADottedDomainIsAnEmail() {
        XCTAssertEqual(Email("john@example.com")?.address, "john@example.com")
    }

    func testTextWithoutAnAtSignIsNoEmail() {
        XCTAssertNil(Email("john.example.com"))
    }

    func testTwoAtSignsAreNoEmail() {
        XCTAssertNil(Email("john@doe@example.com"))
    }

    func testAnEmptyLocalPartIsNoEmail() {
        XCTAssertNil(Email("@example.com"))
    }

    func testADomainWithoutADotIsNoEmail() {
        XCTAssertNil(Email("john@localhost"))
        XCTAssertNil(Email("john@example."))
    }

    func testSpacesAreNoEmail() {
        XCTAssertNil(Email("john smith@example.com"))
    }

    func testDescriptionIsTheAddress() {
        XCTAssertEqual(Email("a@b.io")?.description, "a@b.io")
    }

    func testParsingTrimsSurroundingSpaces() {
        XCTAssertEqual(try Email.parse("  john@example.com ", using: .posix).get().address, "john@example.com")
    }

    func testParsingSaysWhatIsWrong() {
        guard case .failure(let error) = Email.parse("john@", using: .posix) else { return XCTFail("parsed") }
        XCTAssertEqual(error.message, "Enter a valid email address")
    }

    func testBlankTextIsRequired() {
        guard case .failure(let error) = Email.parse("   ", using: .posix) else { return XCTFail("parsed") }
        XCTAssertEqual(error.kind, .blank)
    }

    func testEmailsGetTheEmailPurpose() {
        XCTAssertEqual(Email.defaultPurpose, .email)
    }

    func testEmailEncodesAsAPlainString() throws {
        let data = try JSONEncoder().encode([Email("john@example.com")!])
        XCTAssertEqual(String(decoding: data, as: UTF8.self), #"["john@example.com"]"#)
        XCTAssertEqual(try JSONDecoder().decode([Email].self, from: data), [Email("john@example.com")!])
    }

    func testDecodingANonAddressFails() {
        XCTAssertThrowsError(try JSONDecoder().decode([Email].self, from: Data(#"["nope"]"#.utf8)))
    }
}
