// `pinform-bench keystroke`: what one digit press costs in `PinCodeView`, in a real window.
import CAllocCounter
import Controls
import PinControls
@_spi(Benchmark) @_spi(Testing) import Gtk
import PinCode

/// Measures `PinCodeView.type(_:)` and the frame it causes, and checks that no layout follows,
/// once per GTK renderer, each in a process of its own (GTK picks a renderer once a process).
@MainActor
enum KeystrokeBenchmark {
    /// The renderers a window can be drawn with (`GSK_RENDERER`).
    enum Renderer: String, CaseIterable, Sendable {
        /// Everything on the CPU: drawing the view is snapshotting it and rasterizing its nodes.
        case cairo
        /// OpenGL: the view's pictures were uploaded once; the GPU (llvmpipe under Xvfb) draws.
        case gl

        /// The class GTK names the renderer by.
        var className: String { self == .cairo ? "GskCairoRenderer" : "GskGLRenderer" }
    }

    private static var kept: [AnyObject] = []

    /// What the presses cost, in one of the two cases a press meets.
    struct Phase: Codable {
        /// Thread CPU time of `type(_:)` alone: engine apply, accessibility updates, queue_draw.
        var type = Samples()
        /// Thread CPU time of `type(_:)` plus snapshotting the view and rasterizing its render
        /// node with cairo, as the cairo renderer does (measured under that renderer only).
        var typeAndDraw = Samples()
        /// Thread CPU time of `type(_:)` plus snapshotting the view (no rasterizing).
        var typeAndSnapshot = Samples()
        /// Process CPU time from the press until the window's frame clock painted the frame
        /// (every thread: the renderer's too).
        var frame = Samples()
    }

    struct Result: Codable {
        /// No client of the accessibility bus listens (most desktops): the view's count is not
        /// announced, and GTK sends nothing.
        var unheard = Phase()
        /// A client listens (a screen reader): every press's count is announced over AT-SPI, as
        /// Orca needs to speak it.
        var heard = Phase()
        var allocationsPerType = 0.0
        var heardAllocationsPerType = 0.0
        var renderer = "unknown"
        var measuresDuringPresses = 0
        var allocationsDuringPresses = 0
        /// Frames after which the view's or the window's size differed from before the presses.
        var sizeChanges = 0
        var controlMeasures = 0
        var controlAllocations = 0
        var allocationUnchanged = true
        var presses = 0
        var failure: String?
    }

