internal import CGtk

extension Window {
    /// The name of the GSK renderer drawing the window ("GskGLRenderer", …), once realized.
    @_spi(Benchmark) public var rendererName: String? {
        guard let native = gtk_widget_get_native(widgetPointer), let renderer = gtk_native_get_renderer(native) else {
            return nil
        }
        let instance = UnsafeMutableRawPointer(renderer).assumingMemoryBound(to: GTypeInstance.self)
        return g_type_name_from_instance(instance).map { String(cString: $0) }
    }

    /// Computes the size of every widget in the window, as its first layout would (at most
    /// 720 pixels high).
    @_spi(Benchmark) public func measureAsFirstLayout() {
        PlainGtkForm.measure(widgetPointer)
    }
}
