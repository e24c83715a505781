"""What `lastmessage install` and `uninstall` do to a Raspberry Pi OS system, as data.

A plan is the files to write (with their modes), the paths to remove, and the
shell commands to run before and after. The same plan is printed
(`--dry-run`), written under a folder with its commands as a script
(`--root DIR`), or carried out (as root). The file texts are package data
(`lastmessage/kiosk/install/files/`), filled in with `string.Template`.
"""

from __future__ import annotations

import importlib.metadata
import json
import shlex
import string
import urllib.parse
import urllib.request
from dataclasses import dataclass
from importlib.resources import files
from pathlib import PurePosixPath

from lastmessage.kiosk.install.owned_keys import INSTALLERS_MARK

USER = "lastmessage"
KIOSK_USER = "lastmessage-kiosk"
"""labwc's own system user: a compositor that reads input devices and every client's
protocol never runs as the user owning the journal, the PIN hash and the lockout file."""
WAYLAND_GROUP = "lastmessage-wayland"
"""The one thing the two users share: the group of the kiosk's Wayland socket."""
WAYLAND_DIR = PurePosixPath("/run") / WAYLAND_GROUP
WAYLAND_SOCKET = WAYLAND_DIR / "wayland-0"
# No `input`: the touch panel is read by labwc (through its logind seat), never by the game.
GROUPS = ("gpio", "dialout", "video", "render", "audio", WAYLAND_GROUP)
KIOSK_GROUPS = ("video", "render")
OPT = PurePosixPath("/opt/lastmessage")
VENV = OPT / "venv"
ETC = PurePosixPath("/etc/lastmessage")
CONFIG = ETC / "config.toml"
LABWC_DIR = ETC / "labwc"
STATE = PurePosixPath("/var/lib/lastmessage")
KIOSK_HOME = PurePosixPath("/var/lib") / KIOSK_USER   # the kiosk unit's StateDirectory=
CACHE = PurePosixPath("/var/cache/lastmessage")        # the device unit's CacheDirectory=
CACHE_ENV = f"HOME={STATE} XDG_CACHE_HOME={CACHE} LASTMESSAGE_CACHE={CACHE / 'scenes'}"
"""Where the device keeps its scenes and sounds: the unit's Environment= and the install's cache step alike."""
UNITS = PurePosixPath("/etc/systemd/system")
APP_UNIT = UNITS / "lastmessage.service"
KIOSK_UNIT = UNITS / "lastmessage-kiosk.service"
PAM = PurePosixPath("/etc/pam.d/lastmessage-kiosk")
UDEV_RULE = PurePosixPath("/etc/udev/rules.d/99-lastmessage-module.rules")
POLKIT_RULE = PurePosixPath("/etc/polkit-1/rules.d/50-lastmessage.rules")
COMMAND_LINK = PurePosixPath("/usr/local/bin/lastmessage")
SDL_RUNTIME = {
    # What pygame-ce's bundled SDL opens with dlopen() under Wayland (and the
    # Debian 13 / Raspberry Pi OS package giving it). `--no-install-recommends`
    # on Pi OS Lite brings none of them with labwc's own dependencies for sure;
    # tests/appliance/test_first_boot.py reads the names out of the bundled SDL.
    "libwayland-client.so.0": "libwayland-client0",
    "libwayland-egl.so.1": "libwayland-egl1",
    "libwayland-cursor.so.0": "libwayland-cursor0",
    "libxkbcommon.so.0": "libxkbcommon0",
    "libEGL.so.1": "libegl1",
    "libGLESv2.so.2": "libgles2",
    "libdecor-0.so.0": "libdecor-0-0",
}
# Mesa's EGL and its drivers (V3D/VC4 on a Pi; the software rasteriser elsewhere).
MESA = ("libegl-mesa0", "libgl1-mesa-dri", "libgbm1")
# lgpio has no wheel for Python 3.13 (Pi OS on Debian 13): pip builds it from
# source, which needs a compiler, Python's headers and swig.
LGPIO_BUILD = ("gcc", "libc6-dev", "python3-dev", "swig")
APT_PACKAGES = ("labwc", "wlr-randr", "libinput-tools", "python3-venv", *LGPIO_BUILD,
                *dict.fromkeys(SDL_RUNTIME.values()), *MESA,
                "fonts-noto-color-emoji", "fonts-dejavu-core", "polkitd", "libpam-systemd")
NO_UDEV = "echo 'udev is not running here: its rules are read at the next boot'"
IS_PI = "grep -qs 'Raspberry Pi' /proc/device-tree/model"


@dataclass(frozen=True)
class Options:
    source: str                          # what pip installs: a folder, a wheel, or a requirement
    tablet_output: str = "HDMI-A-1"      # labwc output names (wlr-randr)
    detective_output: str = "HDMI-A-2"
    touch_device: str | None = None      # libinput device name; None: every touch device
    watchdog_sec: int = 10
    gpio: bool | None = None             # install the [pi] extra (lgpio): None = on a Raspberry Pi only
    sound_device: str | None = None      # [sound] device; None: the system's default
    sound_chosen: bool = False           # given with --sound-device (not from the detective output)