    /// The benchmark in this process, whose window `renderer` must draw.
    static func run(presses: Int, renderer: Renderer) -> Result {
        var result = Result()
        guard GtkRuntime.initialize() else {
            result.failure = "no display"
            return result
        }
        let style = CSSProvider()
        try? style.load(path: BenchPaths.data + "/style.css")
        style.applyToDisplay()

        // The PIN window's tree: header bar, title, message, the view, the keypad.
        let window = Window()
        window.title = "Pinform"
        window.setDefaultSize(width: 400, height: 600)
        window.titlebar = HeaderBar()
        let probe = Box(.vertical)
        let content = Box(.vertical, spacing: 6)
        content.setMargins(top: 12, bottom: 24, start: 24, end: 24)
        content.verticalAlignment = .center
        content.horizontalAlignment = .center
        let title = Label("Choose a PIN")
        title.addCSSClass("pin-title")
        let message = Label("Use 4 digits that are hard to guess.")
        message.addCSSClass("pin-message")
        let view = PinCodeView(control: PinCodeControl(parameters: .init(length: 4)))
        view.widget.horizontalAlignment = .center
        let pad = PinPad()
        pad.onKey = { key in if case .digit(let digit) = key { view.type(digit) } }
        content.append(title)
        content.append(message)
        content.append(view.widget)
        content.append(pad.widget)
        probe.append(content)
        LayoutProbe.install(on: probe)
        window.child = probe
        // The view and the pad answer GTK's signals as long as the window lives, even after
        // their last use here: keep them for the rest of the process.
        kept = [view, pad, style, window]
        window.present()
        view.grabFocus()

        guard MainContext.spin(until: { view.widget.isMapped && view.widget.width > 0 }, timeout: 10),
              LayoutProbe.countPaints(of: window) else {
            result.failure = "the window did not map"
            return result
        }
        result.renderer = window.rendererName ?? "unknown"
        guard result.renderer == renderer.className else {
            result.failure = "the window was drawn by \(result.renderer), not \(renderer.className)"
            return result
        }
        let rasterizes = renderer == .cairo
        func nextFrame() -> Bool {
            let painted = LayoutProbe.paints
            return MainContext.spin(until: { LayoutProbe.paints > painted }, timeout: 5)
        }
        // Let the first frames and any delayed work (fonts, accessibility) settle.
        for _ in 0..<5 { _ = nextFrame() }
        let allocation = (view.widget.width, view.widget.height, window.width, window.height)

        // The presses, first with no client of the accessibility bus listening, then with one.
        let measuresBefore = LayoutProbe.measures, allocationsBefore = LayoutProbe.allocations
        guard MainContext.spin(until: { AssistiveTechnology.hasHeardFromRegistry }, timeout: 5),
              !AssistiveTechnology.isListening else {
            result.failure = "the accessibility registry did not answer, or a client already listens"
            return result
        }
        let listened = "object:announcement"
        for heard in [false, true] {
            if heard {
                guard AssistiveTechnology.registerListener(for: listened),
                      MainContext.spin(until: { AssistiveTechnology.isListening }, timeout: 5) else {
                    result.failure = "a listener registered with the accessibility registry was not heard of"
                    return result
                }
            }
            var phase = Phase(), allocations: UInt64 = 0
            if let failure = measure(presses: presses, view: view, content: content, window: window, rasterizes: rasterizes,
                                     allocation: allocation, into: &phase, sizeChanges: &result.sizeChanges,
                                     allocations: &allocations) {
                result.failure = failure
                return result
            }
            let perType = Double(allocations) / Double(presses)
            if heard {
                (result.heard, result.heardAllocationsPerType) = (phase, perType)
            } else {
                (result.unheard, result.allocationsPerType) = (phase, perType)
            }
        }
        AssistiveTechnology.deregisterListener(for: listened)
        result.presses = presses
        result.measuresDuringPresses = LayoutProbe.measures - measuresBefore
        result.allocationsDuringPresses = LayoutProbe.allocations - allocationsBefore
        result.allocationUnchanged = allocation == (view.widget.width, view.widget.height, window.width, window.height)

        // 3. The control experiment: a resize queued on the view must show in the counts.
        let measuresControl = LayoutProbe.measures, allocationsControl = LayoutProbe.allocations
        view.widget.queueResize()
        _ = nextFrame()
        result.controlMeasures = LayoutProbe.measures - measuresControl
        result.controlAllocations = LayoutProbe.allocations - allocationsControl
        window.destroy()
        _ = MainContext.spin(until: { false }, timeout: 0.1)
        return result
    }

