"""`lastmessage install --root DIR` writes a tree a Raspberry Pi OS administrator
would accept, and the commands that change the system as a script beside it."""

from __future__ import annotations

import dataclasses
import re
import shutil
import subprocess
import sys
import tomllib
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest

from lastmessage.cli import main
from lastmessage.hal.discipline import Timings
from lastmessage.config.museum import MuseumSettings
from lastmessage.sound.settings import SoundSettings
from lastmessage.rules.config import Rules
from lastmessage.config.settings import DisplaySettings, Settings, settings_from_mapping
from lastmessage.hal.pinout import SetupOverrides
from lastmessage.hal.settings import HAL_KEYS, HalSettings

UNITS = Path("etc/systemd/system")
GROUPS = {"gpio", "dialout", "video", "render", "audio", "lastmessage-wayland"}


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "root"
    assert main(["install", "--root", str(root), "--source", "/srv/lastmessage",
                 "--tablet-output", "HDMI-A-2", "--detective-output", "HDMI-A-1",
                 "--touch-device", "ILITEK ILITEK-TP"]) == 0
    return root


def unit(path: Path) -> dict[str, list[tuple[str, str]]]:
    """A systemd unit as section -> (key, value) in order (keys may repeat)."""
    sections: dict[str, list[tuple[str, str]]] = {}
    current = ""
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            current = line.strip("[]")
            sections.setdefault(current, [])
            continue
        key, value = line.split("=", 1)
        sections[current].append((key, value))
    return sections


def values(section: list[tuple[str, str]], key: str) -> list[str]:
    return [value for name, value in section if name == key]


def test_the_device_unit_is_a_watched_sandboxed_notify_service(tree: Path) -> None:
    service = unit(tree / UNITS / "lastmessage.service")["Service"]
    assert values(service, "Type") == ["notify"] and values(service, "WatchdogSec") == ["10"]
    assert values(service, "Restart") == ["always"]
    assert values(service, "User") == ["lastmessage"]
    assert set(values(service, "SupplementaryGroups")[0].split()) == GROUPS
    assert values(service, "ProtectSystem") == ["strict"]
    assert set(values(service, "ReadWritePaths")[0].split()) >= {"/var/lib/lastmessage", "/run/lastmessage"}
    assert values(service, "NoNewPrivileges") == ["yes"] and values(service, "PrivateTmp") == ["yes"]
    assert values(service, "UMask") == ["0077"] and values(service, "StateDirectoryMode") == ["0700"]
    assert values(service, "ExecStart") == ["/opt/lastmessage/venv/bin/lastmessage run "
                                            "--config /etc/lastmessage/config.toml"]
    for closes_devices in ("PrivateDevices", "DeviceAllow", "DevicePolicy", "ProtectClock"):
        assert values(service, closes_devices) == [], f"{closes_devices} would shut out the GPU, GPIO or the Pico"
    environment = " ".join(values(service, "Environment"))
    assert "SDL_VIDEODRIVER=wayland" in environment
    assert "WAYLAND_DISPLAY=/run/lastmessage-wayland/wayland-0" in environment
    kiosk = unit(tree / UNITS / "lastmessage-kiosk.service")
    assert values(kiosk["Service"], "PAMName") == ["lastmessage-kiosk"]
    assert values(kiosk["Service"], "ExecStart") == ["/usr/bin/env XDG_RUNTIME_DIR=/run/lastmessage-wayland "
                                                     "/usr/bin/labwc --config-dir /etc/lastmessage/labwc"]
    assert values(kiosk["Unit"], "Conflicts") == ["getty@tty1.service"]
    assert (tree / "etc/pam.d/lastmessage-kiosk").read_text().count("pam_systemd.so") == 1


def test_systemd_accepts_the_units(tree: Path) -> None:
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here (apt-get install systemd gives it)")
    result = subprocess.run([analyze, "verify", str(tree / UNITS / "lastmessage.service"),
                             str(tree / UNITS / "lastmessage-kiosk.service")],
                            capture_output=True, text=True, timeout=60)
    complaints = [line for line in (result.stdout + result.stderr).splitlines() if line.strip()]
    # The two programs exist only on the Pi (labwc, and the venv the script makes).
    on_the_pi_only = re.compile(r"Command (/opt/lastmessage/venv/bin/(lastmessage|python)|/usr/bin/labwc) is not "
                                r"executable: No such file or directory")
    assert [line for line in complaints if not on_the_pi_only.search(line)] == []


