"""A journal saved in another encoding than UTF-8 (an editor's cp1252, UTF-16) is told as
that, once, with the first line that is not: ``play`` will not append UTF-8 to it (one file
of two encodings), and leaves it untouched; the reports go on, with the notice."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo

WORDS = "A dusty hall, bones on the floor."
NOTICE = "is not UTF-8: save the journal as UTF-8"


def journal(tmp_path: Path) -> tuple[Path, str]:
    path = tmp_path / "a.md"
    assert solo("new", str(path), "--system", "d12-tension", "--seed", "4", "--title", "Crypt",
                stdin=f"enter 3\n{WORDS}\nlinger\n").code == 0
    return path, path.read_text(encoding="utf-8")


def line_of(text: str, words: str) -> int:
    return text.split("\n").index(words) + 1


def test_a_line_saved_in_cp1252_is_named_and_play_does_not_append(tmp_path):
    path, text = journal(tmp_path)
    edited = text.replace(WORDS, "A dusty hall — “bones”, café.")
    path.write_bytes(edited.encode("utf-8").replace(  # (that one line, as cp1252 saves it)
        "A dusty hall — “bones”, café.".encode(), "A dusty hall — “bones”, café.".encode("cp1252")))
    before = path.read_bytes()
    line = line_of(edited, "A dusty hall — “bones”, café.")
    played = solo("play", str(path), stdin="We go on.\n")
    assert played.code == 1 and path.read_bytes() == before
    assert played.error_line() == (f"solo: error: {path}: line {line} {NOTICE} (solo writes "
                                   "UTF-8, and will not mix two encodings in one file); it was "
                                   "left untouched")
    exported = solo("export", str(path), "-o", str(tmp_path / "a.html"))
    assert exported.code == 0 and exported.err == f"solo: notice: {path}: line {line} {NOTICE}\n"
    stats = solo("stats", str(path))
    assert stats.code == 0 and stats.out.count(NOTICE) == 1
    assert f"Note: line {line} {NOTICE}" in stats.out
    path.write_text(edited, encoding="utf-8")  # saved again as UTF-8: all is well
    assert solo("play", str(path), stdin="We go on.\n").code == 0
    assert NOTICE not in solo("stats", str(path)).out


@pytest.mark.parametrize("encoding", ["utf-16", "cp1252"])  # (UTF-16 as editors save it: a BOM)
def test_a_whole_file_in_another_encoding_is_told_as_that(tmp_path, encoding):
    path, text = journal(tmp_path)
    path.write_bytes(text.encode(encoding))
    before = path.read_bytes()
    line = 1 if encoding.startswith("utf-16") else line_of(text, next(
        row for row in text.split("\n") if not row.isascii()))
    for command in ("status", "play", "export", "stats"):
        done = solo(command, str(path))
        if encoding == "cp1252" and command != "play":  # (the header reads: the rest goes on)
            assert done.code == 0, command
            assert (done.err + done.out).count(f"line {line} {NOTICE}") == (command != "status")
            continue
        assert done.code == 1 and f"{path}: line {line} {NOTICE}" in done.error_line(), command
        assert "not a solo journal" not in done.err
    assert path.read_bytes() == before


def test_a_journal_in_utf8_says_nothing(tmp_path):
    path, _ = journal(tmp_path)
    for command in ("status", "stats"):
        assert NOTICE not in solo(command, str(path)).out + solo(command, str(path)).err


def test_in_a_long_journal_the_line_counts_from_the_top(tmp_path):
    """play looks at what resuming reads (the journal's last MiB): a line there in another
    encoding is named by its place in the whole file."""
    path, text = journal(tmp_path)
    filler = "The corridor goes on and on.\n" * 50_000  # (1.4 MB of the player's prose)
    edited = text.replace(WORDS, f"{filler}\nA cold wind, café.\n\n{WORDS}")
    path.write_bytes(edited.encode("utf-8").replace("café".encode(), "café".encode("cp1252")))
    assert path.stat().st_size > 1024 * 1024
    before = path.read_bytes()
    played = solo("play", str(path), stdin="We go on.\n")
    assert played.code == 1 and path.read_bytes() == before
    assert f"line {line_of(edited, 'A cold wind, café.')} {NOTICE}" in played.error_line()
