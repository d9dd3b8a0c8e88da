// Tests for ControlState.
