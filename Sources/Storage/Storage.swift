// The Storage module. See DESIGN.md for what belongs here.
