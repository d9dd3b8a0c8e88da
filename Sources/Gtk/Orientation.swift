import CGtk

/// Which way a box lays out its children.
public enum Orientation: Sendable {
    /// Side by side.
    case horizontal
    /// One under another.
    case vertical

    /// The GTK value.
    public var gtkValue: GtkOrientation {
        self == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL
    }
}

/// How a widget sits in the room it is given.
public enum Alignment: Sendable {
    /// Takes all the room.
    case fill
    /// At the start (left in left-to-right text).
    case start
    /// At the end.
    case end
    /// In the middle.
    case center

    /// The GTK value.
    public var gtkValue: GtkAlign {
        switch self {
        case .fill: GTK_ALIGN_FILL
        case .start: GTK_ALIGN_START
        case .end: GTK_ALIGN_END
        case .center: GTK_ALIGN_CENTER
        }
    }
}

extension Box {
    /// A box laying out children along `orientation`, `spacing` pixels apart.
    ///
    /// ```swift
    /// let column = Box(.vertical, spacing: 12)
    /// ```
    public convenience init(_ orientation: Orientation, spacing: Int32 = 0) {
        self.init(orientation.gtkValue, spacing: spacing)
    }
}

extension Widget {
    /// How the widget sits across the room it is given.
    public var horizontalPlacement: Alignment {
        get { Alignment(horizontalAlignment) }
        set { horizontalAlignment = newValue.gtkValue }
    }

    /// How the widget sits along the height it is given.
    public var verticalPlacement: Alignment {
        get { Alignment(verticalAlignment) }
        set { verticalAlignment = newValue.gtkValue }
    }
}

extension Alignment {
    init(_ value: GtkAlign) {
        switch value {
        case GTK_ALIGN_START: self = .start
        case GTK_ALIGN_END: self = .end
        case GTK_ALIGN_CENTER: self = .center
        default: self = .fill
        }
    }
}
