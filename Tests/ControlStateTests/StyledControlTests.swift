import ControlState
import XCTest

/// A control that keeps its looks in a struct, as a PIN control keeps its items' style.
private struct KeyStyle: Equatable {
    var fill = "clear"
    var width = 1.0
    var title: String? = nil
}

private final class Key: StyledControl<KeyStyle> {
    var isFilled = false {
        didSet { setNeedsStateUpdate() }
    }

    init() {
        super.init(style: KeyStyle())
        register(.filled) { (key: Key) in key.isFilled }
    }
}

final class StyledControlTests: XCTestCase {
    func testAStyleFieldShowsTheWinnerOfEachState() {
        let key = Key()
        key.setValue("grey", for: \KeyStyle.fill, for: .intersected(.filled))
        key.setValue("red", for: \KeyStyle.fill, for: .intersected([.filled, .invalid]))
        key.setValue(3.0, for: \KeyStyle.width, for: .intersected(.focused))
        key.isFilled = true
        XCTAssertEqual(key.style, KeyStyle(fill: "grey", width: 1))
        key.isFocused = true
        XCTAssertEqual(key.style, KeyStyle(fill: "grey", width: 3))
        key.isFilled = false
        key.isFocused = false
        XCTAssertEqual(key.style, KeyStyle())
    }

    func testOnEqualPrioritiesTheStyleValueSetMostRecentlyWins() {
        let key = Key()
        key.setValue("selected", for: \KeyStyle.fill, for: .intersected(.selected))
        key.setValue("focused", for: \KeyStyle.fill, for: .intersected(.focused))
        key.isSelected = true
        key.isFocused = true
        XCTAssertEqual(key.style.fill, "focused")
    }

    func testSettingAStyleValueShowsTheWinnerAtOnce() {
        let key = Key()
        key.setValue("normal", for: \KeyStyle.fill, for: .exact(.normal))
        XCTAssertEqual(key.style.fill, "normal")
        key.setValue("lower", for: \KeyStyle.fill, for: .intersected([], priority: 1))
        XCTAssertEqual(key.style.fill, "normal")
    }

    func testAStyleFieldWrittenByHandKeepsItsValueUntilItsWinnerChanges() {
        let key = Key()
        key.setValue("selected", for: \KeyStyle.fill, for: .intersected(.selected))
        key.style.fill = "by hand"
        key.isFocused = true
        XCTAssertEqual(key.style.fill, "by hand")
        key.isSelected = true
        XCTAssertEqual(key.style.fill, "selected")
        key.isSelected = false
        XCTAssertEqual(key.style.fill, "clear")
    }

    func testAFieldWrittenByHandStaysInStatesSeenBefore() {
        let key = Key()
        key.setValue("selected", for: \KeyStyle.fill, for: .intersected(.selected))
        key.isSelected = true
        key.isSelected = false
        key.style.width = 9
        key.isSelected = true
        key.isSelected = false
        XCTAssertEqual(key.style, KeyStyle(fill: "clear", width: 9))
        key.style.fill = "by hand"
        key.isFocused = true
        key.isFocused = false
        XCTAssertEqual(key.style, KeyStyle(fill: "by hand", width: 9))
        key.isSelected = true
        XCTAssertEqual(key.style, KeyStyle(fill: "selected", width: 9))
    }

    func testValueOfAStyleFieldReportsWhatWouldApply() {
        let key = Key()
        key.setValue("Locked", for: \KeyStyle.title, for: .exact(.disabled))
        XCTAssertEqual(key.value(for: \KeyStyle.title, in: .disabled), "Locked")
        let unbound: Double? = key.value(for: \KeyStyle.width, in: .disabled)
        XCTAssertNil(unbound)
        let normal: String?? = key.value(for: \KeyStyle.title, in: .normal)
        XCTAssertTrue(normal == .some(nil))
    }

    func testAStyledControlIsReleased() {
        weak var released: Key?
        do {
            let key = Key()
            released = key
            key.setValue("grey", for: \KeyStyle.fill, for: .intersected(.filled))
            key.isFilled = true
        }
        XCTAssertNil(released)
    }
}
