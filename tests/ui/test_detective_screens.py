"""The detective monitor through a whole game, driven like the app drives it.

A real Game is played with `commands.perform`; the screen only ever gets
`public_view` and `public_events`, exactly as in the app. Checks look for the
elements a player across the table must see (not pixel art reviews): paper
where a board is, the amber timer, the loupe ring, the verdict colours.
"""

from __future__ import annotations

from pathlib import Path

import pygame
import pytest

from lastmessage.commands import Accuse, AddStroke, AddWord, ChooseScene, Command, Erase, Flip, Pass, Pick, Undo, perform
from lastmessage.i18n.translate import translator
from lastmessage.ui.present import compose
from lastmessage.hal.base import Intent, IntentKind
from lastmessage.hal.discipline import Timings
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.game import Game, Phase
from lastmessage.rules.projections import public_events, public_view
from lastmessage.scenes.model import SceneCatalog, load_scenes
from lastmessage.ui import theme
from lastmessage.ui.detective import DetectiveUI
from lastmessage.ui.detective.moments import SLIDE_SECONDS, VERDICT_SECONDS
from lastmessage.ui.screen import Pointer, Status

SCENES = Path(__file__).resolve().parents[1] / "fixtures" / "scenes"
FULL_HD = (1920, 1080)
UHD = (3840, 2160)
CIRCLE = [[0.5, 0.2], [0.8, 0.5], [0.5, 0.8], [0.2, 0.5], [0.5, 0.2]]
ZIGZAG = [[0.05, 0.1], [0.3, 0.3], [0.5, 0.1], [0.7, 0.3], [0.95, 0.1]]


def catalog() -> SceneCatalog:
    return load_scenes(SCENES)


CATALOG = catalog()


class Table:
    """One game, its detective screen and a surface, with the app's plumbing."""

    def __init__(self, size: tuple[int, int] = FULL_HD, secret: str = "park-baker",
                 rules: Rules | None = None) -> None:
        self.rules = rules or Rules()
        self.game = Game(self.rules, CATALOG)
        self.ui = DetectiveUI(size, CATALOG, hold_time=Timings().hold_time, rules=self.rules)
        self.surface = pygame.Surface(size)
        self.secret = secret
        self.t = 0.0
        self.status = Status()

    @property
    def view(self):  # type: ignore[no-untyped-def]
        return public_view(self.game)

    def do(self, command: Command) -> bool:
        try:
            events = perform(self.game, command, self.t)
        except RuleViolation as violation:
            self.ui.on_rejected(command, violation, self.t)
            return False
        self.ui.on_events(public_events(events), self.t)
        return True

    def wait(self, seconds: float) -> None:
        self.t += seconds
        self.ui.on_events(public_events(self.game.advance(self.t)), self.t)

    def intent(self, kind: IntentKind) -> None:
        for command in self.ui.handle_intent(Intent(kind, self.t), self.view):
            self.do(command)

    def draw(self) -> list[pygame.Rect]:
        return self.ui.draw(self.surface, self.view, self.t, self.status)

    def settle(self) -> None:
        """Time passes until what is under way on the monitor shows its final picture."""
        self.t = self.ui.settled(self.view, self.t)

    def shown(self) -> pygame.Surface:
        """What people see: the surface with the layers over it (a board still gliding in)."""
        return compose(self.surface, self.ui.layers())

    def start(self) -> None:
        self.do(ChooseScene("park"))
        self.do(Pick(self.secret))

    def clues(self, extra: bool = False) -> None:
        """Flip; draw the same clues whatever the secret; with `extra`, ink that the
        erasure will remove entirely (square 0) and a word that is undone."""
        self.do(Flip())
        self.wait(5)
        self.do(AddStroke(tuple(CIRCLE)))
        self.do(AddWord(4, "hat"))
        if extra:
            self.do(AddStroke(((0.05, 0.05), (0.3, 0.3), (0.1, 0.25)), 0.03))
            self.do(AddWord(8, "secret"))
            self.do(Undo())

    def erase(self) -> None:
        self.wait(self.rules.timer_seconds)
        count = self.game.erase_count()
        self.do(Erase(tuple([0, 2, 6, 8, 1, 3][:count])))


