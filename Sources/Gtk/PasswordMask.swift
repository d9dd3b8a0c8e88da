internal import CGtk
import Glibc

/// Keeps what is typed into a password entry out of the entry: the entry holds one "●" for
/// each character typed, and the characters themselves are kept here, in locked memory that is
/// wiped whenever it is given up.
///
/// Why: GTK 4.8 sends every insertion into an entry to the accessibility bus with the text
/// inserted (the "object:text-changed:insert" event), a password entry's too; Orca then speaks
/// it as key echo (a recovery key typed fast was heard as its last digit, typed slowly as every
/// digit), and any client of the bus can read it. Deletions are sent with the deleted text.
/// Masked, both carry only "●". Newer GTK sends the displayed text instead; this does the same.
///
/// While the entry's eye shows the text, the entry holds the real text (it is on screen then),
/// and it goes back to dots when the eye is turned off.
@MainActor
public final class PasswordMask {
    /// What the entry holds for each character typed (GTK's own invisible character).
    public static let maskCharacter: Character = "●"

    private weak var entry: PasswordEntry?
    /// The text typed, UTF-8, in locked memory; `count` bytes used, always NUL-terminated.
    private var storage: UnsafeMutableBufferPointer<UInt8>
    private var count = 0
    /// Set while the mask itself changes the entry, so that its own changes pass untouched.
    private var passing = false
    /// Whether the entry shows its text (the eye is on): it then holds the real text.
    private var revealed = false

    /// Masks `entry` from now on (it should be empty: text already in it stays as it is).
    public init(entry: PasswordEntry) {
        self.entry = entry
        storage = PasswordMask.allocate(capacity: 256)
        let editable = pf_editable(entry.raw)
        // Typing reaches the entry's GtkText (its delegate); the entry itself is watched too,
        // in case an insertion is sent on it first.
        for target in [UnsafeMutableRawPointer(editable), gtk_editable_get_delegate(editable).map(UnsafeMutableRawPointer.init)] {
            guard let target, let widget = Widget.wrapper(of: pf_widget(target)) else { continue }
            _ = widget.connectTrampoline("insert-text", handler: maskInsertion, body: self)
        }
        if let delegate = gtk_editable_get_delegate(editable),
           let text = Widget.wrapper(of: pf_widget(UnsafeMutableRawPointer(delegate))) {
            _ = text.connectTrampoline("delete-text", handler: mirrorDeletion, body: self)
            text.onNotify("visibility") { [weak self] in self?.followVisibility() }
        }
    }

    isolated deinit {
        PasswordMask.release(storage)
    }

    /// Whether nothing is typed.
    public var isEmpty: Bool { count == 0 }

    /// The number of characters typed.
    public var characterCount: Int { characters(in: UnsafeBufferPointer(rebasing: storage[0..<count])) }

    /// Hands the typed text's UTF-8 bytes to `body` straight from the locked buffer (no Swift
    /// `String` of them is made), e.g. to copy them into locked memory of the caller's.
    public func withTextBytes<R, E: Error>(_ body: (UnsafeBufferPointer<UInt8>) throws(E) -> R) throws(E) -> R {
        try body(UnsafeBufferPointer(rebasing: storage[0..<count]))
    }

    /// Empties the entry and wipes what was typed.
    public func clear() {
        if let entry { gtk_editable_set_text(pf_editable(entry.raw), "") }
        wipe(from: 0)
    }

    // MARK: - Following the entry

