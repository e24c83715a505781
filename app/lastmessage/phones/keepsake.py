"""Each finished game's keepsake: its page on the device, for a set time after the game, then gone.

The frame loop asks for one when a game ends with its reveal (`make`: the
words and the boards' labels drawn there, a few small texts); the pictures
(souvenir.py) are drawn once, on this module's own thread, and kept as bytes
until the keepsake expires. The server's thread only reads them (`find`).
A keepsake is named by a token of its own, not the game's join code: the code
ends with the game, the keepsake outlives it, and the next game's players
cannot reach the last one's by its code. At most `KEPT` keepsakes are held;
the oldest goes first. Nothing of it is ever sent anywhere: phones fetch it.
"""

from __future__ import annotations

import logging
import queue
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from lastmessage.i18n.translate import translator
from lastmessage.phones.codes import ALPHABET
from lastmessage.phones.souvenir import Souvenir, make_souvenir, round_labels
from lastmessage.rules.projections import Reveal
from lastmessage.scenes.model import Scene
from lastmessage.rules.game import Outcome
from lastmessage.ui.detective.words import criminal_was, outcome

log = logging.getLogger(__name__)

TOKEN_LENGTH = 10   # 31**10: not guessable at the rate a client is allowed, and a small QR code
KEPT = 4
FILES = {"scene.jpg": "image/jpeg", "boards.png": "image/png", "replay.gif": "image/gif"}


def is_token(text: str) -> bool:
    return len(text) == TOKEN_LENGTH and all(c in ALPHABET for c in text)


@dataclass
class Keepsake:
    token: str
    language: str
    headline: str          # who won, and why, as the monitor said it
    reason: str
    criminal: str          # "The criminal: the man in the red coat"
    rounds: int            # boards replayed
    expires: float         # on the keepsakes' clock
    souvenir: Souvenir | None = None   # None while being drawn
    failed: bool = False
    job: tuple[Reveal, Scene, list[pygame.Surface]] | None = field(default=None, repr=False)

    def file(self, name: str) -> bytes | None:
        if self.souvenir is None:
            return None
        return {"scene.jpg": self.souvenir.scene_jpeg, "boards.png": self.souvenir.boards_png,
                "replay.gif": self.souvenir.replay_gif}.get(name)


class Keepsakes:
    def __init__(self, lifetime: float, clock: Callable[[], float] = time.monotonic) -> None:
        self.lifetime = lifetime
        self.clock = clock
        self._lock = threading.Lock()
        self._kept: OrderedDict[str, Keepsake] = OrderedDict()
        self._jobs: queue.Queue[Keepsake] = queue.Queue(KEPT)
        self._thread: threading.Thread | None = None

    # ---- the frame loop's thread ------------------------------------------------

    def make(self, reveal: Reveal, result: Outcome | None, rounds: int, scene: Scene,
             language: str) -> str | None:
        """A new keepsake's token (its pictures drawn meanwhile); None when none is kept (a lifetime of 0)."""
        if self.lifetime <= 0:
            return None
        tx = translator(language)
        criminal = scene.character(reveal.secret)
        headline, reason = outcome(tx, result, rounds) if result is not None else ("", "")
        keepsake = Keepsake(
            token="".join(secrets.choice(ALPHABET) for _ in range(TOKEN_LENGTH)), language=language,
            headline=headline, reason=reason,
            criminal=criminal_was(tx, criminal) if criminal is not None else "",
            rounds=len(reveal.boards), expires=self.clock() + self.lifetime,
            job=(reveal, scene, round_labels(reveal, tx)))
        with self._lock:
            self._forget_expired()
            self._kept[keepsake.token] = keepsake
            while len(self._kept) > KEPT:
                self._kept.popitem(last=False)
        try:
            self._jobs.put_nowait(keepsake)
        except queue.Full:   # games ending faster than pictures are drawn: this one has none
            keepsake.failed, keepsake.job = True, None
        if self._thread is None or not self._thread.is_alive():
            self._thread = threading.Thread(target=self._work, name="phones keepsakes", daemon=True)
            self._thread.start()
        return keepsake.token

    # ---- the server's thread ----------------------------------------------------

    def find(self, token: str) -> Keepsake | None:
        """The keepsake of `token` while it is kept (None: never made, or its time is up)."""
        with self._lock:
            self._forget_expired()
            return self._kept.get(token)

    def _forget_expired(self) -> None:
        now = self.clock()
        for token in [t for t, k in self._kept.items() if k.expires <= now]:
            del self._kept[token]

    # ---- its own thread ---------------------------------------------------------

    def _work(self) -> None:
        while True:
            try:
                keepsake = self._jobs.get(timeout=5.0)
            except queue.Empty:
                return
            job, keepsake.job = keepsake.job, None
            if job is None or self.find(keepsake.token) is None:
                continue   # already gone: not worth drawing
            try:
                keepsake.souvenir = make_souvenir(*job)
            except (pygame.error, OSError, ValueError) as error:
                log.warning("phones: the keepsake of %s could not be drawn: %s", job[1].id, error)
                keepsake.failed = True
