import ControlState
import XCTest

/// Whatever the factors (Bool properties close together or far apart, many of them, key paths
/// and predicates mixed), every state change shows the winner of the state they make.
final class FactorWalkTests: XCTestCase {
    private static let states = (0..<8).map { ControlState(rawValue: 1 << (16 + $0)) }

    /// Flips each factor in turn, twice round, and checks the state and the shown value.
    private func assertShowsTheWinner<Control: StatefulControl>(
        of control: Control,
        flipping flags: [ReferenceWritableKeyPath<Control, Bool>],
        states: [ControlState],
        inverted: Set<Int> = [],
        file: StaticString = #filePath,
        line: UInt = #line
    ) {
        let swatch = Swatch()
        for (index, state) in states.enumerated() {
            control.setValue("\(index)", for: swatch, \.color, for: .intersected(state))
        }
        for step in 0..<(2 * flags.count) {
            let flag = flags[step % flags.count]
            control[keyPath: flag].toggle()
            control.setNeedsStateUpdate()
            var expected = ControlState()
            for (index, flag) in flags.enumerated() where control[keyPath: flag] != inverted.contains(index) {
                expected.formUnion(states[index])
            }
            XCTAssertEqual(control.state, expected, "step \(step)", file: file, line: line)
            // The value set last among those matching wins.
            let winner = states.indices.last { expected.isSuperset(of: states[$0]) }
            XCTAssertEqual(swatch.color, winner.map { "\($0)" } ?? "none", "step \(step)", file: file, line: line)
        }
    }

    func testFactorsCloseTogetherShowTheWinnerOfEachState() {
        let control = NearFlags()
        let flags: [ReferenceWritableKeyPath<NearFlags, Bool>] = [\.first, \.second, \.third]
        for (index, flag) in flags.enumerated() {
            control.register(Self.states[index], forBoolKeyPath: flag, inverted: index == 1)
        }
        assertShowsTheWinner(of: control, flipping: flags, states: Array(Self.states.prefix(3)), inverted: [1])
    }

    func testFactorsFarApartShowTheWinnerOfEachState() {
        let control = FarFlags()
        let flags: [ReferenceWritableKeyPath<FarFlags, Bool>] = [\.first, \.second, \.third]
        for (index, flag) in flags.enumerated() {
            control.register(Self.states[index], forBoolKeyPath: flag)
        }
        assertShowsTheWinner(of: control, flipping: flags, states: Array(Self.states.prefix(3)))
    }

    func testMoreFactorsThanTheDenseIndexHoldsShowTheWinnerOfEachState() {
        let control = ManyFlags()
        let flags: [ReferenceWritableKeyPath<ManyFlags, Bool>] = [
            \.flag0, \.flag1, \.flag2, \.flag3, \.flag4, \.flag5, \.flag6, \.flag7,
        ]
        for (index, flag) in flags.enumerated() {
            control.register(Self.states[index], forBoolKeyPath: flag)
        }
        assertShowsTheWinner(of: control, flipping: flags, states: Self.states)
    }

    func testAFactorAtTheEndOfTheControlShowsTheWinnerOfEachState() {
        let control = LastFlag()
        control.register(Self.states[0], forBoolKeyPath: \LastFlag.last)
        assertShowsTheWinner(of: control, flipping: [\.last], states: [Self.states[0]])
    }

    func testStoredAndPredicateFactorsTogetherShowTheWinnerOfEachState() {
        let control = NearFlags()
        control.register(Self.states[0], forBoolKeyPath: \NearFlags.first)
        control.register(Self.states[1]) { (control: NearFlags) in control.second }
        control.register(Self.states[2], forBoolKeyPath: \NearFlags.third)
        assertShowsTheWinner(of: control, flipping: [\.first, \.second, \.third], states: Array(Self.states.prefix(3)))
    }

    func testAFactorRegisteredAfterValuesWereBoundShowsItsValue() {
        let control = NearFlags()
        let swatch = Swatch()
        control.setValue("first", for: swatch, \.color, for: .intersected(Self.states[0]))
        control.first = true
        control.setNeedsStateUpdate()
        XCTAssertEqual(swatch.color, "none")
        control.register(Self.states[0], forBoolKeyPath: \NearFlags.first)
        XCTAssertEqual(swatch.color, "first")
    }
}

private final class NearFlags: StatefulControl {
    var first = false
    var second = false
    var third = false
}

private final class FarFlags: StatefulControl {
    var first = false
    var gap: (Int, Int) = (0, 0)
    var second = false
    var third = false
}

private final class ManyFlags: StatefulControl {
    var flag0 = false, flag1 = false, flag2 = false, flag3 = false
    var flag4 = false, flag5 = false, flag6 = false, flag7 = false
}

private final class LastFlag: StatefulControl {
    var last = false
}
