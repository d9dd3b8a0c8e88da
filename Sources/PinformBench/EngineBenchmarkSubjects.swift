// What the engine benchmark drives: the pseudo-random walk, and the same styling done by the
// engine and by a hand-written switch.
import CAllocCounter
import ControlState
import SeededRandom

// MARK: - The walk

/// Which factor each step flips. Every step changes the state: highlighting is not picked
/// while disabled, where it would be ignored.
enum Walk {
    static let highlighted: UInt8 = 0
    static let enabled: UInt8 = 1
    static let selected: UInt8 = 2
    static let focused: UInt8 = 3
    static let filled: UInt8 = 4
    static let invalid: UInt8 = 5
    static let confirmed: UInt8 = 6

    static func make(steps: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var isEnabled = true
        var walk = [UInt8]()
        walk.reserveCapacity(steps)
        while walk.count < steps {
            let factor = UInt8(random.next() % 7)
            if factor == highlighted, !isEnabled { continue }
            if factor == enabled { isEnabled.toggle() }
            walk.append(factor)
        }
        return walk
    }
}

// MARK: - What both style

struct Color: Equatable {
    var red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8

    static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)
    static let grey = Color(red: 128, green: 128, blue: 128, alpha: 255)
    static let blue = Color(red: 53, green: 132, blue: 228, alpha: 255)
    static let green = Color(red: 76, green: 145, blue: 65, alpha: 178)
    static let red = Color(red: 250, green: 88, blue: 87, alpha: 255)
    static let light = Color(red: 0, green: 0, blue: 0, alpha: 77)
    static let white = Color(red: 255, green: 255, blue: 255, alpha: 255)
    static let amber = Color(red: 245, green: 194, blue: 17, alpha: 255)
    static let violet = Color(red: 145, green: 65, blue: 172, alpha: 255)
}

/// What both sides style: four values, in the control's own style struct (the value-typed
/// path) or in four stored properties of a separate object (the object path).
struct BenchStyle: Equatable {
    var fill = 0
    var border = Color.clear
    var width = 0.0
    var title = ""

    var checksum: UInt64 {
        var sum = UInt64(truncatingIfNeeded: fill)
        sum = sum &* 31 &+ UInt64(border.red) &+ UInt64(border.alpha) << 8
        sum = sum &* 31 &+ width.bitPattern
        sum = sum &* 31 &+ UInt64(truncatingIfNeeded: title.utf8.count)
        return sum
    }
}

/// A separate styled object.
final class StyledItem {
    var fill = 0
    var border = Color.clear
    var width = 0.0
    var title = ""

    var shown: BenchStyle {
        BenchStyle(fill: fill, border: border, width: width, title: title)
    }
}

let filled = ControlState(rawValue: 1 << 16)
let invalid = ControlState(rawValue: 1 << 17)
let confirmed = ControlState(rawValue: 1 << 18)

/// What the benchmark drives: a control flipped one factor at a time, and what it shows.
protocol BenchSubject {
    func flip(_ factor: UInt8)
    var shown: BenchStyle { get }
}

// MARK: - The engine

