import ControlState
import Controls
import Foundation
import Gtk
import Localization
import PinCode

/// Shows a `PinCodeControl` and feeds it: draws exactly the style the engine resolved for each
/// item, turns GTK's focus and sensitivity into engine state, and takes digits from the
/// keyboard (main row and keypad), Backspace, Delete, Escape (clear) and Ctrl+V (digits only).
/// The number pad's keys without Num Lock (End, Down, …) type nothing: `onNumLockOff` hears them.
///
/// The items fill from the left in every language: the drawing stays left-to-right under a
/// right-to-left locale, like the keypad (see `PinPad`).
///
/// For assistive technologies it is "PIN", a *password text*, and after every edit it announces
/// its count ("3 of 4 digits entered"): the focus is on a `GtkPasswordEntry` laid invisibly over
/// the drawing, because that is the only widget GTK gives the role screen readers keep quiet
/// for (Orca echoes every key typed anywhere else). The entry refuses every insertion, so it
/// never holds text: the digits themselves never reach the accessibility tree, a log or a text
/// widget.
@MainActor
public final class PinCodeView {
    /// The widget to put in a window: the drawing with the focusable entry over it.
    public let widget: Overlay
    /// Where the items are drawn.
    public let drawingArea: PictureArea
    /// What takes the focus and what assistive technologies see: "PIN", password text,
    /// always empty.
    public let entry: PasswordEntry
    /// The control it shows.
    public let control: PinCodeControl
    /// Called with a message for the user when input is refused (a paste with non-digits, …).
    public var onMessage: ((String) -> Void)?
    /// Called when a number-pad key is pressed while Num Lock is off, so it typed no digit: the
    /// window says so.
    public var onNumLockOff: (() -> Void)?
    /// Called after every edit, before `typeComplete` is sent.
    public var onEdit: (() -> Void)?
    /// Offered every key press the view does not take itself (arrows, Space, Enter, …); returns
    /// whether it took it. A keypad's keyboard ring uses it (see `PinPad.follow(_:)`).
    public var onUnhandledKey: ((Key, Modifiers) -> Bool)?
    /// Called when the view gains (true) or loses (false) the keyboard focus.
    public var onFocusChange: ((Bool) -> Void)?

    private var shakeOffset = 0.0
    private var shakeTick: UInt32 = 0
    /// `spokenCount` by count of digits typed, made when first needed: the words for a count do
    /// not change while the view lives, and making them (gettext's plural form, the count filled
    /// in) was a third of a keystroke's cost (callgrind: 68,000 of 179,000 instructions).
    private lazy var counts = [String?](repeating: nil, count: control.pinCode.length + 1)
    /// Each item's picture by what it looks like, drawn once: a redraw paints four pictures
    /// instead of filling and stroking four paths, which was most of a keystroke's drawing
    /// (see docs/benchmarks.md).
    private var itemImages: [ItemImageKey: DrawingImage] = [:]

    private struct ItemImageKey: Hashable {
        var style: PinItemStyle
        var shape: PinItemShape
        var side: Double
        var scale: Int
    }

    /// A view of `control`.
    public init(control: PinCodeControl) {
        self.control = control
        drawingArea = PictureArea(role: .presentation)
        entry = PasswordEntry()
        // A group, not the default "filler" that GTK 4.8 names "GtkOverlay".
        widget = Overlay(child: drawingArea, role: .group)
        widget.addCSSClass("pin-view")
        let size = control.naturalSize(margin: 12)
        drawingArea.setSizeRequest(width: Int32(size.width.rounded(.up)), height: Int32(size.height.rounded(.up)))
        entry.refuseText()
        entry.opacity = 0
        entry.focusesOnClick = true
        entry.setAccessibleLabel(tr("PIN"))
        // The items fill from the left, as the digits of a number are written, also right to left.
        drawingArea.textDirection = .ltr
        widget.addOverlay(entry)
        // GTK may keep the widget (and emit its signals) a moment longer than this view lives,
        // so every closure GTK holds captures the view weakly.
        drawingArea.setDrawFunction { [weak self] pictures, width, height in
            self?.draw(pictures, width: Double(width), height: Double(height))
        }
        control.onAppearanceChange = { [weak self] in self?.appearanceChanged() }
        widget.onStateFlagsChanged { [weak self] _ in self?.syncState() }
        installKeys()
        let click = ClickGesture()
        click.propagationPhase = .capture
        click.onPressed { [weak self] _, _, _ in self?.grabFocus() }
        widget.add(click)
        syncState()
        appearanceChanged()
    }

    /// "3 of 4 digits entered": what screen readers are told after every edit.
    public var spokenCount: String {
        let count = control.pinCode.count
        if let made = counts[count] { return made }
        // Translators: how many digits of the PIN are typed; %d is the PIN's length, {count} how
        // many are typed. Spoken by screen readers after every key.
        let made = trn("{count} of %d digit entered", "{count} of %d digits entered", control.pinCode.length,
                       ["count": String(count)])
        counts[count] = made
        return made
    }

