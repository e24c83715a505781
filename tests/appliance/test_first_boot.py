"""The first-boot failures of a real Raspberry Pi OS install (issue 19), each
caught here without a Pi where it can be: the units and files the installer
writes, the device's own reactions, the libraries pygame-ce's SDL opens.
`make appliance-test` boots the same install in a container."""

from __future__ import annotations

import glob
import re
import socket
import threading
import time
import zipfile
from pathlib import Path

import pygame
import pytest

from lastmessage.cli import main
from lastmessage.kiosk import device
from lastmessage.kiosk.install import plan
from lastmessage.kiosk.wayland_socket import main as wait_main, wait_for_socket
from test_install import UNITS, unit, values

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    assert main(["install", "--root", str(root), "--source", "/srv/lastmessage"]) == 0
    return root


def test_the_service_starts_in_a_folder_it_may_write_where_lgpio_makes_its_pipe(tree: Path) -> None:
    """lgpio creates `.lgd-nfy*` in the working folder (or $LG_WD) on import; systemd starts in /,
    read-only under ProtectSystem=strict: the import failed and the device crash-looped."""
    service = unit(tree / UNITS / "lastmessage.service")["Service"]
    writable = set(values(service, "ReadWritePaths")[0].split())
    assert values(service, "WorkingDirectory") and values(service, "WorkingDirectory")[0] in writable
    environment = dict(pair.split("=", 1) for line in values(service, "Environment") for pair in line.split())
    assert environment.get("LG_WD") in writable


def test_the_game_is_bound_to_the_kiosk_and_upheld_by_it(tree: Path) -> None:
    game = unit(tree / UNITS / "lastmessage.service")["Unit"]
    kiosk = unit(tree / UNITS / "lastmessage-kiosk.service")["Unit"]
    assert values(game, "BindsTo") == ["lastmessage-kiosk.service"]
    assert "lastmessage-kiosk.service" in values(game, "After")
    assert values(kiosk, "Upholds") == ["lastmessage.service"]


