import ControlState
import XCTest

final class AppearanceTableTests: XCTestCase {
    private var fullTable: AppearanceTable<String> {
        var table = AppearanceTable<String>()
        table.set("default", for: .default)
        table.set("highlighted", for: .highlighted)
        table.set("disabled", for: .disabled)
        table.set("selected", for: .selected)
        return table
    }

    private func state(_ lowBits: UInt32) -> ControlState {
        ControlState(rawValue: lowBits)
    }

    func testEachCombinationOfTheLowThreeBitsShowsTheSeedsAppearance() {
        let expected = ["default", "highlighted", "disabled", "highlighted",
                        "selected", "default", "default", "default"]
        for bits in 0..<8 {
            XCTAssertEqual(fullTable.value(for: state(UInt32(bits))), expected[bits], "state \(bits)")
        }
    }

    func testAppearanceForEachCombination() {
        typealias Table = AppearanceTable<Int>
        let expected: [Table.Appearance] = [.default, .highlighted, .disabled, .highlighted,
                                            .selected, .default, .default, .default]
        XCTAssertEqual((0..<8).map { Table.appearance(for: state(UInt32($0))) }, expected)
    }

    func testBitsAboveTheLowThreeDoNotChangeTheAppearance() {
        XCTAssertEqual(fullTable.value(for: [.highlighted, .focused, .filled]), "highlighted")
        XCTAssertEqual(fullTable.value(for: [.focused]), "default")
    }

    func testUnsetAppearanceFallsBackToDefault() {
        var table = AppearanceTable<String>()
        table.set("default", for: .default)
        table.set("selected", for: .selected)
        XCTAssertEqual(table.value(for: .highlighted), "default")
        XCTAssertEqual(table.value(for: .disabled), "default")
        XCTAssertEqual(table.value(for: .selected), "selected")
    }

    func testEmptyTableHasNoValue() {
        XCTAssertNil(AppearanceTable<String>().value(for: .highlighted))
    }

    func testSettingNilUnsetsAnAppearance() {
        var table = fullTable
        table.set(nil, for: .disabled)
        XCTAssertEqual(table.value(for: .disabled), "default")
    }
}