def test_the_kiosk_pins_each_window_to_its_output_maps_touch_and_binds_no_close_key(tree: Path) -> None:
    config = ElementTree.parse(tree / "etc/lastmessage/labwc/rc.xml").getroot()
    rules = {rule.get("title"): rule for rule in config.iter("windowRule")}
    for title, output in (("Last Message tablet", "HDMI-A-2"), ("Last Message detective", "HDMI-A-1")):
        action = rules[title].find("action")
        assert action is not None and action.get("name") == "MoveToOutput" and action.get("output") == output
        assert rules[title].get("serverDecoration") == "no"
    touch = config.find("touch")
    assert touch is not None and touch.get("deviceName") == "ILITEK ILITEK-TP"
    assert touch.get("mapToOutput") == "HDMI-A-2" and touch.get("mouseEmulation") == "no"
    binds = {bind.get("key"): [action.get("name") for action in bind.iter("action")]
             for bind in config.iter("keybind")}
    assert binds["A-F4"] == ["None"] and set(map(tuple, binds.values())) == {("None",)}
    assert config.find("keyboard/default") is None and config.find("mouse/default") is None


def test_the_module_is_named_and_the_device_may_only_reboot_or_power_off(tree: Path) -> None:
    rule = (tree / "etc/udev/rules.d/99-lastmessage-module.rules").read_text()
    assert 'ATTRS{idVendor}=="2e8a", ATTRS{idProduct}=="0005"' in rule and 'SYMLINK+="lastmessage-module"' in rule
    polkit = (tree / "etc/polkit-1/rules.d/50-lastmessage.rules").read_text()
    assert set(re.findall(r'"(org\.freedesktop\.[\w.-]+)"', polkit)) == {
        "org.freedesktop.login1.reboot", "org.freedesktop.login1.reboot-multiple-sessions",
        "org.freedesktop.login1.power-off", "org.freedesktop.login1.power-off-multiple-sessions"}
    assert 'subject.user == "lastmessage"' in polkit


def test_files_and_folders_have_the_modes_an_administrator_expects(tree: Path) -> None:
    assert (tree / "var/lib/lastmessage").stat().st_mode & 0o777 == 0o700
    for path in (tree / "etc").rglob("*"):
        if path.is_file():
            assert path.stat().st_mode & 0o777 == 0o644, path


def test_system_changes_are_a_script_not_done(tree: Path) -> None:
    script = (tree / "lastmessage-install.sh").read_text()
    assert script.startswith("#!/bin/sh") and "set -eu" in script
    groups = ['gpio', 'dialout', 'video', 'render', 'audio', 'lastmessage-wayland']
    assert f"usermod --append --groups {','.join(groups)} lastmessage" in script
    assert "useradd --system" in script and "python3 -m venv /opt/lastmessage/venv" in script
    assert "pip install --upgrade /srv/lastmessage" in script
    assert "systemctl enable lastmessage-kiosk.service lastmessage.service" in script
    assert "find /var/lib/lastmessage -maxdepth 1 -name 'games.sqlite*' -exec chmod 0600" in script
    assert subprocess.run(["sh", "-n", str(tree / "lastmessage-install.sh")]).returncode == 0
    assert not Path("/etc/systemd/system/lastmessage.service").exists(), "nothing was installed on this machine"


