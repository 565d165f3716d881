"""The Kivy touchscreen app (issue 3): one module per screen."""
