"""A journalled game rebuilt in the picture it was played in.

The journal keeps each game's scene (scene_copy.py). A game is rebuilt in that
copy first, so that a software update that regenerated the shipped scenes or
bumped the generator does not swap the people under a game in progress (the
victim's clues were drawn of them). A game journalled before the copies were
kept, or whose copy is missing, damaged or of another scene, is rebuilt from the
catalog as before, with one line in the log saying why; nothing in the journal
is changed either way.
"""

from __future__ import annotations

import logging

from lastmessage.rules.events import GameStarted
from lastmessage.rules.game import Game
from lastmessage.journal.scene_copy import unpack
from lastmessage.scenes.model import Scene, SceneCatalog, SceneError
from lastmessage.journal.store import JournalledGame

log = logging.getLogger(__name__)


def kept_scene(record: JournalledGame, where: str) -> Scene | None:
    """The scene the journal kept for the game, or None (said in one line) if there is none to use."""
    if record.scene_digest is None:
        log.info("%s: game %s was journalled before games kept their scene; it is rebuilt from "
                 "the scene catalog", where, record.id)
        return None
    if record.scene_data is None:
        log.warning("%s: game %s: the copy of its scene (%s) is missing; it is rebuilt from the scene catalog",
                    where, record.id, record.scene_digest[:12])
        return None
    try:
        return unpack(record.scene_data, record.scene_digest, f"{where}: game {record.id}")
    except SceneError as error:
        log.warning("%s; the game is rebuilt from the scene catalog", error)
        return None


def rebuild(record: JournalledGame, catalog: SceneCatalog, where: str) -> tuple[Game, Scene | None]:
    """The game the journal tells of and the kept scene it is played in (None: the catalog's,
    a new crowd's made again here: this runs at start-up, before any frame).

    Raises ValueError or KeyError when the catalog cannot rebuild it either."""
    scene = kept_scene(record, where)
    if scene is not None:
        try:
            return Game.replay({scene.id: scene}, record.events), scene
        except (ValueError, KeyError) as error:
            log.warning("%s: game %s: the kept copy of its scene does not fit its events (%s); "
                        "it is rebuilt from the scene catalog", where, record.id, error)
    for event in record.events[:1]:
        if isinstance(event, GameStarted):
            catalog.make(event.scene)
    return Game.replay(catalog, record.events), None
