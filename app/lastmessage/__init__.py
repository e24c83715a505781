"""Last Message: a table device for the party deduction game.

Importing it, or any of its modules, does nothing but define things: the
allocator is tuned where a process starts (table/memory.py), and pygame's banner
is kept off standard output by the command line (cli.main).
"""

__version__ = "0.1.0"