HDMI_SOUND = {"HDMI-A-1": "sysdefault:CARD=vc4hdmi0", "HDMI-A-2": "sysdefault:CARD=vc4hdmi1"}
"""The ALSA device of each HDMI port of a Pi 4 or 5 under KMS (vc4hdmi0 is the port
next to the power input). The card takes only IEC958 frames at its own rates: its
`hdmi:` PCM is a bare `iec958` plugin with no conversion, which the game's mono
22050 Hz cannot open; the card's default (`sysdefault:`, in alsa-lib's
cards/vc4-hdmi.conf) is `plug` -> `softvol` -> that same PCM, which converts."""


def sound_device_for(detective_output: str) -> str | None:
    """The sounds go where the detectives are: their monitor's HDMI port; None (the
    system's default) for any other output."""
    return HDMI_SOUND.get(detective_output.upper())


def owned_keys(options: Options) -> tuple[tuple[str, str, str | None, bool], ...]:
    """The config's keys the installer sets (table, key, value, soft), so a second install with
    other outputs (or an upgrade) sets them in the operator's file too. The outputs always (rc.xml
    names them too). The sound device only over a line the installer wrote, unless it was given
    (`--sound-device`): an operator's own speaker stays through an upgrade; None (the system's)
    takes back the installer's line."""
    return (("display", "tablet_output", options.tablet_output, False),
            ("display", "detective_output", options.detective_output, False),
            ("sound", "device", options.sound_device, not options.sound_chosen))


def _sound_line(device: str | None) -> str:
    if device is None:
        return ('# device = "sysdefault:CARD=vc4hdmi1"  # the audio device (`aplay -L`); '
                "default: the system's")
    return (f'device = "{device}"   # {INSTALLERS_MARK} from the detective output: '
            "an ALSA device (`aplay -L`) or a name SDL lists")


@dataclass(frozen=True)
class PlannedFile:
    path: PurePosixPath
    text: str
    mode: int
    keep_existing: bool = False   # an operator's file: never overwritten...
    owned: tuple[tuple[str, str, str | None, bool], ...] = ()
    """...but these (table, key, value, soft) of it, the installer's, are set in it (owned_keys.py)."""


@dataclass(frozen=True)
class Plan:
    before: tuple[str, ...]
    files: tuple[PlannedFile, ...]
    directories: tuple[tuple[PurePosixPath, int], ...]
    removals: tuple[PurePosixPath, ...]
    after: tuple[str, ...]


def package_source() -> str:
    """Where pip finds this package: the folder it was installed from (PEP 610
    direct_url.json of the installed distribution), else the index at this version."""
    distribution = importlib.metadata.distribution("lastmessage")
    direct = distribution.read_text("direct_url.json")
    if direct:
        url = str(json.loads(direct).get("url", ""))
        if url.startswith("file://"):
            return urllib.request.url2pathname(urllib.parse.urlparse(url).path)
    return f"lastmessage=={distribution.version}"


HERE = "$here/"
"""A source starting so is a file beside the `--root` script (the wheel it carries)."""


def _pip_target(source: str, gpio: bool | None = None) -> str:
    """The source with the Pi's extra (lgpio), chosen on the target at install time unless `gpio` says."""
    extras = f"$({IS_PI} && echo '[pi]')" if gpio is None else ("[pi]" if gpio else "")
    if source.startswith("lastmessage=="):
        return f'"lastmessage{extras}=={source.removeprefix("lastmessage==")}"'
    if source.startswith(HERE):   # "$here" is the script's folder, expanded by the shell
        return f'"$here"/{shlex.quote(source.removeprefix(HERE))}"{extras}"'
    return f'{shlex.quote(source)}"{extras}"'


def template(name: str, **values: str) -> str:
    text = files("lastmessage.kiosk.install").joinpath("files", name).read_text(encoding="utf-8")
    return string.Template(text).substitute(values) if values else text