def colours(surface: pygame.Surface, rect: pygame.Rect | None = None) -> int:
    area = surface.subsurface(rect) if rect else surface
    small = pygame.transform.scale(area, (64, 36))
    return len({small.get_at((x, y))[:3] for x in range(64) for y in range(36)})


def has_colour(surface: pygame.Surface, colour: tuple[int, int, int], rect: pygame.Rect,
               tolerance: int = 12) -> bool:
    area = surface.subsurface(rect)
    found = pygame.mask.from_threshold(area, colour, (tolerance, tolerance, tolerance, 255))
    return found.count() > 0


def pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGB")


@pytest.mark.parametrize("size", [FULL_HD, UHD])
def test_every_screen_of_a_game(size: tuple[int, int]) -> None:
    table = Table(size)
    ui, surface = table.ui, table.surface
    layout = ui.table.layout
    scene = CATALOG["park"]

    assert table.draw() == [surface.get_rect()]                      # attract: a scene, big
    assert colours(surface) > 8
    table.t = 20.0                                                   # a how-to-play card
    table.draw()
    assert has_colour(surface, theme.AMBER, surface.get_rect())

    table.t = 0.0
    table.start()
    table.do(ChooseScene("park"))                       # refused: shown, not fatal
    table.draw()
    assert colours(surface) > 8

    table.clues()
    table.draw()
    panel = layout.panel(scene.aspect)
    assert has_colour(surface, theme.AMBER, panel)                   # the timer bar
    assert not has_colour(surface, theme.PAPER, layout.board(0, 0), 2)  # never the live board

    table.erase()
    table.settle()
    table.draw()
    assert has_colour(table.shown(), theme.PAPER, layout.board(0, 0), 2)      # the erased board, in place
    assert has_colour(table.shown(), theme.INK, layout.board(0, 0), 20)
    assert has_colour(surface, theme.AMBER, layout.scene(scene.aspect))  # cursor ring and loupe

    table.do(Accuse("park-robot"))
    table.draw()
    assert not has_colour(surface, theme.CRIMSON, layout.top_bar)    # the answer waits for the stamp...
    table.settle()
    table.draw()
    assert has_colour(table.shown(), theme.CRIMSON, layout.scene(scene.aspect))   # ...NOT THE CRIMINAL
    assert has_colour(surface, theme.CRIMSON, panel)                 # whom it answers, in its colour
    assert not has_colour(surface, theme.CRIMSON, layout.top_bar)    # ...and nothing more yet

    table.t += VERDICT_SECONDS
    for _ in range(3):
        table.clues()
        table.erase()
        table.settle()
        if table.game.round < 4:
            table.do(Pass())
            table.t += VERDICT_SECONDS
    table.draw()
    for index in range(4):
        assert has_colour(table.shown(), theme.PAPER, layout.board(index, 3), 2)

    table.do(Accuse("park-baker"))
    table.settle()
    table.draw()
    assert has_colour(table.shown(), theme.TEAL, layout.scene(scene.aspect))   # CORRECT
    table.t += VERDICT_SECONDS
    table.settle()
    table.draw()
    assert table.view.phase is Phase.OVER
    assert has_colour(surface, theme.GHOST, layout.board(0, 3), 4)      # erased ink ghosted back
    assert has_colour(surface, theme.TEAL, panel)                    # the detectives win
    if size == FULL_HD:
        pygame.image.save(surface, "/tmp/detective-test-reveal.png")


def suspect_table(**kwargs: object) -> Table:
    table = Table(**kwargs)  # type: ignore[arg-type]
    table.start()
    table.clues()
    table.erase()
    table.settle()
    table.draw()
    return table


def cursor(table: Table) -> str:
    return table.ui.cursor.on(CATALOG["park"]).id


def test_arrows_move_to_the_neighbour_and_stop_at_the_edge() -> None:
    table = suspect_table()
    start = cursor(table)
    table.intent(IntentKind.MOVE_LEFT)
    assert CATALOG["park"].character(cursor(table)).x < CATALOG["park"].character(start).x
    for _ in range(10):
        table.intent(IntentKind.MOVE_LEFT)
    leftmost = cursor(table)
    table.intent(IntentKind.MOVE_LEFT)
    assert cursor(table) == leftmost == "park-baker"


