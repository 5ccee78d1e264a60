"""Where ``solo export -o`` writes, in-process: files replaced whole and keeping their mode,
symlinks written through, devices, FIFOs and terminals written as they are, and every
failure one line naming the output."""

from __future__ import annotations

import os
import socket
import stat
import threading
from pathlib import Path

import pytest

from tests.fake_env import solo


@pytest.fixture(autouse=True)
def journal(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1700000000")
    done = solo("new", "j.md", "--system", "trespasser", "--title", "OutPut",
                "--seed", "4", stdin="advance\nThe hall is cold.\n")
    assert done.code == 0, done.err
    journal = tmp_path / "j.md"  # an escape in the title, as a hand may write it
    journal.write_text(journal.read_text().replace("title: OutPut\n",
                                                   'title: "Out\\e[2JPut"\n', 1))
    return journal


def _report() -> str:
    return solo("export", "j.md").out


def test_an_existing_report_is_replaced_whole_and_keeps_its_mode():
    Path("r.md").write_text("an old report\n")
    os.chmod("r.md", 0o640)
    assert solo("export", "j.md", "-o", "r.md").code == 0
    assert Path("r.md").read_text() == _report()
    assert stat.S_IMODE(os.stat("r.md").st_mode) == 0o640
    assert not [name for name in os.listdir() if name.endswith(".tmp")]


def test_a_symlink_is_written_through_to_its_target():
    Path("real.md").write_text("old")
    Path("link.md").symlink_to("real.md")
    assert solo("export", "j.md", "-o", "link.md").code == 0
    assert Path("link.md").is_symlink() and Path("real.md").read_text() == _report()


def test_a_fifo_is_written_into_not_replaced():
    os.mkfifo("pipe")
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(Path("pipe").read_bytes()))
    reader.start()
    assert solo("export", "j.md", "-o", "pipe").code == 0
    reader.join(timeout=30)
    assert received[0].decode("utf-8") == _report()
    assert stat.S_ISFIFO(os.lstat("pipe").st_mode)


def test_a_terminal_named_by_o_gets_no_raw_escapes():
    master, slave = os.openpty()
    seen = bytearray()

    def read_all() -> None:
        while True:
            try:
                chunk = os.read(master, 65536)
            except OSError:
                return
            if not chunk:
                return
            seen.extend(chunk)

    reader = threading.Thread(target=read_all)
    reader.start()
    try:
        assert solo("export", "j.md", "-o", os.ttyname(slave)).code == 0
    finally:
        os.close(slave)
        reader.join(timeout=30)
        os.close(master)
    assert b"The hall is cold." in seen and b"Put" in seen and b"\x1b" not in seen


def test_dev_null_is_written_and_stays_a_device():
    device = os.stat("/dev/null")
    done = solo("export", "j.md", "-o", "/dev/null")
    assert done.code == 0 and done.out == ""
    after = os.stat("/dev/null")
    assert stat.S_ISCHR(after.st_mode) and after.st_rdev == device.st_rdev


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full here")
def test_a_full_device_is_one_line():
    done = solo("export", "j.md", "-o", "/dev/full")
    assert done.code == 1
    assert done.error_line() == "solo: error: cannot write /dev/full: No space left on device"


def test_a_socket_cannot_be_written_and_says_so():
    server = socket.socket(socket.AF_UNIX)
    try:
        server.bind("sock")
        done = solo("export", "j.md", "-o", "sock")
    finally:
        server.close()
    assert done.code == 1 and done.error_line().startswith("solo: error: cannot write sock: ")


@pytest.mark.parametrize("output, said", [
    ("no-folder/r.md", "No such file or directory"),
    ("j.md/r.md", "Not a directory"),
])
def test_an_output_that_cannot_be_made_is_one_line(output, said):
    done = solo("export", "j.md", "-o", output)
    assert done.code == 1
    line = done.error_line()
    assert line.startswith("solo: error: cannot write ") and "r.md" in line and said in line


def test_new_procedure_refuses_bad_ids_and_unwritable_places():
    bad = solo("new-procedure", "../escape")
    assert bad.code == 2 and "is not a procedure id" in bad.error_line()
    nowhere = solo("new-procedure", "deep", "-o", "no-folder/deep.yaml")
    assert nowhere.code == 1 and "cannot write no-folder/deep.yaml" in nowhere.error_line()
    quoted = solo("new-procedure", "true")  # YAML would read a bare true as a yes
    assert quoted.code == 0
    text = Path("true.yaml").read_text()
    assert 'id: "true"' in text and 'name: "True"' in text
    assert solo("check", "true.yaml").out == "true.yaml: ok (procedure)\n"
