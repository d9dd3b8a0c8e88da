// Tests for Storage.
