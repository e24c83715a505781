"""The table's side of the phones: one object the App feeds and asks, on the frame's thread only.

`Phones` owns the join code, the marks and the server. The App tells it the
public view whenever the game's events change it (`publish`), hands it the
phones' asks once a frame (`step`), and asks it for the monitor's layers. A
game's code is made when the game can be joined and ends with the game: once
it is over (or put away), nobody joins it; the next game gets a new one.
"""

from __future__ import annotations

import json
import time
from collections.abc import Hashable, Sequence

import pygame

from lastmessage.phones.bridge import PINS_SHOWN, Bridge, Joined, Left, Snapshot
from lastmessage.phones.codes import new_code
from lastmessage.phones.marks import Mark, Marked, Marks, Pin
from lastmessage.phones.audience import VOTE_SECONDS, Ballot, tally
from lastmessage.phones.monitor import card_layer, keepsake_layer, pill_layer, vote_layer
from lastmessage.phones.pins import Laid, PinLayers, Placed, Places, caption_layer, clear_of, lay, pin_layers
from lastmessage.phones.pictures import picture_json
from lastmessage.phones.public import state_message
from lastmessage.phones.server import PhoneServer, shown_host
from lastmessage.rules.game import Phase
from lastmessage.rules.projections import PublicView
from lastmessage.scenes.model import Scene
from lastmessage.ui.detective.caption import Caption
from lastmessage.ui.present import Layer

ASKS_PER_FRAME = 16   # 64 phones at their allowed rate (server.RATE) need 5 a frame: a burst of them all
                      # at once is taken over a few frames rather than paid for in one
PINS_EVERY_S = 0.25   # the marks are told the server at most this often: 64 phones marking change them every
                      # frame (the monitor would place pins each time, and phones would get 4,096 messages a second)
MARKING = (Phase.CLUES, Phase.ERASE, Phase.SUSPECT)   # the scene is on the monitor: marks count

NO_PINS = Laid([], [], PinLayers([], {}))

