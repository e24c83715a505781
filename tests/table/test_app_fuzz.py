"""Random people at the table: taps, drags, typing, buttons and time, in any order.

Whatever they do, the app does not crash, the game keeps its invariants, and
the detective monitor is never handed the secret before the game is over.
"""

from __future__ import annotations

import pygame
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from lastmessage.clock import SimulatedClock
from lastmessage.commands import ChooseScene, Erase, Flip, Pick
from lastmessage.hal.base import Control
from lastmessage.hal.sim import SimHal
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import public_view, tablet_view
from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
from lastmessage.ui.screen import KeyPressed, Pointer, TextTyped
from tables import make_app

TABLET, DETECTIVE = (1024, 600), (1920, 1080)
CATALOG = load_scenes(shipped_scenes_dir())
SCENE = CATALOG["harbour"]

points = st.tuples(st.floats(-50, TABLET[0] + 50), st.floats(-50, TABLET[1] + 50))
tablet_gesture = st.tuples(st.just("tablet"), st.lists(points, min_size=1, max_size=8))
detective_move = st.tuples(st.just("detective"), st.tuples(st.floats(0, DETECTIVE[0]),
                                                            st.floats(0, DETECTIVE[1])))
button = st.tuples(st.just("button"), st.sampled_from(list(Control)), st.floats(0.0, 1.2))
typing = st.tuples(st.just("type"), st.text(alphabet="abcăâîșț ABC1🍞", max_size=6))
special = st.tuples(st.just("key"), st.sampled_from(["backspace", "return", "escape"]))
wait = st.tuples(st.just("wait"), st.floats(0.0, 40.0))
# Taps where the tablet shows something: what people mostly do, so that games get somewhere.
TARGETS = ["start", "scene_start", "pick_confirm", "pick_random", "flip", "word_tool", "word_ok",
           "undo", "erase_confirm", "new_game", "preset", "zoom_in", "zoom_out", "guide_ok"]
target_tap = st.one_of(
    st.tuples(st.just("target"), st.sampled_from(TARGETS), st.none()),
    st.tuples(st.just("target"), st.just("scene"), st.sampled_from(list(CATALOG))),
    st.tuples(st.just("target"), st.just("cell"), st.integers(0, 8)),
    st.tuples(st.just("target"), st.just("guide"), st.booleans()),   # the roles screen: guided or not
    st.tuples(st.just("target"), st.just("key"), st.sampled_from(list("aeișț -"))),
    st.tuples(st.just("target"), st.just("character"), st.sampled_from([c.id for c in SCENE.characters[:40]])),
)
steps = st.lists(st.one_of(target_tap, target_tap, target_tap, tablet_gesture, detective_move, button,
                           typing, special, wait), min_size=5, max_size=80)


class Table:
    def __init__(self) -> None:
        pygame.init()
        self.clock = SimulatedClock()
        self.hal = SimHal()
        self.app = make_app(self.clock, hal=self.hal, tablet=TABLET, detective=DETECTIVE)
        self.tablet, self.detective = pygame.Surface(TABLET), pygame.Surface(DETECTIVE)

    def frame(self, seconds: float = 1 / 60) -> None:
        self.clock.advance(seconds)
        self.app.step()
        self.app.draw(self.tablet, self.detective)
        view = public_view(self.app.game)
        secret = self.app.game.secret
        if secret is not None and view.phase is not Phase.OVER:
            assert secret not in repr(view), "the detective view holds the secret"

    def do(self, step: tuple[object, ...]) -> None:
        kind = step[0]
        if kind == "tablet":
            path = step[1]
            assert isinstance(path, list)
            self.app.tablet_input(Pointer("down", *path[0]))
            for point in path[1:]:
                self.app.tablet_input(Pointer("move", *point))
            self.app.tablet_input(Pointer("up", *path[-1]))
        elif kind == "target":
            spot = self.app.tablet.locate(tablet_view(self.app.game), str(step[1]), step[2])
            if spot is not None:
                self.app.tablet_input(Pointer("down", *spot))
                self.app.tablet_input(Pointer("up", *spot))
        elif kind == "detective":
            self.app.detective_input(Pointer("move", *step[1], pressed=False))  # type: ignore[misc]
        elif kind == "button":
            control, hold = step[1], step[2]
            assert isinstance(control, Control) and isinstance(hold, float)
            self.hal.key(control, True, self.clock.now())
            self.frame(hold)
            self.hal.key(control, False, self.clock.now())
        elif kind == "type":
            self.app.tablet_input(TextTyped(str(step[1])))
        elif kind == "key":
            self.app.tablet_input(KeyPressed(str(step[1])))
        elif kind == "wait":
            self.frame(float(step[1]))  # type: ignore[arg-type]
        self.frame()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps)
def test_random_people_never_crash_the_table(actions: list[tuple[object, ...]]) -> None:
    table = Table()
    for action in [("target", "start", None), ("target", "scene", SCENE.id), ("target", "scene_start", None),
                   *actions]:
        table.do(action)
    game = table.app.game
    event(f"reached {game.phase.value}")
    assert game.outcome is None or game.phase is Phase.OVER


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps)
def test_random_people_in_a_game_under_way(actions: list[tuple[object, ...]]) -> None:
    """Start inside a game (the secret chosen), where most of the screens are."""
    table = Table()
    app = table.app
    app.execute(ChooseScene(SCENE.id), "test")
    app.execute(Pick(SCENE.suspects()[7].id), "test")
    app.execute(Flip(), "test")
    table.frame()
    for action in actions:
        table.do(action)
    event(f"reached {app.game.phase.value}, round {app.game.round}")
    for board in app.game.boards[:-1]:
        assert len(board.erased) == app.rules.erase_count(app.game.boards.index(board) + 1)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps)
def test_random_detectives_deciding(actions: list[tuple[object, ...]]) -> None:
    """Start where the detectives decide, with the cursor, the loupe and the buttons."""
    table = Table()
    app = table.app
    app.execute(ChooseScene(SCENE.id), "test")
    app.execute(Pick(SCENE.suspects()[7].id), "test")
    app.execute(Flip(), "test")
    table.frame(31)
    app.execute(Erase((0, 1, 2, 3, 4)), "test")
    table.frame()
    for action in actions:
        table.do(action)
    event(f"reached {app.game.phase.value}, round {app.game.round}")
    assert len(app.game.accusations) + len(app.game.passes) >= app.game.round - 1
