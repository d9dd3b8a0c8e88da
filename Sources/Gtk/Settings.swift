internal import CGtk

/// Typed access to a GSettings schema.
///
/// The schema is looked up in the installed schemas first, then in each of
/// `searchDirectories` (folders holding a `gschemas.compiled`), so the app finds its schema
/// when run from the source tree.
@MainActor
public final class Settings: Object {
    /// Opens the schema `id`, or returns nil when no source has it.
    public init?(schemaID id: String, searchDirectories: [String] = []) {
        guard let schema = Settings.lookup(id, in: searchDirectories) else { return nil }
        defer { g_settings_schema_unref(schema) }
        super.init(adopting: UnsafeMutableRawPointer(g_settings_new_full(schema, nil, nil)))
    }

    private static func lookup(_ id: String, in directories: [String]) -> OpaquePointer? {
        if let source = g_settings_schema_source_get_default(),
           let schema = g_settings_schema_source_lookup(source, id, 1) {
            return schema
        }
        for directory in directories {
            var error: UnsafeMutablePointer<GError>?
            guard let source = g_settings_schema_source_new_from_directory(
                directory, g_settings_schema_source_get_default(), 0, &error) else {
                g_clear_error(&error)
                continue
            }
            defer { g_settings_schema_source_unref(source) }
            if let schema = g_settings_schema_source_lookup(source, id, 0) { return schema }
        }
        return nil
    }

    private var settings: UnsafeMutablePointer<GSettings> { raw.assumingMemoryBound(to: GSettings.self) }

    /// An integer key.
    public func integer(_ key: String) -> Int32 { g_settings_get_int(settings, key) }

    /// Sets an integer key; false when the value is out of the key's range.
    @discardableResult
    public func setInteger(_ key: String, _ value: Int32) -> Bool { g_settings_set_int(settings, key, value) != 0 }

    /// A boolean key.
    public func bool(_ key: String) -> Bool { g_settings_get_boolean(settings, key) != 0 }

    /// Sets a boolean key.
    @discardableResult
    public func setBool(_ key: String, _ value: Bool) -> Bool { g_settings_set_boolean(settings, key, value ? 1 : 0) != 0 }

    /// A string key.
    public func string(_ key: String) -> String {
        let value = g_settings_get_string(settings, key)
        defer { g_free(value) }
        return value.map { String(cString: $0) } ?? ""
    }

    /// Sets a string key.
    @discardableResult
    public func setString(_ key: String, _ value: String) -> Bool { g_settings_set_string(settings, key, value) != 0 }

    /// An enumeration key, as its integer value.
    public func enumeration(_ key: String) -> Int32 { g_settings_get_enum(settings, key) }

    /// Sets an enumeration key by integer value; false when no nick has that value.
    @discardableResult
    public func setEnumeration(_ key: String, _ value: Int32) -> Bool { g_settings_set_enum(settings, key, value) != 0 }

    /// Calls `handler` when `key` changes.
    @discardableResult
    public func onChanged(_ key: String, _ handler: @escaping @MainActor () -> Void) -> SignalConnection {
        connect("changed::\(key)", withArgument: { _ in handler() })
    }
}
