"""The appliance booted in a container: `make appliance-test` (scripts/appliance-test.sh).

From outside a systemd-nspawn container of Debian 13 (built once by
scripts/appliance-root.sh), with the wheel installed and `lastmessage install`
run for real inside, it boots systemd as PID 1 with the real units, labwc on
its headless backend with two outputs, and prints one line per check. Every
wait is on a condition with a deadline. Exit status 0 when every check passed.

Run as root: `python scripts/appliance_check.py --root BASE --wheel WHEEL`.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

TABLET, MONITOR = "HEADLESS-1", "HEADLESS-2"
BOOT_S = 120.0          # boot to both units active and READY=1
TIMEOUT_START_S = 180   # the unit's TimeoutStartSec
CACHE = "/var/cache/lastmessage/scenes/scenes"   # the unit's LASTMESSAGE_CACHE, and render.py's scenes/
PI4_SLOWER = 6.0
"""How much slower a Raspberry Pi 4's core is taken to be than this machine's at drawing
the scenes: a conservative figure (Cortex-A72 at 1.5-1.8 GHz against a server x86 core,
roughly 4-5x in single-thread benchmarks), for the README's estimate, not measured."""
WATCHDOG_SEC, RESTART_SEC = 10, 3
GAME = "lastmessage.service"
KIOSK = "lastmessage-kiosk.service"
DB = "/var/lib/lastmessage/games.sqlite"
STATE = "/var/lib/lastmessage"
GAME_USER, KIOSK_USER = "lastmessage", "lastmessage-kiosk"
KIOSK_HOME = "/var/lib/lastmessage-kiosk"
SOCKET = "/run/lastmessage-wayland/wayland-0"
# systemd-analyze security of the units before issue 24 (item 10): both as lastmessage.
SCORES_BEFORE = {GAME: 6.1, KIOSK: 9.2}
SCORE_CEILING = 3.0
# The phases of a game in progress as `status --json` shows them (not "starting", which
# the device shows before its journal is open, nor "idle", "closed", "waiting_for_screen").
IN_GAME = ("secret", "ready", "clues", "erase", "suspect")

# What the container lacks against a Pi (no VT, no tty1, no GPU, no input
# devices): the kiosk unit keeps everything else, PAM and logind included.
KIOSK_DROP_IN = """\
# Written by the appliance test: a container has no tty1 and no GPU.
[Unit]
ConditionPathExists=
[Service]
TTYPath=
StandardInput=null
TTYReset=no
TTYVHangup=no
TTYVTDisallocate=no
UtmpIdentifier=
Environment=WLR_BACKENDS=headless WLR_HEADLESS_OUTPUTS=2 WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1
"""

# A game left in progress: the scene picked, a word drawn (PLAY_SCRIPT.md).
PARTIAL_GAME = """\
{"action": "scene", "id": "harbour"}
{"action": "pick", "character": "harbour-p200"}
{"action": "flip"}
{"action": "word", "cell": 4, "text": "clown"}
"""


class CheckFailed(Exception):
    pass


results: list[tuple[bool, str]] = []


def check(name: str, passed: bool, detail: str) -> bool:
    results.append((passed, name))
    print(f"{'ok  ' if passed else 'FAIL'} {name}: {detail}", flush=True)
    return passed


def wait_for(condition: Callable[[], object], seconds: float, what: str, step: float = 0.25) -> tuple[object, float]:
    """The condition's first true value and the seconds it took; CheckFailed after `seconds`."""
    start = time.monotonic()
    while True:
        try:
            value = condition()
        except (subprocess.SubprocessError, OSError, ValueError, KeyError):
            value = None
        if value:
            return value, time.monotonic() - start
        if time.monotonic() - start > seconds:
            raise CheckFailed(f"{what}: not within {seconds:g} s")
        time.sleep(step)


CGROUP_ROOT = Path("/sys/fs/cgroup")


def cgroup_dirs(name: str) -> list[Path]:
    """The folders of a cgroup of our own: in the unified hierarchy (cgroup v2, or the
    hybrid layout's "unified") and, on a hybrid host, in the name=systemd one."""
    if (CGROUP_ROOT / "cgroup.controllers").exists():
        return [CGROUP_ROOT / name]
    return [CGROUP_ROOT / hierarchy / name for hierarchy in ("systemd", "unified")
            if (CGROUP_ROOT / hierarchy / "cgroup.procs").exists()]


