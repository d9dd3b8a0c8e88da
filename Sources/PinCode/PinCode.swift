// The PinCode module. See DESIGN.md for what belongs here.
