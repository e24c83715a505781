"""A game survives a software update that changes its scene: the journal keeps the
picture it is played in, and a resumed game is rebuilt in it, on disk, through the
device's own start (device._journal), then played to its end."""

from __future__ import annotations

import json
import logging
import shutil
import sqlite3
from pathlib import Path

import pygame
import pytest

from lastmessage.table.app import App
from lastmessage.clock import SimulatedClock
from lastmessage.journal.codec import encode_event, encode_rules
from lastmessage.commands import Accuse, AddStroke, AddWord, ChooseScene, Erase, Flip, NewGame, Pick
from lastmessage.kiosk.device import _journal
from lastmessage.rules.config import Rules
from lastmessage.rules.events import Winner
from lastmessage.rules.game import Game, Phase
from lastmessage.rules.projections import public_view, tablet_view
from lastmessage.scenegen import generate
from lastmessage.scenegen.generate import GENERATOR
from lastmessage.scenes.model import Scene, SceneCatalog, load_scenes, shipped_scenes_dir
from lastmessage.scenes.render import draw_scene
from lastmessage.journal.store import BASE_SCHEMA, MIGRATIONS, Journal, JournalWriter
from tables import drawn, make_app

Looks = list[tuple[str, float, float, dict[str, str]]]


def made(catalog: SceneCatalog, scene_id: str) -> Scene:
    """A new crowd, made as the painter's worker makes it on the device."""
    scene = catalog.make(scene_id)
    assert scene is not None
    return scene


def looks(scene: Scene) -> Looks:
    """Who stands where, looking like what: what the victim's clues describe."""
    return [(c.id, c.x, c.y, dict(c.traits)) for c in scene.characters]


def shown_scene(app: App) -> Scene:
    """The scene both screens look up for the game on now."""
    tablet = app.tablet.ctx.scene(tablet_view(app.game))
    view = public_view(app.game)
    assert view.scene_id is not None and tablet is not None
    detective = app.detective.catalog[view.scene_id]
    assert tablet is detective
    return tablet


def play_into_the_clues(app: App, clock: SimulatedClock, scene_id: str, secret: str) -> None:
    for command in (ChooseScene(scene_id), Pick(secret), Flip()):
        assert app.execute(command, "test")
    clock.advance(3)
    assert app.execute(AddStroke(((0.1, 0.1), (0.9, 0.9))), "test")
    assert app.execute(AddWord(4, "cape"), "test")


def play_to_the_end(app: App, clock: SimulatedClock, writer: JournalWriter, secret: str) -> None:
    """Time runs out, the criminal erases, the detectives accuse the right one."""
    clock.advance(30)
    app.step()
    assert app.game.phase is Phase.ERASE
    assert app.execute(Erase((0, 1, 2, 3, 5)), "test")
    assert app.execute(Accuse(secret), "test")
    assert app.game.outcome is not None and app.game.outcome.winner is Winner.DETECTIVES
    assert writer.wait_written(timeout=60)
    record = writer.journal.game(writer.journal.unfinished_game() or _newest(writer))
    assert record.finished and record.events[-1].type == "game_over"
    assert [e.type for e in record.events][:2] == ["game_started", "secret_chosen"]


def _newest(writer: JournalWriter) -> int:
    row = writer.journal._db.execute("SELECT MAX(id) FROM games").fetchone()
    return int(row[0])


def _changed_people(scenes: Path, file_name: str) -> None:
    """The update regenerated this scene: the same ids, everyone looking like someone else."""
    path = scenes / file_name
    data = json.loads(path.read_text(encoding="utf-8"))
    people = [c for c in data["characters"] if c["sentient"]]
    # The way a figure faces follows from its traits, and its drawn box from both: they
    # move with the clothes, and the box is measured again (a file may leave it out).
    dressed = [{k: c[k] for k in ("name", "traits", "names", "facing") if k in c} for c in people]
    for person, clothes in zip(people, dressed[1:] + dressed[:1]):
        person.update(clothes)
        person.pop("box", None)
    path.write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")