def install_plan(options: Options) -> Plan:
    fill = {"user": USER, "groups": " ".join(GROUPS), "venv": str(VENV), "config": str(CONFIG),
            "labwc_dir": str(LABWC_DIR), "watchdog_sec": str(options.watchdog_sec),
            "kiosk_user": KIOSK_USER, "kiosk_name": KIOSK_HOME.name, "kiosk_groups": " ".join(KIOSK_GROUPS),
            "wayland_group": WAYLAND_GROUP, "wayland_name": WAYLAND_DIR.name, "wayland_dir": str(WAYLAND_DIR),
            "wayland_socket": str(WAYLAND_SOCKET), "cache_env": CACHE_ENV}
    touch = f'deviceName="{options.touch_device}" ' if options.touch_device else ""
    rc_xml = template("rc.xml", tablet_output=options.tablet_output,
                      detective_output=options.detective_output, touch_device=touch)
    before = (
        "apt-get update",
        "DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends " + " ".join(APT_PACKAGES),
        # Monitors in standby outside the opening hours (display_power.py); only the
        # Raspberry Pi OS archive has it, and without it the screens are painted black.
        "DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends wlopm || echo 'wlopm is not "
        "in this archive: outside the opening hours the screens are painted black, not put in standby'",
        *(f"getent group {group} >/dev/null || groupadd --system {group}" for group in GROUPS),
        f"id -u {USER} >/dev/null 2>&1 || useradd --system --user-group --home-dir {STATE} "
        f"--no-create-home --shell /usr/sbin/nologin --comment 'Last Message device' {USER}",
        f"usermod --append --groups {','.join(GROUPS)} {USER}",
        # The kiosk's user: no login, its home made by its unit (StateDirectory=, 0700).
        f"id -u {KIOSK_USER} >/dev/null 2>&1 || useradd --system --user-group --home-dir {KIOSK_HOME} "
        f"--no-create-home --shell /usr/sbin/nologin --comment 'Last Message kiosk (labwc)' {KIOSK_USER}",
        f"usermod --append --groups {','.join(KIOSK_GROUPS)} {KIOSK_USER}",
        f"python3 -m venv {VENV}",
        f"{VENV}/bin/pip install --upgrade pip",
        # PYPI=1: where pip must build lgpio (Python 3.13), its setup.py links the lg
        # library from its own sources, as for PyPI's wheels, instead of needing
        # liblgpio-dev (only in Raspberry Pi OS's archive; Debian 13 has none).
        f"PYPI=1 {VENV}/bin/pip install --upgrade {_pip_target(options.source, options.gpio)}",
    )
    planned = (
        # The config names the same outputs as rc.xml: the game matches them by name (ui/outputs.py).
        PlannedFile(CONFIG, template("config.toml", tablet_output=options.tablet_output,
                                     detective_output=options.detective_output,
                                     sound_device=_sound_line(options.sound_device)), 0o644, keep_existing=True,
                    owned=owned_keys(options)),
        PlannedFile(APP_UNIT, template("lastmessage.service", **fill), 0o644),
        PlannedFile(KIOSK_UNIT, template("lastmessage-kiosk.service", **fill), 0o644),
        PlannedFile(LABWC_DIR / "rc.xml", rc_xml, 0o644),
        PlannedFile(PAM, template("pam-lastmessage-kiosk"), 0o644),
        PlannedFile(UDEV_RULE, template("99-lastmessage-module.rules"), 0o644),
        PlannedFile(POLKIT_RULE, template("50-lastmessage.rules", user=USER), 0o644),
    )
    after = (
        f"chown -R {USER}:{USER} {STATE}",
        f"chmod 0700 {STATE}",
        f"find {STATE} -maxdepth 1 -name 'games.sqlite*' -exec chmod 0600 {{}} +",
        f"ln -sfn {VENV}/bin/lastmessage {COMMAND_LINK}",
        # The scenes the first frame and the attract loop show, rendered now by the installed
        # package as the device's user: with the overlay file system turned on later they are
        # in its persistent lower layer, not rendered again into RAM at every boot (warm_cache.py).
        f"install -d -o {USER} -g {USER} -m 0700 {CACHE}",
        f"(cd {STATE} && runuser -u {USER} -- env {CACHE_ENV} {VENV}/bin/python -m lastmessage.kiosk.install.warm_cache)"
        " || echo 'the scenes are rendered at the first start instead'",
        # No udev daemon in a container (the appliance test): the rule is read at the next boot.
        f"udevadm control --reload-rules && udevadm trigger --subsystem-match=tty --action=add || {NO_UDEV}",
        "systemctl daemon-reload",
        # The desktop's display manager would hold the screens: the kiosk session replaces it.
        "systemctl set-default multi-user.target",
        "systemctl enable lastmessage-kiosk.service lastmessage.service",
    )
    return Plan(before, planned, ((STATE, 0o700),), (), after)


def uninstall_plan(*, purge: bool) -> Plan:
    """Everything install wrote; the config, the journal and the user only with `purge`."""
    removals = [APP_UNIT, KIOSK_UNIT, PAM, UDEV_RULE, POLKIT_RULE, LABWC_DIR, OPT, COMMAND_LINK]
    after = ["systemctl daemon-reload", f"udevadm control --reload-rules || {NO_UDEV}",
             "if [ -e /etc/systemd/system/display-manager.service ]; then systemctl set-default graphical.target; fi"]
    if purge:
        removals += [ETC, STATE, KIOSK_HOME, CACHE]
        after += [f"id -u {name} >/dev/null 2>&1 && userdel {name} || true" for name in (USER, KIOSK_USER)]
        after.append(f"getent group {WAYLAND_GROUP} >/dev/null && groupdel {WAYLAND_GROUP} || true")
    before = ("systemctl disable --now lastmessage.service lastmessage-kiosk.service || true",)
    return Plan(before, (), (), tuple(removals), tuple(after))