    /// An insertion about to happen at character `position`: the text is kept here, and the
    /// entry gets as many "●" instead (unless it shows its text).
    fileprivate func insert(_ editable: UnsafeMutableRawPointer?, _ text: UnsafePointer<CChar>?, _ length: Int32,
                            _ position: UnsafeMutablePointer<Int32>?) {
        guard !passing, let editable, let text, let position else { return }
        let byteCount = length < 0 ? strlen(text) : Int(length)
        guard byteCount > 0 else { return }
        let inserted = UnsafeBufferPointer(start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self), count: byteCount)
        let characterCount = characters(in: inserted)
        store(inserted, atCharacter: Int(position.pointee))
        if revealed { return }
        // Not this insertion (its text would go to the accessibility bus) but the dots.
        g_signal_stop_emission_by_name(editable, "insert-text")
        let dots = String(repeating: PasswordMask.maskCharacter, count: characterCount)
        passing = true
        gtk_editable_insert_text(pf_editable(editable), dots, -1, position)
        passing = false
    }

    /// A deletion of the characters `start..<end` (`end` -1: to the end) about to happen.
    fileprivate func delete(start: Int32, end: Int32) {
        guard !passing else { return }
        let from = byteOffset(ofCharacter: Int(start))
        let to = end < 0 ? count : byteOffset(ofCharacter: Int(end))
        guard to > from else { return }
        let tail = count - to
        if tail > 0 { memmove(storage.baseAddress! + from, storage.baseAddress! + to, tail) }
        wipe(from: from + tail)
    }

    /// The eye turned on or off: the real text while it is shown, dots again after.
    private func followVisibility() {
        guard let entry, let delegate = gtk_editable_get_delegate(pf_editable(entry.raw)) else { return }
        let shown = gtk_text_get_visibility(UnsafeMutableRawPointer(delegate).assumingMemoryBound(to: GtkText.self)) != 0
        guard shown != revealed else { return }
        revealed = shown
        let position = gtk_editable_get_position(delegate)
        passing = true
        if shown {
            storage.baseAddress!.withMemoryRebound(to: CChar.self, capacity: count + 1) { gtk_editable_set_text(delegate, $0) }
        } else {
            gtk_editable_set_text(delegate, String(repeating: PasswordMask.maskCharacter, count: characterCount))
        }
        gtk_editable_set_position(delegate, position)
        passing = false
    }

    // MARK: - The locked buffer

    private func store(_ bytes: UnsafeBufferPointer<UInt8>, atCharacter position: Int) {
        let at = byteOffset(ofCharacter: position)
        if count + bytes.count + 1 > storage.count {
            let grown = PasswordMask.allocate(capacity: max(storage.count * 2, count + bytes.count + 1))
            memcpy(grown.baseAddress!, storage.baseAddress!, count)
            PasswordMask.release(storage)
            storage = grown
        }
        memmove(storage.baseAddress! + at + bytes.count, storage.baseAddress! + at, count - at)
        memcpy(storage.baseAddress! + at, bytes.baseAddress!, bytes.count)
        count += bytes.count
        storage[count] = 0
    }

    /// Zeroes the buffer from byte `offset` on and makes that the end of the text.
    private func wipe(from offset: Int) {
        explicit_bzero(storage.baseAddress! + offset, storage.count - offset)
        count = offset
    }

    /// The byte offset of character `index` (clamped to the end).
    private func byteOffset(ofCharacter index: Int) -> Int {
        var seen = 0
        for offset in 0..<count where storage[offset] & 0xC0 != 0x80 {
            if seen == index { return offset }
            seen += 1
        }
        return count
    }

    private func characters(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 & 0xC0 != 0x80 ? 1 : 0) }
    }

    private static func allocate(capacity: Int) -> UnsafeMutableBufferPointer<UInt8> {
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: capacity)
        buffer.initialize(repeating: 0)
        // Best effort: kept out of swap where the limit allows.
        _ = mlock(buffer.baseAddress!, capacity)
        return buffer
    }

    private static func release(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        explicit_bzero(buffer.baseAddress!, buffer.count)
        _ = munlock(buffer.baseAddress!, buffer.count)
        buffer.deallocate()
    }
}

/// `void (*)(GtkEditable *, const char *text, int length, int *position, gpointer)`
private let maskInsertion: @convention(c) (gpointer?, UnsafePointer<CChar>?, Int32, UnsafeMutablePointer<Int32>?, gpointer?) -> Void = {
    editable, text, length, position, data in
    let box = ClosureBox<PasswordMask>.from(data)
    let pointers = (MainThreadPointer(value: editable), MainThreadPointer(value: UnsafeMutableRawPointer(mutating: text)),
                    MainThreadPointer(value: position.map(UnsafeMutableRawPointer.init)))
    MainActor.assumeIsolated {
        box.body.insert(pointers.0.value, pointers.1.value.map { UnsafePointer($0.assumingMemoryBound(to: CChar.self)) },
                        length, pointers.2.value?.assumingMemoryBound(to: Int32.self))
    }
}

/// `void (*)(GtkEditable *, int start, int end, gpointer)`
private let mirrorDeletion: @convention(c) (gpointer?, Int32, Int32, gpointer?) -> Void = { _, start, end, data in
    let box = ClosureBox<PasswordMask>.from(data)
    MainActor.assumeIsolated { box.body.delete(start: start, end: end) }
}
