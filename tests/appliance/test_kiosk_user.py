"""The kiosk (labwc) runs as its own user, sandboxed, and shares only its Wayland
socket with the game's user (issue 24, item 10)."""

from __future__ import annotations

import os
import re
import shutil
import socket
import stat
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest

from lastmessage.kiosk.install import plan
from lastmessage.kiosk.wayland_socket import NotShared, main as wait_main, share_with_group
from test_install import UNITS, tree, unit, values

__all__ = ["tree"]   # the fixture, used by name


def test_labwc_runs_as_its_own_user_in_the_sockets_group(tree: Path) -> None:
    kiosk, game = (unit(tree / UNITS / name)["Service"] for name in ("lastmessage-kiosk.service",
                                                                     "lastmessage.service"))
    assert values(kiosk, "User") == ["lastmessage-kiosk"] != values(game, "User")
    assert values(kiosk, "Group") == ["lastmessage-wayland"]
    assert "lastmessage-wayland" in values(game, "SupplementaryGroups")[0].split()
    assert set(values(kiosk, "SupplementaryGroups")[0].split()) == {"video", "render"}
    assert values(kiosk, "RuntimeDirectory") == ["lastmessage-wayland"]
    assert values(kiosk, "RuntimeDirectoryMode") == ["0750"] and values(kiosk, "UMask") == ["0077"]
    assert values(kiosk, "StateDirectory") == ["lastmessage-kiosk"] and values(kiosk, "StateDirectoryMode") == ["0700"]
    hidden = values(kiosk, "InaccessiblePaths")[0].split()
    assert {"-/var/lib/lastmessage", "-/var/cache/lastmessage"} <= set(hidden)
    assert values(game, "InaccessiblePaths") == ["-/var/lib/lastmessage-kiosk"]
    assert values(game, "ProtectHome") == ["yes"]


def test_the_installer_creates_the_kiosk_user_after_the_socket_group(tree: Path) -> None:
    script = (tree / "lastmessage-install.sh").read_text().splitlines()
    group = script.index("getent group lastmessage-wayland >/dev/null || groupadd --system lastmessage-wayland")
    user = next(i for i, line in enumerate(script) if "useradd --system" in line and "lastmessage-kiosk" in line)
    assert group < user and "--home-dir /var/lib/lastmessage-kiosk" in script[user]
    assert "--shell /usr/sbin/nologin" in script[user]
    assert "usermod --append --groups video,render lastmessage-kiosk" in script


@pytest.fixture
def private_umask() -> Iterator[None]:
    """labwc's UMask=0077: its socket is made 0700."""
    old = os.umask(0o077)
    yield
    os.umask(old)


def bound(path: Path) -> socket.socket:
    server = socket.socket(socket.AF_UNIX)
    server.bind(str(path))
    return server


def test_the_socket_is_opened_to_its_group_and_nothing_else(tmp_path: Path, private_umask: None) -> None:
    path = tmp_path / "wayland-0"
    with bound(path):
        assert stat.S_IMODE(path.stat().st_mode) == 0o700
        assert wait_main(["--wait", "1", "--socket", str(path), "--share"]) == 0
        assert stat.S_IMODE(path.stat().st_mode) == 0o660


def test_a_link_in_the_sockets_place_is_left_and_its_target_untouched(
        tmp_path: Path, private_umask: None, capsys: pytest.CaptureFixture[str]) -> None:
    """The helper runs as root in the kiosk user's folder: a link swapped in for the
    socket must not make root chmod /etc/shadow."""
    secret = tmp_path / "shadow"
    secret.write_text("root:*\n")
    secret.chmod(0o600)
    target = tmp_path / "real-0"
    with bound(target):
        (tmp_path / "wayland-0").symlink_to(target)       # a link to a socket
        (tmp_path / "wayland-1").symlink_to(secret)       # a link to a file
        for name in ("wayland-0", "wayland-1"):
            with pytest.raises(NotShared, match="cannot be opened|not a socket"):
                share_with_group(tmp_path / name)
        assert stat.S_IMODE(target.stat().st_mode) == 0o700
    assert stat.S_IMODE(secret.stat().st_mode) == 0o600
    secret.rename(tmp_path / "wayland-2")
    assert wait_main(["--wait", "0.1", "--socket", str(tmp_path / "wayland-2"), "--share"]) == 1
    assert "no Wayland socket" in capsys.readouterr().err   # a file is never taken for one
    assert stat.S_IMODE((tmp_path / "wayland-2").stat().st_mode) == 0o600


def test_a_socket_of_another_user_is_left_alone(tmp_path: Path, private_umask: None) -> None:
    if os.geteuid() != 0:
        pytest.skip("only root can make a socket another user owns")
    path = tmp_path / "wayland-0"
    with bound(path):
        os.chown(path, 12345, -1)
        with pytest.raises(NotShared, match="owned by uid 12345"):
            share_with_group(path)
        assert stat.S_IMODE(path.stat().st_mode) == 0o700


def test_both_units_score_well_below_the_old_exposure(tree: Path) -> None:
    """systemd-analyze security of the units as written (offline: nothing installed here).
    Before issue 24: game 6.1, kiosk 9.0 (Debian 13's systemd 257, offline)."""
    analyze = shutil.which("systemd-analyze")
    if analyze is None:
        pytest.skip("systemd-analyze is not installed here (apt-get install systemd gives it)")
    for name, ceiling in (("lastmessage.service", 3.0), ("lastmessage-kiosk.service", 3.0)):
        said = subprocess.run([analyze, "security", "--offline=yes", "--no-pager", str(tree / UNITS / name)],
                              capture_output=True, text=True, timeout=60)
        found = re.search(r"Overall exposure level for \S+: (\d+\.\d)", said.stdout)
        if found is None:
            pytest.skip(f"this systemd-analyze cannot score offline: {said.stderr.strip()[-200:]}")
        assert float(found.group(1)) < ceiling, (name, found.group(1))


def test_the_kiosk_user_is_a_plan_constant_the_units_agree_with() -> None:
    assert plan.KIOSK_USER != plan.USER and plan.WAYLAND_SOCKET.parent == plan.WAYLAND_DIR
    assert plan.WAYLAND_GROUP in plan.GROUPS and plan.WAYLAND_GROUP not in plan.KIOSK_GROUPS
