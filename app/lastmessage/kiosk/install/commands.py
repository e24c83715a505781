"""`lastmessage install` and `uninstall`: the device as a service on Raspberry Pi OS."""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

from lastmessage.arguments import Subparsers

from lastmessage.kiosk.install.apply import ApplyError, apply_to_system, print_plan, write_script, write_tree
from lastmessage.kiosk.install.owned_keys import refusal
from lastmessage.kiosk.install.plan import (HERE, Options, Plan, install_plan, package_source, sound_device_for,
                                            uninstall_plan)
from lastmessage.sound.settings import DEVICE_NAME

SUPPORTED = ("bookworm", "trixie")
OUTPUT_NAME = re.compile(r"^[A-Za-z0-9_.:-]{1,64}$")


def _codename(os_release: Path = Path("/etc/os-release")) -> str | None:
    try:
        for line in os_release.read_text(encoding="utf-8").splitlines():
            if line.startswith("VERSION_CODENAME="):
                return line.split("=", 1)[1].strip().strip('"')
    except OSError:
        return None
    return None


def _options(args: argparse.Namespace) -> Options | str:
    """The options, or a one-line reason they cannot be used."""
    for name in ("tablet_output", "detective_output"):
        value = getattr(args, name)
        if not OUTPUT_NAME.match(value):
            return f"--{name.replace('_', '-')} {value!r}: give an output name as wlr-randr shows it, e.g. HDMI-A-1"
    touch = args.touch_device
    if touch is not None and (not touch or any(c in touch for c in '"<>&')):
        return f"--touch-device {touch!r}: give the name `libinput list-devices` shows"
    if not 2 <= args.watchdog_sec <= 300:
        return f"--watchdog-sec {args.watchdog_sec}: give 2 to 300 seconds"
    sound = args.sound_device
    if sound is None:
        sound = sound_device_for(args.detective_output)
    elif sound == "system":
        sound = None
    elif not DEVICE_NAME.match(sound) or not sound.strip() or '"' in sound or "\\" in sound:
        return f"--sound-device {sound!r}: give an audio device's name as `aplay -L` shows it, or system"
    return Options(source=args.source or package_source(), tablet_output=args.tablet_output,
                   detective_output=args.detective_output, touch_device=touch, watchdog_sec=args.watchdog_sec,
                   gpio=args.gpio, sound_device=sound, sound_chosen=args.sound_device is not None)


def carried_wheel(source: str, root: Path) -> str | None:
    """The package as a wheel in `root` (built from a source folder, or copied), so the
    `--root` folder installs on the Pi what was built here, not a path of this machine.
    Returns the source for the plan ("$here/NAME.whl"); None for a requirement (the index)."""
    path = Path(source)
    if path.is_file() and path.suffix == ".whl":
        shutil.copy2(path, root / path.name)
        return HERE + path.name
    if not path.is_dir():
        return None
    for old in root.glob("lastmessage-*.whl"):
        old.unlink()
    built = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--wheel-dir",
                            str(root), str(path)], capture_output=True, text=True, check=False)
    wheels = sorted(root.glob("lastmessage-*.whl"))
    if built.returncode != 0 or not wheels:
        raise OSError(f"pip wheel {path} failed: {(built.stderr or built.stdout).strip()[-400:]}")
    return HERE + wheels[-1].name


