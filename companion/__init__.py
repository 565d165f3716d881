"""companion: a touchscreen companion for people playing physical board games."""

__version__ = "0.1.0"