def test_a_lost_compositor_ends_the_device_with_a_failure(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """SDL posts QUIT when the Wayland connection goes; the device used to ignore it and
    keep pinging the watchdog with dark screens. Now it exits non-zero: systemd restarts it."""
    monkeypatch.setattr(device, "_wait_for_screens", lambda *_: ([(640, 400), (800, 480)], 0, (0, 1)))
    opened = device._open

    def open_then_lose(*args: object, **kwargs: object) -> object:
        result = opened(*args, **kwargs)   # type: ignore[arg-type]
        pygame.event.post(pygame.event.Event(pygame.QUIT))
        return result

    monkeypatch.setattr(device, "_open", open_then_lose)
    config = tmp_path / "config.toml"
    config.write_text('[hal]\nbackend = "sim"\n')
    code = main(["run", "--config", str(config), "--db", str(tmp_path / "games.sqlite"),
                 "--status", str(tmp_path / "status.json"), "--frames", "600"])
    assert code == device.DISPLAY_LOST_EXIT != 0


def test_the_device_waits_for_the_compositors_socket(tmp_path: Path) -> None:
    path = tmp_path / "wayland-0"
    server = socket.socket(socket.AF_UNIX)

    def labwc_starts() -> None:
        time.sleep(0.3)
        server.bind(str(path))

    started = time.monotonic()
    thread = threading.Thread(target=labwc_starts)
    thread.start()
    try:
        assert wait_for_socket(path, 5.0)
        assert time.monotonic() - started >= 0.3
    finally:
        thread.join()
        server.close()
    assert not wait_for_socket(tmp_path / "wayland-1", 0.1)


def test_the_kiosk_is_started_only_once_its_socket_is_there(tree: Path, tmp_path: Path,
                                                           monkeypatch: pytest.MonkeyPatch,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    kiosk = unit(tree / UNITS / "lastmessage-kiosk.service")["Service"]
    assert values(kiosk, "ExecStartPost") == [
        "+/opt/lastmessage/venv/bin/python -m lastmessage.kiosk.wayland_socket --wait 30 "
        "--socket /run/lastmessage-wayland/wayland-0 --share"]
    monkeypatch.setenv("XDG_RUNTIME_DIR", str(tmp_path))
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert wait_main(["--wait", "0.1"]) == 1
    assert "no Wayland socket" in capsys.readouterr().err


def test_the_packages_give_every_library_sdl_opens_under_wayland() -> None:
    """Pi OS Lite with --no-install-recommends: SDL dlopen()s these at run time."""
    bundled = glob.glob(str(Path(pygame.__file__).parent.parent / "pygame_ce.libs" / "libSDL2-*"))
    if not bundled:
        pytest.skip("this pygame-ce does not bundle its SDL")
    names = set(re.findall(rb"lib(?:wayland-[a-z]+|xkbcommon|EGL|GLESv2|decor-0)\.so\.\d+",
                           Path(bundled[0]).read_bytes()))
    assert {n.decode() for n in names} >= {"libwayland-egl.so.1", "libEGL.so.1", "libxkbcommon.so.0"}
    for name in names:
        assert plan.SDL_RUNTIME[name.decode()] in plan.APT_PACKAGES, name
    assert {"libegl-mesa0", "libgl1-mesa-dri"} <= set(plan.APT_PACKAGES)


def test_lgpio_can_be_built_on_python_3_13(tree: Path) -> None:
    """No lgpio wheel for 3.13 and no liblgpio-dev in Debian 13: a compiler, and no hard
    dependency on a package only Raspberry Pi OS's archive has."""
    script = (tree / "lastmessage-install.sh").read_text()
    mandatory = next(line for line in script.splitlines() if " ".join(plan.APT_PACKAGES) in line)
    assert {"gcc", "libc6-dev", "python3-dev", "swig"} <= set(mandatory.split())
    assert "liblgpio-dev" not in script
    # lgpio's setup.py builds the lg library from its own sources only with PYPI=1.
    pip = next(line for line in script.splitlines() if "/bin/pip install --upgrade /srv" in line)
    assert pip.startswith("PYPI=1 ")


def test_the_gpio_extra_can_be_asked_for_off_a_pi(tmp_path: Path) -> None:
    assert main(["install", "--root", str(tmp_path), "--source", "/srv/lm", "--gpio"]) == 0
    assert "bin/pip install --upgrade /srv/lm\"[pi]\"" in (tmp_path / "lastmessage-install.sh").read_text()


def test_the_root_folder_carries_the_wheel_and_installs_it_from_there(tmp_path: Path) -> None:
    """It used to install from this machine's checkout path, which the Pi does not have."""
    root = tmp_path / "root"
    assert main(["install", "--root", str(root), "--source", str(REPO)]) == 0
    wheels = list(root.glob("lastmessage-*.whl"))
    assert len(wheels) == 1 and "lastmessage/kiosk/install/plan.py" in zipfile.ZipFile(wheels[0]).namelist()
    script = (root / "lastmessage-install.sh").read_text()
    pip = next(line for line in script.splitlines() if "/bin/pip install --upgrade" in line and "whl" in line)
    assert pip.startswith("PYPI=1 /opt/lastmessage/venv/bin/pip install --upgrade \"$here\"/" + wheels[0].name)
    assert str(REPO) not in script


def test_a_wheel_given_as_the_source_is_carried_too(tmp_path: Path) -> None:
    wheel = tmp_path / "lastmessage-9.9-py3-none-any.whl"
    wheel.write_bytes(b"PK")
    root = tmp_path / "root"
    assert main(["install", "--root", str(root), "--source", str(wheel)]) == 0
    assert (root / wheel.name).read_bytes() == b"PK"
    assert f'"$here"/{wheel.name}' in (root / "lastmessage-install.sh").read_text()


def test_modemmanager_leaves_the_module_alone(tree: Path) -> None:
    rule = (tree / "etc/udev/rules.d/99-lastmessage-module.rules").read_text()
    line = next(line for line in rule.splitlines() if line.startswith("SUBSYSTEM"))
    assert 'ENV{ID_MM_DEVICE_IGNORE}="1"' in line and 'ATTRS{idVendor}=="2e8a"' in line


def test_the_service_is_in_no_input_group(tree: Path) -> None:
    service = unit(tree / UNITS / "lastmessage.service")["Service"]
    assert "input" not in values(service, "SupplementaryGroups")[0].split()
    assert "input" not in plan.GROUPS


def test_the_docs_give_the_kiosk_users_driver_check() -> None:
    """The check as the installed service runs it: its user, its venv, its Wayland socket."""
    readme = (REPO / "docs" / "museum.md").read_text()
    command = (f"sudo -u {plan.USER} env WAYLAND_DISPLAY={plan.WAYLAND_SOCKET} SDL_VIDEODRIVER=wayland "
               f"{plan.VENV}/bin/lastmessage bench --driver")
    assert command in readme


def test_the_config_names_the_outputs_the_kiosk_pins_windows_to(tree: Path) -> None:
    """Which screen is which was decided twice: rc.xml by name, the game by SDL's numbering."""
    import tomllib

    from lastmessage.config.settings import settings_from_mapping

    config = tomllib.loads((tree / "etc/lastmessage/config.toml").read_text())
    display = settings_from_mapping(config, "config.toml").display
    assert (display.tablet_output, display.detective_output) == ("HDMI-A-1", "HDMI-A-2")


@pytest.mark.parametrize(("name", "sdl_names", "index"), [
    ("HEADLESS-1", ["Headless output 2", "Headless output 1"], 1),       # seen in the appliance container
    ("HEADLESS-2", ["Headless output 2", "Headless output 1"], 0),
    ("HDMI-A-1", ["LG Electronics LG TV 0x01010101 (HDMI-A-2)", "Iiyama PL2492H 1213 (HDMI-A-1)"], 1),
    ("hdmi-a-2", ["LG Electronics LG TV 0x01010101 (HDMI-A-2)", "Iiyama PL2492H (HDMI-A-1)"], 0),
    ("DSI-1", ["DSI-1", "HDMI-A-1"], 0),
    ("HDMI-A-2", ["Iiyama PL2492H (HDMI-A-1)"], None),                    # not connected
    (1, ["a", "b"], 1), (2, ["a", "b"], None),                            # numbers, as before
])
def test_outputs_named_in_the_config_are_found_by_sdls_display_names(
        name: int | str, sdl_names: list[str], index: int | None) -> None:
    from lastmessage.ui.outputs import resolve

    assert resolve(name, sdl_names) == index


def test_a_wrong_output_name_is_refused_in_one_line() -> None:
    from lastmessage.config.settings import SettingsError, settings_from_mapping

    with pytest.raises(SettingsError, match="display.tablet_output"):
        settings_from_mapping({"display": {"tablet_output": "HDMI A 1"}}, "config.toml")


@pytest.mark.parametrize("mapping", [{"hal": {"backend": "sim"}}, {"display": {"language": "ro"}}])
def test_a_config_that_names_no_outputs_keeps_the_default_ones(mapping: dict[str, object]) -> None:
    """Item 4 had made a config file without `detective_output` give 0, the tablet's
    own output: the device then refused to start ("the same output")."""
    from lastmessage.config.settings import settings_from_mapping

    display = settings_from_mapping(mapping, "config.toml").display
    assert (display.tablet_output, display.detective_output) == (0, 1)


def test_sdl_names_its_displays_through_ctypes() -> None:
    from lastmessage.ui.outputs import display_names

    pygame.display.init()
    assert len(display_names()) == len(pygame.display.get_desktop_sizes())


# ---- item 5: a screen lost mid-day ----------------------------------------------

PARTIAL_GAME = """\
{"action": "scene", "id": "harbour"}
{"action": "pick", "character": "harbour-p200"}
{"action": "flip"}
{"action": "word", "cell": 4, "text": "clown"}
"""


def test_the_displays_are_looked_at_every_period_never_on_every_frame() -> None:
    from lastmessage.kiosk.screens_watch import ScreensWatch

    now = [0.0]
    seen = [(0, 1)]
    looks: list[float] = []

    def look() -> tuple[int | None, int | None]:
        looks.append(now[0])
        return seen[0]

    watch = ScreensWatch(look, (0, 1), every=2.0, now=lambda: now[0])
    for _ in range(600):                          # ten seconds of frames at 60 a second
        assert not watch.changed()
        now[0] += 1 / 60
    assert len(looks) == 4 and all(b - a >= 2.0 for a, b in zip(looks, looks[1:]))
    seen[0] = (0, None)                           # the monitor's output went
    while not watch.changed():
        now[0] += 1 / 60
    assert watch.changed() and watch.seen == (0, None), "a change holds until the windows are reopened"
    watch.reopened((1, 0))                        # back, and SDL numbered the displays anew
    seen[0] = (0, 1)
    now[0] += 2.0
    assert watch.changed(), "other display numbers than the windows were opened on count as a change"


def test_a_screen_lost_mid_game_shows_the_waiting_screen_and_the_game_goes_on(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Item 5: the device never looked at its displays again once playing: a TV that
    dropped its hotplug signal left the monitor's window moved onto the tablet."""
    from lastmessage.kiosk import monitor_wait, screens_watch

    db = tmp_path / "games.sqlite"
    script = tmp_path / "partial.jsonl"
    script.write_text(PARTIAL_GAME)
    assert main(["play", "--script", str(script), "--db", str(db), "--events", str(tmp_path / "events.jsonl")]) == 0

    monkeypatch.setattr(screens_watch, "RECHECK_S", 0.05)
    monkeypatch.setattr(monitor_wait, "RECHECK_S", 0.05)
    both, tablet_only = [(640, 400), (800, 480)], [(640, 400)]
    plan_ = [both] * 3 + [tablet_only] * 4        # start, two looks in play, gone for four looks, back
    calls: list[int] = []

    def screens(settings: object) -> tuple[list[tuple[int, int]], int | None, int | None]:
        calls.append(1)
        shown = plan_[len(calls) - 1] if len(calls) <= len(plan_) else both
        return shown, 0, (1 if len(shown) == 2 else None)

    monkeypatch.setattr(device, "_screens", screens)
    apps: list[object] = []
    opened = device._open

    def keep_app(*args: object, **kwargs: object) -> object:
        result = opened(*args, **kwargs)   # type: ignore[arg-type]
        apps.append(result[0])
        return result

    monkeypatch.setattr(device, "_open", keep_app)
    from lastmessage.ui.display import WindowDisplay

    windows: list[object] = []
    init = WindowDisplay.__init__

    def opening(self: WindowDisplay, *args: object, **kwargs: object) -> None:
        windows.append(kwargs.get("desktops"))
        init(self, *args, **kwargs)   # type: ignore[arg-type]

    monkeypatch.setattr(WindowDisplay, "__init__", opening)
    waiting: list[float] = []
    frame = monitor_wait.MonitorWait.frame

    def waiting_frame(self: monitor_wait.MonitorWait) -> None:
        waiting.append(apps[0].game_time())   # type: ignore[attr-defined]
        frame(self)

    monkeypatch.setattr(monitor_wait.MonitorWait, "frame", waiting_frame)
    config = tmp_path / "config.toml"
    config.write_text('[hal]\nbackend = "sim"\n[display]\ntablet_output = 0\ndetective_output = 1\n')
    started = time.monotonic()
    code = main(["run", "--config", str(config), "--db", str(db), "--status", str(tmp_path / "status.json"),
                 "--frames", "240"])
    took = time.monotonic() - started
    assert code == 0
    assert waiting, "the waiting screen was shown while the monitor was gone"
    assert len(windows) == 2, "the windows were opened again once both screens were back"
    app = apps[0]
    assert app.origin is not None and app.game.phase.value == "clues", "the game goes on"   # type: ignore[attr-defined]
    assert [e.type for e in app.game.events][-1] == "word_added"   # type: ignore[attr-defined]
    # The game's clock stood still while the screens were gone: less game time than run time.
    wait_s = waiting[-1] - waiting[0]
    assert wait_s > 0.1 and app.game_time() < took - wait_s + 0.05   # type: ignore[attr-defined]
    import sqlite3
    with sqlite3.connect(db) as journal:
        assert journal.execute("SELECT id, finished FROM games").fetchall() == [(1, 0)]
