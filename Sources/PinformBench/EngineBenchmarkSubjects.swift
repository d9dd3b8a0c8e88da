// What the engine benchmark drives: the pseudo-random walk, and the same styling done by the
// engine and by a hand-written switch.
import CAllocCounter
import ControlState

// MARK: - The walk

/// SplitMix64 (Steele, Lea and Flood): a fixed seed gives the same walk in every run.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

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

/// What both sides style: four stored properties of a class instance.
protocol Styled: AnyObject {
    var fill: Int { get }
    var border: Color { get }
    var width: Double { get }
    var title: String { get }
}

extension Styled {
    var checksum: UInt64 {
        var sum = UInt64(truncatingIfNeeded: fill)
        sum = sum &* 31 &+ UInt64(border.red) &+ UInt64(border.alpha) << 8
        sum = sum &* 31 &+ width.bitPattern
        sum = sum &* 31 &+ UInt64(truncatingIfNeeded: title.utf8.count)
        return sum
    }

    func hasSameStyle(as other: any Styled) -> Bool {
        fill == other.fill && border == other.border && width == other.width && title == other.title
    }
}

/// What the hand-written switch writes to.
protocol MutableStyled: Styled {
    var fill: Int { get set }
    var border: Color { get set }
    var width: Double { get set }
    var title: String { get set }
}

/// A separate styled object.
final class StyledItem: MutableStyled {
    var fill = 0
    var border = Color.clear
    var width = 0.0
    var title = ""
}

let filled = ControlState(rawValue: 1 << 16)
let invalid = ControlState(rawValue: 1 << 17)
let confirmed = ControlState(rawValue: 1 << 18)

// MARK: - The engine

final class BenchControl: StatefulControl, Styled {
    var isFilled = false
    var isInvalid = false
    var isConfirmed = false
    var fill = 0
    var border = Color.clear
    var width = 0.0
    var title = ""
    private let item: StyledItem
    private let stylesItself: Bool

    var styled: any Styled {
        stylesItself ? self : item
    }

    init(stylesItself: Bool, item: StyledItem) {
        self.item = item
        self.stylesItself = stylesItself
        super.init()
        register(filled, forBoolKeyPath: \BenchControl.isFilled)
        register(invalid, forBoolKeyPath: \BenchControl.isInvalid)
        register(confirmed, forBoolKeyPath: \BenchControl.isConfirmed)
        if stylesItself {
            bind(on: self, \.fill, \.border, \.width, \.title)
        } else {
            bind(on: item, \.fill, \.border, \.width, \.title)
        }
    }

    private func bind<Root: AnyObject>(
        on root: Root,
        _ fill: ReferenceWritableKeyPath<Root, Int>,
        _ border: ReferenceWritableKeyPath<Root, Color>,
        _ width: ReferenceWritableKeyPath<Root, Double>,
        _ title: ReferenceWritableKeyPath<Root, String>
    ) {
        setValue(1, for: root, fill, for: .exact(.normal))
        setValue(2, for: root, fill, for: .intersected(.disabled, priority: 1001))
        setValue(3, for: root, fill, for: .intersected(.highlighted))
        setValue(4, for: root, fill, for: .intersected(.selected))
        setValue(5, for: root, fill, for: .intersected([.selected, .focused]))
        setValue(6, for: root, fill, for: .oneOfSeveral([filled, invalid]))
        setValue(7, for: root, fill, for: .noneOf([filled, invalid, confirmed]))
        setValue(8, for: root, fill, for: .inverted(.focused))

        setValue(.grey, for: root, border, for: .exact(.normal))
        setValue(.blue, for: root, border, for: .exact(.focused))
        setValue(.green, for: root, border, for: .intersected(filled))
        setValue(.red, for: root, border, for: .intersected([filled, invalid]))
        setValue(.light, for: root, border, for: .intersected(.disabled, priority: 1000))
        setValue(.white, for: root, border, for: .inverted(.selected))
        setValue(.amber, for: root, border, for: .oneOfSeveral([.highlighted, .focused]))
        setValue(.violet, for: root, border, for: StateDescriptor(state: [filled, confirmed], priority: 998) {
            $0.contains(filled) && !$0.contains(confirmed)
        })

        setValue(1.0, for: root, width, for: .intersected([], priority: 0))
        setValue(2.0, for: root, width, for: .intersected(.highlighted))
        setValue(3.0, for: root, width, for: .intersected(.focused))
        setValue(4.0, for: root, width, for: .oneOfSeveral([.selected, invalid]))
        setValue(5.0, for: root, width, for: .noneOf(.application, priority: 400))
        setValue(6.0, for: root, width, for: .inverted([.selected, confirmed], priority: 800))
        setValue(7.0, for: root, width, for: .exact([.selected, .focused]))
        setValue(0.5, for: root, width, for: .intersected(.disabled, priority: 2000))

        setValue("Enter PIN", for: root, title, for: .exact(.normal))
        setValue("Filled", for: root, title, for: .intersected(filled))
        setValue("Wrong PIN", for: root, title, for: .intersected([filled, invalid]))
        setValue("Unlocked", for: root, title, for: .intersected([filled, confirmed]))
        setValue("Locked", for: root, title, for: .intersected(.disabled, priority: 1001))
        setValue("Type", for: root, title, for: .noneOf(filled, priority: 600))
        setValue("Pressed", for: root, title, for: .exact(.highlighted))
        setValue("Active", for: root, title, for: .oneOfSeveral([.selected, .focused], priority: 300))
    }