def _carry_out(args: argparse.Namespace, plan: Plan, action: str, options: Options | None = None) -> int:
    if args.dry_run:
        print_plan(plan, action)
        return 0
    if args.root is not None:
        try:
            args.root.mkdir(parents=True, exist_ok=True)
            if options is not None:
                carried = carried_wheel(options.source, args.root)
                if carried is not None:
                    plan = install_plan(replace(options, source=carried))
                    print(f"wrote {args.root / carried.removeprefix(HERE)}")
            written = write_tree(plan, args.root)
            script = write_script(plan, args.root, action, written)
        except ApplyError as error:
            print(f"lastmessage: {action} stopped: {error}", file=sys.stderr)
            return 2
        except OSError as error:
            print(f"lastmessage: cannot write under {args.root}: {error}", file=sys.stderr)
            return 2
        for path in written:
            print(f"wrote {path}")
        print(f"the commands that change the system are in {script}; run it as root on the Pi")
        return 0
    if os.geteuid() != 0:
        print(f"lastmessage: {action} changes the system; run it as root (sudo), "
              f"or see what it does with --dry-run or --root DIR", file=sys.stderr)
        return 2
    if not Path("/run/systemd/system").is_dir():
        print("lastmessage: this system does not run systemd; the device needs it", file=sys.stderr)
        return 2
    codename = _codename()
    if codename not in SUPPORTED:
        print(f"lastmessage: warning: made for Raspberry Pi OS {' or '.join(SUPPORTED)}, "
              f"this is {codename or 'unknown'}", file=sys.stderr)
    try:
        apply_to_system(plan)
    except (ApplyError, OSError) as error:
        print(f"lastmessage: {action} stopped: {error}", file=sys.stderr)
        return 2
    if action == "install":
        print("installed; reboot to start the device (sudo reboot)")
    return 0


def _install(args: argparse.Namespace) -> int:
    options = _options(args)
    if isinstance(options, str):
        print(f"lastmessage: {options}", file=sys.stderr)
        return 2
    plan = install_plan(options)
    if not args.dry_run:
        # An operator's config that cannot take the installer's keys stops the install before
        # apt, pip or any file: write_tree would stop there too, with the packages changed.
        root = args.root if args.root is not None else Path("/")
        for planned in plan.files:
            why = refusal(root / planned.path.relative_to("/"), {(t, k): v for t, k, v, _ in planned.owned},
                          {(t, k) for t, k, _, soft in planned.owned if soft}) \
                if planned.owned else None
            if why is not None:
                print(f"lastmessage: install stopped: {why}", file=sys.stderr)
                return 2
    return _carry_out(args, plan, "install", options)


def _uninstall(args: argparse.Namespace) -> int:
    return _carry_out(args, uninstall_plan(purge=args.purge), "uninstall")


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--dry-run", action="store_true", help="print every file and command; change nothing")
    parser.add_argument("--root", type=Path, metavar="DIR",
                        help="write the files under DIR and the system commands as a script there")


def register(subparsers: Subparsers) -> None:
    install = subparsers.add_parser("install", help="install the device as a kiosk service (Raspberry Pi OS)")
    _common(install)
    install.add_argument("--source", metavar="PATH_OR_REQUIREMENT",
                         help="what pip installs into /opt/lastmessage/venv (default: where this "
                              "lastmessage was installed from)")
    install.add_argument("--tablet-output", default="HDMI-A-1", metavar="NAME",
                         help="the tablet's output as wlr-randr names it (default HDMI-A-1)")
    install.add_argument("--detective-output", default="HDMI-A-2", metavar="NAME",
                         help="the detective monitor's output (default HDMI-A-2)")
    install.add_argument("--touch-device", metavar="NAME",
                         help="the touch panel as `libinput list-devices` names it (default: every touch device)")
    install.add_argument("--watchdog-sec", type=int, default=10, metavar="S",
                         help="systemd restarts the device after S seconds without a frame (default 10)")
    install.add_argument("--sound-device", metavar="NAME",
                         help="the audio device the sounds go to, as `aplay -L` names it, or 'system' for the "
                              "system's default (default: the detective output's HDMI port: HDMI-A-1 "
                              "sysdefault:CARD=vc4hdmi0, HDMI-A-2 sysdefault:CARD=vc4hdmi1; else the system's)")
    install.add_argument("--gpio", action=argparse.BooleanOptionalAction, default=None,
                         help="install lgpio, the Raspberry Pi's GPIO library (default: only on a Raspberry Pi)")
    install.set_defaults(func=_install)
    uninstall = subparsers.add_parser("uninstall", help="remove the service; keeps the config and journal")
    _common(uninstall)
    uninstall.add_argument("--purge", action="store_true",
                           help="also remove /etc/lastmessage, the journal and the lastmessage user")
    uninstall.set_defaults(func=_uninstall)