/// The 32 values of the walk, 8 descriptors for each of the four styled values, handed to
/// whichever path binds them.
func bindBenchValues(
    fill: (Int, StateDescriptor) -> Void, border: (Color, StateDescriptor) -> Void,
    width: (Double, StateDescriptor) -> Void, title: (String, StateDescriptor) -> Void
) {
    fill(1, .exact(.normal))
    fill(2, .intersected(.disabled, priority: 1001))
    fill(3, .intersected(.highlighted))
    fill(4, .intersected(.selected))
    fill(5, .intersected([.selected, .focused]))
    fill(6, .oneOfSeveral([filled, invalid]))
    fill(7, .noneOf([filled, invalid, confirmed]))
    fill(8, .inverted(.focused))

    border(.grey, .exact(.normal))
    border(.blue, .exact(.focused))
    border(.green, .intersected(filled))
    border(.red, .intersected([filled, invalid]))
    border(.light, .intersected(.disabled, priority: 1000))
    border(.white, .inverted(.selected))
    border(.amber, .oneOfSeveral([.highlighted, .focused]))
    border(.violet, StateDescriptor(state: [filled, confirmed], priority: 998) {
        $0.contains(filled) && !$0.contains(confirmed)
    })

    width(1.0, .intersected([], priority: 0))
    width(2.0, .intersected(.highlighted))
    width(3.0, .intersected(.focused))
    width(4.0, .oneOfSeveral([.selected, invalid]))
    width(5.0, .noneOf(.application, priority: 400))
    width(6.0, .inverted([.selected, confirmed], priority: 800))
    width(7.0, .exact([.selected, .focused]))
    width(0.5, .intersected(.disabled, priority: 2000))

    title("Enter PIN", .exact(.normal))
    title("Filled", .intersected(filled))
    title("Wrong PIN", .intersected([filled, invalid]))
    title("Unlocked", .intersected([filled, confirmed]))
    title("Locked", .intersected(.disabled, priority: 1001))
    title("Type", .noneOf(filled, priority: 600))
    title("Pressed", .exact(.highlighted))
    title("Active", .oneOfSeveral([.selected, .focused], priority: 300))
}

/// The value-typed path: the engine writes the control's own style struct through
/// `WritableKeyPath`, as `PinCodeControl` styles its items.
final class StyledBenchControl: StyledControl<BenchStyle>, BenchSubject {
    var isFilled = false
    var isInvalid = false
    var isConfirmed = false

    var shown: BenchStyle { style }

    init() {
        super.init(style: BenchStyle())
        bindBenchValues(
            fill: { setValue($0, for: \BenchStyle.fill, for: $1) },
            border: { setValue($0, for: \BenchStyle.border, for: $1) },
            width: { setValue($0, for: \BenchStyle.width, for: $1) },
            title: { setValue($0, for: \BenchStyle.title, for: $1) })
    }

    func flip(_ factor: UInt8) {
        switch factor {
        case Walk.highlighted: isHighlighted.toggle()
        case Walk.enabled: isEnabled.toggle()
        case Walk.selected: isSelected.toggle()
        case Walk.focused: isFocused.toggle()
        // The control knows when its own bits change: it sets them, as the built-in ones are.
        case Walk.filled: isFilled.toggle(); updateState(filled, to: isFilled)
        case Walk.invalid: isInvalid.toggle(); updateState(invalid, to: isInvalid)
        default: isConfirmed.toggle(); updateState(confirmed, to: isConfirmed)
        }
    }
}

/// The object path: the engine writes four stored properties of a separate object, held
/// weakly, through `ReferenceWritableKeyPath`.
final class ObjectBenchControl: StatefulControl, BenchSubject {
    var isFilled = false
    var isInvalid = false
    var isConfirmed = false
    private let item: StyledItem

    var shown: BenchStyle { item.shown }

    init(item: StyledItem) {
        self.item = item
        super.init()
        bindBenchValues(
            fill: { setValue($0, for: item, \.fill, for: $1) },
            border: { setValue($0, for: item, \.border, for: $1) },
            width: { setValue($0, for: item, \.width, for: $1) },
            title: { setValue($0, for: item, \.title, for: $1) })
    }

    func flip(_ factor: UInt8) {
        switch factor {
        case Walk.highlighted: isHighlighted.toggle()
        case Walk.enabled: isEnabled.toggle()
        case Walk.selected: isSelected.toggle()
        case Walk.focused: isFocused.toggle()
        // The control knows when its own bits change: it sets them, as the built-in ones are.
        case Walk.filled: isFilled.toggle(); updateState(filled, to: isFilled)
        case Walk.invalid: isInvalid.toggle(); updateState(invalid, to: isInvalid)
        default: isConfirmed.toggle(); updateState(confirmed, to: isConfirmed)
        }
    }
}

// MARK: - The hand-written switch

