// Tests for Controls.
