"""The join code of one game: short enough to type, drawn from the system's randomness.

Each game has its own; the code ends with the game (`Phones.game_changed`), so a
phone left on last game's page cannot follow the next one without scanning
again. Letters and digits that read alike (0/O, 1/I/L) are left out.
"""

from __future__ import annotations

import secrets

ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789"
LENGTH = 6   # 31**6, about 900 million: not guessable at the rate an address may get codes wrong (guesses.py)


def new_code() -> str:
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def is_code(text: str) -> bool:
    """Could be a code (the shape only; whether it is this game's is `Phones`' to say)."""
    return len(text) == LENGTH and all(c in ALPHABET for c in text)
