"""Real JavaScript readers of solo's files, run through node: Mermaid (with jsdom for the DOM
it expects), and Mermaid's own command line, which renders a chart in a headless browser.

Installed once per machine into a cache folder, behind a file lock (pytest-xdist workers
wait for one install, never race): ``python tests/node_tools.py`` installs them before a
test run (.ci/run does), so that npm's minutes are not spent inside the tests; a test that
finds them missing installs them itself. The tests that need them skip, saying why, where
node, npm or the registry is missing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest
from filelock import FileLock

CACHE = Path(tempfile.gettempdir()) / "solo-tests-node"
LOCK = Path(tempfile.gettempdir()) / "solo-tests-node.lock"
PACKAGES = ("mermaid@11", "jsdom@26")
INSTALL_TIMEOUT = 900  # seconds, for each npm install (a worker waits as long for the lock)


def _npm_install(prefix: Path, packages: tuple[str, ...], env: dict | None = None) -> str:
    """Install ``packages`` into ``prefix``; "" once done, else why not (one line)."""
    prefix.mkdir(parents=True, exist_ok=True)
    try:
        done = subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund",
                               "--prefix", str(prefix), *packages], capture_output=True,
                              text=True, timeout=INSTALL_TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        return f"npm install of {' '.join(packages)} timed out"
    if done.returncode != 0:
        return (f"npm could not install {' '.join(packages)}: "
                + (done.stderr.strip()[:200] or "no output"))
    return ""


def script(name: str, text: str) -> Path:
    """``text`` as the file ``name`` in the cache folder, written whole (another worker may
    be reading it: a new copy is renamed over the old one, never written in place)."""
    path = CACHE / name
    if not path.exists() or path.read_text(encoding="utf-8") != text:
        staged = path.with_name(f".{name}.{os.getpid()}")
        staged.write_text(text, encoding="utf-8")
        os.replace(staged, path)
    return path

_PARSE = """
import { JSDOM } from 'jsdom';
const dom = new JSDOM('<!doctype html><html><body></body></html>');
globalThis.window = dom.window; globalThis.document = dom.window.document;
const { default: mermaid } = await import('mermaid');
const blocks = JSON.parse(await new Promise((ok) => {
  let text = '';
  process.stdin.on('data', (c) => text += c);
  process.stdin.on('end', () => ok(text));
}));
const out = [];
for (const block of blocks) {
  try { const r = await mermaid.parse(block); out.push({ok: true, type: r.diagramType,
                                                          config: r.config}); }
  catch (e) { out.push({ok: false, error: String(e.message).split('\\n')[0]}); }
}
console.log(JSON.stringify(out));
"""


def mermaid_folder() -> Path:
    """The folder with mermaid and jsdom installed, or a skip saying what is missing."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        pytest.skip("node and npm are not on this machine: Mermaid is not run")
    why = install_mermaid()
    if why:
        pytest.skip(why)
    script("parse.mjs", _PARSE)
    return CACHE


def install_mermaid() -> str:
    """Mermaid and jsdom in the cache folder, installed if missing; "" or why not."""
    if (CACHE / "node_modules" / "mermaid").is_dir():
        return ""
    with FileLock(LOCK, timeout=2 * INSTALL_TIMEOUT):
        if (CACHE / "node_modules" / "mermaid").is_dir():  # another worker installed it
            return ""
        return _npm_install(CACHE, PACKAGES)


def mermaid_parse(blocks: list[str]) -> list[dict]:
    """What Mermaid's own parser makes of each block: {ok, type, config} or {ok, error}."""
    folder = mermaid_folder()
    done = subprocess.run(["node", str(folder / "parse.mjs")], input=json.dumps(blocks),
                          capture_output=True, text=True, timeout=300, cwd=folder)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


MERMAID_CLI = "@mermaid-js/mermaid-cli@11"
_CLI_WHY_NOT: list[str] = []


def mermaid_cli() -> Path:
    """The ``mmdc`` of an installed Mermaid CLI (it renders Mermaid in a headless browser),
    or a skip saying what is missing. Installed without its own browser
    (PUPPETEER_SKIP_DOWNLOAD): the caller points it at a Chromium already on the machine."""
    if _CLI_WHY_NOT:
        pytest.skip(_CLI_WHY_NOT[0])
    if shutil.which("node") is None or shutil.which("npm") is None:
        _CLI_WHY_NOT.append("node and npm are not on this machine: Mermaid is not rendered")
        pytest.skip(_CLI_WHY_NOT[0])
    why = install_mermaid_cli()
    if why:
        _CLI_WHY_NOT.append(why)
        pytest.skip(why)
    return MMDC


MMDC = CACHE / "mermaid-cli" / "node_modules" / ".bin" / "mmdc"


def install_mermaid_cli() -> str:
    """Mermaid's command line in the cache folder, installed if missing; "" or why not."""
    if MMDC.exists():
        return ""
    with FileLock(LOCK, timeout=2 * INSTALL_TIMEOUT):
        if MMDC.exists():  # another worker installed it
            return ""
        why = _npm_install(MMDC.parents[2], (MERMAID_CLI,),
                           env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"})
        return why or ("" if MMDC.exists() else f"npm installed {MERMAID_CLI} without mmdc")


def main() -> int:
    """Install every node tool the tests use, before a test run (Mermaid and jsdom, the yaml
package Obsidian writes with, and mermaid-cli where there is a Chromium): says what it did."""
    if shutil.which("node") is None or shutil.which("npm") is None:
        print("node tools: node and npm are not on this machine; their tests will skip")
        return 0
    sys.path.insert(0, str(Path(__file__).parent))  # run as a script: the helpers beside it
    from chromium import find_chromium
    from obsidian import node_yaml

    why = install_mermaid()
    print("node tools: mermaid and jsdom: " + (why or f"ready in {CACHE}"))
    package, why = node_yaml()  # Obsidian's yaml package (tests/obsidian.py keeps its cache)
    print("node tools: yaml@2: " + (why or f"ready in {package}"))
    chromium, no_browser = find_chromium()
    if chromium is None:  # mmdc draws in a browser: without one, its tests skip anyway
        print(f"node tools: {MERMAID_CLI} not installed: {no_browser}")
        return 0
    why = install_mermaid_cli()
    print(f"node tools: {MERMAID_CLI}: " + (why or f"ready in {MMDC.parents[2]}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