    /// Presses `presses` digits, each with the view's drawing and the frame it causes, as the
    /// user gets them; returns why it could not, if it could not.
    private static func measure(presses: Int, view: PinCodeView, content: Widget, window: Window, rasterizes: Bool,
                                allocation: (Int32, Int32, Int32, Int32), into phase: inout Phase,
                                sizeChanges: inout Int, allocations: inout UInt64) -> String? {
        func nextFrame() -> Bool {
            let painted = LayoutProbe.paints
            return MainContext.spin(until: { LayoutProbe.paints > painted }, timeout: 5)
        }
        let digits: [Character] = ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"]
        let surface = RasterSurface(width: view.widget.width, height: view.widget.height)
        for press in 0..<presses {
            if view.control.pinCode.isFilled {
                view.clear()
                guard nextFrame() else { return "no frame after clear" }
            }
            let painted = LayoutProbe.paints
            let processStart = Clock.processCPU(), threadStart = Clock.threadCPU()
            let heapStart = pinform_allocation_count()
            view.type(digits[press % digits.count])
            let threadTyped = Clock.threadCPU()
            allocations += pinform_allocation_count() - heapStart
            // Draw the view now, as the frame would (its draw function runs in the snapshot),
            // and under the cairo renderer rasterize it as that renderer does; the frame then
            // reuses the view's fresh render node.
            var threadSnapshotted = 0.0
            surface.draw(view.widget, in: content, rasterize: rasterizes) { threadSnapshotted = Clock.threadCPU() }
            let threadDrawn = Clock.threadCPU()
            guard MainContext.spin(until: { LayoutProbe.paints > painted }, timeout: 5) else {
                return "no frame after a press"
            }
            let processEnd = Clock.processCPU()
            if allocation != (view.widget.width, view.widget.height, window.width, window.height) { sizeChanges += 1 }
            phase.type.append(threadTyped - threadStart)
            if rasterizes && press == 0 && surface.paintedPixels == 0 {
                return "the view's drawing did not land in the image it is rasterized into"
            }
            phase.typeAndSnapshot.append(threadSnapshotted - threadStart)
            if rasterizes { phase.typeAndDraw.append(threadDrawn - threadStart) }
            phase.frame.append(processEnd - processStart)
        }
        return nil
    }

    static func table(_ result: Result, renderer: Renderer) -> Table {
        var table = Table("keystroke, \(renderer.rawValue) renderer: one digit typed into PinCodeView"
                              + " (\(result.presses) presses, clearing after each 4)",
                          columns: ["what", "median", "p90", "min", "max"])
        func add(_ label: String, _ samples: Samples) {
            table.add([label, Format.duration(nanoseconds: samples.median), Format.duration(nanoseconds: samples.p90),
                       Format.duration(nanoseconds: samples.minimum), Format.duration(nanoseconds: samples.maximum)])
        }
        if let failure = result.failure {
            table.note("FAILED: " + failure)
            return table
        }
        for (phase, words) in [(result.unheard, "no AT-SPI client listening"), (result.heard, "a screen reader listening")] {
            add("type(), \(words): engine + a11y + queue_draw (thread CPU)", phase.type)
            add("  type() + snapshot of the view (thread CPU)", phase.typeAndSnapshot)
            if !phase.typeAndDraw.isEmpty {
                add("  type() + snapshot and cairo raster of the view (thread CPU)", phase.typeAndDraw)
            }
            add("  type() + draw + the whole window frame (process CPU)", phase.frame)
        }
        table.note("heap allocations per type(): " + Format.fixed(result.allocationsPerType, 1)
            + " with no client listening, " + Format.fixed(result.heardAllocationsPerType, 1) + " with one"
            + "; renderer: " + result.renderer)
        table.note("relayout: during the presses the content's layout manager was measured \(result.measuresDuringPresses)"
            + " and allocated \(result.allocationsDuringPresses) times; sizes changed after"
            + " \(result.sizeChanges) frames, " + (result.allocationUnchanged ? "unchanged" : "CHANGED") + " at the end.")
        table.note("control: one gtk_widget_queue_resize on the view then caused \(result.controlMeasures) measures"
            + " and \(result.controlAllocations) allocations, so the probe does see a relayout.")
        return table
    }

    /// Whether no relayout happened while typing, and the probe was shown to work.
    static func provesNoRelayout(_ result: Result) -> Bool {
        result.failure == nil && result.measuresDuringPresses == 0 && result.allocationsDuringPresses == 0
            && result.sizeChanges == 0 && result.allocationUnchanged
            && result.controlMeasures + result.controlAllocations > 0
    }
}
