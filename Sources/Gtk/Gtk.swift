// The Gtk module. See DESIGN.md for what belongs here.
