"""Turn a donjon or Watabou One Page Dungeon JSON export into a key's YAML text.

Pure: bytes in, text out. The text is read back and checked as any key before it is
given (so an import always passes ``solo check``); a file that is neither export is
refused, naming the file, the line when the JSON itself is broken, and what was expected.
"""

from __future__ import annotations

import json
from typing import Any

from solo.errors import RulesError
from solo.rules.key_donjon import donjon_key, door_warnings, is_donjon
from solo.rules.key_file import key_from_text
from solo.rules.key_graph import exit_limit, key_yaml, room_limit
from solo.rules.key_watabou import is_watabou, watabou_key

__all__ = ["import_key", "export_kind", "MAX_IMPORT_BYTES"]

MAX_IMPORT_BYTES = 20_000_000
"""The largest export read (donjon's largest dungeons are a few megabytes)."""
_EXPECTED = ("expected a donjon dungeon JSON export ('cells' and 'rooms') or a One Page "
             "Dungeon JSON export ('rects' and 'doors')")


def export_kind(data: Any) -> str | None:
    """``donjon``, ``watabou`` or None: which export ``data`` (parsed JSON) is."""
    if is_donjon(data):
        return "donjon"
    if is_watabou(data):
        return "watabou"
    return None


def _parse(raw: bytes, file: str) -> Any:
    if len(raw) > MAX_IMPORT_BYTES:
        raise RulesError(f"{len(raw):,} bytes; an export of at most {MAX_IMPORT_BYTES:,} is "
                         "read", file=file)
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise RulesError(f"not a text file; {_EXPECTED}", file=file) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as err:
        raise RulesError(f"not JSON ({err.msg}); {_EXPECTED}", file=file,
                         line=err.lineno) from None
    except RecursionError:
        raise RulesError(f"nested too deeply; {_EXPECTED}", file=file) from None


def import_key(raw: bytes, file: str, output: str = "KEY.yaml") -> tuple[str, str, list[str]]:
    """(the export's kind, the key's YAML text, a warning for each thing of the export's
    the key may have read wrong) from the bytes of ``file``; ``output`` names the key
    should the key made not pass its checks (a bug: refused, naming the export). The
    warnings are in the key's opening comment too."""
    data = _parse(raw, file)
    kind = export_kind(data)
    if kind is None:
        raise RulesError(_EXPECTED, file=file)
    key, warnings = ((donjon_key(data, file), door_warnings(data)) if kind == "donjon"
                     else watabou_key(data, file))
    room_limit(len(key["rooms"]), file, "rooms")  # (with the passages made)
    exit_limit(key["rooms"], file)
    name = "donjon" if kind == "donjon" else "One Page Dungeon"
    text = key_yaml(key, "\n".join([
        f"A dungeon key made by 'solo import' from the {name} export "
        f"{file.rsplit('/', 1)[-1]}.", *(f"Warning: {line}." for line in warnings),
        "Read it over and edit it freely; 'solo check' checks it (see docs/keys.md)."]))
    try:
        key_from_text(text, output)
    except RulesError as err:  # (a bug: what solo makes of an export passes its checks)
        raise RulesError(f"the key made of this export fails its checks ({err}); please "
                         "report it", file=file) from None
    return kind, text, warnings