    /// Tells screen readers the count: polite, as it follows each key the person typed.
    private func announceCount() {
        Announcer.of(windowContaining: entry)?.announce(spokenCount, .polite)
    }

    /// Whether the view has the keyboard focus.
    public var hasFocus: Bool { widget.containsFocus }

    /// Moves the keyboard focus to the view.
    @discardableResult
    public func grabFocus() -> Bool { entry.grabFocus() }

    /// Shakes the items sideways (a wrong or weak PIN); skipped when GTK animations are off.
    public func shake() {
        guard widget.animationsEnabled, shakeTick == 0 else { return }
        var start: Int64 = 0
        shakeTick = drawingArea.addTickCallback { [weak self] time in
            guard let self else { return false }
            if start == 0 { start = time }
            let elapsed = Double(time - start) / 1_000_000
            let duration = 0.4
            guard elapsed < duration else {
                shakeOffset = 0
                shakeTick = 0
                drawingArea.queueDraw()
                return false
            }
            shakeOffset = 10 * sin(elapsed * 2 * .pi * 6) * (1 - elapsed / duration)
            drawingArea.queueDraw()
            return true
        }
    }

    /// Whether a shake is running.
    public var isShaking: Bool { shakeTick != 0 }

    // MARK: - State

    private func syncState() {
        // GTK state flags are the truth: focus highlights, insensitivity disables.
        let wasFocused = control.isFocused
        control.performTransition {
            control.isEnabled = widget.isEffectivelySensitive
            control.isFocused = widget.containsFocus
            control.isHighlighted = control.isFocused
        }
        entry.setAccessibleDisabled(!control.isEnabled)
        if control.isFocused != wasFocused { onFocusChange?(control.isFocused) }
    }

    private func appearanceChanged() {
        // Only the drawing is redrawn; its size never changes, so nothing is laid out again. No
        // invalid state for assistive technologies: Orca 43 took GTK 4.8's for a dead object (the
        // window says why a PIN was refused).
        drawingArea.queueDraw()
    }

    // MARK: - Keys

    private func installKeys() {
        // Before the entry's own text handling: every key that would type is taken here, so
        // nothing reaches the entry's text (which refuses insertions besides).
        let keys = KeyController()
        keys.propagationPhase = .capture
        keys.onKeyPressed { [weak self] keyval, _, modifiers in
            guard let self else { return false }
            return handleKey(keyval, modifiers) || onUnhandledKey?(keyval, modifiers) == true
                || PinCodeView.types(keyval, modifiers)
        }
        entry.add(keys)
    }

    /// Whether a key would type a character (and so must not reach the entry's text).
    private static func types(_ keyval: Key, _ modifiers: Modifiers) -> Bool {
        modifiers.isDisjoint(with: [.control, .alt, .super]) && (keyval.unicodeScalar?.value ?? 0) >= 0x20
    }

    /// Handles a key press; internal so that tests can press keys without a keyboard.
    func handleKey(_ keyval: Key, _ modifiers: Modifiers) -> Bool {
        if modifiers.contains(.control) {
            guard keyval == Key("v") || keyval == Key("V") else { return false }
            pasteClipboard()
            return true
        }
        if PinCodeView.isNumberPadKeyWithoutNumLock(keyval) {
            onNumLockOff?()
            return true
        }
        switch keyval {
        case .backspace, .delete, .keypadDelete:
            deleteBackward()
            return true
        case .escape:
            guard !self.control.pinCode.isEmpty else { return false }
            clear()
            return true
        default:
            guard let unicode = keyval.unicodeScalar, (0x30...0x39).contains(unicode.value) else { return false }
            type(Character(unicode))
            return true
        }
    }

    /// Whether `keyval` is what a number pad's digit key sends while Num Lock is off (KP_End for
    /// 1, KP_Down for 2, …, KP_Insert for 0): a digit the person meant to type.
    public nonisolated static func isNumberPadKeyWithoutNumLock(_ keyval: Key) -> Bool {
        switch keyval {
        case .keypadInsert, .keypadEnd, .keypadDown, .keypadPageDown, .keypadLeft,
             .keypadBegin, .keypadRight, .keypadHome, .keypadUp, .keypadPageUp:
            true
        default:
            false
        }
    }

    /// Types a digit, as the keyboard or the keypad does. A digit on a full code that was
    /// judged (valid or invalid) starts a new one.
    public func type(_ digit: Character) {
        if isJudged { control.clear() }
        control.insert(digit)
        onEdit?()
        announceCount()
    }

