"""The tablet through whole games, driven as the app drives it.

A real Game is played with `commands.perform`; the tablet gets `tablet_view`,
the game's events and its refusals, exactly as in the app. Taps land where
`locate` says the thing is, so every check also proves the scripted player
can reach it. Checks look for what a player must see: paper where the board
is, the amber Start/Flip buttons, the timer ring, the refusal card.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pygame
import pytest

from lastmessage.commands import (
    Accuse, AddStroke, AddWord, Command, Erase, NewGame, Pass, Pick, SetLanguage, Undo, perform,
)
from lastmessage.i18n.translate import translator
from lastmessage.i18n.names import capitalized
from lastmessage.rules.board import DEFAULT_WIDTH
from lastmessage.rules.config import Rules
from lastmessage.rules.errors import RuleViolation
from lastmessage.rules.game import Game, Phase
from lastmessage.rules.projections import TabletView, tablet_view
from lastmessage.scenes.model import SceneCatalog, load_scenes
from lastmessage.ui import theme
from lastmessage.ui.screen import Pointer, Status, TextTyped
from lastmessage.ui.tablet import TabletUI
from lastmessage.ui.tablet.pick import PickScreen
from lastmessage.scenes.geometry import figure_height_px
from lastmessage.ui.tablet.portrait import source_size

SCENES = Path(__file__).resolve().parents[1] / "fixtures" / "scenes"
SIZES = [(1280, 800), (1024, 600)]
TITLES = ("Tiny Park", "Night Market", "Ski Slope", "Harbour", "Space Station", "Museum Hall")


def six_scenes() -> SceneCatalog:
    """The fixture park under six names: the scene grid shows six scenes, as shipped."""
    park = load_scenes(SCENES)["park"]
    return SceneCatalog([park] + [replace(park, id=f"park{i}", title=TITLES[i]) for i in range(1, 6)])


CATALOG = six_scenes()
STARTS_WITH_NAME = "{name} cannot be chosen now."   # a refusal whose first word is a name


class Table:
    """One game, the tablet and its surface, with the app's plumbing."""

    def __init__(self, size: tuple[int, int] = SIZES[0], rules: Rules | None = None, seed: int = 0,
                 *, roles: bool = False) -> None:
        """`roles`: stop at the roles screen after a scene is chosen (else the group skips it)."""
        self.roles = roles
        self.rules = rules or Rules()
        self.game = Game(self.rules, CATALOG)
        self.ui = TabletUI(size, CATALOG, self.rules, seed=seed)
        self.surface = pygame.Surface(size)
        self.t = 0.0
        self.status = Status()
        self.sent: list[Command] = []
        self.refused: list[RuleViolation] = []

    @property
    def view(self) -> TabletView:
        self.game.advance(self.t)
        return tablet_view(self.game)

    def run(self, commands: list[Command]) -> None:
        for command in commands:
            self.sent.append(command)
            if isinstance(command, NewGame):
                self.game = Game(self.rules, CATALOG)
                continue
            if isinstance(command, SetLanguage):   # the App's part: the screens get the language
                self.status = replace(self.status, language=command.code)
                continue
            try:
                self.ui.on_events(perform(self.game, command, self.t), self.t)
            except RuleViolation as violation:
                self.refused.append(violation)
                self.ui.on_rejected(command, violation, self.t)
            else:
                if not self.roles and self.ui.locate(self.view, "guide", False) is not None:
                    self.tap("guide", False)   # a group that knows the game

    def input(self, event: Pointer | TextTyped) -> None:
        self.run(self.ui.handle(event, self.view, self.t))

    def at(self, target: str, arg: object = None) -> tuple[float, float]:
        spot = self.ui.locate(self.view, target, arg)
        assert spot is not None, f"{target} {arg!r} is not on the {self.game.phase.value} screen"
        return spot

    def tap(self, target: str, arg: object = None) -> None:
        x, y = self.at(target, arg)
        self.input(Pointer("down", x, y))
        self.input(Pointer("up", x, y))

    def draw(self) -> list[pygame.Rect]:
        return self.ui.draw(self.surface, self.view, self.t, self.status)

    def pixel(self, spot: tuple[float, float]) -> tuple[int, int, int]:
        colour = self.surface.get_at((round(spot[0]), round(spot[1])))
        return colour.r, colour.g, colour.b

    def face(self, target: str) -> tuple[int, int, int]:
        """The colour of a button's face, just above its label."""
        x, y = self.at(target)
        return self.pixel((x, y - 20))

    def stroke(self, points: list[tuple[float, float]]) -> None:
        spots = [self.at("board", p) for p in points]
        self.input(Pointer("down", *spots[0]))
        for spot in spots[1:]:
            self.input(Pointer("move", *spot))
            self.draw()
        self.input(Pointer("up", *spots[-1]))

    # ---- the steps of a game -----------------------------------------------

    def to_pick(self, scene: str = "park") -> None:
        self.draw()
        self.tap("start")
        self.tap("scene", scene)
        self.tap("scene_start")

    def to_clues(self, secret: str = "park-robot") -> None:
        self.to_pick()
        self.tap("character", secret)
        self.tap("pick_confirm")
        self.tap("flip")

    def to_erase(self) -> None:
        self.to_clues()
        self.stroke([(0.1, 0.1), (0.5, 0.5), (0.9, 0.2)])
        self.t += self.rules.timer_seconds + 0.1