def test_the_script_installs_the_files_written_beside_it(tree: Path, tmp_path: Path) -> None:
    """The copy steps of the script, run for real with the system's root moved to a sandbox."""
    script = (tree / "lastmessage-install.sh").read_text()
    copies = [line for line in script.splitlines() if '"$here"/' in line]
    written = sorted(p.relative_to(tree) for p in tree.rglob("*") if p.is_file() and p.parent != tree)
    assert len(copies) == len(written)
    system = tmp_path / "system"
    (system / "etc/lastmessage").mkdir(parents=True)
    (system / "etc/lastmessage/config.toml").write_text("# the museum's own\n")
    # The venv the script's own pip install made, here the Python running the tests.
    (system / "opt/lastmessage/venv/bin").mkdir(parents=True)
    python = system / "opt/lastmessage/venv/bin/python"
    python.write_text(f'#!/bin/sh\nexec {sys.executable} "$@"\n')
    python.chmod(0o755)
    sandboxed = "\n".join(re.sub(r" /(etc|var|opt|usr)/", rf" {system}/\1/", line) for line in copies)
    shell = subprocess.run(["sh", "-eu", "-c", f"here={tree}\n{sandboxed}"], capture_output=True, text=True)
    assert shell.returncode == 0, shell.stderr
    for relative in written:
        placed = system / relative
        assert placed.read_bytes() == (tree / relative).read_bytes() or relative.name == "config.toml", relative
        assert placed.stat().st_mode & 0o777 == (tree / relative).stat().st_mode & 0o777, relative
    # The museum's file kept, with the installer's keys set in it (owned_keys.py).
    assert (system / "etc/lastmessage/config.toml").read_text() == (
        '# the museum\'s own\n\n[display]\ntablet_output = "HDMI-A-2"   # set by the installer\n'
        'detective_output = "HDMI-A-1"   # set by the installer\n'
        '\n[sound]\ndevice = "sysdefault:CARD=vc4hdmi0"   # set by the installer\n')
    assert (system / "etc/lastmessage/config.toml.new").read_bytes() == (tree / "etc/lastmessage/config.toml").read_bytes()
    steps = script.splitlines()
    enable = next(i for i, line in enumerate(steps) if line.startswith("systemctl enable"))
    assert max(steps.index(line) for line in copies) < enable


def uncommented(text: str) -> str:
    """The config with every commented setting and table switched on."""
    return re.sub(r"^# (\[[\w.]+\]|\w+ = )", r"\1", text, flags=re.MULTILINE)


def test_the_config_lists_every_setting_at_its_default(tree: Path) -> None:
    text = (tree / "etc/lastmessage/config.toml").read_text()
    every = tomllib.loads(uncommented(text))
    settings = settings_from_mapping(every, "config.toml")
    defaults = Settings()
    # The outputs are set, as in rc.xml (the fixture's --tablet-output/--detective-output).
    named = dataclasses.replace(defaults.display, tablet_output="HDMI-A-2", detective_output="HDMI-A-1")
    assert (settings.rules, settings.display) == (defaults.rules, named)
    # The lines that only show an example: the pinout's path, the module's port and vendor id, [hal.setup].
    examples = dataclasses.replace(settings.hal, pinout=None, setup=SetupOverrides(),
                                   serial=dataclasses.replace(settings.hal.serial, port=None, vid=None))
    assert examples == HalSettings() and settings.hal.discipline == Timings()
    assert settings.hal.serial.vid == 0x2E8A
    assert dataclasses.replace(settings.museum, status_file=None, hours=None) == MuseumSettings()
    assert settings.museum.hours is not None   # the example week is read as written
    # The sounds go to the detective monitor's HDMI port (the fixture's HDMI-A-1).
    assert settings.sound == SoundSettings(device="sysdefault:CARD=vc4hdmi0")
    assert settings.store.db == Path("/var/lib/lastmessage/games.sqlite")
    named = set(re.findall(r"^(?:# )?(\w+) = ", text, flags=re.MULTILINE))
    known = ({field.name for kind in (Rules, DisplaySettings, MuseumSettings, SetupOverrides, Timings, SoundSettings)
              for field in dataclasses.fields(kind)} | set(HAL_KEYS) - {"setup", "discipline"})
    assert known <= named, f"not in the config: {sorted(known - named)}"
    assert tomllib.loads(text)["store"] == {"db": "/var/lib/lastmessage/games.sqlite"}
    assert tomllib.loads(text)["display"] == {"tablet_output": "HDMI-A-2", "detective_output": "HDMI-A-1"}


