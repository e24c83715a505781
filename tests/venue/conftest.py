from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.venue.broker import MOSQUITTO, Broker, Watcher


@pytest.fixture
def broker(tmp_path: Path) -> Iterator[Broker]:
    if not Path(MOSQUITTO).exists() or shutil.which("mosquitto_passwd") is None:
        pytest.fail("Debian's mosquitto is not installed (scripts/setup.sh installs it: make test)")
    running = Broker(tmp_path)
    yield running
    running.stop()


@pytest.fixture
def watcher(broker: Broker) -> Iterator[Watcher]:
    watching = Watcher(broker)
    yield watching
    watching.close()


@pytest.fixture
def tls_broker(tmp_path: Path) -> Iterator[Broker]:
    """A broker that speaks only TLS, its certificate for 127.0.0.1 signed by its own test CA."""
    (tmp_path / "tls").mkdir()
    running = Broker(tmp_path / "tls", tls=True)
    yield running
    running.stop()
