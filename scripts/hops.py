"""Count the hops of one pen stroke and of one accusation through a running table.

Run with the checkout's own interpreter (it imports whatever `lastmessage` that
interpreter finds):   .venv/bin/python scripts/hops.py [--tree]

A hop is one call from one of our functions (a file under lastmessage/) into
another of ours; library code, C functions, dataclass-generated methods and
comprehensions are not counted. One frame of the real loop (`table.loop._frame`)
is traced with sys.setprofile while it carries the input:

  pen move    a FINGERMOTION in pygame's queue, read by the real
              WindowDisplay.inputs, while a stroke is under way on the clue board,
              until its ink is blitted onto the tablet surface;
  pen lift    the FINGERUP that ends the stroke: the AddStroke goes to the game
              (StrokeAdded), until the tablet surface is next written;
  accusation  the frame in which the HAL gives the ACCUSE intent (the button held
              its hold time), until the monitor's surface is first written.

The path is the union of the call chains (frame -> ... -> station) that lead to
the stations the input passes: the pygame event read, the screen taking the input
in (InkLayer.extend/finish, DetectiveUI.handle_intent), the game changing
(Game.apply), the views being computed (any function of rules/projections.py)
and the first write on the screen's surface (a blit/fill on it). Its number of
calls is the hop count; "computing views" are those inside public_view and
tablet_view. Also printed: how many projections ran in that frame
and how many of our calls the whole frame made.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from types import FrameType
from typing import Any

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

OURS = os.sep + "lastmessage" + os.sep
WRITES = {"blit", "blits", "fblits", "fill"}


class Tracer:
    def __init__(self, screen: pygame.Surface, stations: Callable[[str, str], bool]) -> None:
        self.screen = screen
        self.stations = stations
        self.names: list[str] = []          # node -> "module.qualname"
        self.parent: list[int] = []         # node -> parent node (-1: root)
        self.stack: list[tuple[FrameType, int]] = []
        self.marked: set[int] = set()
        self.written = False
        self.projections = 0

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            code = frame.f_code
            if OURS not in code.co_filename or code.co_name.startswith("<") and code.co_name != "<lambda>":
                return
            module = code.co_filename.split(OURS, 1)[1].removesuffix(".py").replace(os.sep, ".")
            name = f"{module}.{code.co_qualname}"
            node = len(self.names)
            self.names.append(name)
            self.parent.append(self.stack[-1][1] if self.stack else -1)
            self.stack.append((frame, node))
            if module == "rules.projections":
                self.marked.add(node)
                if code.co_name in ("public_view", "tablet_view"):
                    self.projections += 1
            if self.stations(module, code.co_qualname):
                self.marked.add(node)
        elif event == "return":
            if self.stack and self.stack[-1][0] is frame:
                self.stack.pop()
        elif event == "c_call" and not self.written and self.stack:
            if getattr(arg, "__self__", None) is self.screen and getattr(arg, "__name__", "") in WRITES:
                self.written = True
                self.marked.add(self.stack[-1][1])

    def path(self) -> list[int]:
        on: set[int] = set()
        for node in self.marked:
            while node >= 0 and node not in on:
                on.add(node)
                node = self.parent[node]
        return sorted(on)

    def report(self, title: str, tree: bool) -> str:
        path = self.path()
        hops = len(path) - 1   # the traced frame itself is where the count starts
        views = ("rules.projections.public_view", "rules.projections.tablet_view")

        def in_view(node: int) -> bool:
            while node >= 0:
                if self.names[node] in views:
                    return True
                node = self.parent[node]
            return False
        inside = sum(1 for n in path if in_view(n))
        line = (f"{title:<11} hops {hops:4d}   of them computing views {inside:3d}   "
                f"projections run {self.projections}   screen written {self.written}   "
                f"our calls in the frame {len(self.names) - 1}")
        if tree:
            depth = {-1: -1}
            for n in path:
                depth[n] = depth[self.parent[n]] + 1
                line += "\n    " + "  " * depth[n] + self.names[n]
        return line


def main() -> None:
    tree = "--tree" in sys.argv
    import lastmessage
    from lastmessage.clock import SimulatedClock
    from lastmessage.commands import ChooseScene, Erase, Flip, Pick
    from lastmessage.hal.base import Control
    from lastmessage.hal.sim import SimHal
    from lastmessage.rules.config import Rules
    from lastmessage.rules.projections import public_view, tablet_view
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.table.app import App
    from lastmessage.table.loop import _frame
    from lastmessage.ui.display import WindowDisplay
    from lastmessage.ui.screen import Pointer

    print("lastmessage from", os.path.dirname(lastmessage.__file__))
    pygame.init()
    pygame.display.init()
    size_t, size_d = (1280, 800), (1920, 1080)
    display = object.__new__(WindowDisplay)   # its real `inputs`, over offscreen surfaces
    display.simulator, display.touch_target = False, "tablet"
    display.tablet_window = display.detective_window = None
    display.tablet, display.detective = pygame.Surface(size_t), pygame.Surface(size_d)
    display.present = lambda *args, **kwargs: None   # type: ignore[method-assign]
    clock, hal = SimulatedClock(), SimHal()
    app = App(catalog=load_scenes(shipped_scenes_dir()), rules=Rules(timer_seconds=120), clock=clock,
              hal=hal, tablet_size=size_t, detective_size=size_d)

    def frame(tracer: Tracer | None = None) -> None:
        clock.advance(1 / 60)
        if tracer is not None:
            sys.setprofile(tracer)
        try:
            _frame(app, display)
        finally:
            sys.setprofile(None)

    def finger(kind: int, x: float, y: float) -> None:
        pygame.event.post(pygame.event.Event(kind, x=x / size_t[0], y=y / size_t[1], dx=0.0, dy=0.0,
                                             finger_id=0, touch_id=0, pressure=1.0))

    for _ in range(5):
        frame()
    scene = next(iter(app.catalog.values()))
    app.execute(ChooseScene(scene.id), "script")
    frame()
    app.execute(Pick(scene.suspects()[0].id), "script")
    app.execute(Flip(), "script")
    for _ in range(5):
        frame()
    pygame.event.clear()
    x, y = app.tablet.locate(tablet_view(app.game), "board", (0.2, 0.5)) or (0, 0)
    finger(pygame.FINGERDOWN, x, y)
    frame()
    for k in range(1, 6):
        finger(pygame.FINGERMOTION, x + 8 * k, y + 3 * k)
        frame()
    tracer = Tracer(display.tablet, lambda m, q: (m, q) in {
        ("ui.display", "WindowDisplay.inputs"), ("ui.tablet.ink", "InkLayer.extend"),
        ("ui.tablet.ink", "InkLayer.finish"), ("rules.game", "Game.apply")})
    finger(pygame.FINGERMOTION, x + 60, y + 20)
    frame(tracer)
    print(tracer.report("pen move", tree))
    tracer = Tracer(display.tablet, tracer.stations)
    finger(pygame.FINGERUP, x + 64, y + 22)
    frame(tracer)
    print(tracer.report("pen lift", tree))

    clock.advance(121)
    frame()
    app.execute(Erase(tuple(range(app.rules.erase_count(1)))), "script")
    for _ in range(240):   # the board arrives on the monitor and settles
        frame()
    spot = app.detective.locate(public_view(app.game), "character", scene.suspects()[1].id)
    assert spot is not None
    app.detective_input(Pointer("move", *spot, pressed=False))
    frame()
    hal.key(Control.ACCUSE, True, clock.now())
    while not app.game.accusations:
        tracer = Tracer(display.detective, lambda m, q: (m, q) in {
            ("ui.detective.screen", "DetectiveUI.handle_intent"), ("rules.game", "Game.apply")})
        frame(tracer)
    print(tracer.report("accusation", tree))


if __name__ == "__main__":
    main()
