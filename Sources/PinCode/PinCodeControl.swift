import ControlState

/// A PIN entry control with no display: it owns a `PinCode`, derives its state (`filled`,
/// `valid`, `invalid`, plus focus and disabled from whoever shows it) and lets the state engine
/// style the items — fill, border colour, border width and the colour of typed items — per
/// state. `PinCodeView` draws exactly what `style(ofItem:)` says.
///
/// ```swift
/// let control = PinCodeControl(parameters: .init(length: 4))
/// control.setForInvalidState(fillColor: .red, borderColor: .red, borderWidth: 2)
/// let done = control.subscribe(on: .typeComplete) { _ in check(control.pinCode) }
/// "2468".forEach { control.insert($0) }
/// ```
public final class PinCodeControl: StyledControl<PinCodeStyle> {
    /// The size and spacing of the items.
    public struct Parameters: Hashable, Sendable {
        /// How many digits.
        public var length: Int
        /// The gap between items, in pixels.
        public var spacing: Double
        /// The side of each item's square, in pixels.
        public var itemSize: Double

        public init(length: Int = 4, spacing: Double = 16, itemSize: Double = 18) {
            self.length = length
            self.spacing = spacing
            self.itemSize = itemSize
        }
    }

    /// Where an item is drawn: the square it fills.
    public struct ItemFrame: Hashable, Sendable {
        public var x: Double
        public var y: Double
        public var side: Double
        /// The centre of the square.
        public var center: (x: Double, y: Double) { (x + side / 2, y + side / 2) }
    }

    /// The digits. Edit them through the control so that its state follows.
    public let pinCode: PinCode
    /// The layout of the items.
    public let parameters: Parameters
    /// The outline of each item.
    public var shape: PinItemShape = .circle

    // Bound by the engine per state, in `style`.
    /// The inside of items not typed yet.
    public var fillColor: PinColor {
        get { style.fillColor }
        set { style.fillColor = newValue }
    }
    /// The outline of every item.
    public var borderColor: PinColor {
        get { style.borderColor }
        set { style.borderColor = newValue }
    }
    /// The outline's width.
    public var borderWidth: Double {
        get { style.borderWidth }
        set { style.borderWidth = newValue }
    }
    /// The inside of typed items.
    public var filledItemColor: PinColor {
        get { style.filledItemColor }
        set { style.filledItemColor = newValue }
    }

    // State factors.
    public private(set) var isFilled = false
    private var isCodeValid = false
    private var isCodeInvalid = false
    private var isRejected = false
    private var isAccepted = false

    /// Whether a complete code is judged by the validation rules (valid or invalid styling).
    /// Off while unlocking, where only the stored PIN decides, through `reject()`.
    public var showsValidity = true {
        didSet { updateFactors() }
    }

    /// Why the complete code is invalid: a weak-PIN rule, or nil.
    public private(set) var rejection: PinRejection?

    /// Called whenever what the items look like may have changed: a new state, a digit typed
    /// or deleted. The view redraws itself here.
    public var onAppearanceChange: (() -> Void)?

