"""The scene a game is played in, as its journal keeps it: a game outlives the scene files.

A journal names a scene and its characters by id. A software update may
regenerate a shipped scene (the same ids, other people) or bump the generator
(a generated id such as `harbour-s1234-g3` can no longer be made), so the
journal keeps the scene itself once per game: its file JSON, zlib-compressed,
under the SHA-256 of that JSON. Games in the same picture share one copy (the
six shipped scenes are kept once each, however many games are played in them).
Reading it back goes through the scene files' own parser, so a damaged copy is
refused the way a damaged file is, in one line.
"""

from __future__ import annotations

import hashlib
import json
import threading
import zlib
from dataclasses import dataclass

from lastmessage.config.jsonfile import JsonRefused, loads as bounded_loads
from lastmessage.scenes.model import MAX_SCENE_BYTES, Scene, SceneError, parse_scene, scene_json

LEVEL = 9   # compressed once per picture, read once per resume: the smallest copy wins


@dataclass(frozen=True)
class SceneCopy:
    digest: str   # SHA-256 of the JSON, hex: what a game row names
    data: bytes   # the JSON, zlib-compressed


_packed: dict[str, tuple[Scene, SceneCopy]] = {}
_lock = threading.Lock()   # packed on the journal's writer thread, asked for from any


def pack(scene: Scene) -> SceneCopy:
    """The copy of `scene` to journal. Remembered per scene object (a shipped scene is
    packed once per run, not once per game)."""
    with _lock:
        known = _packed.get(scene.id)
    if known is not None and known[0] is scene:
        return known[1]
    text = json.dumps(scene_json(scene), ensure_ascii=False, separators=(",", ":")).encode("utf-8")
    copy = SceneCopy(hashlib.sha256(text).hexdigest(), zlib.compress(text, LEVEL))
    with _lock:
        _packed[scene.id] = (scene, copy)
        if len(_packed) > 16:   # a long day of new crowds must not pile up
            del _packed[next(iter(_packed))]
    return copy


def unpack(data: bytes, digest: str, source: str) -> Scene:
    """The scene a journal kept, or SceneError saying in one line what is wrong with it."""
    def refused(problem: str) -> SceneError:
        return SceneError(source, "", f"the kept copy of the scene {problem}")

    try:
        inflater = zlib.decompressobj()
        text = inflater.decompress(data, MAX_SCENE_BYTES)
    except (zlib.error, TypeError) as error:
        raise refused(f"is not zlib-compressed ({error})") from error
    if inflater.unconsumed_tail:
        raise refused(f"is over {MAX_SCENE_BYTES // 2**20} MB once uncompressed")
    if not inflater.eof:
        raise refused("is cut short")
    if hashlib.sha256(text).hexdigest() != digest:
        raise refused("does not match its digest (damaged)")
    try:
        decoded = bounded_loads(text.decode("utf-8"))
    except UnicodeDecodeError as error:
        raise refused(f"is not UTF-8 text ({error.reason} at byte {error.start})") from error
    except JsonRefused as error:
        raise refused(f"is not JSON a scene can be ({error})") from error
    return parse_scene(decoded, source)