def remove_cgroup(folder: Path) -> None:
    """A cgroup tree, leaves first (best effort: a cgroup with processes stays)."""
    if not folder.is_dir():
        return
    for child in sorted((d for d in folder.rglob("*") if d.is_dir()), key=lambda d: len(d.parts), reverse=True):
        try:
            child.rmdir()
        except OSError:
            pass
    try:
        folder.rmdir()
    except OSError:
        pass


class Container:
    """One booted container on an overlay of the cached root (the base stays as built).

    With no systemd on the host, `--keep-unit` makes nspawn put the container in
    "payload/" under its own cgroup: started from the root cgroup, every container
    on this machine shared /payload, so a stray one (an nspawn killed while its
    systemd ran on) held processes in this one's user@990.service, whose stop then
    waited 150 s at every power-off. Each run gets a cgroup of its own."""

    def __init__(self, merged: Path, log: Path) -> None:
        self.merged, self.log = merged, log
        self.nspawn: subprocess.Popen[bytes] | None = None
        self.boots = 0
        self.cgroups = cgroup_dirs(f"lastmessage-appliance-{os.getpid()}")

    def _own_cgroup(self) -> None:
        """In the child, before exec: join this run's cgroup (nspawn makes payload/ under it)."""
        for folder in self.cgroups:
            folder.mkdir(exist_ok=True)
            (folder / "cgroup.procs").write_text(str(os.getpid()))

    def boot(self, *options: str) -> None:
        self.boots += 1
        out = open(self.log.with_suffix(f".boot{self.boots}.log"), "wb")
        self.nspawn = subprocess.Popen(
            ["systemd-nspawn", "--register=no", "--keep-unit", "--boot", "--console=passive", *options,
             "-M", "lastmessage-test", "-D", str(self.merged)],
            stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT, start_new_session=True,
            preexec_fn=self._own_cgroup)
        wait_for(lambda: self.run("systemctl is-system-running", check=False).stdout.strip()
                 in ("running", "degraded"), 60, "the container's systemd to finish booting")

    def leader(self) -> int:
        assert self.nspawn is not None
        children = Path(f"/proc/{self.nspawn.pid}/task/{self.nspawn.pid}/children").read_text().split()
        if not children:
            raise OSError("no container yet")
        return int(children[0])

    def run(self, command: str, *, check: bool = True, timeout: float = 120,
            text: bool = True) -> subprocess.CompletedProcess[str]:
        result = subprocess.run(["nsenter", "-t", str(self.leader()), "-a", "/bin/sh", "-c", command],
                                capture_output=True, text=text, timeout=timeout)
        if check and result.returncode != 0:
            raise CheckFailed(f"`{command}` exited {result.returncode}: {(result.stderr or '')[-600:]}")
        return result

    def wayland(self, command: str) -> subprocess.CompletedProcess[bytes]:
        return subprocess.run(["nsenter", "-t", str(self.leader()), "-a", "/bin/sh", "-c",
                               f"WAYLAND_DISPLAY={SOCKET} " + command],
                              capture_output=True, timeout=60)

    def unit(self, name: str) -> dict[str, str]:
        shown = self.run(f"systemctl show {name} -p ActiveState -p SubState -p MainPID -p NRestarts "
                         f"-p StatusText -p InvocationID", check=False).stdout
        return dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)

    def both_up(self) -> tuple[dict[str, str], dict[str, str]] | None:
        """Kiosk and game active; for the Type=notify game that means READY=1 came."""
        kiosk, game = self.unit(KIOSK), self.unit(GAME)
        up = kiosk.get("ActiveState") == "active" and game.get("ActiveState") == "active"
        return (kiosk, game) if up else None

    def status(self) -> dict[str, object]:
        """`lastmessage status --json` as staff run it on the device (as root)."""
        said = self.run("/usr/local/bin/lastmessage status --json", check=False)
        try:
            values = json.loads(said.stdout)
        except ValueError:
            return {"unreadable": (said.stdout + said.stderr)[-300:]}
        return values if isinstance(values, dict) else {}

    def power_off(self, seconds: float = 60) -> float:
        """`systemctl poweroff` inside; the seconds until the container was gone."""
        started = time.monotonic()
        self.run("systemctl poweroff", check=False)
        self.wait_gone(seconds, "powered off")
        return time.monotonic() - started

    def kill(self) -> None:
        """A power cut: the container's systemd (its PID 1, and so every process in
        it) and nspawn, SIGKILL. Killing nspawn alone left the container running on
        with nobody to stop it."""
        assert self.nspawn is not None
        try:
            os.kill(self.leader(), signal.SIGKILL)
        except OSError:
            pass
        os.killpg(self.nspawn.pid, signal.SIGKILL)
        self.wait_gone(30, "killed")

    def wait_gone(self, seconds: float, how: str) -> None:
        assert self.nspawn is not None
        try:
            self.nspawn.wait(timeout=seconds)
        except subprocess.TimeoutExpired:
            try:
                jobs = self.run("systemctl list-jobs --no-pager --no-legend | head -5", check=False,
                                timeout=10).stdout.strip().replace("\n", " | ")
            except (subprocess.SubprocessError, OSError):
                jobs = "(could not ask)"
            raise CheckFailed(f"the container {how} was still running after {seconds:g} s; jobs: {jobs}") from None
        self.nspawn = None

    def stop(self) -> None:
        if self.nspawn is not None and self.nspawn.poll() is None:
            try:
                self.power_off(60)
            except (subprocess.SubprocessError, OSError, CheckFailed):
                self.kill()
        for folder in self.cgroups:
            remove_cgroup(folder)