    @inline(__always)
    func flip(_ factor: UInt8) {
        switch factor {
        case Walk.highlighted: isHighlighted.toggle()
        case Walk.enabled: isEnabled.toggle()
        case Walk.selected: isSelected.toggle()
        case Walk.focused: isFocused.toggle()
        case Walk.filled: isFilled.toggle(); setNeedsStateUpdate()
        case Walk.invalid: isInvalid.toggle(); setNeedsStateUpdate()
        default: isConfirmed.toggle(); setNeedsStateUpdate()
        }
    }
}

// MARK: - The hand-written switch

/// The same control written by hand: the same factors, the same rules for highlighting, and a
/// switch per styled property that makes the engine's choice.
final class SwitchControl: MutableStyled {
    var fill = 0
    var border = Color.clear
    var width = 0.0
    var title = ""
    private let item: StyledItem
    private let stylesItself: Bool
    private var isHighlighted = false
    private var isDisabled = false
    private var isSelected = false
    private var isFocused = false
    private var isFilled = false
    private var isInvalid = false
    private var isConfirmed = false

    var styled: any Styled {
        stylesItself ? self : item
    }

    init(stylesItself: Bool, item: StyledItem) {
        self.item = item
        self.stylesItself = stylesItself
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
        if isHighlighted { state |= ControlState.highlighted.rawValue }
        if isDisabled { state |= ControlState.disabled.rawValue }
        if isSelected { state |= ControlState.selected.rawValue }
        if isFocused { state |= ControlState.focused.rawValue }
        if isFilled { state |= filled.rawValue }
        if isInvalid { state |= invalid.rawValue }
        if isConfirmed { state |= confirmed.rawValue }
        return state
    }

    @inline(__always)
    private func apply(_ s: UInt32) {
        if stylesItself {
            style(self, in: s)
        } else {
            style(item, in: s)
        }
    }

    @inline(__always)
    private func style(_ item: SwitchControl, in s: UInt32) {
        styleSwitch(item, in: s)
    }

    @inline(__always)
    private func style(_ item: StyledItem, in s: UInt32) {
        styleSwitch(item, in: s)
    }

    @inline(__always)
    private func styleSwitch<Target: MutableStyled>(_ item: Target, in s: UInt32) {
        let h = ControlState.highlighted.rawValue, d = ControlState.disabled.rawValue
        let sel = ControlState.selected.rawValue, f = ControlState.focused.rawValue
        let a = filled.rawValue, b = invalid.rawValue, c = confirmed.rawValue

        switch s {
        case _ where s & d != 0: item.fill = 2
        case 0: item.fill = 1
        case _ where s & (sel | f) == sel | f: item.fill = 5
        case _ where s & sel != 0: item.fill = 4
        case _ where s & h != 0: item.fill = 3
        case _ where s & f == 0: item.fill = 8
        case _ where s & (a | b | c) == 0: item.fill = 7
        case _ where s & (a | b) != 0: item.fill = 6
        default: item.fill = 0
        }

        switch s {
        case _ where s & d != 0: item.border = .light
        case f: item.border = .blue
        case 0: item.border = .grey
        case _ where s & (a | b) == a | b: item.border = .red
        case _ where s & a != 0: item.border = .green
        case _ where s & (a | c) == a: item.border = .violet
        case _ where s & sel == 0: item.border = .white
        case _ where s & (h | f) != 0: item.border = .amber
        default: item.border = .clear
        }

        switch s {
        case _ where s & d != 0: item.width = 0.5
        case sel | f: item.width = 7.0
        case _ where s & f != 0: item.width = 3.0
        case _ where s & h != 0: item.width = 2.0
        case _ where s & (sel | c) != sel | c: item.width = 6.0
        case _ where s & (sel | b) != 0: item.width = 4.0
        case _ where s & ControlState.application.rawValue == 0: item.width = 5.0
        default: item.width = 1.0
        }

        switch s {
        case _ where s & d != 0: item.title = "Locked"
        case h: item.title = "Pressed"
        case 0: item.title = "Enter PIN"
        case _ where s & (a | c) == a | c: item.title = "Unlocked"
        case _ where s & (a | b) == a | b: item.title = "Wrong PIN"
        case _ where s & a != 0: item.title = "Filled"
        case _ where s & a == 0: item.title = "Type"
        case _ where s & (sel | f) != 0: item.title = "Active"
        default: item.title = ""
        }
    }
}

extension Duration {
    var milliseconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) * 1000 + Double(attoseconds) / 1e15
    }
}