def test_installing_again_keeps_the_operators_config(tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tree / "etc/lastmessage/config.toml"
    config.write_text("[rules]\ntimer_seconds = 45\n")
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage"]) == 0
    mark = "   # set by the installer"
    assert config.read_text() == (f'[rules]\ntimer_seconds = 45\n\n[display]\ntablet_output = "HDMI-A-1"{mark}\n'
                                  f'detective_output = "HDMI-A-2"{mark}\n\n[sound]\n'
                                  f'device = "sysdefault:CARD=vc4hdmi1"{mark}\n')
    assert (tree / "etc/lastmessage/config.toml.new").read_text().startswith("# Last Message")
    said = [line for line in capsys.readouterr().out.splitlines() if "config.toml:" in line]
    assert len(said) == 1 and "[display] tablet_output (unset) -> HDMI-A-1" in said[0]


def test_installing_again_with_other_outputs_updates_them_in_the_config(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """rc.xml and the config name the same outputs after a second install; the operator's
    other lines, comments and mode stay; a repeat changes nothing."""
    config = tree / "etc/lastmessage/config.toml"
    edited = config.read_text().replace("# timer_seconds = 30", "timer_seconds = 45   # our house rule") \
        .replace("[display]\n", "[display]\n# the tablet is the left port\n")
    config.write_text(edited)
    config.chmod(0o640)
    capsys.readouterr()
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage", "--tablet-output", "HDMI-A-1",
                 "--detective-output", "HDMI-A-2"]) == 0
    after = config.read_text()
    assert after == edited.replace('tablet_output = "HDMI-A-2"', 'tablet_output = "HDMI-A-1"', 1) \
        .replace('detective_output = "HDMI-A-1"', 'detective_output = "HDMI-A-2"', 1) \
        .replace('device = "sysdefault:CARD=vc4hdmi0"', 'device = "sysdefault:CARD=vc4hdmi1"', 1)
    settings = settings_from_mapping(tomllib.loads(after), "config.toml")
    assert (settings.display.tablet_output, settings.display.detective_output) == ("HDMI-A-1", "HDMI-A-2")
    assert settings.rules.timer_seconds == 45 and settings.sound.device == "sysdefault:CARD=vc4hdmi1"
    rc = ElementTree.parse(tree / "etc/lastmessage/labwc/rc.xml").getroot()
    assert 'HDMI-A-1' in ElementTree.tostring(rc, encoding="unicode")
    assert config.stat().st_mode & 0o777 == 0o640
    said = [line for line in capsys.readouterr().out.splitlines() if "config.toml:" in line]
    assert len(said) == 1 and "tablet_output HDMI-A-2 -> HDMI-A-1" in said[0] and "vc4hdmi1" in said[0]
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage"]) == 0
    assert config.read_text() == after and "kept as it is" in capsys.readouterr().out


def test_installing_again_for_the_system_s_sound_takes_back_only_the_installer_s_device(
        tree: Path, capsys: pytest.CaptureFixture[str]) -> None:
    config = tree / "etc/lastmessage/config.toml"
    assert 'device = "sysdefault:CARD=vc4hdmi0"' in config.read_text()   # the tree's detective is on HDMI-A-1
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage", "--sound-device", "system"]) == 0
    assert settings_from_mapping(tomllib.loads(config.read_text()), "config.toml").sound.device is None
    assert "[sound] device sysdefault:CARD=vc4hdmi0 -> (the default)" in capsys.readouterr().out
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage"]) == 0   # back on the HDMI port
    assert settings_from_mapping(tomllib.loads(config.read_text()), "config.toml").sound.device \
        == "sysdefault:CARD=vc4hdmi1"
    own = re.sub(r'device = .*', 'device = "plughw:2,0"   # our USB speaker', config.read_text())
    config.write_text(own)
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage", "--detective-output", "DSI-1",
                 "--tablet-output", "HDMI-A-1"]) == 0
    assert 'device = "plughw:2,0"   # our USB speaker' in config.read_text(), "the operator's own device stays"
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage"]) == 0   # an upgrade, HDMI again
    assert 'device = "plughw:2,0"   # our USB speaker' in config.read_text(), "...through an upgrade too"
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage", "--sound-device",
                 "sysdefault:CARD=vc4hdmi1"]) == 0   # asked for by name: it is set
    assert settings_from_mapping(tomllib.loads(config.read_text()), "config.toml").sound.device \
        == "sysdefault:CARD=vc4hdmi1"
    script = (tree / "lastmessage-install.sh").read_text()
    assert " sound.device=sysdefault:CARD=vc4hdmi1 " in script   # given: the script's update is firm too