def colourful(surface: pygame.Surface) -> bool:
    """Not blank: many different colours on the screen."""
    small = pygame.transform.scale(surface, (64, 40))
    return len({tuple(small.get_at((x, y))) for x in range(64) for y in range(40)}) > 12


def near(colour: tuple[int, int, int], expected: tuple[int, int, int], tolerance: int = 24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


@pytest.mark.parametrize("size", SIZES)
def test_every_screen_of_a_game(size: tuple[int, int], tmp_path: Path) -> None:
    table = Table(size)
    seen: list[str] = []

    def check(name: str) -> None:
        dirty = table.draw()
        assert dirty, f"{name}: the first draw of a screen paints it"
        assert colourful(table.surface), f"{name} looks blank"
        seen.append(name)

    check("idle")
    assert near(table.face("start"), theme.AMBER)
    table.tap("start")
    check("choose")
    table.tap("scene", "park3")
    table.draw()
    assert near(table.face("scene_start"), theme.AMBER)   # Start lights up once chosen
    table.tap("scene", "park")
    table.tap("scene_start")
    assert table.game.phase is Phase.SECRET
    check("pick")
    table.tap("character", "park-juggler")
    table.tap("pick_confirm")
    assert table.game.secret == "park-juggler"
    check("ready")
    assert near(table.face("flip"), theme.AMBER)
    table.tap("flip")
    check("clues")
    assert near(table.pixel(table.at("board", (0.16, 0.16))), theme.PAPER)
    table.stroke([(0.1, 0.5), (0.9, 0.5)])
    table.t = 31
    check("erase")
    for cell in (0, 2, 6, 8, 4):
        table.tap("cell", cell)
    table.tap("erase_confirm")
    assert table.game.phase is Phase.SUSPECT
    check("waiting")
    table.run([Accuse("park-baker")])
    check("verdict")
    for round_number in (2, 3, 4):
        table.tap("flip")
        table.t += 31
        for cell in range(table.game.erase_count()):
            table.tap("cell", cell)
        table.tap("erase_confirm")
        if round_number < 4:
            table.run([Pass()])
        if round_number == 2:
            check("passed")
    table.run([Accuse("park-juggler")])
    assert table.game.phase is Phase.OVER
    check("summary")
    assert near(table.face("new_game"), theme.AMBER)
    table.tap("new_game")
    assert table.sent[-1] == NewGame()
    check("after new game")
    assert table.ui.locate(table.view, "scene", "park") is not None   # straight to the scene grid
    assert len(seen) == 11


@pytest.mark.parametrize("size", SIZES)
def test_targets_are_big_enough_for_fingers(size: tuple[int, int]) -> None:
    """Every button of the clue screen is at least 48 px both ways (Apple/Google guidance)."""
    table = Table(size)
    table.to_clues()
    table.draw()
    screen = table.ui.screen(table.view, table.t)
    for button in screen._buttons():  # type: ignore[attr-defined]
        assert min(button.rect.size) >= 48, button
    table.tap("word_tool")
    table.tap("cell", 4)
    for key in screen.keyboard.keys:  # type: ignore[attr-defined]
        assert min(key.rect.size) >= 48, key


def test_steady_frames_cost_nothing_and_pixels_are_reproducible() -> None:
    shots = []
    for _ in range(2):
        table = Table()
        table.to_clues()
        table.stroke([(0.2, 0.2), (0.4, 0.6), (0.8, 0.3)])
        table.t += 3.5
        table.draw()
        shots.append(pygame.image.tobytes(table.surface, "RGB"))
        again = table.draw()
        assert again == [], "nothing moved: nothing is redrawn"
    assert shots[0] == shots[1]


def test_the_timer_ring_redraws_only_its_own_area() -> None:
    table = Table()
    table.to_clues()
    table.draw()
    table.t += 1.0
    dirty = table.draw()
    assert dirty and all(rect.w * rect.h < table.surface.get_width() * table.surface.get_height() / 8
                         for rect in dirty)


# ---- ink --------------------------------------------------------------------

def test_ink_is_on_the_surface_in_the_draw_after_the_move() -> None:
    table = Table()
    table.to_clues()
    table.draw()
    start, end = table.at("board", (0.2, 0.5)), table.at("board", (0.6, 0.5))
    table.input(Pointer("down", *start))
    table.draw()
    before = table.surface.copy()
    table.input(Pointer("move", *end))
    dirty = table.draw()
    middle = table.at("board", (0.4, 0.5))
    assert near(table.pixel(middle), theme.INK, 40), "the new segment is drawn at once"
    assert near(tuple(before.get_at((round(middle[0]), round(middle[1]))))[:3], theme.PAPER)
    assert any(rect.collidepoint(middle) for rect in dirty)
    board_area = (table.at("board", (1, 1))[0] - table.at("board", (0, 0))[0]) ** 2
    assert sum(r.w * r.h for r in dirty) < board_area / 4, "only the new segment is redrawn"


def test_a_stroke_is_sent_in_board_coordinates_clamped_to_the_board() -> None:
    table = Table()
    table.to_clues()
    table.draw()
    x0, y0 = table.at("board", (0.25, 0.25))
    x1, y1 = table.at("board", (1.0, 0.75))
    table.input(Pointer("down", x0, y0))
    table.input(Pointer("move", x1 + 200, y1))   # the finger slides off the board
    table.input(Pointer("up", x1 + 200, y1))
    stroke = table.sent[-1]
    assert isinstance(stroke, AddStroke)
    (ax, ay), (bx, by) = stroke.points
    assert (ax, ay) == pytest.approx((0.25, 0.25), abs=0.005)
    assert (bx, by) == pytest.approx((1.0, 0.75), abs=0.005)
    assert table.game.board is not None and len(table.game.board.strokes) == 1
    table.draw()
    assert table.draw() == []   # the game's copy of the stroke is already on the layer


def test_time_up_locks_the_board_and_drops_the_stroke_in_progress() -> None:
    table = Table()
    table.to_clues()
    table.draw()
    table.input(Pointer("down", *table.at("board", (0.2, 0.2))))
    table.input(Pointer("move", *table.at("board", (0.8, 0.2))))
    table.draw()
    corner = table.at("board", (0.8, 0.8))
    table.t = table.game.deadline or 0.0   # the sand runs out before the finger lifts
    table.input(Pointer("move", *corner))
    table.input(Pointer("up", *corner))
    assert not any(isinstance(command, AddStroke) for command in table.sent)
    assert table.game.phase is Phase.ERASE
    table.draw()
    assert near(table.pixel(table.at("cell", 1)), theme.PAPER), "the dropped stroke is gone"


def test_undo_sends_undo_and_the_board_follows() -> None:
    table = Table()
    table.to_clues()
    table.stroke([(0.1, 0.5), (0.9, 0.5)])
    table.draw()
    middle = table.at("board", (0.5, 0.5))
    assert near(table.pixel(middle), theme.INK, 40)
    table.tap("undo")
    assert table.sent[-1] == Undo()
    table.draw()
    assert near(table.pixel(middle), theme.PAPER)


# ---- words ------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
def test_a_word_typed_with_romanian_letters(size: tuple[int, int]) -> None:
    table = Table(size)
    table.to_clues()
    table.tap("word_tool")
    assert table.ui.locate(table.view, "key", "a") is None, "no keyboard before a square is chosen"
    table.tap("cell", 4)
    table.draw()
    for character in "țară":
        table.tap("key", character)
    table.input(TextTyped("ș"))                      # a physical keyboard in the simulator
    table.tap("key", "backspace")
    for character in " mică":
        table.tap("key", character)
    table.tap("word_ok")
    assert table.sent[-1] == AddWord(4, "țară mică")
    assert table.game.board is not None and table.game.board.words[0].text == "țară mică"
    assert table.ui.locate(table.view, "word_tool") is not None, "back to drawing"
    assert table.ui.locate(table.view, "key", "Q") is None   # capitals only from a physical keyboard


def test_no_word_tool_in_a_drawings_only_game() -> None:
    table = Table(rules=Rules(allow_text=False))
    table.to_clues()
    table.draw()
    assert table.ui.locate(table.view, "word_tool") is None
    assert table.ui.locate(table.view, "undo") is not None


def test_a_repeated_word_is_refused_and_explained() -> None:
    table = Table()
    table.to_clues()
    for cell, text in ((0, "pâine"), (1, "Paine")):
        table.tap("word_tool")
        table.tap("cell", cell)
        for character in text.lower():
            table.tap("key", character)
        table.tap("word_ok")
    assert table.refused and table.refused[-1].reason == "repeated_word"
    area = table.ui.screen(table.view, table.t).notice_area()
    table.draw()
    shown = table.surface.subsurface(area).copy()
    table.ui.forget_notice()                        # the App's notice time is up (notices.py)
    table.draw()
    gone = table.surface.subsurface(area).copy()
    assert pygame.image.tobytes(shown, "RGB") != pygame.image.tobytes(gone, "RGB")
    crimson = sum(near(tuple(shown.get_at((x, y)))[:3], theme.CRIMSON, 30)
                  for x in range(0, shown.get_width(), 2) for y in range(0, shown.get_height(), 2))
    assert crimson > 20, "the refusal card has its crimson edge"


@pytest.mark.parametrize("size", SIZES)
def test_a_word_too_long_for_its_row_is_refused_whole_with_a_message(
        size: tuple[int, int], texts: list[tuple[str, int]]) -> None:
    """Typed to its end (the field never cuts it), refused when OK is tapped, and said on screen."""
    table = Table(size)
    table.to_clues()
    table.tap("word_tool")
    table.tap("cell", 0)
    for character in "an extraordinarily long word":
        table.tap("key", character)
    table.tap("word_ok")
    assert table.sent[-1] == AddWord(0, "an extraordinarily long word")
    assert table.refused[-1].reason == "invalid_word"
    assert table.game.board is not None and table.game.board.words == []
    table.draw()
    shown = " ".join(text for text, _size in texts)
    assert "too long for a row" in shown


@pytest.mark.parametrize("size", SIZES)
def test_a_refused_word_leaves_the_pen_and_word_buttons_in_view(size: tuple[int, int]) -> None:
    table = Table(size)
    table.to_clues()
    screen = table.ui.screen(table.view, table.t)
    buttons = [button.rect for button in screen._buttons()]  # type: ignore[attr-defined]
    for cell in (0, 1):
        table.tap("word_tool")
        table.tap("cell", cell)
        for character in "hat":
            table.tap("key", character)
        table.tap("word_ok")
        table.draw()
        if cell == 0:
            before = [pygame.image.tobytes(table.surface.subsurface(rect), "RGB") for rect in buttons]
    assert table.refused[-1].reason == "repeated_word"
    assert [pygame.image.tobytes(table.surface.subsurface(rect), "RGB") for rect in buttons] == before


def test_the_pen_button_says_what_a_tap_gives(texts: list[tuple[str, int]]) -> None:
    table = Table()
    table.to_clues()
    table.draw()
    assert "✎  Switch to the bold pen" in {shown for shown, _ in texts}       # the fine pen is in use
    assert "✎  Switch to the fine pen" not in {shown for shown, _ in texts}
    table.tap("pen", 2 * DEFAULT_WIDTH)
    table.draw()
    assert "✎  Switch to the fine pen" in {shown for shown, _ in texts}
    table.stroke([(0.1, 0.1), (0.5, 0.5)])
    assert isinstance(table.sent[-1], AddStroke) and table.sent[-1].width == 2 * DEFAULT_WIDTH


def test_the_sample_board_speaks_the_language_of_the_screen(texts: list[tuple[str, int]]) -> None:
    table = Table()
    table.draw()
    assert {"umbrella", "bread"} <= {shown for shown, _ in texts}
    assert "umbrelă" not in {shown for shown, _ in texts}
    table.tap("language")
    table.draw()
    assert {"umbrelă", "pâine"} <= {shown for shown, _ in texts}


def test_a_refusal_starts_with_a_capital_letter(texts: list[tuple[str, int]]) -> None:
    """A refusal may begin with a name, which Romanian writes in lower case ("capra")."""
    table = Table()
    table.status = replace(table.status, language="ro")
    table.to_pick()
    goat = translator("ro").name("goat").definite
    assert goat[0].islower()
    table.ui.on_rejected(Pick("goat"), RuleViolation(STARTS_WITH_NAME, name="goat"), table.t)
    table.draw()
    assert any(shown.startswith(capitalized(goat)) for shown, _ in texts)
    assert not any(shown.startswith(goat) for shown, _ in texts)


@pytest.mark.parametrize("diameter", [160, 320, 480])
def test_the_criminals_portrait_is_cut_from_a_raster_big_enough(diameter: int) -> None:
    """The crop around the criminal is shrunk to the portrait, never enlarged (pixelated)."""
    scene = CATALOG["park"]
    for character in scene.characters:
        size = source_size(scene)
        crop = 4.5 * figure_height_px(character.art, size, scene.aspect)
        assert crop >= diameter - 0.5 or size[0] >= 3 * 1920


# ---- secret pick --------------------------------------------------------------

def test_an_animal_can_be_chosen_but_the_game_refuses_it() -> None:
    table = Table()
    table.to_pick()
    table.tap("character", "park-dog")
    table.tap("pick_confirm")
    assert table.sent[-1] == Pick("park-dog")
    assert table.refused[-1].reason == "not_sentient"
    assert table.game.phase is Phase.SECRET
    table.tap("character", "park-ghost")
    table.tap("pick_confirm")
    assert table.game.secret == "park-ghost"


def test_a_tap_on_the_zoomed_scene_selects_what_is_under_the_finger() -> None:
    table = Table()
    table.to_pick()
    before = table.at("character", "park-ghost")
    table.tap("zoom_in")
    table.tap("zoom_in")
    after = table.ui.locate(table.view, "character", "park-ghost")
    assert after is not None and after != before
    x, y = after
    table.input(Pointer("down", x, y))
    table.input(Pointer("up", x + 3, y + 2))   # a finger is never quite still
    table.tap("pick_confirm")
    assert table.sent[-1] == Pick("park-ghost")


def test_drag_pans_and_pinch_zooms() -> None:
    table = Table()
    table.to_pick()
    x, y = table.at("character", "park-ghost")
    table.input(Pointer("down", x, y, id=1))
    table.input(Pointer("down", x + 40, y, id=2))
    table.input(Pointer("move", x + 140, y, id=2))   # fingers spread: zoom in around them
    table.input(Pointer("up", x, y, id=1))
    table.input(Pointer("up", x + 140, y, id=2))
    zoomed = table.at("character", "park-ghost")
    # The scene point between the fingers follows them: 20 px left of it, zoomed 2.5 times.
    assert zoomed == pytest.approx((x + 70 - 20 * 2.5, y), abs=2)
    table.input(Pointer("down", 600, 400))
    table.input(Pointer("move", 500, 380))
    table.input(Pointer("up", 500, 380))
    panned = table.ui.locate(table.view, "character", "park-ghost")
    assert panned is not None and panned[0] == pytest.approx(zoomed[0] - 100, abs=1)
    assert not any(isinstance(command, Pick) for command in table.sent), "gestures are not taps"


def test_random_chooses_a_sentient_character_the_same_way_each_time() -> None:
    chosen = []
    for _ in range(2):
        table = Table(seed=7)
        table.to_pick()
        table.tap("pick_random")
        table.tap("pick_confirm")
        chosen.append(table.game.secret)
    assert chosen[0] == chosen[1]
    assert CATALOG["park"].character(str(chosen[0])).sentient  # type: ignore[union-attr]


# ---- erase --------------------------------------------------------------------

def test_erase_toggles_squares_and_a_wrong_count_is_explained() -> None:
    table = Table()
    table.to_erase()
    for cell in (0, 1, 1, 2):          # the second tap on 1 takes it back
        table.tap("cell", cell)
    table.tap("erase_confirm")
    assert table.sent[-1] == Erase((0, 2))
    assert table.refused[-1].reason == "wrong_erase_count"
    assert table.ui.locate(table.view, "cell", 9) is None
    for cell in (4, 6, 8):
        table.tap("cell", cell)
    table.draw()
    x, y = table.at("cell", 4)
    square = table.surface.subsurface(pygame.Rect(round(x) - 20, round(y) - 20, 40, 40))
    assert near(tuple(pygame.transform.average_color(square))[:3], theme.REDACTED, 12), \
        "chosen squares look redacted"
    table.tap("erase_confirm")
    assert table.sent[-1] == Erase((0, 2, 4, 6, 8))
    assert table.game.phase is Phase.SUSPECT


def test_the_missing_timer_module_is_mentioned() -> None:
    table = Table()
    table.to_clues()
    table.draw()
    quiet = table.surface.copy()
    table.status = Status(link_ok=False)
    assert table.draw() == [table.surface.get_rect()]
    assert pygame.image.tobytes(quiet, "RGB") != pygame.image.tobytes(table.surface, "RGB")


def test_the_chosen_ones_name_is_whole_inside_the_view_even_at_its_edge() -> None:
    """A suspect at the edge of the zoomed view gets its name tag pushed in, never cut by
    the view (ui.text.tag_place, as the detectives' search view places it)."""
    table = Table()
    table.to_pick()
    table.tap("zoom_in")
    table.tap("zoom_in")
    screen = table.ui.screen(table.view, table.t)
    assert isinstance(screen, PickScreen)
    view = screen.viewport
    near_edge = [c for c in CATALOG["park"].characters
                 if (spot := table.ui.locate(table.view, "character", c.id)) is not None
                 and min(spot[0] - view.left, view.right - spot[0], spot[1] - view.top, view.bottom - spot[1]) < 40]
    assert near_edge, "the zoomed view shows someone near its edge"
    for character in near_edge[:6]:
        table.tap("character", character.id)
        tags = [layer for layer in screen.layers(table.view, table.t) if layer.key == "pick tag"]
        assert len(tags) == 1, character.id
        tag = pygame.Rect(tags[0].dest)
        assert view.contains(tag) and tag.size == tags[0].image.get_size(), (character.id, tag, view)
