"""Real JavaScript readers of solo's files, run through node: Mermaid (with jsdom for the DOM
it expects), and Mermaid's own command line, which renders a chart in a headless browser.
Installed once per machine into a cache folder; the tests that need them skip, saying why,
where node, npm or the registry is missing."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

CACHE = Path(tempfile.gettempdir()) / "solo-tests-node"
PACKAGES = ("mermaid@11", "jsdom@26")

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
    if not (CACHE / "node_modules" / "mermaid").is_dir():
        CACHE.mkdir(parents=True, exist_ok=True)
        try:
            done = subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund",
                                   "--prefix", str(CACHE), *PACKAGES],
                                  capture_output=True, text=True, timeout=600)
        except subprocess.TimeoutExpired:
            pytest.skip("npm install of mermaid timed out")
        if done.returncode != 0:
            pytest.skip(f"npm could not install mermaid: {done.stderr.strip()[:200]}")
    (CACHE / "parse.mjs").write_text(_PARSE, encoding="utf-8")
    return CACHE


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
    folder = CACHE / "mermaid-cli"
    binary = folder / "node_modules" / ".bin" / "mmdc"
    if not binary.exists():
        folder.mkdir(parents=True, exist_ok=True)
        try:
            done = subprocess.run(["npm", "install", "--silent", "--no-audit", "--no-fund",
                                   "--prefix", str(folder), MERMAID_CLI],
                                  capture_output=True, text=True, timeout=900,
                                  env={**os.environ, "PUPPETEER_SKIP_DOWNLOAD": "1"})
        except subprocess.TimeoutExpired:
            done = None
        if done is None or done.returncode != 0 or not binary.exists():
            why = "timed out" if done is None else (done.stderr.strip()[:200] or "no mmdc")
            _CLI_WHY_NOT.append(f"npm could not install {MERMAID_CLI}: {why}")
            pytest.skip(_CLI_WHY_NOT[0])
    return binary
