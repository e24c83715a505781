"""The table joins its venue as `[venue]` says: the MQTT link, show control, the bridge.

Whatever fails here (a password file that cannot be read, an OSC address that
is not this machine's) is one line in the log and the table plays without that
part: a venue's tools are for staff, the table is for the visitors.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from lastmessage import __version__
from lastmessage.config.venue import VenueSettings
from lastmessage.table.app import App
from lastmessage.venue.bridge import Listener, Status, VenueBridge
from lastmessage.venue.link import LinkRefused, MqttLink
from lastmessage.venue.wire import Incoming
from lastmessage.venue.osc import OscControl
from lastmessage.venue.troubles import Said

log = logging.getLogger(__name__)


class Venue:
    def __init__(self, bridge: VenueBridge, link: MqttLink | None, osc: OscControl | None) -> None:
        self.bridge = bridge
        self.link = link
        self.osc = osc

    def frame_presented(self) -> None:
        self.bridge.frame_presented()

    def close(self) -> None:
        """The last status, `online` false, and what waits sent within a few seconds."""
        self.bridge.publish_status()
        if self.link is not None:
            self.link.close()
        if self.osc is not None:
            self.osc.close()


class _NoBroker:
    """The bridge's outbox when only OSC is configured: the messages go nowhere."""

    trouble: Said | None = None

    def send(self, kind: str, payload: str, *, retain: bool = False) -> None:
        pass

    def send_to(self, name: str, payload: str, *, retain: bool = False) -> None:
        pass

    def commands(self, most: int = 8) -> list[Incoming]:
        return []

    def alive(self) -> None:
        pass


def join_venue(app: App, venue: VenueSettings, *, status: Status, phase: Callable[[], str]) -> Venue | None:
    """The venue's parts `venue` configures, started; None when it configures none."""
    if venue.mqtt is None and venue.osc is None:
        return None
    link = None
    if venue.mqtt is not None:
        try:
            link = MqttLink(venue.mqtt, venue.table, ca_file=venue.ca_file, password_file=venue.password_file)
            link.start()   # before the bridge: its discovery messages are its first
        except LinkRefused as error:
            log.error("venue: %s; the table plays without the broker", error)
    osc = None
    if venue.osc is not None:
        try:
            osc = OscControl(venue.table, venue.osc, venue.osc_reply)
        except OSError as error:
            log.error("venue: [venue] osc = \"%s:%s\": cannot listen there (%s); the table plays without "
                      "show control (give an address of this machine)", *venue.osc, error.strerror or error)
    listeners: tuple[Listener, ...] = (osc,) if osc is not None else ()
    bridge = VenueBridge(app, link if link is not None else _NoBroker(), venue.table, status,
                         version=__version__, phase=phase, listeners=listeners)
    bridge.publish_status()
    return Venue(bridge, link, osc)