    /// A control for `parameters.length` digits, styled with the defaults of the light theme.
    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        pinCode = PinCode(length: parameters.length)
        super.init(style: PinCodeStyle())
        register(.filled, forBoolKeyPath: \PinCodeControl.isFilled)
        register(.valid, forBoolKeyPath: \PinCodeControl.isCodeValid)
        register(.invalid, forBoolKeyPath: \PinCodeControl.isCodeInvalid)
        applyDefaultStyle(darkTheme: false)
    }

    // MARK: - Editing

    /// Types a digit. Non-digits are refused, and so is anything once the code is full.
    /// Sends `.valueChanged`, and `.typeComplete` when this was the last digit.
    @discardableResult
    public func insert(_ digit: Character) -> InsertResult {
        guard isEnabled else { return .ignoredFull }
        var result = InsertResult.ignoredFull
        performTransition {
            result = pinCode.insert(digit)
            guard result.didInsert else { return }
            edited()
            if result == .completed { sendActions(for: .typeComplete) }
        }
        onAppearanceChange?()
        return result
    }

    /// Pastes digits: all of them go in, or none (see `PinCode.paste`).
    @discardableResult
    public func paste(_ text: String) -> Result<PasteOutcome, PasteRejection> {
        guard isEnabled else { return .failure(.full) }
        var result: Result<PasteOutcome, PasteRejection> = .failure(.empty)
        performTransition {
            result = pinCode.paste(text)
            guard case .success(let outcome) = result else { return }
            edited()
            if outcome.didComplete { sendActions(for: .typeComplete) }
        }
        onAppearanceChange?()
        return result
    }

    /// Deletes the last digit.
    public func deleteBackward() {
        guard isEnabled, !pinCode.isEmpty else { return }
        performTransition {
            pinCode.deleteBackward()
            edited()
        }
        onAppearanceChange?()
    }

    /// Removes every digit.
    public func clear() {
        guard !pinCode.isEmpty || isRejected else { return }
        performTransition {
            pinCode.clear()
            edited()
        }
        onAppearanceChange?()
    }

    /// Marks the complete code as wrong (the stored PIN did not match): the invalid styling
    /// shows until the next edit. The judged digits are wiped at once.
    public func reject() {
        guard pinCode.isFilled else { return }
        isRejected = true
        updateFactors()
        pinCode.wipeJudgedDigits()
    }

    /// Marks the complete code as right (the stored PIN matched): the valid styling shows
    /// until the next edit. The judged digits are wiped at once.
    public func accept() {
        guard pinCode.isFilled else { return }
        isAccepted = true
        isRejected = false
        updateFactors()
        pinCode.wipeJudgedDigits()
    }

    private func edited() {
        isRejected = false
        isAccepted = false
        updateFactors()
        sendActions(for: .valueChanged)
    }

    private func updateFactors() {
        isFilled = pinCode.isFilled
        // Wiped digits were judged already: their verdict stands.
        if !pinCode.isWiped {
            rejection = isFilled && showsValidity ? pinCode.validate() : nil
        }
        isCodeInvalid = isFilled && (isRejected || rejection != nil)
        isCodeValid = isFilled && !isCodeInvalid && (showsValidity || isAccepted)
        setNeedsStateUpdate()
    }

    // MARK: - Validation (the original's names)

    /// Whether the current code passes validation.
    public func validate() -> Bool { pinCode.validate() == nil }

    /// Whether `pin` would pass validation.
    public func validate(_ pin: String) -> Bool { pinCode.validate(pin) == nil }

    // MARK: - Appearance

    public override func stateDidChange(from previous: ControlState) {
        onAppearanceChange?()
    }

    /// The style of item `index` (from 0) in the current state: typed items take
    /// `filledItemColor` as their inside, the others `fillColor`.
    public func style(ofItem index: Int) -> PinItemStyle {
        PinItemStyle(fill: index < pinCode.count ? filledItemColor : fillColor,
                     border: borderColor, borderWidth: borderWidth)
    }

    /// The items' squares, centred in a `width` × `height` area.
    public func itemFrames(width: Double, height: Double) -> [ItemFrame] {
        let count = parameters.length
        let side = parameters.itemSize
        let total = Double(count) * side + Double(max(0, count - 1)) * parameters.spacing
        let x0 = (width - total) / 2
        let y = (height - side) / 2
        return (0..<count).map { ItemFrame(x: x0 + Double($0) * (side + parameters.spacing), y: y, side: side) }
    }

    /// The size the items need, with `margin` around them.
    public func naturalSize(margin: Double = 4) -> (width: Double, height: Double) {
        let count = Double(parameters.length)
        return (count * parameters.itemSize + (count - 1) * parameters.spacing + 2 * margin,
                parameters.itemSize + 2 * margin)
    }
}
