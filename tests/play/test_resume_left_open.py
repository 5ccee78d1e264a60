"""A fence or comment the player left open at the journal's end is told as what it is, with
the line it opens at: solo closes it before its next entry, and play goes on from the last
entry, whose record reads (a record cut off by a crash is told as that)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo


def journal(tmp_path: Path) -> Path:
    path = tmp_path / "a.md"
    assert solo("new", str(path), "--system", "d12-tension", "--seed", "4",
                stdin="The stair goes down.\nenter 3\nnoise\n").code == 0
    return path


@pytest.mark.parametrize("added, what, offset", [
    ("\nMy thoughts:\n\n```\n@ I check the walls\n", "a code fence (```)", 4),
    ("\n<!-- a secret\nstill secret\n", "a comment (<!--)", 2),
    ("\n```\nclosed\n```\n\n<!-- open\n", "a comment (<!--)", 6),
])
def test_a_fence_or_comment_left_open_is_named_with_its_line(tmp_path, added, what, offset):
    path = journal(tmp_path)
    text = path.read_text()
    record = text[:text.rindex("<!-- solo ")].count("\n") + 1
    lines = text.count("\n")
    path.write_text(text + added)
    done = solo("play", str(path), stdin="We go on.\n")
    assert done.code == 0, done.err
    assert f"The journal ends with {what} opened at line {lines + offset} and never closed" \
        in done.err
    assert f"its record at line {record})" in done.err
    assert "no readable record" not in done.err
    after = path.read_text()
    assert after.startswith(text + added)  # kept as typed; closed before the next entry
    assert "We go on.\n" in after and solo("play", str(path)).err == ""


def test_a_record_cut_off_is_still_told_as_one(tmp_path):
    path = journal(tmp_path)
    text = path.read_text()
    path.write_text(text + text[text.rindex("<!-- solo "):][:120])
    done = solo("play", str(path), stdin="")
    assert done.code == 0 and "no readable record" in done.err and "opened at" not in done.err
