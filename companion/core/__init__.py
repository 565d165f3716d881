"""The pure rules engines: no I/O, no clock, no randomness, no Kivy, no hardware."""
