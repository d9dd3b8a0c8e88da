// Tests for Pinform.
