"""A journal whose last entry a newer solo wrote (a record format above this one's, or an
event this version does not know) is not resumed from the entry before it, which would
fork the journal: every command that resumes refuses in one line, naming what it found,
and leaves the file as it was. A record cut off by a crash still resumes as before."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.fake_env import solo


@pytest.fixture(scope="module")
def journal(tmp_path_factory: pytest.TempPathFactory) -> str:
    path = tmp_path_factory.mktemp("newer") / "crawl.md"
    done = solo("new", str(path), "--system", "d12-tension", "--seed", "4",
                stdin="enter 3\nenter 2\n")
    assert done.code == 0, done.err
    return path.read_text(encoding="utf-8")


def edited(folder: Path, text: str, old: str, new: str) -> Path:
    """The journal with the last record's first ``old`` made ``new``."""
    at = text.rindex("<!-- solo ")
    path = folder / "edited.md"
    path.write_text(text[:at] + text[at:].replace(old, new, 1), encoding="utf-8")
    return path


@pytest.mark.parametrize(("old", "new", "named"), [
    ('{"v":2,', '{"v":3,', "record format 3 (this solo writes 2)"),
    ('"ev":[', '"ev":[{"t":"Prophecy","words":"doom"},', "events this solo does not know "
     "(Prophecy)"),
])
@pytest.mark.parametrize("command", [["play"], ["status"], ["odds"]])
def test_a_later_format_is_refused_and_left_untouched(tmp_path: Path, journal: str,
                                                      old: str, new: str, named: str,
                                                      command: list[str]) -> None:
    path = edited(tmp_path, journal, old, new)
    before = path.read_bytes()
    done = solo(*command, str(path), stdin="enter 1\n")
    assert done.code == 1
    line = done.error_line()
    assert named in line and "upgrade solo" in line
    assert path.read_bytes() == before


def test_a_record_cut_off_still_resumes_from_the_entry_before(tmp_path: Path,
                                                               journal: str) -> None:
    at = journal.rindex("<!-- solo ")
    path = tmp_path / "cut.md"
    path.write_text(journal[:at + 200], encoding="utf-8")
    done = solo("play", str(path), stdin="")
    assert done.code == 0, done.err
    assert "no readable record" in done.out + done.err
    assert "newer solo" not in done.out + done.err


@pytest.mark.parametrize("command", [["play"], ["status"], ["odds"]])
def test_a_procedure_the_front_matter_names_that_solo_lacks_is_the_file_s_error(
        tmp_path: Path, journal: str, command: list[str]) -> None:
    """The file is at fault, not the command line: exit 1, naming the file and its
    front matter, and the choices."""
    path = tmp_path / "moved.md"
    path.write_text(journal.replace("system: d12-tension", "system: nosuch", 1),
                    encoding="utf-8")
    before = path.read_bytes()
    done = solo(*command, str(path), stdin="enter 1\n")
    assert done.code == 1
    line = done.error_line()
    assert f"{path}: its front matter: unknown system 'nosuch'" in line and "d12-tension" in line
    assert path.read_bytes() == before
