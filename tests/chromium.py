"""A headless Chromium for tests, driven through the DevTools protocol over a pipe (the
``--remote-debugging-pipe`` flag: JSON messages ended by a NUL byte, on the browser's file
descriptors 3 and 4), so that nothing beyond the browser itself is needed: no websocket, no
npm package, no download.

:func:`browser` finds the browser (``$SOLO_CHROMIUM``, else ``chromium``,
``chromium-browser``, ``google-chrome`` on the PATH) or skips the test, saying why.
:meth:`Browser.open` loads a page in a viewport of a given width (emulated as a phone's
below 600 px) and colour scheme; :meth:`Browser.evaluate` runs a script in it (the
page's Content-Security-Policy does not stop the protocol's scripts, so the page is measured
as it is, unchanged) and :meth:`Browser.screenshot` takes a PNG of the whole page.
"""

from __future__ import annotations

import base64
import fcntl
import json
import os
import select
import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import pytest

__all__ = ["browser", "Browser", "find_chromium"]

_NAMES = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
_FLAGS = ("--headless", "--remote-debugging-pipe", "--no-sandbox", "--disable-gpu",
          "--hide-scrollbars", "--no-first-run", "--no-default-browser-check",
          "--disable-extensions", "--mute-audio", "--force-color-profile=srgb",
          "--font-render-hinting=none")
_TIMEOUT = 60  # seconds for any one answer


def find_chromium() -> tuple[str | None, str]:
    """The browser's path, or None and why there is none."""
    named = os.environ.get("SOLO_CHROMIUM")
    if named:
        return (named, "") if Path(named).is_file() else (None, f"SOLO_CHROMIUM={named} "
                                                          "is not a file")
    for name in _NAMES:
        found = shutil.which(name)
        if found:
            return found, ""
    return None, ("no Chromium on this machine (looked for " + ", ".join(_NAMES)
                  + " on the PATH, and $SOLO_CHROMIUM): the page is not rendered")


class Browser:
    """One headless Chromium, one tab, talked to over the DevTools pipe."""

    def __init__(self, path: str) -> None:
        self.profile = tempfile.mkdtemp(prefix="solo-chromium-")
        to_child, self._to_browser = os.pipe()
        self._from_browser, from_child = os.pipe()

        def plumbing() -> None:  # (in the child: the pipe's ends on 3 and 4, kept open)
            reading = fcntl.fcntl(to_child, fcntl.F_DUPFD, 10)  # (clear of 3 and 4)
            writing = fcntl.fcntl(from_child, fcntl.F_DUPFD, 10)
            os.dup2(reading, 3)
            os.dup2(writing, 4)

        self.process = subprocess.Popen(
            [path, *_FLAGS, f"--user-data-dir={self.profile}", "about:blank"],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            close_fds=False, preexec_fn=plumbing)  # (Python's own descriptors close on exec)
        os.close(to_child)
        os.close(from_child)
        self._buffer = b""
        self._next = 0
        self._events: list[dict[str, Any]] = []
        self.session = ""
        try:
            targets = self.call("Target.getTargets")["targetInfos"]
            page = next((t["targetId"] for t in targets if t["type"] == "page"), None)
            if page is None:
                page = self.call("Target.createTarget", url="about:blank")["targetId"]
            self.session = self.call("Target.attachToTarget", targetId=page,
                                     flatten=True)["sessionId"]
            self.call("Page.enable", session=True)
        except BaseException:
            self.close()
            raise

    # -- the protocol ----------------------------------------------------------------------
    def _send(self, message: dict[str, Any]) -> None:
        os.write(self._to_browser, json.dumps(message).encode() + b"\0")

    def _receive(self) -> dict[str, Any]:
        while b"\0" not in self._buffer:
            ready, _, _ = select.select([self._from_browser], [], [], _TIMEOUT)
            if not ready:
                raise TimeoutError("Chromium did not answer within a minute")
            chunk = os.read(self._from_browser, 1 << 16)
            if not chunk:
                raise ConnectionError("Chromium closed the DevTools pipe")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def call(self, method: str, session: bool = False, **params: Any) -> dict[str, Any]:
        """Send one command; its result (events that come first are kept for :meth:`wait`)."""
        self._next += 1
        message: dict[str, Any] = {"id": self._next, "method": method, "params": params}
        if session:
            message["sessionId"] = self.session
        self._send(message)
        while True:
            answer = self._receive()
            if answer.get("id") == self._next:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self._events.append(answer)

    def wait(self, event: str) -> dict[str, Any]:
        """The next event of this name (from the ones kept, or the pipe)."""
        while True:
            for index, message in enumerate(self._events):
                if message.get("method") == event:
                    del self._events[: index + 1]
                    return message.get("params", {})
            self._events.clear()
            self._events.append(self._receive())

    # -- pages -----------------------------------------------------------------------------
    def open(self, url: str, width: int, dark: bool, height: int = 800) -> None:
        """Load ``url`` in a viewport ``width`` CSS px wide (a phone's, touch and the
        viewport meta tag included, below 600), in the dark or the light colour scheme."""
        self.call("Emulation.setDeviceMetricsOverride", session=True, width=width,
                  height=height, deviceScaleFactor=1, mobile=width < 600)
        self.call("Emulation.setEmulatedMedia", session=True, media="screen",
                  features=[{"name": "prefers-color-scheme",
                             "value": "dark" if dark else "light"}])
        self._events.clear()
        self.call("Page.navigate", session=True, url=url)
        self.wait("Page.loadEventFired")

    def evaluate(self, script: str) -> Any:
        """The value of a JavaScript expression in the page (JSON-able)."""
        result = self.call("Runtime.evaluate", session=True, expression=script,
                           returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"the script failed: {result['exceptionDetails']}")
        return result["result"].get("value")

    def screenshot(self, path: Path, top: float = 0, height: float | None = None) -> Path:
        """A PNG of the page, as wide as the viewport, from ``top`` down ``height`` CSS px
        (to the page's end by default), into ``path``."""
        width, whole = self.evaluate("[innerWidth, document.documentElement.scrollHeight]")
        height = whole - top if height is None else min(height, whole - top)
        shot = self.call("Page.captureScreenshot", session=True, format="png",
                         captureBeyondViewport=True,
                         clip={"x": 0, "y": top, "width": width, "height": height, "scale": 1})
        path.write_bytes(base64.b64decode(shot["data"]))
        return path

    def close(self) -> None:
        try:
            self.call("Browser.close")
        except (OSError, RuntimeError, TimeoutError, ConnectionError):
            pass
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        for end in (self._to_browser, self._from_browser):
            try:
                os.close(end)
            except OSError:
                pass
        shutil.rmtree(self.profile, ignore_errors=True)


def browser() -> Browser:
    """A started browser, or a skip saying why there is none."""
    path, why = find_chromium()
    if path is None:
        pytest.skip(why)
    try:
        return Browser(path)
    except (OSError, TimeoutError, ConnectionError, RuntimeError) as error:
        pytest.skip(f"{path} would not start headless with a DevTools pipe: {error}")

