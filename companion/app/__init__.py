"""The Kivy touchscreen app: one module per screen."""
