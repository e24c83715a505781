"""The rules preset chosen on the tablet is the game's rules, on both screens and in the journal."""

from __future__ import annotations

import re
from pathlib import Path


from lastmessage.table.app import App
from lastmessage.commands import AddWord, ChooseScene, Flip, NewGame, Pick
from lastmessage.kiosk.device import _journal
from lastmessage.rules.events import GameStarted
from lastmessage.rules.game import Game, Phase
from lastmessage.rules.projections import public_view, tablet_view
from lastmessage.journal.store import Journal
from lastmessage.ui.screen import Pointer
from tables import make_app


def tap(app: App, target: str, arg: object = None) -> None:
    spot = app.tablet.locate(tablet_view(app.game), target, arg)
    assert spot is not None, target
    app.tablet_input(Pointer("down", *spot))
    app.tablet_input(Pointer("up", *spot))


def test_choosing_drawings_only_on_the_tablet_plays_without_words(tmp_path: Path) -> None:
    app = make_app()
    journal = _journal(app, tmp_path / "games.sqlite")
    tap(app, "start")
    tap(app, "preset")          # house -> classic
    tap(app, "preset")          # classic -> drawings only
    tap(app, "scene", "beach")
    tap(app, "scene_start")
    assert app.game.phase is Phase.SECRET
    assert app.game.rules.allow_text is False and app.rules.allow_text is True
    assert tablet_view(app.game).rules.allow_text is False
    assert public_view(app.game).rules == app.game.rules
    app.execute(Pick("beach-p010"), "test")
    app.execute(Flip(), "test")
    assert not app.execute(AddWord(4, "hat"), "test")
    journal.close()
    record = Journal(tmp_path / "games.sqlite")
    try:
        game_id = record.unfinished_game()
        assert game_id is not None
        started = record.game(game_id).events[0]
        assert isinstance(started, GameStarted) and started.rules == app.game.rules
        assert Game.replay(app.catalog, record.game(game_id).events).rules.allow_text is False
    finally:
        record.close()


def test_a_new_game_starts_from_the_house_rules_again() -> None:
    app = make_app()
    app.execute(ChooseScene("beach", "classic"), "test")
    assert app.game.rules.fatal_from_round == 4
    app.execute(NewGame(), "test")
    assert app.game.rules == app.rules


def test_an_unknown_preset_plays_the_house_rules() -> None:
    app = make_app()
    assert app.execute(ChooseScene("beach", "speedrun"), "test")
    assert app.game.rules == app.rules


def test_new_crowd_plays_the_chosen_place_with_a_generated_scene_that_resumes(tmp_path: Path) -> None:
    app = make_app()
    journal = _journal(app, tmp_path / "games.sqlite")
    tap(app, "start")
    tap(app, "scene_fresh")
    tap(app, "scene", "ski")
    tap(app, "scene_start")
    assert app.game.phase is Phase.SECRET
    scene = app.game.scene
    assert scene is not None and re.fullmatch(r"ski-s\d+-g13", scene.id) and scene.theme == "ski"
    app.execute(Pick(f"{scene.id}-p007"), "test")
    journal.close()
    resumed = make_app()
    _journal(resumed, tmp_path / "games.sqlite").close()
    assert resumed.game.scene is not None and resumed.game.scene.id == scene.id
    assert resumed.game.secret == f"{scene.id}-p007"


def test_without_new_crowd_the_shipped_scene_is_played() -> None:
    app = make_app()
    tap(app, "start")
    tap(app, "scene_fresh")
    tap(app, "scene_fresh")     # on, then off again
    tap(app, "scene", "ski")
    tap(app, "scene_start")
    assert app.game.scene is not None and app.game.scene.id == "ski"