def test_encoder_visits_every_suspect_left_to_right() -> None:
    table = suspect_table()
    seen = []
    for _ in range(len(CATALOG["park"].suspects())):
        table.intent(IntentKind.NEXT_SUSPECT)
        seen.append(cursor(table))
    assert sorted(seen) == sorted(c.id for c in CATALOG["park"].suspects())
    table.intent(IntentKind.PREVIOUS_SUSPECT)
    assert cursor(table) == seen[-2]


def test_pointer_snaps_to_any_character_and_animals_are_refused_by_the_game() -> None:
    table = suspect_table()
    x, y = table.ui.locate(table.view, "character", "park-dog")
    table.ui.handle(Pointer("move", x + 9, y - 7, pressed=False), table.view, table.t)
    assert cursor(table) == "park-dog"
    table.intent(IntentKind.ACCUSE_HOLD)
    table.intent(IntentKind.ACCUSE)
    assert table.game.accusations == []                               # refused...
    table.draw()
    assert table.ui.moments.message is not None                       # ...and explained
    assert "Dog" in table.ui.moments.message.text(translator("en"))


def test_hold_to_confirm() -> None:
    table = suspect_table()
    target = cursor(table)
    table.intent(IntentKind.ACCUSE_HOLD)
    table.draw()
    table.t += 0.4
    half = table.draw()
    assert half and all(r.w < 700 for r in half)                       # only the ring moved
    table.intent(IntentKind.ACCUSE_CANCEL)
    assert table.game.accusations == []
    table.intent(IntentKind.ACCUSE_HOLD)
    table.intent(IntentKind.ACCUSE)
    assert [a.character for a in table.game.accusations] == [target]


def test_pass_and_on_screen_buttons() -> None:
    table = suspect_table()
    x, y = table.ui.locate(table.view, "accuse")
    table.ui.handle(Pointer("down", x, y), table.view, table.t)
    assert table.ui.handle(Pointer("up", x, y), table.view, table.t + 0.2) == []   # too short
    px, py = table.ui.locate(table.view, "pass")
    table.ui.handle(Pointer("down", px, py), table.view, table.t)
    assert table.ui.handle(Pointer("up", px, py), table.view, table.t) == [Pass()]
    table.intent(IntentKind.PASS)
    assert table.game.passes == [1]


def test_locate_needs_a_scene_and_a_known_character() -> None:
    table = Table()
    assert table.ui.locate(table.view, "character", "park-baker") is None
    table.start()
    assert table.ui.locate(table.view, "character", "nobody") is None
    assert table.ui.locate(table.view, "accuse") is None             # not deciding yet
    x, y = table.ui.locate(table.view, "character", "park-baker")
    assert 0 <= x < 1920 and 0 <= y < 1080


def test_moving_the_cursor_redraws_only_around_it() -> None:
    table = suspect_table()
    table.draw()
    assert table.draw() == []                                         # nothing changed
    table.intent(IntentKind.NEXT_SUSPECT)
    dirty = table.draw()
    area = sum(r.w * r.h for r in dirty)
    assert 0 < area < 0.15 * 1920 * 1080


def test_incremental_frames_equal_full_repaints() -> None:
    """The dirty-rectangle path never leaves stale pixels: every frame drawn on
    a kept surface equals the same frame painted whole on a fresh one."""
    kept, fresh = Table(), Table()

    def check() -> None:
        kept.draw()
        fresh.surface = pygame.Surface(FULL_HD)
        fresh.draw()
        assert pixels(kept.surface) == pixels(fresh.surface)

    def both(action: str, *args: object) -> None:
        for table in (kept, fresh):
            getattr(table, action)(*args)

    both("start")
    both("clues")
    check()
    both("erase")
    for step in (0.2, 0.3, 0.5):
        both("wait", step)
        check()
    for kind in (IntentKind.MOVE_RIGHT, IntentKind.MOVE_DOWN, IntentKind.NEXT_SUSPECT,
                 IntentKind.ACCUSE_HOLD):
        both("intent", kind)
        check()
    both("wait", 0.3)
    check()
    both("intent", IntentKind.ACCUSE_CANCEL)
    check()