def test_a_game_in_a_generated_scene_resumes_in_the_same_picture_after_a_generator_update(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    db = tmp_path / "games.sqlite"
    scene_id = generate.scene_id_for("harbour", 1234)
    before = load_scenes(shipped_scenes_dir(), GENERATOR)
    original = before.make(scene_id)
    assert original is not None
    secret = original.suspects()[40].id
    clock = SimulatedClock(1000.0)
    app = make_app(clock, catalog=before)
    writer = _journal(app, db)
    play_into_the_clues(app, clock, scene_id, secret)
    state = app.game.state()
    writer.close()   # the power goes; then the software is updated

    monkeypatch.setattr(generate, "GENERATOR_VERSION", generate.GENERATOR_VERSION + 1)
    after = load_scenes(shipped_scenes_dir(), GENERATOR)
    assert after.make(scene_id) is None   # the new generator can no longer make this id

    later = SimulatedClock(50.0)
    resumed = make_app(later, catalog=after)
    writer = _journal(resumed, db)
    assert resumed.game.state() == state and resumed.game.phase is Phase.CLUES
    assert looks(shown_scene(resumed)) == looks(original)   # the same people at the same places
    assert resumed.game.scene is shown_scene(resumed)
    drawn(resumed)   # both screens draw it
    play_to_the_end(resumed, later, writer, secret)
    writer.close()


def test_a_game_in_a_regenerated_shipped_scene_keeps_its_people_and_the_next_game_gets_the_new_ones(
        tmp_path: Path) -> None:
    db = tmp_path / "games.sqlite"
    old_files, new_files = tmp_path / "old", tmp_path / "new"
    shutil.copytree(shipped_scenes_dir(), old_files)
    shutil.copytree(shipped_scenes_dir(), new_files)
    _changed_people(new_files, "1-harbour.json")
    before, after = load_scenes(old_files), load_scenes(new_files)
    assert looks(before["harbour"]) != looks(after["harbour"])
    assert [c.id for c in before["harbour"].characters] == [c.id for c in after["harbour"].characters]

    clock = SimulatedClock(1000.0)
    app = make_app(clock, catalog=before)
    writer = _journal(app, db)
    play_into_the_clues(app, clock, "harbour", "harbour-p050")
    writer.close()

    later = SimulatedClock(50.0)
    resumed = make_app(later, catalog=after)
    writer = _journal(resumed, db)
    assert looks(shown_scene(resumed)) == looks(before["harbour"])
    tablet, detective = drawn(resumed)
    play_to_the_end(resumed, later, writer, "harbour-p050")

    # The next game in the harbour is played in the updated picture, and its copy is kept.
    resumed.execute(NewGame(), "test")
    play_into_the_clues(resumed, later, "harbour", "harbour-p050")
    assert shown_scene(resumed) is after["harbour"]
    assert writer.wait_written(timeout=60)
    newest = writer.journal.game(writer.journal.unfinished_game() or 0)
    assert newest.scene_digest is not None and newest.scene_digest != writer.journal.game(1).scene_digest
    writer.close()


def test_the_screens_show_the_kept_picture_then_the_new_one_as_a_device_that_saw_only_it(
        tmp_path: Path) -> None:
    """The screens keep rasters, loupes and cursors of the scene they show, and a resumed
    game's kept scene has the id of the updated one. Drawn frame by frame, the resumed game
    looks as on a device without the update, and the next game as on a device that never
    saw the old picture."""
    new_files = tmp_path / "new"
    shutil.copytree(shipped_scenes_dir(), new_files)
    _changed_people(new_files, "1-harbour.json")
    db = tmp_path / "games.sqlite"
    clock = SimulatedClock(1000.0)
    app = make_app(clock, catalog=load_scenes(shipped_scenes_dir(), GENERATOR))
    writer = _journal(app, db)
    play_into_the_clues(app, clock, "harbour", "harbour-p050")
    clock.advance(30)
    app.step()
    app.execute(Erase((0, 1, 2, 3, 5)), "test")
    assert app.game.phase is Phase.SUSPECT
    writer.close()
    shutil.copyfile(db, tmp_path / "other.sqlite")

    def suspect(app: App, clock: SimulatedClock) -> list[tuple[bytes, bytes]]:
        frames = [drawn(app)]
        app.execute(Accuse("harbour-p051"), "test")   # wrong, not fatal in round 1
        clock.advance(5)
        app.step()
        return [*frames, drawn(app)]

    def new_game(app: App, clock: SimulatedClock) -> list[tuple[bytes, bytes]]:
        frames = []
        for command in (ChooseScene("harbour"), Pick("harbour-p050"), Flip()):
            app.execute(command, "test")
            clock.advance(1)
            app.step()
            frames.append(drawn(app))
        clock.advance(30)
        app.step()
        app.execute(Erase((0, 1, 2, 3, 5)), "test")
        frames.append(drawn(app))
        app.execute(Accuse("harbour-p051"), "test")
        clock.advance(5)
        app.step()
        return [*frames, drawn(app)]

    fresh_clock = SimulatedClock(0.0)
    fresh = make_app(fresh_clock, catalog=load_scenes(new_files))   # never saw the old picture
    expected_new = new_game(fresh, fresh_clock)

    unchanged_clock = SimulatedClock(0.0)
    unchanged = make_app(unchanged_clock, catalog=load_scenes(shipped_scenes_dir(), GENERATOR))   # not updated
    _journal(unchanged, tmp_path / "other.sqlite").close()
    expected_old = suspect(unchanged, unchanged_clock)

    updated_clock = SimulatedClock(0.0)
    updated = make_app(updated_clock, catalog=load_scenes(new_files))
    _journal(updated, db).close()
    assert suspect(updated, updated_clock) == expected_old
    updated.execute(NewGame(), "test")
    assert new_game(updated, updated_clock) == expected_new


def test_a_journal_from_before_scenes_were_kept_still_resumes(tmp_path: Path, caplog: pytest.LogCaptureFixture
                                                             ) -> None:
    """Schema 1, as the code before this change wrote it: no scene copies. The game is rebuilt
    from the catalog, the journal is brought to schema 2, and the old game is left without one."""
    db = tmp_path / "games.sqlite"
    game = Game(Rules(), load_scenes(shipped_scenes_dir(), GENERATOR))
    game.start("harbour", 0.0)
    game.pick("harbour-p050", 1.0)
    game.flip(2.0)
    game.stroke([(0.2, 0.2), (0.8, 0.3)], 4.0)
    raw = sqlite3.connect(db)
    raw.executescript(BASE_SCHEMA + MIGRATIONS[0] + "\nPRAGMA user_version = 1;")
    with raw:
        raw.execute("INSERT INTO games (id, created, rules) VALUES (1, 0, ?)", (encode_rules(Rules()),))
        raw.executemany("INSERT INTO events (game_id, seq, event) VALUES (1, ?, ?)",
                        [(seq, encode_event(event)) for seq, event in enumerate(game.events, start=1)])
    raw.close()

    later = SimulatedClock(50.0)
    resumed = make_app(later)
    with caplog.at_level(logging.INFO, logger="lastmessage.journal.resume"):
        writer = _journal(resumed, db)
    assert resumed.game.state() == game.state()
    assert [r.getMessage() for r in caplog.records] == [
        f"{db}: game 1 was journalled before games kept their scene; it is rebuilt from the scene catalog"]
    play_to_the_end(resumed, later, writer, "harbour-p050")
    writer.close()
    raw = sqlite3.connect(db)
    try:
        assert raw.execute("PRAGMA user_version").fetchone() == (2,)
        assert raw.execute("SELECT scene FROM games WHERE id = 1").fetchone() == (None,)
        assert raw.execute("SELECT COUNT(*) FROM scenes").fetchone() == (0,)
    finally:
        raw.close()


@pytest.mark.parametrize("damage, said", [
    ("UPDATE scenes SET data = x'00ff00ff'", "the kept copy of the scene is not zlib-compressed"),
    ("UPDATE scenes SET data = 'text, not a blob'", "the kept copy of the scene is not zlib-compressed"),
    ("UPDATE scenes SET data = substr(data, 1, 100)", "the kept copy of the scene is cut short"),
    ("DELETE FROM scenes", "the copy of its scene ("),
    ("UPDATE games SET scene = 'nonsense'", "the copy of its scene (nonsense) is missing"),
])
def test_a_damaged_or_missing_copy_is_said_in_one_line_and_the_catalog_resumes_the_game(
        tmp_path: Path, caplog: pytest.LogCaptureFixture, damage: str, said: str) -> None:
    db = tmp_path / "games.sqlite"
    clock = SimulatedClock(1000.0)
    app = make_app(clock)
    writer = _journal(app, db)
    play_into_the_clues(app, clock, "harbour", "harbour-p050")
    state = app.game.state()
    writer.close()
    raw = sqlite3.connect(db)
    with raw:
        raw.execute(damage)
    kept = raw.execute("SELECT COUNT(*) FROM events").fetchone()
    raw.close()

    later = SimulatedClock(50.0)
    resumed = make_app(later)
    with caplog.at_level(logging.INFO):
        writer = _journal(resumed, db)
    assert resumed.game.state() == state   # the catalog still makes the harbour: the old behaviour
    warnings = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(warnings) == 1 and said in warnings[0] and "\n" not in warnings[0]
    assert not any(r.exc_info for r in caplog.records)
    writer.close()
    raw = sqlite3.connect(db)
    try:
        assert raw.execute("SELECT COUNT(*) FROM events").fetchone() == kept   # nothing recorded is lost
    finally:
        raw.close()


def test_a_damaged_copy_of_a_scene_no_catalog_makes_leaves_the_game_in_the_journal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    db = tmp_path / "games.sqlite"
    scene_id = generate.scene_id_for("beach", 77)
    clock = SimulatedClock(1000.0)
    before = load_scenes(shipped_scenes_dir(), GENERATOR)
    app = make_app(clock, catalog=before)
    writer = _journal(app, db)
    play_into_the_clues(app, clock, scene_id, made(before, scene_id).suspects()[0].id)
    writer.close()
    raw = sqlite3.connect(db)
    with raw:
        raw.execute("UPDATE scenes SET data = zeroblob(50)")
    raw.close()
    monkeypatch.setattr(generate, "GENERATOR_VERSION", generate.GENERATOR_VERSION + 1)

    resumed = make_app(SimulatedClock(50.0), catalog=load_scenes(shipped_scenes_dir(), GENERATOR))
    with caplog.at_level(logging.INFO):
        writer = _journal(resumed, db)
    assert resumed.game.phase is Phase.SCENE   # starts afresh, as before this change
    messages = [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(messages) == 2 and "not zlib-compressed" in messages[0] and "starting afresh" in messages[1]
    writer.close()
    journal = Journal(db)
    try:
        assert journal.unfinished_game() == 1 and len(journal.game(1).events) == 5   # kept as it was
    finally:
        journal.close()


def test_the_kept_picture_draws_pixel_for_pixel_as_the_original(tmp_path: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """Not only equal data: the resumed game's scene paints the same pixels as the scene the
    game was started in, drawn before the update."""
    pygame.init()
    db = tmp_path / "games.sqlite"
    scene_id = generate.scene_id_for("carnival", 4321)
    before = load_scenes(shipped_scenes_dir(), GENERATOR)
    picture = pygame.image.tobytes(draw_scene(made(before, scene_id), (640, 360)), "RGB")
    clock = SimulatedClock(1000.0)
    app = make_app(clock, catalog=before)
    writer = _journal(app, db)
    play_into_the_clues(app, clock, scene_id, made(before, scene_id).suspects()[3].id)
    writer.close()
    monkeypatch.setattr(generate, "GENERATOR_VERSION", generate.GENERATOR_VERSION + 1)
    resumed = make_app(SimulatedClock(5.0), catalog=load_scenes(shipped_scenes_dir(), GENERATOR))
    _journal(resumed, db).close()
    assert pygame.image.tobytes(draw_scene(shown_scene(resumed), (640, 360)), "RGB") == picture

