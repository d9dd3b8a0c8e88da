// Tests for Forms.