def screenshot(box: Container, output: str) -> object:
    import pygame

    shot = box.wayland(f"grim -o {output} -")
    if shot.returncode != 0 or not shot.stdout:
        raise CheckFailed(f"grim -o {output}: {shot.stderr.decode(errors='replace')[-300:]}")
    import io
    return pygame.image.load(io.BytesIO(shot.stdout), "shot.png")


def colours(surface: object) -> dict[str, float]:
    """Share of pixels near the screens' theme colours (lastmessage.ui.theme)."""
    import pygame

    from lastmessage.ui import theme

    assert isinstance(surface, pygame.Surface)
    small = pygame.transform.scale(surface, (160, 90))
    pixels = [small.get_at((x, y))[:3] for x in range(160) for y in range(90)]

    def near(colour: tuple[int, int, int], tolerance: int = 24) -> float:
        return sum(all(abs(a - b) <= tolerance for a, b in zip(p, colour)) for p in pixels) / len(pixels)

    black = sum(max(p) < 8 for p in pixels) / len(pixels)
    distinct = len(set(pixels))
    return {"amber": near(theme.AMBER), "black": black, "distinct": distinct}


def tablet_on_tablet(box: Container) -> tuple[dict[str, float], dict[str, float]] | None:
    """The tablet's attract screen (its amber "Tap to play") on the tablet's output, and the
    monitor's own picture (lit, many colours, not the tablet's) on the monitor's."""
    tablet, monitor = colours(screenshot(box, TABLET)), colours(screenshot(box, MONITOR))
    good = (tablet["amber"] > 0.02 and tablet["black"] < 0.5 and monitor["black"] < 0.5
            and monitor["distinct"] > 40 and monitor["amber"] < tablet["amber"] / 2)
    return (tablet, monitor) if good else None


def describe(shares: dict[str, float]) -> str:
    return f"amber {shares['amber']:.1%}, black {shares['black']:.0%}, {shares['distinct']:.0f} colours"


def install(box: Container, wheel: Path, port: int) -> float:
    """The real `lastmessage install` inside the booted container (not --root)."""
    started = time.monotonic()
    shutil.copy2(wheel, box.merged / "root" / wheel.name)
    box.run(f"python3 -m venv /root/installer && /root/installer/bin/pip install -q /root/{wheel.name}", timeout=600)
    result = box.run(f"/root/installer/bin/lastmessage install --gpio --tablet-output {TABLET} "
                     f"--detective-output {MONITOR}", check=False, timeout=1200)
    (box.log.with_suffix(".install.log")).write_text(result.stdout + result.stderr)
    if result.returncode != 0:
        raise CheckFailed(f"lastmessage install exited {result.returncode}: {result.stderr[-800:]}")
    global install_cache_line
    install_cache_line = next((line for line in result.stdout.splitlines() if line.startswith("scene cache:")),
                              "no scene cache made: " + result.stderr.strip()[-300:])
    drop_in = box.merged / "etc/systemd/system/lastmessage-kiosk.service.d"
    drop_in.mkdir(parents=True, exist_ok=True)
    (drop_in / "container.conf").write_text(KIOSK_DROP_IN)
    # The operator's settings for the test: the status page on loopback (the
    # container shares this machine's network), status written often.
    config = box.merged / "etc/lastmessage/config.toml"
    text = config.read_text().replace("[museum]\n", f"[museum]\nstatus_port = {port}\nstatus_interval = 0.5\n", 1)
    config.write_text(text)
    return time.monotonic() - started