    /// Whether the code shown is full and was judged (valid or invalid): the next digit
    /// starts a new one.
    public var isJudged: Bool {
        control.pinCode.isFilled && (control.state.contains(.invalid) || control.state.contains(.valid))
    }

    /// Deletes the last digit (the count is said even when there was none).
    public func deleteBackward() {
        control.deleteBackward()
        onEdit?()
        announceCount()
    }

    /// Removes every digit.
    public func clear() {
        control.clear()
        onEdit?()
        announceCount()
    }

    private func pasteClipboard() {
        entry.readClipboardText { [weak self] text in
            guard let self else { return }
            guard let text else {
                onMessage?(tr("There is no text to paste"))
                return
            }
            if isJudged { control.clear() }
            if case .failure(let rejection) = control.paste(text) {
                onMessage?(rejection.message)
            } else {
                // A PIN read from the clipboard does not stay there for the next program to
                // read (issue 25): it still holds the text just read, so it is emptied.
                entry.clearClipboard()
                onEdit?()
                announceCount()
            }
        }
    }

    // MARK: - Drawing

    /// Where the items are drawn in a drawing of `width` × `height`: the control's frames, in
    /// the drawing's own direction (which the view keeps left to right).
    func drawnItemFrames(width: Double, height: Double) -> [PinCodeControl.ItemFrame] {
        let frames = control.itemFrames(width: width, height: height)
        guard drawingArea.textDirection == .rtl else { return frames }
        return frames.map { frame in
            var mirrored = frame
            mirrored.x = width - frame.x - frame.side
            return mirrored
        }
    }

    private func draw(_ pictures: PictureArea.Pictures, width: Double, height: Double) {
        let scale = drawingArea.scaleFactor
        for (index, frame) in drawnItemFrames(width: width, height: height).enumerated() {
            let image = itemImage(control.style(ofItem: index), side: frame.side, scale: scale)
            // On whole device pixels, the picture stays as sharp as it was drawn.
            pictures.place(image, x: onDevicePixel(frame.x + shakeOffset, scale: scale),
                           y: onDevicePixel(frame.y, scale: scale))
        }
    }

    private func onDevicePixel(_ value: Double, scale: Int) -> Double {
        (value * Double(scale)).rounded() / Double(scale)
    }

    /// The picture of an item drawn in `style`, drawn the first time it is needed.
    private func itemImage(_ style: PinItemStyle, side: Double, scale: Int) -> DrawingImage {
        let key = ItemImageKey(style: style, shape: control.shape, side: side, scale: scale)
        if let image = itemImages[key] { return image }
        // A few states make a few pictures; more means the colours changed (a theme switch).
        if itemImages.count >= 16 { itemImages.removeAll() }
        let image = DrawingImage(width: side, height: side, scale: scale) { context in
            // Keep the outline inside the item's square.
            let inset = style.borderWidth / 2
            addPath(key.shape, to: context, x: inset, y: inset, side: side - style.borderWidth)
            setColor(style.fill, on: context)
            context.fill(preserve: true)
            if style.borderWidth > 0 {
                setColor(style.border, on: context)
                context.setLineWidth(style.borderWidth)
                context.stroke()
            }
            context.newPath()
        }
        itemImages[key] = image
        return image
    }

    private func setColor(_ color: PinColor, on context: DrawingContext) {
        context.setColor(red: color.red, green: color.green, blue: color.blue, alpha: color.alpha)
    }

    private func addPath(_ shape: PinItemShape, to context: DrawingContext, x: Double, y: Double, side: Double) {
        switch shape {
        case .circle:
            context.circle(centerX: x + side / 2, centerY: y + side / 2, radius: side / 2)
        case .roundedSquare(let fraction):
            let radius = side * min(0.5, max(0, fraction))
            context.newSubPath()
            context.arc(centerX: x + side - radius, centerY: y + radius, radius: radius, from: -.pi / 2, to: 0)
            context.arc(centerX: x + side - radius, centerY: y + side - radius, radius: radius, from: 0, to: .pi / 2)
            context.arc(centerX: x + radius, centerY: y + side - radius, radius: radius, from: .pi / 2, to: .pi)
            context.arc(centerX: x + radius, centerY: y + radius, radius: radius, from: .pi, to: 3 * .pi / 2)
            context.closePath()
        case .path(let elements):
            for element in elements {
                switch element {
                case .move(let px, let py): context.move(toX: x + px * side, y: y + py * side)
                case .line(let px, let py): context.line(toX: x + px * side, y: y + py * side)
                case .curve(let x1, let y1, let x2, let y2, let x3, let y3):
                    context.curve(toX: x + x3 * side, y: y + y3 * side, control1X: x + x1 * side, control1Y: y + y1 * side,
                                  control2X: x + x2 * side, control2Y: y + y2 * side)
                case .close: context.closePath()
                }
            }
        }
    }
}
