"""Scene rasters painted on a worker thread, so a new crowd never stalls the screens.

A generated scene ("New crowd") has no cached raster: drawing it for the
monitor and the tablet takes seconds, and the screens would freeze at the
start of the game. The screens ask the painter instead: `ask` returns the
raster if it is ready and otherwise queues it and returns None (the screen
shows "painting the scene…" meanwhile); `prefetch` queues sizes needed
later (the detectives' table while the criminal picks); `get` waits for one
(for a screen that cannot do without it).

The worker also makes the new crowds themselves (`make`): generating a scene
takes 0.1-1.8 s, and the catalog never makes one behind a lookup, so the
app asks the painter for a chosen new crowd and starts the game once it is
made. With painting in the background off, `make` makes it at once.

Software surfaces may be drawn off the main thread (`render.py` guards its
caches with a lock). The device turns painting in the background on
(`use_background`); scripted play and tests keep it off, so `ask` then draws
at once and every screenshot is the same whatever the machine's speed.
"""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Iterable
from dataclasses import dataclass

import pygame

from lastmessage.scenes.geometry import Size
from lastmessage.scenes.model import Scene, SceneCatalog
from lastmessage.scenes.render import ready_raster, render_scene

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Paint:
    scene: Scene
    size: Size


@dataclass(frozen=True)
class _Make:
    catalog: SceneCatalog
    scene_id: str


Job = _Paint | _Make


class Painter:
    def __init__(self) -> None:
        self.background = False
        self._queue: queue.Queue[Job] = queue.Queue()
        self._pending: set[tuple[str, Size]] = set()
        self._done: dict[tuple[str, Size], tuple[Scene, pygame.Surface]] = {}   # painted, kept until asked for once
        self._failed: set[tuple[str, Size]] = set()   # asked again, these are drawn here and report why
        self._making: set[str] = set()   # scene ids the worker makes
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

    def make(self, catalog: SceneCatalog, scene_id: str) -> Scene | None:
        """The scene `catalog` has or can make by that id; one it has yet to make (`can_make`)
        is made on the worker, and None is returned until it is (`making`). Painting in the
        foreground, it is made here at once. None also for an id that names no scene."""
        if not catalog.can_make(scene_id):
            return catalog.get(scene_id)
        if not self.background:
            return catalog.make(scene_id)
        with self._lock:
            if scene_id in self._making:
                return None
            self._making.add(scene_id)
            self._start()
        self._queue.put(_Make(catalog, scene_id))
        return None

    def making(self, scene_id: str) -> bool:
        """The worker is making this scene (`make`)."""
        with self._lock:
            return scene_id in self._making

    def _take(self, scene: Scene, size: Size) -> pygame.Surface | None:
        """(Under the lock.) The raster painted for this very scene, handed out once: a resumed
        game's kept scene shares its id with the catalog's, and the next game shows the latter."""
        done = self._done.pop((scene.id, size), None)
        return done[1] if done is not None and done[0] is scene else None

    def busy(self) -> bool:
        with self._lock:
            return bool(self._pending or self._making)

    def _submit(self, scene: Scene, size: Size) -> None:
        with self._lock:
            if (scene.id, size) in self._pending or (scene.id, size) in self._done:
                return
            for other in [key for key in self._done if key[0] != scene.id]:   # a scene no longer shown
                del self._done[other]
            self._pending.add((scene.id, size))
            self._start()
        self._queue.put(_Paint(scene, size))

    def _start(self) -> None:
        """(Under the lock.) The worker, started at the first job."""
        if self._thread is None:
            self._thread = threading.Thread(target=self._work, name="scene-painter", daemon=True)
            self._thread.start()

    def _work(self) -> None:
        while True:
            match self._queue.get():
                case _Paint(scene=scene, size=size):
                    self._paint(scene, size)
                case _Make(catalog=catalog, scene_id=scene_id):
                    self._make(catalog, scene_id)

    def _make(self, catalog: SceneCatalog, scene_id: str) -> None:
        try:
            catalog.make(scene_id)
        except Exception:   # noqa: BLE001 - the worker goes on; the game is refused as for no such scene
            log.exception("scene %s could not be made", scene_id)
        finally:
            with self._lock:
                self._making.discard(scene_id)
                self._idle.notify_all()

    def _paint(self, scene: Scene, size: Size) -> None:
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