install_cache_line = ""


def pictures(box: Container | None, merged: Path | None = None) -> dict[str, str]:
    """The scene cache's pictures and their modification times, inside the container or in
    its folder seen from outside."""
    if merged is not None:
        return {path.name: str(int(path.stat().st_mtime)) for path in (merged / CACHE.lstrip("/")).glob("*.png")}
    assert box is not None
    listed = box.run(f"cd {CACHE} 2>/dev/null && stat -c '%n %Y' -- *.png", check=False).stdout
    return dict(line.split(" ", 1) for line in listed.splitlines() if " " in line)


def start_to_ready(box: Container) -> float:
    """Seconds from the game's process start to READY=1 (what TimeoutStartSec bounds)."""
    shown = box.run(f"systemctl show {GAME} -p ExecMainStartTimestampMonotonic -p ActiveEnterTimestampMonotonic",
                    check=False).stdout
    values = dict(line.split("=", 1) for line in shown.splitlines() if "=" in line)
    return (int(values["ActiveEnterTimestampMonotonic"]) - int(values["ExecMainStartTimestampMonotonic"])) / 1e6


def overlay(box: Container) -> None:
    """Booted as the Pi's overlay file system runs it (`--volatile=overlay`: the root read-only
    under a tmpfs upper layer, gone at power-off): the install's scene cache is read from the
    lower layer, nothing of the attract loop rendered again; then the cold case, the cache
    removed (in the tmpfs layer only) and the device started again, timed to READY=1."""
    installed = pictures(None, box.merged)
    if not installed:
        raise CheckFailed(f"the install left no scene cache in {CACHE} ({install_cache_line})")
    started = time.monotonic()
    box.boot("--volatile=overlay")
    root = box.run("findmnt -n -o FSTYPE / ; findmnt -n -o FSTYPE -T /var/cache", check=False).stdout.split()
    wait_for(box.both_up, BOOT_S, "kiosk and game active on the overlay root (READY=1)")
    booted = time.monotonic() - started
    warm = start_to_ready(box)
    seen = pictures(box)
    rendered = sorted(name for name, stamp in seen.items() if installed.get(name) != stamp)
    game_before = box.unit(GAME)
    box.run(f"systemctl stop {KIOSK}")
    wait_for(lambda: box.unit(GAME).get("ActiveState") == "inactive", 30, "the game stopped with the kiosk")
    box.run(f"rm -rf {CACHE.rsplit('/', 1)[0]}/*")
    box.run(f"systemctl start {KIOSK}")
    wait_for(lambda: (lambda up: up and up[1]["MainPID"] != game_before["MainPID"])(box.both_up()), BOOT_S,
             "the game READY again with an empty cache on the overlay")
    cold = start_to_ready(box)
    restarts = box.unit(GAME).get("NRestarts")
    box.power_off(90)
    kept = pictures(None, box.merged) == installed
    check("overlay", root[:1] == ["overlay"] and not rendered and kept and cold < TIMEOUT_START_S and restarts == "0",
          f"--volatile=overlay (root {root[:1]}, tmpfs upper layer): READY {booted:.1f} s after the container "
          f"started, game start to READY {warm:.1f} s with the install's cache ({len(installed)} pictures; "
          f"rendered again at boot: {', '.join(rendered) or 'none'}); cache emptied: start to READY {cold:.1f} s "
          f"(TimeoutStartSec={TIMEOUT_START_S}; a Pi 4 taken as {PI4_SLOWER:g}x slower: about "
          f"{cold * PI4_SLOWER:.0f} s), game restarts {restarts}; after power-off the persistent cache is "
          f"{'as installed' if kept else 'CHANGED'} ({install_cache_line})")


