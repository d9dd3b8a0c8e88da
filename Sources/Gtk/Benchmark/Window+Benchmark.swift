internal import CGtk

extension Window {
    /// The name of the GSK renderer drawing the window ("GskGLRenderer", …), once realized.
    @_spi(Benchmark) public var rendererName: String? {
        windowRenderer(of: widgetPointer).flatMap { g_type_name_from_instance($0) }.map { String(cString: $0) }
    }

    /// Computes the size of every widget in the window, as its first layout would (at most
    /// 720 pixels high).
    @_spi(Benchmark) public func measureAsFirstLayout() {
        PlainGtkForm.measure(widgetPointer)
    }
}
