"""The player's own config folder (``$XDG_CONFIG_HOME/solo``: their procedures, oracles and
generators) is optional: one solo cannot read is passed over, and every command goes on
with what solo ships, never an internal error."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo


@pytest.mark.parametrize("command", [("systems",), ("dungeons",), ("ask", "Is it dark?"),
                                     ("new", "{folder}/j.md", "--system", "delving")])
def test_a_config_folder_that_cannot_be_read_is_passed_over(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, command: tuple[str, ...]) -> None:
    # (a path too long to look at: the one unreadable folder a test running as root meets)
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / ("a" * 5000)))
    done = solo(*(word.format(folder=tmp_path) for word in command), stdin="explore\n")
    assert done.code == 0, done.err
    assert "internal error" not in done.err
    if command == ("systems",):
        assert "delving\t" in done.out
