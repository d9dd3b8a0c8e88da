// The Controls module. See DESIGN.md for what belongs here.
