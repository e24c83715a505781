"""`bench`'s `mqtt` figures: what a venue's broker costs a frame, and how much a game says.

A Mosquitto of this machine's (Debian's `mosquitto`) is started on the
loopback for the measure, anonymous, and stopped after. A game is played
from the shipped example with the venue joined, counting the messages it hands
the link; then the same frames (the table waiting for players, both screens
drawn) are timed three ways: without a venue, with the broker connected, and
with a broker that is not there. To be sure the bridge works during the frames
it is made busier than a device's: a status every 0.1 s and an event every ten frames.
The frames are paced at 60 a second as on the device.

A shared machine's load moves a p99 by more than a broker could, so the three
ways are measured in turns (ROUNDS rounds, each in another order) within one
run, and each way's figure is the median of its rounds' p99s. The noise is the
spread (highest less lowest) of the rounds without a broker: a broker's cost is
within noise when its median exceeds the median without by no more than that.
"""

from __future__ import annotations

import shutil
import socket
import statistics
import subprocess
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypedDict

from lastmessage.config.venue import VenueSettings, parse_broker

MOSQUITTO = "/usr/sbin/mosquitto"
FRAMES = 300
ROUNDS = 5
WAYS = ("without", "connected", "down")


class MqttFigures(TypedDict):
    messages_per_game: int
    frame_p99_ms_without_broker: float
    frame_p99_ms_with_broker: float
    frame_p99_ms_broker_down: float
    frame_p99_ms_rounds: dict[str, list[float]]   # each way's p99 per round, in the order measured
    noise_ms: float             # the spread of the rounds without a broker
    within_noise: bool          # connected and down both within the noise of without
    bridge_p99_ms: float        # the bridge's own share of a frame, broker connected
    dropped: int                # messages the outbox could not take (0: none lost to the queue)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def in_turns(ways: Sequence[str], rounds: int, measure: Callable[[str], float]) -> dict[str, list[float]]:
    """Each way's figure once a round, each round starting with another way, so that a shared
    machine's load falls on every way alike; the figures of each way in the order measured.
    (`bench --phones` measures its ways so too.)"""
    figures: dict[str, list[float]] = {way: [] for way in ways}
    for turn in range(rounds):
        for way in [*ways[turn % len(ways):], *ways[:turn % len(ways)]]:
            figures[way].append(measure(way))
    return figures


def spread(values: Sequence[float]) -> float:
    """The noise of a way measured in rounds: its highest less its lowest."""
    return round(max(values) - min(values), 3)


def _p99_ms(samples: list[float]) -> float:
    ordered = sorted(samples)
    return round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))] * 1000, 3)


