// `pinform-bench longnote`: a note of 100,000 characters, saved in the encrypted store, typed into
// the form's text area, and shown in the records list — how long a save takes, and the longest
// the window's main loop is held at once (the window freezes for that long).
import Controls
import Foundation
import Gtk
import Storage

/// Measures a 100,000-character note from the store to the screen.
@MainActor
enum LongNoteBenchmark {
    static let length = 100_000

    private struct Note: Codable {
        var title: String
        var notes: String
    }

    /// The figures of one run, in nanoseconds.
    struct Result {
        var insert = Samples()
        var update = Samples()
        var search = Samples()
        /// The longest main-loop iteration while the list shows the record.
        var listFreeze = 0.0
        /// The longest iteration after the note is put into the text area, and reading it back.
        var textAreaFreeze = 0.0
        var textAreaRead = 0.0
        /// The same for a note of one paragraph (no line breaks): GTK lays out a paragraph whole.
        var oneParagraphFreeze = 0.0
        var failure: String?

        var save: Double { max(insert.median, update.median) }
        var freeze: Double { max(listFreeze, textAreaFreeze) }
    }

    /// A note of `length` characters: paragraphs of about 500 characters, or one paragraph.
    static func note(paragraphs: Bool) -> String {
        let sentence = "Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor. "
        var text = ""
        while text.count < length {
            text += sentence
            if paragraphs, text.count % 500 < sentence.count { text += "\n" }
        }
        return String(text.prefix(length))
    }

    static func run(runs: Int = 5) -> Result {
        var result = Result()
        measureStore(&result, runs: runs)
        guard GtkRuntime.initialize() else {
            result.failure = "no display"
            return result
        }
        measureList(&result)
        (result.textAreaFreeze, result.textAreaRead) = measureTextArea(note(paragraphs: true))
        result.oneParagraphFreeze = measureTextArea(note(paragraphs: false)).freeze
        return result
    }

    private static func measureStore(_ result: inout Result, runs: Int) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pinform-bench-longnote-\(getpid())")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        do {
            let key = try SecretBytes.random(count: 32)
            let database = try Database(at: folder.appendingPathComponent("records.sqlite"), key: key)
            defer { database.close() }
            let store = try RecordStore<Note>(database: database, table: "note",
                                              columns: [.text("title", \.title), .text("notes", \.notes)])
            let text = note(paragraphs: true)
            for run in 0..<runs {
                var started = Clock.monotonic()
                let id = try store.insert(Note(title: "Note \(run)", notes: text))
                result.insert.append(Clock.monotonic() - started)
                started = Clock.monotonic()
                try store.update(Note(title: "Note \(run)", notes: "x" + text.dropFirst()), id: id)
                result.update.append(Clock.monotonic() - started)
                started = Clock.monotonic()
                _ = try store.count(matching: "consectetur tempor")
                result.search.append(Clock.monotonic() - started)
            }
        } catch {
            result.failure = "\(error)"
        }
    }

    /// The longest single main-loop iteration over `seconds`, in nanoseconds.
    private static func longestIteration(over seconds: Double) -> Double {
        let end = Clock.monotonic() + seconds * 1e9
        var longest = 0.0
        while Clock.monotonic() < end {
            let started = Clock.monotonic()
            _ = MainContext.iterate(blocking: false)
            longest = max(longest, Clock.monotonic() - started)
        }
        return longest
    }

    private final class OneNote: RecordListDataSource {
        let note: Note
        init(_ note: Note) { self.note = note }
        func recordIDs(sortedBy key: String?, ascending: Bool, search: String) throws -> [ListedRecordID] { [ListedRecordID(1)] }
        func models(for ids: [ListedRecordID]) throws -> [ListedRecordID: Note] { [ListedRecordID(1): note] }
    }

    private static func measureList(_ result: inout Result) {
        let source = OneNote(Note(title: "Minutes", notes: note(paragraphs: true)))
        let list = RecordList(source: source, columns: [RecordColumn("Title", \.title), RecordColumn("Notes", \.notes)])
        let window = Window()
        window.setDefaultSize(width: 1000, height: 600)
        window.child = list.widget
        list.reload()
        window.present()
        result.listFreeze = longestIteration(over: 1.5)
        window.destroy()
    }

    private static func measureTextArea(_ text: String) -> (freeze: Double, read: Double) {
        let area = TextAreaInput(label: "Notes")
        let window = Window()
        window.setDefaultSize(width: 640, height: 400)
        window.child = area.view
        window.present()
        _ = longestIteration(over: 0.3)
        area.text = text
        let freeze = longestIteration(over: 2)
        let started = Clock.monotonic()
        let read = area.text?.count ?? 0
        let elapsed = Clock.monotonic() - started
        precondition(read == text.count, "the text area lost characters")
        window.destroy()
        return (freeze, elapsed)
    }

    static func table(_ result: Result) -> Table {
        var table = Table("longnote: a note of \(Format.grouped(length)) characters", columns: ["step", "time"])
        table.add(["store insert (SQLCipher, search column, WAL, synchronous=FULL), median", Format.duration(nanoseconds: result.insert.median)])
        table.add(["store update, median", Format.duration(nanoseconds: result.update.median)])
        table.add(["search of two words through it, median", Format.duration(nanoseconds: result.search.median)])
        table.add(["records list showing it: longest main-loop iteration", Format.duration(nanoseconds: result.listFreeze)])
        table.add(["text area given it (paragraphs of ~500): longest iteration", Format.duration(nanoseconds: result.textAreaFreeze)])
        table.add(["text area read back (what Save reads)", Format.duration(nanoseconds: result.textAreaRead)])
        table.add(["text area given one 100,000-character paragraph: longest iteration", Format.duration(nanoseconds: result.oneParagraphFreeze)])
        table.note("A list cell shows at most 300 characters of a value; before, the whole note was laid out for three lines (about 4 s).")
        table.note("GTK lays out a paragraph at once: a note that is one paragraph holds the window while it is laid out.")
        if let failure = result.failure { table.note("FAILED: " + failure) }
        return table
    }

    static func goal(_ result: Result) -> Goal {
        Goal(name: "long note", target: "100,000 characters saved in at most 0.5 s, the window never held 0.5 s",
             figure: "save " + Format.duration(nanoseconds: result.save) + ", longest hold "
                 + Format.duration(nanoseconds: result.freeze),
             passed: result.failure == nil && result.save <= 5e8 && result.freeze <= 5e8)
    }
}
