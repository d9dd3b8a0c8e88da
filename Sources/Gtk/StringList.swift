internal import CGtk

/// A list model of strings (GtkStringList), e.g. the identities of the rows of a `ColumnView`.
///
/// Each string becomes a small `GtkStringObject`, which is what list item factories bind;
/// 100,000 short strings are cheap, so a long list can hold every row's identity while only
/// the rows on screen get widgets.
@MainActor
public final class StringList: Object {
    /// An empty list.
    public init() {
        super.init(adopting: UnsafeMutableRawPointer(gtk_string_list_new(nil)))
    }

    private var list: OpaquePointer { pf_string_list(raw) }

    /// How many strings the list holds.
    public var count: Int { Int(g_list_model_get_n_items(pf_list_model(raw))) }

    /// The string at `position`, or nil past the end.
    public func string(at position: Int) -> String? {
        guard position >= 0, position < count else { return nil }
        return gtk_string_list_get_string(list, guint(position)).map { String(cString: $0) }
    }

    /// Replaces `count` strings from `position` with `strings`, in one change that list views see.
    public func replace(from position: Int, count removed: Int, with strings: [String]) {
        precondition(position >= 0 && removed >= 0 && position + removed <= count, "range outside the list")
        // One contiguous buffer of NUL-terminated strings keeps 100,000 additions to two allocations.
        var buffer: [CChar] = []
        var offsets: [Int] = []
        offsets.reserveCapacity(strings.count)
        for string in strings {
            offsets.append(buffer.count)
            buffer.append(contentsOf: string.utf8CString)
        }
        buffer.withUnsafeBufferPointer { characters in
            var pointers: [UnsafePointer<CChar>?] = offsets.map { characters.baseAddress! + $0 }
            pointers.append(nil)
            pointers.withUnsafeBufferPointer { additions in
                gtk_string_list_splice(list, guint(position), guint(removed), additions.baseAddress)
            }
        }
    }

    /// Replaces every string with `strings`.
    public func replaceAll(with strings: [String]) {
        replace(from: 0, count: count, with: strings)
    }

    /// Removes the string at `position`.
    public func remove(at position: Int) {
        replace(from: position, count: 1, with: [])
    }

    /// The string a list item's item holds, when it is a `GtkStringObject`.
    static func string(ofItem item: UnsafeMutableRawPointer?) -> String? {
        guard let item, pf_is_string_object(item) != 0,
              let text = gtk_string_object_get_string(pf_string_object(item)) else { return nil }
        return String(cString: text)
    }
}