/// The same control written by hand: the same factors, the same rules for highlighting, and a
/// switch per styled value that makes the engine's choice, assigning all four every time, to
/// its own style struct or to the separate object.
final class SwitchControl: BenchSubject {
    var style = BenchStyle()
    private let item: StyledItem?
    private var isHighlighted = false
    private var isDisabled = false
    private var isSelected = false
    private var isFocused = false
    private var isFilled = false
    private var isInvalid = false
    private var isConfirmed = false

    var shown: BenchStyle { item?.shown ?? style }

    /// Styles `item`, or its own `style` when `nil`.
    init(item: StyledItem?) {
        self.item = item
        apply(state)
    }

    @inline(__always)
    func flip(_ factor: UInt8) {
        switch factor {
        case Walk.highlighted: if !isDisabled || isHighlighted { isHighlighted.toggle() }
        case Walk.enabled: isDisabled.toggle(); if isDisabled { isHighlighted = false }
        case Walk.selected: isSelected.toggle()
        case Walk.focused: isFocused.toggle()
        case Walk.filled: isFilled.toggle()
        case Walk.invalid: isInvalid.toggle()
        default: isConfirmed.toggle()
        }
        apply(state)
    }

    private var state: UInt32 {
        var state: UInt32 = 0
        if isHighlighted { state |= Self.h }
        if isDisabled { state |= Self.d }
        if isSelected { state |= Self.sel }
        if isFocused { state |= Self.f }
        if isFilled { state |= Self.a }
        if isInvalid { state |= Self.b }
        if isConfirmed { state |= Self.c }
        return state
    }

    @inline(__always)
    private func apply(_ s: UInt32) {
        if let item {
            item.fill = Self.fill(s)
            item.border = Self.border(s)
            item.width = Self.width(s)
            item.title = Self.title(s)
        } else {
            style.fill = Self.fill(s)
            style.border = Self.border(s)
            style.width = Self.width(s)
            style.title = Self.title(s)
        }
    }

    // Constants the compiler folds into the switches.
    private static var h: UInt32 { 1 << 0 }
    private static var d: UInt32 { 1 << 1 }
    private static var sel: UInt32 { 1 << 2 }
    private static var f: UInt32 { 1 << 3 }
    private static var a: UInt32 { 1 << 16 }
    private static var b: UInt32 { 1 << 17 }
    private static var c: UInt32 { 1 << 18 }

    @inline(__always)
    private static func fill(_ s: UInt32) -> Int {
        switch s {
        case _ where s & d != 0: 2
        case 0: 1
        case _ where s & (sel | f) == sel | f: 5
        case _ where s & sel != 0: 4
        case _ where s & h != 0: 3
        case _ where s & f == 0: 8
        case _ where s & (a | b | c) == 0: 7
        case _ where s & (a | b) != 0: 6
        default: 0
        }
    }

    @inline(__always)
    private static func border(_ s: UInt32) -> Color {
        switch s {
        case _ where s & d != 0: .light
        case f: .blue
        case 0: .grey
        case _ where s & (a | b) == a | b: .red
        case _ where s & a != 0: .green
        case _ where s & (a | c) == a: .violet
        case _ where s & sel == 0: .white
        case _ where s & (h | f) != 0: .amber
        default: .clear
        }
    }

    @inline(__always)
    private static func width(_ s: UInt32) -> Double {
        switch s {
        case _ where s & d != 0: 0.5
        case sel | f: 7.0
        case _ where s & f != 0: 3.0
        case _ where s & h != 0: 2.0
        case _ where s & (sel | c) != sel | c: 6.0
        case _ where s & (sel | b) != 0: 4.0
        case _ where s & ControlState.application.rawValue == 0: 5.0
        default: 1.0
        }
    }

    @inline(__always)
    private static func title(_ s: UInt32) -> String {
        switch s {
        case _ where s & d != 0: "Locked"
        case h: "Pressed"
        case 0: "Enter PIN"
        case _ where s & (a | c) == a | c: "Unlocked"
        case _ where s & (a | b) == a | b: "Wrong PIN"
        case _ where s & a != 0: "Filled"
        case _ where s & a == 0: "Type"
        case _ where s & (sel | f) != 0: "Active"
        default: ""
        }
    }
}