class Phones:
    def __init__(self, host: str, port: int, *, max_phones: int = 64, keepsake_minutes: int = 0,
                 audience: bool = False) -> None:
        self.bridge = Bridge()
        self.server = PhoneServer(self.bridge, host, port, max_phones=max_phones,
                                  keepsake_seconds=keepsake_minutes * 60.0)
        self.keepsake_minutes = keepsake_minutes
        self.keepsake: str | None = None   # the path of the last finished game's keepsake (/k/TOKEN)
        self.marks = Marks()
        self.audience = audience   # marks are votes, and ACCUSE waits for them (audience.py)
        self.configured_audience = audience   # the config's, where neither host nor operator chose
        self.on = True             # phones may join (the host's or the operator's switch: `choose`)
        self.ballot: Ballot | None = None
        self.code: str | None = new_code()
        self._host = shown_host(host)
        self._view: PublicView | None = None
        self._language = "en"
        self._state = ""     # the `state` message of the view, JSON (made when the view changes)
        self._sent: tuple[object, ...] | None = None   # what the last snapshot told
        self._where: tuple[tuple[int, int], Places | None] | None = None
        # the monitor's size and where it shows the scene, once it shows: the server places the pins there
        self._scene: Scene | None = None
        self._picture: dict[str, object] | None = None
        self._vote_shown: int | None = None   # the countdown's seconds in the `state` sent
        self._told: tuple[int, Marked] = (-1, ())   # the marks last told the server, and their version
        self._told_at = -PINS_EVERY_S
        self._pins: tuple[Marked | None, list[Pin]] = (None, [])   # the monitor's, and the marks they were made of
        self._layers: tuple[Hashable, tuple[Laid, list[Layer]]] = (None, (NO_PINS, []))
        # what they were made for, the pins laid (mostly by the server: bridge.laid) and the cards
        self._shown: tuple[object, Caption | None, tuple[list[Layer], list[Layer]]] = (None, None, ([], []))
        # the layers of those, and the caption they were moved off
        self._moved: tuple[list[Placed] | None, list[Placed], PinLayers] = (None, [], NO_PINS.layers)
        # the pins placed that the last step moved off the loupe, what it made of them, and their layers

    def start(self) -> None:
        """Serve (PhonesError when the address cannot be listened on)."""
        self.server.start()

    def stop(self) -> None:
        self.server.stop()

    @property
    def language(self) -> str:
        """The language phones were last told (the table's)."""
        return self._language

    def url(self) -> str | None:
        """The join address of the game now (None: none can be joined)."""
        return None if self.code is None else f"{self.base()}/j/{self.code}"

    def keepsake_url(self) -> str | None:
        """The last finished game's keepsake page (None: none was made)."""
        return None if self.keepsake is None else f"{self.base()}{self.keepsake}"

    def base(self) -> str:
        """http://ADDRESS:PORT phones reach (the port is known once the server listens)."""
        return f"http://{self._host}:{self.server.port}"

    # ---- fed by the App ---------------------------------------------------------

    def publish(self, view: PublicView, scene: Scene | None, now: float, language: str) -> None:
        """The game's public view changed (or another game took its place)."""
        if view.phase is Phase.OVER and self.code is not None:
            self.code = None          # the game's code ends with it
            self.keepsake = None
            if view.reveal is not None and scene is not None:
                token = self.server.keepsakes.make(view.reveal, view.outcome, view.rounds, scene, language)
                self.keepsake = None if token is None else f"/k/{token}"
        elif view.phase is not Phase.OVER and self.code is None and self.on:
            self.code = new_code()    # a new game: a new code
            self.marks.clear()
        if view.phase not in MARKING:
            self.marks.clear()
        if view.phase is not Phase.SUSPECT:
            self.ballot = None        # the round it was for is over
        self._view, self._scene, self._language = view, scene, language
        self._current_pins(fresh=True)   # a new phase's marks (none, often) show at once
        if scene is not None:
            self.server.pictures.prepare(scene)
        self._picture = picture_json(scene) if scene is not None else None
        self._make_state(now)
        self._send()

    def choose(self, on: bool, audience: bool, now: float) -> None:
        """Phones on or off, audience mode on or off: the App calls it between games only, so
        a game never changes mode midway. Off, the code ends (the phones still connected are
        let go, as at a game's end) and none is made until they are on again."""
        if (on, audience) == (self.on, self.audience):
            return
        self.on, self.audience = on, audience
        if not on:
            self.code = None
            self.marks.clear()
            self._current_pins(fresh=True)
            self.ballot = None
        elif self.code is None and self._view is not None and self._view.phase is not Phase.OVER:
            self.code = new_code()
        if self._view is not None:
            self._make_state(now)
            self._send()

    def _make_state(self, now: float) -> None:
        assert self._view is not None
        self._vote_shown = None if self.ballot is None else self.ballot.seconds_left(now)
        vote: dict[str, object] | None = None if self._vote_shown is None else {"seconds_left": self._vote_shown}
        self._state = json.dumps(state_message(self._view, self.code or "", now, self._picture,
                                               audience=self.audience, vote=vote, scene=self._scene,
                                               language=self._language), separators=(",", ":"))

    # ---- audience mode (audience.py) ------------------------------------------------

    def begin_vote(self, table_choice: str, now: float) -> bool:
        """The table's ACCUSE on `table_choice`: True when the audience takes it (the countdown
        starts, or runs already), False when the table accuses at once (not in audience mode)."""
        if not self.audience or self._view is None or self._view.phase is not Phase.SUSPECT:
            return False
        if self.ballot is None:
            self.ballot = Ballot(table_choice, now + VOTE_SECONDS)
            self._make_state(now)
            self._send()
        return True

    def vote_seconds(self) -> int | None:
        """The audience's countdown as shown (seconds left), None while no vote runs."""
        return None if self.ballot is None else self._vote_shown

    def vote_due(self, now: float) -> str | None:
        """The accused once the countdown is over (the vote's choice), else None."""
        if self.ballot is None or now < self.ballot.ends:
            return None
        chosen = tally(self._current_pins(fresh=True), self.ballot.table_choice)
        self.ballot = None
        if self._view is not None:
            self._make_state(now)
        return chosen

    def step(self, now: float | None = None) -> None:
        """The phones' asks of this frame (bounded), applied to the marks; the countdown's second
        (`now`, the App's clock) told to the phones when it changes."""
        for ask in self.bridge.take(ASKS_PER_FRAME):
            match ask:
                case Mark():
                    if self._view is not None and self._view.phase in MARKING:
                        self.marks.take(ask, self._scene)
                case Left(player=player):
                    self.marks.forget(player)
                case Joined():
                    pass
        if self.ballot is not None and now is not None and self.ballot.seconds_left(now) != self._vote_shown:
            self._make_state(now)
        self._send()

    def _send(self) -> None:
        if self._view is None:
            return
        marked = self._marked()
        screen, places = self._where or (None, None)
        key = (self.code, marked, self._language, self._state, self.keepsake, screen,
               None if places is None else places[0])
        if key == self._sent:
            return
        self._sent = key
        self.bridge.publish(Snapshot(self.code, self._state, marked, self._language, self._scene,
                                     self.keepsake if self.code is None else None, screen, places))

    def _marked(self, *, fresh: bool = False) -> Marked:
        """The marks to tell the server: taken again when a mark changed, at most every PINS_EVERY_S
        (so phones and the monitor see a mark a quarter of a second late at most); `fresh`: now."""
        if self._told[0] != self.marks.version:
            now = time.monotonic()
            if fresh or now - self._told_at >= PINS_EVERY_S:
                self._told = (self.marks.version, self.marks.marked())
                self._told_at = now
        return self._told[1]

    def _current_pins(self, *, fresh: bool = False) -> list[Pin]:
        """The monitor's pins (the most agreed): those the server made of the marks told it last, as
        soon as it has; `fresh`: made here of the marks now (a new view, the count of a vote)."""
        marked = self._marked(fresh=fresh)
        if self._pins[0] is not marked:
            if fresh:
                self._pins = (marked, self.marks.top(self._scene, PINS_SHOWN))
            else:
                made = self.bridge.shown
                if made is not None and made[0] is marked:
                    self._pins = made
        return self._pins[1]

    # ---- the monitor --------------------------------------------------------------

    def layers(self, screen: tuple[int, int], places: Places | None, scene_area: pygame.Rect | None = None,
               lens: pygame.Rect | None = None, caption: Caption | None = None,
               taken: Sequence[pygame.Rect] = ()) -> tuple[list[Layer], list[Layer]]:
        """The marks' pins (to stand on the scene, under the loupe and the lens), and what goes
        over everything: the marks of the figure the `caption` describes beside it (its own pin
        may be under it), the join card or pill, the vote's countdown, and at the end the
        keepsake's card over the scene (`scene_area`), off the big lens (`lens`) and far from
        the criminal in the spotlight; the pill not while it would cover what the top bar shows
        for a while (`taken`). Made again only when one of them, or where the monitor
        shows the scene, changed: most frames pay a comparison for the phones; a cursor step
        (the caption moved) moves only the pins the loupe reaches."""
        self._where = (screen, places)   # told the server with the next marks (`_send`)
        self._current_pins()
        view = self._view
        key = (screen, None if places is None else places[0], None if scene_area is None else tuple(scene_area),
               None if lens is None else tuple(lens), tuple(tuple(box) for box in taken), self.code, self.keepsake, self._language,
               None if view is None else view.phase, None if self.ballot is None else self._vote_shown,
               self._pins[0])
        if key != self._layers[0]:
            self._layers = (key, (self._laid(screen, places), self._cards(screen, places, scene_area, lens, taken)))
        made = self._layers
        if self._shown[0] is not made or self._shown[1] != caption:
            laid, cards = made[1]
            marks = self._caption_marks(screen, caption, laid.placed)
            hidden = [] if caption is None else [*(pygame.Rect(box) for box in caption.hides), caption.ring]
            # (the ring round the described figure too: its own pin stood on it, over its head)
            hidden += [pygame.Rect(mark.dest) for mark in marks]
            hidden += [pygame.Rect(card.dest) for card in cards]   # the pill over the search view's top
            same, before, drawn = self._moved
            moved = clear_of(laid.placed, laid.extents, hidden, screen, before if same is laid.placed else None)
            if moved is laid.placed:   # the loupe reaches none
                drawn = laid.layers
            else:   # the layers of the pins it moved; the others' are kept
                drawn = pin_layers(moved, drawn if same is laid.placed else laid.layers)
            self._moved = (laid.placed, moved, drawn)
            self._shown = (made, caption, (drawn.layers, [*marks, *cards]))
        return self._shown[2]

    def _cards(self, screen: tuple[int, int], places: Places | None, scene_area: pygame.Rect | None,
               lens: pygame.Rect | None, taken: Sequence[pygame.Rect]) -> list[Layer]:
        shown: list[Layer] = []
        url = self.url()
        if url is not None and self.code is not None and self._view is not None:
            if self._view.phase in (Phase.SCENE, Phase.SECRET):
                shown.append(card_layer(url, self.code, self._language, screen))
            else:
                pill = pill_layer(self.base().removeprefix("http://"), self.code, screen, url, taken)
                shown += [] if pill is None else [pill]
        if self.ballot is not None and self._vote_shown is not None:
            shown.append(vote_layer(self._vote_shown, self._language, screen, scene_area))
        keepsake = self.keepsake_url()
        view = self._view
        if keepsake is not None and view is not None and view.phase is Phase.OVER:
            secret = view.reveal.secret if view.reveal is not None else None
            criminal = self._scene.character(secret) if self._scene is not None and secret is not None else None
            at = places[1](criminal.x, criminal.y) if places is not None and criminal is not None else None
            shown.append(keepsake_layer(keepsake, self.keepsake_minutes, self._language, screen, scene_area, at,
                                        lens))
        return shown

    def _laid(self, screen: tuple[int, int], places: Places | None) -> Laid:
        """The pins laid where the monitor shows the scene now: the server's, as it laid them of
        the marks these pins were made of for this very place and screen; else laid here."""
        if places is None:
            return NO_PINS
        made = self.bridge.laid
        if made is not None and made[0][0] is self._pins[0] and made[0][1:] == (places[0], screen):
            return made[1]
        return lay(self._pins[1], places, screen)

    @staticmethod
    def _caption_marks(screen: tuple[int, int], caption: Caption | None, placed: list[Placed]) -> list[Layer]:
        """The marks of the figure the monitor's caption describes (the loupe's name plate, the
        search view's tag) beside it: none while it has no pin on the monitor."""
        if caption is None:
            return []
        pin = next((pin for pin in placed if pin.figure == caption.figure), None)
        if pin is None:
            return []
        others = [box for other in placed if other is not pin
                  for box in (other.rect.union(other.rect.move(0, other.rect.h)),   # standing or hanging
                              *(() if other.plate is None else (other.plate[1],)))]
        return [caption_layer(pin.look, caption.rect, caption.ring, caption.bounds, others, screen)]
