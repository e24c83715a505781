"""Last Message: a table device for the party deduction game."""

__version__ = "0.1.0"
