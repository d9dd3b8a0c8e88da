// The ControlState module. See DESIGN.md for what belongs here.
