"""A real headless Chromium (Debian's `chromium`) driven over the DevTools protocol, with a phone's screen.

No driver binary and no other package: the protocol is JSON over a WebSocket,
spoken with aiohttp, which the device already has. The page gets a phone's
viewport (390x844 CSS pixels at 3x, mobile) and touch, and touches are sent
as the touchscreen would send them (`Input.dispatchTouchEvent`).
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import itertools
import json
import os
import shutil
import signal
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import aiohttp

PHONE = {"width": 390, "height": 844, "deviceScaleFactor": 3, "mobile": True}
DEADLINE = 30.0


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Page:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse) -> None:
        self.ws = ws
        self._ids = itertools.count(1)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        number = next(self._ids)
        await self.ws.send_str(json.dumps({"id": number, "method": method, "params": params}))
        async with asyncio.timeout(DEADLINE):
            while True:
                message = json.loads((await self.ws.receive()).data)
                if message.get("id") == number:
                    if "error" in message:
                        raise RuntimeError(f"{method}: {message['error']}")
                    return dict(message.get("result", {}))

    async def evaluate(self, expression: str) -> Any:
        result = await self.send("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        return result["result"].get("value")

    async def until(self, expression: str, deadline: float = DEADLINE) -> Any:
        async with asyncio.timeout(deadline):
            while True:
                value = await self.evaluate(expression)
                if value:
                    return value
                await asyncio.sleep(0.05)

    async def touch(self, kind: str, points: list[tuple[float, float]]) -> None:
        await self.send("Input.dispatchTouchEvent", type=kind,
                        touchPoints=[{"x": x, "y": y, "id": i} for i, (x, y) in enumerate(points)])

    async def screenshot(self, path: Path) -> None:
        shot = await self.send("Page.captureScreenshot", format="png")
        path.write_bytes(base64.b64decode(shot["data"]))


class Browser:
    """`async with Browser() as browser: page = await browser.open(url)`."""

    def __init__(self) -> None:
        # Chromium's helper processes can still write the profile for a moment after the
        # browser's own process ends: the whole process group is stopped before it goes.
        self._profile = tempfile.TemporaryDirectory(ignore_cleanup_errors=True)
        self._process: subprocess.Popen[bytes] | None = None
        self._session: aiohttp.ClientSession | None = None
        self._sockets: list[aiohttp.ClientWebSocketResponse] = []
        self.port = 0

    async def __aenter__(self) -> Browser:
        binary = chromium()
        assert binary is not None, "chromium is not installed (scripts/setup.sh installs it)"
        self._process = subprocess.Popen(
            [binary, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-extensions", "--disable-background-networking", "--remote-debugging-port=0",
             f"--user-data-dir={self._profile.name}", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        active = Path(self._profile.name) / "DevToolsActivePort"
        async with asyncio.timeout(DEADLINE):
            while not active.exists() or not active.read_text().strip():
                await asyncio.sleep(0.05)
        self.port = int(active.read_text().split()[0])
        self._session = aiohttp.ClientSession()
        return self

    async def open(self, url: str) -> Page:
        assert self._session is not None
        async with self._session.put(f"http://127.0.0.1:{self.port}/json/new?about:blank") as made:
            target = await made.json()
        ws = await self._session.ws_connect(target["webSocketDebuggerUrl"], max_msg_size=64 * 2**20)
        self._sockets.append(ws)
        page = Page(ws)
        await page.send("Emulation.setDeviceMetricsOverride", **PHONE)
        await page.send("Emulation.setTouchEmulationEnabled", enabled=True, maxTouchPoints=5)
        await page.send("Page.enable")
        await page.send("Page.navigate", url=url)
        return page

    async def __aexit__(self, *exc: object) -> None:
        for ws in self._sockets:
            await ws.close()
        if self._session is not None:
            await self._session.close()
        if self._process is not None:
            self._process.terminate()
            try:
                self._process.wait(10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
            with contextlib.suppress(ProcessLookupError, TimeoutError):   # its helpers, in their session
                os.killpg(self._process.pid, signal.SIGKILL)
                async with asyncio.timeout(5):   # gone (or only zombies left to their reaper)
                    while True:
                        os.killpg(self._process.pid, 0)
                        await asyncio.sleep(0.05)
        self._profile.cleanup()
