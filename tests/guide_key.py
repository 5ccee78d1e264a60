"""The complete example key of docs/keys.md (a mill and its shrine), saved as a file: the
key the guide walks through, for the tests that play it."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def guide_key(folder: Path, name: str = "mill.yaml") -> Path:
    """The key written in docs/keys.md, saved in ``folder`` as ``name``."""
    text = (ROOT / "docs" / "keys.md").read_text(encoding="utf-8")
    block = re.search(r"```yaml\n(.*?)```", text, re.S)
    assert block is not None, "docs/keys.md holds no yaml block"
    key = folder / name
    key.write_text(block.group(1), encoding="utf-8")
    return key
