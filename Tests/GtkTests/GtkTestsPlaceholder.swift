// Tests for Gtk.
