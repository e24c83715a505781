"""Scene rasters painted on a worker thread, so a new crowd never stalls the screens.

A generated scene ("New crowd") has no cached raster: drawing it for the
monitor and the tablet takes seconds, and the screens would freeze at the
start of the game. The screens ask the painter instead: `ask` returns the
raster if it is ready and otherwise queues it and returns None (the screen
shows "painting the scene…" meanwhile); `prefetch` queues sizes needed
later (the detectives' table while the criminal picks); `get` waits for one
(for a screen that cannot do without it).

Software surfaces may be drawn off the main thread (`render.py` guards its
caches with a lock). The device turns painting in the background on
(`use_background`); scripted play and tests keep it off, so `ask` then draws
at once and every screenshot is the same whatever the machine's speed.
"""

from __future__ import annotations

import queue
import threading
import time
from collections.abc import Iterable

import pygame

from lastmessage.scenes.geometry import Size
from lastmessage.scenes.model import Scene
from lastmessage.scenes.render import ready_raster, render_scene

Job = tuple[Scene, Size]


class Painter:
    def __init__(self) -> None:
        self.background = False
        self._queue: queue.Queue[Job] = queue.Queue()
        self._pending: set[tuple[str, Size]] = set()
        self._done: dict[tuple[str, Size], tuple[Scene, pygame.Surface]] = {}   # painted, kept until asked for once
        self._failed: set[tuple[str, Size]] = set()   # asked again, these are drawn here and report why
        self._lock = threading.Lock()
        self._idle = threading.Condition(self._lock)
        self._thread: threading.Thread | None = None

    def use_background(self, on: bool = True) -> None:
        self.background = on

    def ask(self, scene: Scene, size: Size) -> pygame.Surface | None:
        """The raster if it is ready; otherwise None, and it is being painted (in the foreground
        when painting in the background is off: then never None)."""
        size = (int(size[0]), int(size[1]))
        with self._lock:
            found = self._take(scene, size)
            failed = (scene.id, size) in self._failed
            self._failed.discard((scene.id, size))
        found = found or ready_raster(scene, size)
        if found is not None:
            return found
        if not self.background or failed:
            return render_scene(scene, size)
        self._submit(scene, size)
        return None

    def prefetch(self, scene: Scene, sizes: Iterable[Size]) -> None:
        """Paint these sizes in the background now, to have them when asked (nothing when off)."""
        if self.background:
            for size in sizes:
                size = (int(size[0]), int(size[1]))
                if ready_raster(scene, size) is None:
                    self._submit(scene, size)

    def get(self, scene: Scene, size: Size) -> pygame.Surface:
        """The raster, waiting for the worker if it is painting it, else drawing it here."""
        size = (int(size[0]), int(size[1]))
        with self._lock:
            while (scene.id, size) in self._pending:
                self._idle.wait()
            found = self._take(scene, size)
            self._failed.discard((scene.id, size))
        return found or render_scene(scene, size)

    def _take(self, scene: Scene, size: Size) -> pygame.Surface | None:
        """(Under the lock.) The raster painted for this very scene, handed out once: a resumed
        game's kept scene shares its id with the catalog's, and the next game shows the latter."""
        done = self._done.pop((scene.id, size), None)
        return done[1] if done is not None and done[0] is scene else None

    def busy(self) -> bool:
        with self._lock:
            return bool(self._pending)

    def _submit(self, scene: Scene, size: Size) -> None:
        with self._lock:
            if (scene.id, size) in self._pending or (scene.id, size) in self._done:
                return
            for other in [key for key in self._done if key[0] != scene.id]:   # a scene no longer shown
                del self._done[other]
            self._pending.add((scene.id, size))
            if self._thread is None:
                self._thread = threading.Thread(target=self._work, name="scene-painter", daemon=True)
                self._thread.start()
        self._queue.put((scene, size))

    def _work(self) -> None:
        while True:
            scene, size = self._queue.get()
            key = (scene.id, size)
            try:
                painted = render_scene(scene, size, pace=_let_screens_run)
            except Exception:   # noqa: BLE001 - asked again, it is drawn in the foreground, which reports it
                with self._lock:
                    self._failed.add(key)
            else:
                with self._lock:
                    self._done[key] = (scene, painted)
            finally:
                with self._lock:
                    self._pending.discard(key)
                    self._idle.notify_all()


def _let_screens_run() -> None:
    """Between two figures: hand the interpreter to the screens' thread if it is waiting."""
    time.sleep(0)


PAINTER = Painter()
"""The one painter of the process: both screens share its worker and the render caches."""
