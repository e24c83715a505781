"""Show control over OSC with real UDP packets on the loopback, malformed ones too."""

from __future__ import annotations

import socket
from collections.abc import Iterator

import pytest
from pythonosc.udp_client import SimpleUDPClient

from lastmessage.operator.commands import ChooseLanguage, Opening, PutAway
from lastmessage.rules.events import EndReason, GameOver, Winner
from lastmessage.venue.osc import OscControl
from lastmessage.venue.requests import Request
from tests.venue.broker import wait_for
from tests.ports import free_port


@pytest.fixture
def listener() -> Iterator[socket.socket]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    sock.bind(("127.0.0.1", 0))
    sock.settimeout(5)
    yield sock
    sock.close()


@pytest.fixture
def control(listener: socket.socket) -> Iterator[OscControl]:
    running = OscControl("t1", ("127.0.0.1", 0), listener.getsockname())
    yield running
    running.close()


def test_commands_in_and_malformed_packets_dropped(control: OscControl) -> None:
    host, port = control.address[:2]
    client = SimpleUDPClient(str(host), int(port))
    raw = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)
    try:
        for junk in (b"", b"\x00" * 7, b"not osc at all", b"/lastmessage/t1/put_away", b"#bundle\x00junk"):
            raw.sendto(junk, (host, port))
        client.send_message("/lastmessage/t2/put_away", [])      # another table's
        client.send_message("/lastmessage/t1/language", [5])      # wrong argument
        client.send_message("/lastmessage/t1/put_away", ["extra"])
        client.send_message("/lastmessage/t1/nothing", [])
        client.send_message("/lastmessage/t1/put_away", [])
        client.send_message("/lastmessage/t1/language", ["ro"])
        client.send_message("/lastmessage/t1/close", [])
        client.send_message("/lastmessage/t1/open", [])
        taken: list[Request] = []
        wait_for(lambda: taken.extend(control.requests()) or len(taken) >= 4, 5, "the four commands")
    finally:
        raw.close()
    assert [request.command for request in taken] == [PutAway(), ChooseLanguage("ro"), Opening(False), Opening(True)]


def test_the_phase_and_game_over_go_out(control: OscControl, listener: socket.socket) -> None:
    from pythonosc.osc_message import OscMessage

    control.phase("over")
    control.event(GameOver(12.0, Winner.DETECTIVES, EndReason.FOUND, 1))
    first, second = OscMessage(listener.recv(1024)), OscMessage(listener.recv(1024))
    assert (first.address, first.params) == ("/lastmessage/t1/phase", ["over"])
    assert (second.address, second.params) == ("/lastmessage/t1/game_over", ["detectives", "found"])


def test_it_listens_only_on_the_address_given() -> None:
    with pytest.raises(OSError):
        OscControl("t1", ("192.0.2.1", 0))   # not this machine's


def test_show_control_puts_the_game_away_through_the_menu(listener: socket.socket) -> None:
    """[venue] osc alone (no broker): a real packet reaches the table as the menu's put-away,
    and the phase goes out to the show controller."""
    from lastmessage.clock import SimulatedClock
    from lastmessage.config.venue import VenueSettings
    from lastmessage.operator.events import OperatorEvent
    from lastmessage.table.loop import phase_label
    from lastmessage.venue.join import join_venue
    from tests.table.tables import make_app, start_clues

    app = make_app(SimulatedClock())
    heard: list[OperatorEvent] = []
    app.operator_sinks.append(heard.append)
    port = free_port(socket.SOCK_DGRAM)
    venue = join_venue(app, VenueSettings(osc=("127.0.0.1", port), osc_reply=listener.getsockname()),
                       status=dict, phase=lambda: phase_label(app))
    assert venue is not None and venue.link is None
    try:
        start_clues(app)
        SimpleUDPClient("127.0.0.1", port).send_message("/lastmessage/table/put_away", [])
        wait_for(lambda: venue.frame_presented() or phase_label(app) == "idle", 5, "the game put away")
    finally:
        venue.close()
    assert [(e.type, getattr(e, "source", None)) for e in heard][:1] == [("operator_remote", "osc")]
    from pythonosc.osc_message import OscMessage
    phases = [OscMessage(listener.recv(1024)).params[0] for _ in range(2)]
    assert phases == ["clues", "idle"]   # the game on, put away
