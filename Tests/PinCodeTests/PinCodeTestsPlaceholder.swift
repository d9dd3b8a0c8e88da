// Tests for PinCode.
