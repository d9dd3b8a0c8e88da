import XCTest
@testable import PinCode

final class PinSecretTests: XCTestCase {
    private func code(_ digits: String) -> PinCode {
        let pin = PinCode(length: digits.count)
        for digit in digits { pin.insert(digit) }
        return pin
    }

    func testCopiesTheDigitsTypedSoFar() {
        let secret = PinSecret(copying: code("2468"))
        XCTAssertEqual(secret.count, 4)
        XCTAssertEqual(secret.withDigits { Array($0) }, Array("2468".utf8))
    }

    func testOutlivesAClearedCode() {
        let pin = code("2468")
        let secret = PinSecret(copying: pin)
        pin.clear()
        XCTAssertEqual(secret.withDigits { Array($0) }, Array("2468".utf8))
    }

    func testMatchesSameDigitsOnly() {
        XCTAssertTrue(PinSecret(copying: code("2468")).matches(PinSecret(copying: code("2468"))))
        XCTAssertFalse(PinSecret(copying: code("2468")).matches(PinSecret(copying: code("2469"))))
        XCTAssertFalse(PinSecret(copying: code("2468")).matches(PinSecret(copying: code("246813"))))
    }

    func testDescriptionHidesTheDigits() {
        let secret = PinSecret(copying: code("2468"))
        XCTAssertEqual("\(secret)", "PinSecret(4 digits)")
        XCTAssertFalse(String(reflecting: secret).contains("2468"))
    }
}
