"""``solo import FILE -o KEY.yaml``: a donjon or One Page Dungeon JSON export made a key.

The key is written only once it passes the checks ``solo check`` makes; an existing file is
never overwritten. Without ``-o`` the key goes to standard output.
"""

from __future__ import annotations

from pathlib import Path

from solo.cli.output import write_new_file
from solo.environment import Environment
from solo.errors import SoloError, UsageError
from solo.rules.key_import import import_key
from solo.terminal import printable

__all__ = ["run_import"]

_NAMES = {"donjon": "donjon", "watabou": "One Page Dungeon"}


def run_import(source: str, output: str | None, env: Environment) -> int:
    """Read the export ``source``, write its key to ``output`` ('-' or None: stdout)."""
    path = Path(source)
    try:
        raw = path.read_bytes()
    except IsADirectoryError:
        raise SoloError(f"{source} is a folder; name the export's JSON file") from None
    except OSError as err:
        raise SoloError(f"{source}: cannot read ({err.strerror})") from None
    to_stdout = output in (None, "-")
    if not to_stdout and Path(str(output)).suffix.lower() not in (".yaml", ".yml"):
        raise UsageError(f"{output}: a key's name must end in .yaml, or solo will not "
                         "recognise it as a file")
    kind, text, warnings = import_key(raw, source,
                                      "standard output" if to_stdout else str(output))
    for line in warnings:
        env.warn(printable(f"solo: warning: {source}: {line}"))
    if to_stdout:
        env.stdout.write(text)
        return 0
    target = Path(str(output))
    write_new_file(target, text, "choose another name with -o")
    rooms = text.count("\n- id: ")
    env.say(printable(f"Wrote {output}: {rooms:,} room{'s' if rooms != 1 else ''} from the "
                      f"{_NAMES[kind]} export "
                      f"{source}"))
    env.say(printable(f"Next: read it over, then 'solo check {output}'."))
    return 0