def lgpio_unit(box: Container) -> str:
    """lastmessage.service's own [Service] section (user, working folder, environment,
    sandbox) with a one-shot `import lgpio` as its command."""
    service = (box.merged / "etc/systemd/system" / GAME).read_text().split("[Service]", 1)[1].split("[Install]")[0]
    dropped = ("Type=", "WatchdogSec=", "NotifyAccess=", "ExecStart=", "Restart", "TimeoutStartSec=")
    kept = [line for line in service.splitlines() if not line.startswith(dropped)]
    probe = ("/opt/lastmessage/venv/bin/python -c \"import os, lgpio; "
             "print('lgpio', lgpio.LGPIO_PY_VERSION, 'imported in', os.getcwd(), 'pipe in', os.environ.get('LG_WD'))\"")
    # RuntimeDirectoryPreserve: the game's /run/lastmessage (its status, LG_WD) outlives this one-shot.
    return "[Unit]\nDescription=lgpio import as lastmessage.service runs it\n[Service]\nType=oneshot\n" \
        + "\n".join(kept) + f"\nRuntimeDirectoryPreserve=yes\nExecStart={probe}\n"


LOOK = ("import time, pygame; pygame.display.init(); "
        "from lastmessage.ui.outputs import display_names, resolve; "
        "look = lambda: resolve('" + MONITOR + "', display_names()[:len(pygame.display.get_desktop_sizes())]); "
        "look(); t = time.perf_counter(); [look() for _ in range(1000)]; "
        "print(f'{(time.perf_counter() - t) * 1000:.1f}')")


def look_cost(box: Container) -> str:
    """What the device's look at its displays during play costs under labwc (1,000 looks)."""
    said = box.wayland(f"SDL_VIDEODRIVER=wayland /opt/lastmessage/venv/bin/python -c \"{LOOK}\"")
    cost = said.stdout.decode(errors="replace").strip().splitlines()[-1:] if said.returncode == 0 else []
    return f"a look at the displays costs {cost[0]} us here" if cost else \
        f"look cost not measured ({said.stderr.decode(errors='replace')[-200:]})"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def unfinished_game(box: Container) -> str | None:
    found = box.run(f"sqlite3 {DB} \"select id from games where finished = 0 order by id desc limit 1\"",
                    check=False)
    return found.stdout.strip() or None


