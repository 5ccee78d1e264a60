"""``solo new-procedure NAME``: write the commented starting procedure file.

The starting file ships inside the package (``solo/templates/procedure.yaml``) and
is itself a valid procedure; only its ``id:`` and ``name:`` lines are replaced.
An existing file is never overwritten.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import TextIO

from solo.cli.output import write_new_file
from solo.errors import SoloError, UsageError

__all__ = ["TEMPLATE", "template_text", "display_name", "write_template"]

TEMPLATE = Path(__file__).resolve().parent / "templates" / "procedure.yaml"
_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$")


def display_name(ident: str) -> str:
    """A readable name for an id: ``my-dungeon`` -> ``My dungeon``."""
    words = re.sub(r"[-_]+", " ", ident).strip()
    return words[:1].upper() + words[1:]


def _scalar(text: str) -> str:
    """``text`` as a YAML string: bare when YAML reads it back as that string, else quoted."""
    import yaml

    try:
        plain = yaml.safe_load(f"value: {text}")
    except yaml.YAMLError:
        plain = None
    if isinstance(plain, dict) and plain.get("value") == text:
        return text
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def template_text(ident: str) -> str:
    """The starting file with its ``id:`` and ``name:`` set for ``ident``."""
    if not _ID.match(ident):
        raise UsageError(f"{ident!r} is not a procedure id: use letters, digits, - and _ "
                         "(such as my-dungeon)")
    try:
        text = TEMPLATE.read_text(encoding="utf-8")
    except OSError as err:  # a broken installation
        raise SoloError(f"cannot read the starting file {TEMPLATE} ({err.strerror})") from None
    text, ids = re.subn(r"^id: .*$", f"id: {_scalar(ident)}", text, count=1, flags=re.M)
    text, names = re.subn(r"^name: .*$", f"name: {_scalar(display_name(ident))}", text,
                          count=1, flags=re.M)
    if not (ids and names):  # pragma: no cover - the shipped file has both lines
        raise SoloError(f"the starting file {TEMPLATE} has no id: or name: line")
    return text


def write_template(name: str, output: str | None, out: TextIO) -> int:
    """Write the starting file for procedure ``name`` to ``output`` (default NAME.yaml), and
    say on ``out`` what was written and what to do next."""
    text = template_text(name)
    path = Path(output) if output else Path(f"{name}.yaml")
    if path.suffix not in (".yaml", ".yml"):
        raise UsageError(f"{path}: a procedure file's name must end in .yaml, "
                         "or solo will not recognise it as a file")
    write_new_file(path, text, "choose another name or -o FILE")
    out.write(f"Wrote {path}\n"
              f"Next: edit it, then 'solo check {path}' and 'solo simulate --system {path}'; "
              f"play it with 'solo new --system {path}'.\n")
    return 0