def mqtt_figures(frames: int = FRAMES, rounds: int = ROUNDS) -> MqttFigures | None:
    """The figures, or None where no mosquitto is installed (`apt-get install mosquitto`)."""
    if not Path(MOSQUITTO).exists() and shutil.which("mosquitto") is None:
        return None
    with tempfile.TemporaryDirectory(prefix="lastmessage-bench-mqtt-") as folder:
        port = _free_port()
        config = Path(folder) / "mosquitto.conf"
        config.write_text(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\n")
        broker = subprocess.Popen([MOSQUITTO if Path(MOSQUITTO).exists() else "mosquitto", "-c", str(config)],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            _listening(port)
            url = f"mqtt://127.0.0.1:{port}"
            messages = _game(url)
            bridge: list[float] = []
            lost: list[int] = []

            def one(way: str) -> float:
                if way == "without":
                    times, _, _ = _frames(None, frames)
                elif way == "connected":
                    times, share, dropped = _frames(url, frames)
                    bridge.extend(share)
                    lost.append(dropped)
                else:
                    times, _, _ = _frames(f"mqtt://127.0.0.1:{_free_port()}", frames, up=False)
                return _p99_ms(times)

            p99s = in_turns(WAYS, rounds, one)
        finally:
            broker.terminate()
            broker.wait(10)
    median = {way: round(statistics.median(values), 3) for way, values in p99s.items()}
    noise = spread(p99s["without"])
    return MqttFigures(messages_per_game=messages, frame_p99_ms_without_broker=median["without"],
                       frame_p99_ms_with_broker=median["connected"], frame_p99_ms_broker_down=median["down"],
                       frame_p99_ms_rounds=p99s, noise_ms=noise,
                       within_noise=max(median["connected"], median["down"]) - median["without"] <= noise,
                       bridge_p99_ms=_p99_ms(bridge), dropped=sum(lost))


def _listening(port: int, deadline: float = 10.0) -> None:
    end = time.monotonic() + deadline
    while time.monotonic() < end:
        try:
            socket.create_connection(("127.0.0.1", port), 0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise RuntimeError(f"mosquitto did not listen on port {port} within {deadline:g} s")


def _game(url: str) -> int:
    """The shipped example game played with the venue joined: messages handed to the link."""
    import io

    from lastmessage.data import shipped_path
    from lastmessage.rules.config import Rules
    from lastmessage.scenegen.generate import GENERATOR
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.scripting.play import play_script

    catalog = load_scenes(shipped_scenes_dir(), GENERATOR)
    venue = play_script(shipped_path("examples", "detectives-win.jsonl"), "bench", catalog, Rules(), io.StringIO(),
                        venue=VenueSettings(mqtt=parse_broker(url), table="bench"))
    assert venue is not None
    return venue.bridge.published


def _frames(url: str | None, frames: int, *, up: bool = True) -> tuple[list[float], list[float], int]:
    """Seconds per frame (the table's step and drawing, and the bridge's share), the
    bridge's alone, and the messages dropped; `url` None: no venue; `up`: the broker is
    there (the frames wait for the connection first)."""
    import pygame

    from lastmessage.clock import SimulatedClock
    from lastmessage.hal.sim import SimHal
    from lastmessage.rules.events import TimerStarted
    from lastmessage.scenegen.generate import GENERATOR
    from lastmessage.scenes.model import load_scenes, shipped_scenes_dir
    from lastmessage.table.app import App
    from lastmessage.table.loop import phase_label
    from lastmessage.rules.config import Rules
    from lastmessage.venue.join import join_venue

    tablet, detective = pygame.Surface((1280, 800)), pygame.Surface((1920, 1080))
    clock = SimulatedClock()
    app = App(catalog=load_scenes(shipped_scenes_dir(), GENERATOR), rules=Rules(), clock=clock, hal=SimHal(),
              tablet_size=tablet.get_size(), detective_size=detective.get_size())
    venue = None
    if url is not None:
        venue = join_venue(app, VenueSettings(mqtt=parse_broker(url), table="bench"),
                           status=lambda: {"phase": phase_label(app), "written": time.time()},
                           phase=lambda: phase_label(app))
        assert venue is not None
        venue.bridge.every = 0.1
        if venue.link is not None and up and not venue.link.wait_connected(5.0):
            raise RuntimeError(f"the bench's broker at {url} did not take the connection")
    listener: Callable[[], None] = venue.frame_presented if venue is not None else (lambda: None)
    times: list[float] = []
    bridge: list[float] = []
    due = time.perf_counter()
    for index in range(frames):
        # The rest of each 1/60 s is slept, as the frame loop's ticker does: the link's threads
        # run then, as on the device (a loop that never sleeps would time their turns instead).
        due += 1 / 60
        time.sleep(max(0.0, due - time.perf_counter()))
        clock.advance(1 / 60)
        start = time.perf_counter()
        app.step()
        app.draw(tablet, detective)
        middle = time.perf_counter()
        if venue is not None and index % 10 == 0:
            venue.bridge.event(TimerStarted(index / 60, 1, 30.0))
        listener()
        end = time.perf_counter()
        times.append(end - start)
        bridge.append(end - middle)
    dropped = venue.link.dropped if venue is not None and venue.link is not None else 0
    if venue is not None:
        venue.close()
    return times, bridge, dropped
