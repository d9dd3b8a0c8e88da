import ControlState
import XCTest

final class ValueResolutionTests: XCTestCase {
    func testHighestPriorityWins() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("selected", for: swatch, \.color, forAllStatesContained: .selected)
        control.setValue("focused", for: swatch, \.color, for: .intersected(.focused, priority: 1001))
        control.isSelected = true
        control.isFocused = true
        XCTAssertEqual(swatch.color, "focused")
    }

    func testExactOutranksIntersectedByDefault() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("exact", for: swatch, \.color, for: .selected)
        control.setValue("contained", for: swatch, \.color, forAllStatesContained: .selected)
        control.isSelected = true
        XCTAssertEqual(swatch.color, "exact")
    }

    func testOnEqualPrioritiesTheValueSetMostRecentlyWins() {
        for _ in 0..<50 {
            let control = StatefulControl()
            let swatch = Swatch()
            control.setValue("selected", for: swatch, \.color, forAllStatesContained: .selected)
            control.setValue("focused", for: swatch, \.color, forAllStatesContained: .focused)
            control.isSelected = true
            control.isFocused = true
            XCTAssertEqual(swatch.color, "focused")
        }
    }

    func testOnEqualPrioritiesSettingAnOlderDescriptorAgainMakesItMostRecent() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("selected", for: swatch, \.color, forAllStatesContained: .selected)
        control.setValue("focused", for: swatch, \.color, forAllStatesContained: .focused)
        control.setValue("selected again", for: swatch, \.color, forAllStatesContained: .selected)
        control.isSelected = true
        control.isFocused = true
        XCTAssertEqual(swatch.color, "selected again")
    }

    func testOnEqualPrioritiesAcrossKindsTheValueSetMostRecentlyWins() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("none of disabled", for: swatch, \.color, for: .noneOf(.disabled))
        control.setValue("one of selected", for: swatch, \.color, for: .oneOfSeveral(.selected))
        control.isSelected = true
        XCTAssertEqual(swatch.color, "one of selected")
    }

    func testWithNoMatchTheDefaultCapturedAtFirstBindingApplies() {
        let control = StatefulControl()
        let swatch = Swatch()
        swatch.color = "original"
        control.setValue("selected", for: swatch, \.color, for: .selected)
        swatch.color = "changed by hand"
        control.isSelected = true
        control.isSelected = false
        XCTAssertEqual(swatch.color, "original")
    }

    func testTheNormalValueIsNotAFallback() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("normal", for: swatch, \.color, for: .normal)
        control.isFocused = true
        XCTAssertEqual(swatch.color, "none")
    }

    func testSettingAMatchingValueShowsItAtOnce() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("normal", for: swatch, \.color, for: .normal)
        XCTAssertEqual(swatch.color, "normal")
    }

    func testSettingALowerPriorityValueLaterDoesNotShow() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.isSelected = true
        control.setValue("exact", for: swatch, \.color, for: .selected)
        control.setValue("inverted", for: swatch, \.color, forInvertedState: .focused)
        XCTAssertEqual(swatch.color, "exact")
    }

    func testSettingTheSameDescriptorTwiceReplacesTheValue() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("first", for: swatch, \.color, for: .selected)
        control.setValue("second", for: swatch, \.color, for: .selected)
        XCTAssertEqual(control.value(for: swatch, \.color, in: .selected), "second")
        control.removeValues(for: swatch, \.color, forState: .selected)
        XCTAssertEqual(control.value(for: swatch, \.color, in: .selected), "none")
    }

    func testSettingTheShownDescriptorAgainShowsTheNewValue() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("first", for: swatch, \.color, for: .normal)
        control.setValue("second", for: swatch, \.color, for: .normal)
        XCTAssertEqual(swatch.color, "second")
    }

    func testValueInAStateReportsWhatWouldApply() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("disabled", for: swatch, \.color, for: .disabled)
        control.setValue("invalid", for: swatch, \.color, forAllStatesContained: [.filled, .invalid])
        XCTAssertEqual(control.value(for: swatch, \.color, in: .disabled), "disabled")
        XCTAssertEqual(control.value(for: swatch, \.color, in: [.filled, .invalid, .focused]), "invalid")
        XCTAssertEqual(control.value(for: swatch, \.color, in: .focused), "none")
        XCTAssertEqual(swatch.color, "none")
    }

    func testValueOfAnUnboundKeyPathIsNil() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("disabled", for: swatch, \.color, for: .disabled)
        XCTAssertNil(control.value(for: swatch, \.width, in: .disabled))
        XCTAssertNil(control.value(for: Swatch(), \.color, in: .disabled))
    }

    func testOptionalValuesCanBeBound() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("Locked", for: swatch, \.label, for: .disabled)
        control.isEnabled = false
        XCTAssertEqual(swatch.label, "Locked")
        control.isEnabled = true
        XCTAssertNil(swatch.label)
    }

    func testEachKeyPathOfATargetResolvesOnItsOwn() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("selected", for: swatch, \.color, for: .selected)
        control.setValue(2.0, for: swatch, \.width, forAllStatesContained: .focused)
        control.isSelected = true
        XCTAssertEqual(swatch.color, "selected")
        XCTAssertEqual(swatch.width, 0.0)
        control.isFocused = true
        XCTAssertEqual(swatch.color, "none")
        XCTAssertEqual(swatch.width, 2.0)
    }

    func testObservedPropertiesAreWrittenThroughTheirSetter() {
        let control = StatefulControl()
        let swatch = ObservedSwatch()
        control.setValue("selected", for: swatch, \.color, for: .selected)
        swatch.writes.removeAll()
        control.isSelected = true
        control.isSelected = false
        XCTAssertEqual(swatch.writes, ["selected", "none"])
    }

    func testComputedPropertiesAreWrittenThroughTheirSetter() {
        let control = StatefulControl()
        let swatch = ComputedSwatch()
        control.setValue("selected", for: swatch, \.color, for: .selected)
        control.isSelected = true
        XCTAssertEqual(swatch.color, "SELECTED")
    }

    func testAValueIsWrittenOnlyWhenTheWinnerChanges() {
        let control = StatefulControl()
        let swatch = ObservedSwatch()
        control.setValue("selected", for: swatch, \.color, forAllStatesContained: .selected)
        swatch.writes.removeAll()
        control.isSelected = true
        control.isFocused = true
        control.isFocused = false
        XCTAssertEqual(swatch.writes, ["selected"])
    }

    func testTheControlCanBeItsOwnTarget() {
        let control = TestControl()
        control.setValue("grey", for: \TestControl.fillColor, forAllStatesContained: .filled)
        control.setValue("red", for: \TestControl.fillColor, for: .intersected([.filled, .invalid]))
        control.isFilled = true
        XCTAssertEqual(control.fillColor, "grey")
        control.isInvalid = true
        XCTAssertEqual(control.fillColor, "red")
        XCTAssertEqual(control.value(for: \TestControl.fillColor, in: .normal), "clear")
    }

    func testTheControlAsItsOwnTargetTakesEveryDescriptorForm() {
        let control = TestControl()
        control.setValue("exact", for: \TestControl.fillColor, for: .filled)
        control.setValue("inverted", for: \TestControl.fillColor, forInvertedState: .invalid)
        control.setValue("descriptor", for: \TestControl.fillColor, for: .noneOf(.application, priority: 1))
        XCTAssertEqual(control.fillColor, "inverted")
        control.isFilled = true
        XCTAssertEqual(control.fillColor, "exact")
    }

    func testACustomDescriptorWinsByItsPriority() {
        let control = TestControl()
        let swatch = Swatch()
        let filledButNotInvalid = StateDescriptor(state: [.filled, .invalid], priority: 1001) {
            $0.contains(.filled) && !$0.contains(.invalid)
        }
        control.setValue("filled", for: swatch, \.color, for: .filled)
        control.setValue("custom", for: swatch, \.color, for: filledButNotInvalid)
        control.isFilled = true
        XCTAssertEqual(swatch.color, "custom")
        control.isInvalid = true
        XCTAssertEqual(swatch.color, "none")
    }
}

final class OptionalValueTests: XCTestCase {
    func testValueOfAnUnboundOptionalKeyPathIsNilRatherThanANilValue() {
        let control = StatefulControl()
        let swatch = Swatch()
        let value: String?? = control.value(for: swatch, \.label, in: .normal)
        XCTAssertTrue(value == nil)
    }

    func testValueOfABoundOptionalKeyPathWithANilDefaultIsANilValue() {
        let control = StatefulControl()
        let swatch = Swatch()
        control.setValue("Locked", for: swatch, \.label, for: .disabled)
        let value: String?? = control.value(for: swatch, \.label, in: .normal)
        XCTAssertTrue(value == .some(nil))
    }
}