def words(box: Container, game_id: str) -> list[str]:
    """The words placed on the board of a journalled game (its word_added events)."""
    found = box.run(f"sqlite3 {DB} \"select event from events where game_id = {int(game_id)} order by seq\"",
                    check=False).stdout
    events = [json.loads(line) for line in found.splitlines() if line.startswith("{")]
    return [str(e.get("text")) for e in events if e.get("type") == "word_added"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--root", type=Path, required=True, help="the cached Debian 13 root (read-only base)")
    parser.add_argument("--wheel", type=Path, required=True)
    parser.add_argument("--keep", action="store_true", help="keep the run's overlay folder")
    args = parser.parse_args()
    began = time.monotonic()
    work = Path(tempfile.mkdtemp(prefix="lastmessage-appliance-"))
    merged = work / "merged"
    for name in ("upper", "work", "merged"):
        (work / name).mkdir()
    subprocess.run(["mount", "-t", "overlay", "overlay", "-o",
                    f"lowerdir={args.root},upperdir={work / 'upper'},workdir={work / 'work'}", str(merged)],
                   check=True)
    # This machine's extra certificate authorities (a proxy in front of PyPI), so pip inside verifies.
    for ca in Path("/usr/local/share/ca-certificates").glob("*.crt"):
        shutil.copy2(ca, merged / "usr/local/share/ca-certificates" / ca.name)
    (merged / "etc/pip.conf").write_text("[global]\ncert = /etc/ssl/certs/ca-certificates.crt\n")
    box = Container(merged, work / "nspawn")
    port = free_port()
    try:
        box.boot()
        box.run("update-ca-certificates >/dev/null 2>&1 || true")
        seconds = install(box, args.wheel, port)
        check("install", True, f"`lastmessage install --gpio --tablet-output {TABLET} --detective-output {MONITOR}` "
                               f"ran inside the booted container in {seconds:.0f} s (apt, venv, units, udev, polkit)")
        box.power_off(90)
        guarded("overlay", lambda: overlay(box))
        run_checks(box, port)
    except CheckFailed as failure:
        check("appliance", False, str(failure))
    finally:
        box.stop()
        subprocess.run(["umount", str(merged)], check=False)
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    failed = [name for passed, name in results if not passed]
    print(f"appliance-test: {len(results) - len(failed)} of {len(results)} checks passed in "
          f"{time.monotonic() - began:.0f} s" + (f"; failed: {', '.join(failed)}" if failed else ""))
    return 1 if failed else 0


def guarded(name: str, body: Callable[[], None]) -> None:
    try:
        body()
    except CheckFailed as failure:
        check(name, False, str(failure))


def run_checks(box: Container, port: int) -> None:
    started = time.monotonic()
    box.boot()
    try:
        (kiosk, game), _ = wait_for(box.both_up, BOOT_S, "kiosk and game active (READY=1)")  # type: ignore[misc]
    except CheckFailed as failure:
        said = box.run(f"journalctl -b --no-pager -o cat -u {KIOSK} -u {GAME}", check=False).stdout
        box.log.with_suffix(".units.log").write_text(said)
        raise CheckFailed(f"{failure}; the units said (all in {box.log.with_suffix('.units.log')}): "
                          + " | ".join(said.strip().splitlines()[-8:])) from None
    check("boot", True, f"kiosk and game active, READY=1 seen by systemd {time.monotonic() - started:.1f} s after "
                        f"the container started (deadline {BOOT_S:.0f} s; first boot, scene cache from the install, "
                        f"TimeoutStartSec={TIMEOUT_START_S}); game start to READY {start_to_ready(box):.1f} s; "
                        f"game restarts so far: {game.get('NRestarts')}")

    def windows() -> None:
        try:
            (tablet, monitor), took = wait_for(lambda: tablet_on_tablet(box), 30, "each window on its output")  # type: ignore[misc]
        except CheckFailed as failure:
            seen = {output: describe(colours(screenshot(box, output))) for output in (TABLET, MONITOR)}
            raise CheckFailed(f"{failure}; tablet expected on {TABLET}, monitor on {MONITOR}; seen {seen}") from None
        check("windows", True, f"{TABLET} shows the tablet ({describe(tablet)}), {MONITOR} the monitor "
                               f"({describe(monitor)}), after {took:.1f} s")
    guarded("windows", windows)

    def lgpio() -> None:
        (box.merged / "etc/systemd/system/lastmessage-lgpio-check.service").write_text(lgpio_unit(box))
        box.run("systemctl daemon-reload")
        result = box.run("systemctl start lastmessage-lgpio-check.service", check=False)
        said = box.run("journalctl -b -o cat --no-pager -u lastmessage-lgpio-check.service | tail -3",
                       check=False).stdout.strip().replace("\n", " | ")
        check("lgpio", result.returncode == 0 and "lgpio" in said,
              f"as the service runs (user, WorkingDirectory, LG_WD, sandbox): {said or result.stderr.strip()}; "
              f"the device's own pins stay simulated (no GPIO chip): link {box.status().get('link')}")
    guarded("lgpio", lgpio)

    def status() -> None:
        values = box.status()
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/status.json", timeout=10) as page:
            served = json.loads(page.read())
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=10) as page:
            html = page.read().decode()
        fields = ("phase", "uptime_s", "fps", "games_today", "link", "last_error", "disk_free_mb", "temperature_c")
        check("status", all(f in values for f in fields) and served.get("phase") == values.get("phase")
              and "<html" in html.lower(),
              f"`status --json`: phase {values.get('phase')}, fps {values.get('fps')}, link {values.get('link')}"
              f"{'' if 'phase' in values else ' ' + json.dumps(values)[:300]}; "
              f"page on 127.0.0.1:{port} answers (/ and /status.json)")
    guarded("status", status)

    def security() -> None:
        scores = {}
        for name in (GAME, KIOSK):
            out = box.run(f"systemd-analyze security {name} --no-pager", check=False).stdout
            line = next((l for l in out.splitlines() if "Overall exposure level" in l), "")
            found = line.split(":")[-1].split() if line else []
            scores[name] = float(found[0]) if found else None
        said = "; ".join(f"{name} {SCORES_BEFORE[name]} before, {score if score is not None else 'no score'} now"
                         for name, score in scores.items())
        check("security", all(s is not None and s < SCORE_CEILING for s in scores.values()),
              f"systemd-analyze security exposure: {said} (ceiling {SCORE_CEILING})")
    guarded("security", security)

    def users() -> None:
        kiosk_pid, game_pid = box.unit(KIOSK)["MainPID"], box.unit(GAME)["MainPID"]
        seen = {pid: box.run(f"ps -o user:32=,comm= -p {pid}", check=False).stdout.split()   # user:32: not cut at 8
                for pid in (kiosk_pid, game_pid)}
        listing = box.run(f"stat -c '%A %U:%G' {SOCKET} {SOCKET}.lock $(dirname {SOCKET})", check=False).stdout.split("\n")
        modes = [line.strip() for line in listing if line.strip()]
        expected = ["srw-rw---- lastmessage-kiosk:lastmessage-wayland", "-rw------- lastmessage-kiosk:lastmessage-wayland",
                    "drwxr-x--- lastmessage-kiosk:lastmessage-wayland"]
        check("users", seen[kiosk_pid] == [KIOSK_USER, "labwc"] and seen[game_pid][:1] == [GAME_USER]
              and modes == expected,
              f"labwc (pid {kiosk_pid}) runs as {' '.join(seen[kiosk_pid][:1])}, the game (pid {game_pid}) as "
              f"{' '.join(seen[game_pid][:1])}; socket, lock, folder: {', '.join(modes)}")
    guarded("users", users)

    def separation() -> None:
        # The files labwc must never reach: the journal, the PIN hash, the lockout file.
        box.run(f"echo 4731 | /usr/local/bin/lastmessage set-pin --pin-file - --db {DB}")
        box.run(f"runuser -u {GAME_USER} -- sh -c 'umask 077; [ -e {STATE}/operator.json ] || "
                f"echo {{}} > {STATE}/operator.json'")
        secrets = (DB, f"{STATE}/operator-pin", f"{STATE}/operator.json")
        results_of = {}
        for unit_name, reads, writes, own in (
                (KIOSK, secrets, (f"{STATE}/planted",), (KIOSK_HOME,)),
                (GAME, (f"{KIOSK_HOME}/.",), (f"{KIOSK_HOME}/planted",), (DB,))):
            pid = box.unit(unit_name)["MainPID"]
            # The process's own credentials, in its own mount namespace (its sandbox).
            status = dict(line.split(":", 1) for line in box.run(f"cat /proc/{pid}/status").stdout.splitlines()
                          if ":" in line)
            uid, gid = status["Uid"].split()[0], status["Gid"].split()[0]
            groups = ",".join(status["Groups"].split()) or "-"
            as_it = (f"nsenter -t {pid} -m -- setpriv --reuid={uid} --regid={gid} "
                     + (f"--groups={groups}" if groups != "-" else "--clear-groups"))

            def reads_it(path: str) -> bool:   # a file's first byte, or a folder's listing
                return box.run(f"{as_it} sh -c 'head -c1 {path} >/dev/null 2>&1 || ls -A {path} >/dev/null 2>&1'",
                               check=False).returncode == 0
            denied = [path for path in reads if not reads_it(path)]
            unwritten = [path for path in writes
                         if box.run(f"{as_it} sh -c 'echo x > {path}' 2>/dev/null", check=False).returncode != 0]
            reached = [path for path in own if reads_it(path)]
            results_of[unit_name] = (denied == list(reads) and unwritten == list(writes) and reached == list(own),
                                     f"{len(denied)} of {len(reads)} refused to read, {len(unwritten)} of "
                                     f"{len(writes)} to write, its own {', '.join(reached) or 'NOT reached'}")
        check("separation", all(ok for ok, _ in results_of.values()),
              f"labwc (as it runs, in its sandbox): {results_of[KIOSK][1]} (journal, PIN hash, lockout file; "
              f"a new file in {STATE}); the game: {results_of[GAME][1]} ({KIOSK_HOME})")
    guarded("separation", separation)

    def watchdog() -> None:
        before = box.unit(GAME)
        box.run(f"kill -STOP {before['MainPID']}")
        deadline = WATCHDOG_SEC + RESTART_SEC + 30
        _, took = wait_for(lambda: (lambda u: u.get("MainPID") not in ("0", before["MainPID"])
                                    and u.get("ActiveState") == "active")(box.unit(GAME)),
                           deadline, "the frozen game restarted by the watchdog")
        reason = box.run(f"journalctl -b --no-pager -u {GAME} | grep -m1 -o 'Watchdog timeout[^.]*'",
                         check=False).stdout.strip()
        check("watchdog", bool(reason) and took <= deadline,
              f"SIGSTOP on pid {before['MainPID']}: '{reason}', running and READY again after {took:.1f} s "
              f"(WatchdogSec={WATCHDOG_SEC} + RestartSec={RESTART_SEC} + start; deadline {deadline} s)")
    guarded("watchdog", watchdog)

    def compositor() -> None:
        kiosk_before, game_before = box.unit(KIOSK), box.unit(GAME)
        box.run(f"kill -KILL {kiosk_before['MainPID']}")
        _, took = wait_for(lambda: (lambda up: up and up[0]["MainPID"] != kiosk_before["MainPID"]
                                    and up[1]["MainPID"] != game_before["MainPID"])(box.both_up()),
                           60, "kiosk and game back after labwc was killed")
        _, lit = wait_for(lambda: tablet_on_tablet(box), 30, "both screens lit again")
        check("compositor", True, f"labwc killed: kiosk and game back (new pids) after {took:.1f} s, "
                                  f"both outputs showing their screens {lit:.1f} s later")
    guarded("compositor", compositor)

    def output_off() -> None:
        off = box.wayland(f"wlr-randr --output {MONITOR} --off")
        if off.returncode != 0:
            raise CheckFailed(f"wlr-randr --off: {off.stderr.decode()[-200:]}")
        try:
            _, took = wait_for(lambda: box.status().get("phase") == "waiting_for_screen", 20,
                               "the waiting screen with the monitor's output off")
            shot = colours(screenshot(box, TABLET))
        finally:
            box.wayland(f"wlr-randr --output {MONITOR} --on")
        _, back = wait_for(lambda: box.status().get("phase") not in (None, "waiting_for_screen")
                           and tablet_on_tablet(box), 60, "the game back once the output returned")
        check("output-off", True, f"{MONITOR} off: waiting screen after {took:.1f} s ({TABLET}: {describe(shot)}); "
                                  f"on again: game back on both outputs after {back:.1f} s; {look_cost(box)}")
    guarded("output-off", output_off)

    def power_cuts() -> None:
        # A game in progress: played up to its first word by `lastmessage play` into the
        # device's journal while the device is stopped, then resumed by the device.
        (box.merged / "var/lib/lastmessage/partial.jsonl").write_text(PARTIAL_GAME)
        # The kiosk Upholds= the game: `systemctl stop` of the game alone is undone at once
        # (the device, started again idle, would have opened the journal before the game
        # below was written, and stayed idle). Stopping the kiosk stops both (BindsTo=).
        box.run(f"systemctl stop {KIOSK}")
        _, _ = wait_for(lambda: box.unit(GAME).get("ActiveState") == "inactive", 30, "the game stopped with the kiosk")
        box.run(f"runuser -u lastmessage -- /opt/lastmessage/venv/bin/lastmessage play --script "
                f"/var/lib/lastmessage/partial.jsonl --db {DB} --events /dev/null", timeout=300)
        game_id = unfinished_game(box)
        if game_id is None:
            raise CheckFailed("the scripted game left no unfinished game in the journal")
        if box.unit(GAME).get("ActiveState") != "inactive":
            raise CheckFailed("the game was started again while the scripted game was written")
        box.run(f"systemctl start {KIOSK}")   # its Upholds= starts the game
        wait_for(lambda: box.status().get("phase") in IN_GAME, 90, "the device to resume the game")
        phase = box.status().get("phase")
        for how in ("powered off", "killed outright"):
            if how == "powered off":
                gone = f"gone {box.power_off():.1f} s after `systemctl poweroff`"
            else:
                box.kill()
                gone = "SIGKILL of its PID 1 and of nspawn"
            box.boot()
            wait_for(box.both_up, BOOT_S, f"the device up after being {how}")
            _, took = wait_for(lambda: box.status().get("phase") in IN_GAME, 90, f"the game resumed after being {how}")
            same = unfinished_game(box)
            board = words(box, same) if same else []
            integrity = box.run(f"sqlite3 {DB} 'PRAGMA integrity_check'", check=False).stdout.strip()
            check(f"power-{'off' if how == 'powered off' else 'kill'}",
                  same == game_id and board == ["clown"] and integrity == "ok",
                  f"container {how} mid-game (phase {phase}; {gone}): next boot resumed game {same} "
                  f"(was {game_id}; words on its board {board}) in phase {box.status().get('phase')} "
                  f"{took:.1f} s after READY; PRAGMA integrity_check: {integrity}")
    guarded("power", power_cuts)


if __name__ == "__main__":
    sys.exit(main())