def test_the_secret_and_the_live_board_never_show_before_the_end() -> None:
    """Item 5 of issue 6: nothing on the detective monitor depends on the secret
    (or on the victim's live ink) before the game is over.

    Two games differ only in who the criminal is and in ink the victim puts on
    the live board that the erasure later removes entirely (plus a word that is
    undone). Both are played with the same commands and the same controls at the
    same times; every frame of the detective monitor must be pixel-identical
    until the game ends. Then, at the reveal, they must differ: the test would
    otherwise prove nothing.
    """
    one, other = Table(secret="park-baker"), Table(secret="park-juggler")
    frames = 0

    def same(*actions: tuple[str, tuple[object, ...]]) -> None:
        nonlocal frames
        for name, args in actions:
            getattr(one, name)(*args)
            getattr(other, name)(*args)
        assert one.game.phase is other.game.phase
        assert one.draw() == other.draw()
        assert pixels(one.shown()) == pixels(other.shown()), f"frame {frames} differs"   # layers and all
        frames += 1

    def clues() -> None:
        for table, extra in ((one, False), (other, True)):
            table.clues(extra)
        same()
        for _ in range(3):
            same(("wait", (1.0,)))

    same()                                        # attract
    same(("start", ()))                           # secret picked (differently)
    same(("wait", (2.0,)))
    for round_number in (1, 2, 3, 4):
        clues()
        same(("erase", ()))
        for _ in range(3):
            same(("wait", (SLIDE_SECONDS / 3,)))
        for kind in (IntentKind.MOVE_RIGHT, IntentKind.MOVE_DOWN, IntentKind.NEXT_SUSPECT,
                     IntentKind.ACCUSE_HOLD):
            same(("intent", (kind,)))
            same(("wait", (0.2,)))
        same(("intent", (IntentKind.ACCUSE_CANCEL,)))
        if round_number == 1:                     # wrong for both games
            same(("do", (Accuse("park-robot"),)))
        else:
            same(("do", (Pass(),)))
        if round_number < 4:
            for _ in range(2):                    # the lights going down, the stamp falling
                same(("wait", (0.5,)))
            same(("wait", (VERDICT_SECONDS - 1.0,)))
    assert one.game.phase is Phase.OVER and other.game.phase is Phase.OVER
    assert frames > 60
    one.t += VERDICT_SECONDS
    one.settle()
    other.t += VERDICT_SECONDS
    other.settle()
    one.draw()
    other.draw()
    assert pixels(one.surface) != pixels(other.surface)   # the reveal shows each secret


def test_pass_says_what_it_costs(texts: list[tuple[str, int]]) -> None:
    """Passing the last round lets the criminal win: the legend says so, not "skip this round"."""
    table = Table()
    table.start()
    for round_number in range(1, 5):
        table.clues()
        table.erase()
        table.settle()
        del texts[:]
        table.draw()
        notes = " ".join(shown for shown, _ in texts)   # a note may be drawn on two lines
        if round_number < 4:
            assert "skip this round" in notes and "the criminal wins" not in notes
            table.do(Pass())
            table.t += VERDICT_SECONDS
    assert "the criminal wins" in notes and "skip this round" not in notes
    table.do(Pass())
    assert table.game.outcome is not None and table.game.outcome.winner.value == "criminal"


def test_a_refusal_on_the_monitor_starts_with_a_capital_letter(texts: list[tuple[str, int]]) -> None:
    table = suspect_table()
    table.status = Status(language="ro")
    goat = translator("ro").name("goat").definite
    assert goat[0].islower()
    table.ui.on_rejected(Accuse("goat"), RuleViolation("{name} cannot be chosen now.", name="goat"), table.t)
    table.draw()
    assert any(shown.startswith(goat.capitalize()) for shown, _ in texts)
    assert not any(shown.startswith(goat) for shown, _ in texts)
