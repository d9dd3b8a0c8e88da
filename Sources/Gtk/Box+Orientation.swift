extension Widget {
    /// How the widget sits across the room it is given (the same as `horizontalAlignment`).
    public var horizontalPlacement: Alignment {
        get { horizontalAlignment }
        set { horizontalAlignment = newValue }
    }

    /// How the widget sits along the height it is given (the same as `verticalAlignment`).
    public var verticalPlacement: Alignment {
        get { verticalAlignment }
        set { verticalAlignment = newValue }
    }
}