def test_the_root_script_installs_the_folder_s_own_config_on_a_pi_without_one(tree: Path) -> None:
    """The folder's config may have been edited (or updated by a second install); a fresh Pi gets
    it, not the fresh default written beside it."""
    config = tree / "etc/lastmessage/config.toml"
    config.write_text(config.read_text().replace("# timer_seconds = 30", "timer_seconds = 45"))
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage", "--tablet-output", "HDMI-A-1",
                 "--detective-output", "HDMI-A-2"]) == 0
    script = (tree / "lastmessage-install.sh").read_text()
    line = next(line for line in script.splitlines() if line.startswith("if [ -e /etc/lastmessage/config.toml ]"))
    assert re.search(r'; else install -D -m 0[0-7]{3} "\$here"/etc/lastmessage/config\.toml /etc/lastmessage/config\.toml; fi$',
                     line), line
    assert "timer_seconds = 45" in config.read_text()


@pytest.mark.parametrize("text", ["[display\ntablet_output = 1\n", "display.tablet_output = 'HDMI-A-9'\n",
                                  "[display]\nx = { tablet_output = 1 }\ntablet_output = [\n  'a']\n",
                                  "\xff\xfe not text"])
def test_a_config_that_cannot_be_updated_is_left_untouched_and_said(
        tree: Path, text: str, capsys: pytest.CaptureFixture[str]) -> None:
    config, rc = tree / "etc/lastmessage/config.toml", tree / "etc/lastmessage/labwc/rc.xml"
    config.write_bytes(text.encode("latin-1"))
    rc_before = rc.read_bytes()
    capsys.readouterr()
    assert main(["install", "--root", str(tree), "--source", "/srv/lastmessage"]) == 2
    assert config.read_bytes() == text.encode("latin-1")
    assert rc.read_bytes() == rc_before, "rc.xml stays in step with the config it was written with"
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "config.toml" in err and "left as it is" in err


def test_dry_run_prints_every_file_and_command_and_writes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["install", "--dry-run", "--source", "/srv/lastmessage"]) == 0
    out = capsys.readouterr().out
    for path in ("/etc/systemd/system/lastmessage.service", "/etc/systemd/system/lastmessage-kiosk.service",
                 "/etc/lastmessage/config.toml", "/etc/lastmessage/labwc/rc.xml", "/etc/pam.d/lastmessage-kiosk",
                 "/etc/udev/rules.d/99-lastmessage-module.rules", "/etc/polkit-1/rules.d/50-lastmessage.rules"):
        assert f"# ---- {path} (mode 0644)" in out
    assert "$ install -d -m 0700 /var/lib/lastmessage" in out and "$ systemctl daemon-reload" in out
    assert "WatchdogSec=10" in out and "useradd --system" in out
    assert list(tmp_path.iterdir()) == []


def test_uninstall_keeps_config_and_journal_unless_purged(tree: Path) -> None:
    journal = tree / "var/lib/lastmessage/games.sqlite"
    journal.write_bytes(b"")
    assert main(["uninstall", "--root", str(tree)]) == 0
    assert not (tree / UNITS / "lastmessage.service").exists() and not (tree / "etc/lastmessage/labwc").exists()
    assert not (tree / "etc/udev/rules.d/99-lastmessage-module.rules").exists()
    assert (tree / "etc/lastmessage/config.toml").exists() and journal.exists()
    script = (tree / "lastmessage-uninstall.sh").read_text()
    assert "systemctl disable --now lastmessage.service lastmessage-kiosk.service" in script
    assert "userdel" not in script
    assert main(["uninstall", "--root", str(tree), "--purge"]) == 0
    assert not (tree / "etc/lastmessage").exists() and not (tree / "var/lib/lastmessage").exists()
    purged = (tree / "lastmessage-uninstall.sh").read_text()
    assert "userdel lastmessage " in purged and "userdel lastmessage-kiosk " in purged
    assert "groupdel lastmessage-wayland" in purged and not (tree / "var/lib/lastmessage-kiosk").exists()


@pytest.mark.parametrize("option", [["--tablet-output", "HDMI A 1"], ["--touch-device", 'x" onload="y'],
                                    ["--watchdog-sec", "1"], ["--sound-device", 'hdmi:"x"'],
                                    ["--sound-device", "a\nb"]])
def test_bad_options_are_refused_in_one_line(tmp_path: Path, option: list[str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["install", "--root", str(tmp_path / "root"), *option]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and option[0] in err
    assert not (tmp_path / "root").exists()
