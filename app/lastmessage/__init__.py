"""Last Message: a table device for the party deduction game."""

import os

# pygame prints a banner on standard output when imported; `lastmessage play`
# writes its events there, so keep it quiet.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Before any picture is made: see memory.py (every process of ours, bench children
# and tests included, then keeps its memory the way the device does).
from lastmessage.table.memory import keep_big_blocks_mapped  # noqa: E402

keep_big_blocks_mapped()

__version__ = "0.1.0"
