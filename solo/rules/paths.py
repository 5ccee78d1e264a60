"""Where solo finds its shipped files and keeps the player's."""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["files_in", "package_dir", "systems_dir", "generators_dir", "user_generators_dir",
           "shipped_oracles_dir", "user_config_dir", "user_state_dir", "user_oracles_dir"]


def package_dir() -> Path:
    return Path(__file__).resolve().parent.parent


def systems_dir() -> Path:
    """The five seed procedures (and any others shipped with solo)."""
    return package_dir() / "systems"


def generators_dir() -> Path:
    """The generators shipped with solo (``classic``, ``tracker``, ``site``)."""
    return package_dir() / "generators"


def user_generators_dir() -> Path:
    """A player's own generators, listed after the shipped ones."""
    return user_config_dir() / "generators"


def files_in(folder: Path, pattern: str) -> list[Path]:
    """The files in ``folder`` that match ``pattern``, sorted; none where the folder is
    missing or cannot be read (the player's own folders are optional)."""
    try:
        return sorted(folder.glob(pattern)) if folder.is_dir() else []
    except OSError:
        return []


def shipped_oracles_dir() -> Path:
    """``oracles/``: inside the installed package, or beside it in a source checkout."""
    installed = package_dir() / "oracles"
    if installed.is_dir():
        return installed
    return package_dir().parent / "oracles"


def _xdg(variable: str, fallback: str) -> Path:
    value = os.environ.get(variable)
    base = Path(value) if value and os.path.isabs(value) else Path.home() / fallback
    return base / "solo"


def user_config_dir() -> Path:
    return _xdg("XDG_CONFIG_HOME", ".config")


def user_state_dir() -> Path:
    return _xdg("XDG_STATE_HOME", ".local/state")


def user_oracles_dir() -> Path:
    """A player's own tables and oracle styles, read after the shipped ones."""
    return user_config_dir() / "oracles"
