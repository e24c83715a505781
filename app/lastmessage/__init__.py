"""Last Message: a table device for the party deduction game."""

import os

# pygame prints a banner on standard output when imported; `lastmessage play`
# writes its events there, so keep it quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

__version__ = "0.1.0"
