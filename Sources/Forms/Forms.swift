// The Forms module. See DESIGN.md for what belongs here.
