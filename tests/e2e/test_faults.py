"""Faults: kill -9 mid-play, a full disk, torn writes, read-only journals, two sessions on
one journal, and hostile YAML. ``solo`` runs in-process (tests/fake_env.py) unless only a
process proves the point: a kill, a filesystem of its own, two sessions (marked e2e)."""

from __future__ import annotations

import errno
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from solo.errors import JournalError
from solo.journal.record import PREFIX as SNAPSHOT_PREFIX
from solo.journal.record_split import split_records
from solo.journal.store import read_tail
from solo.play.resume import resume_file as resume
from solo.play.session import Session
from solo.play.start import create_journal_file
from tests.fake_env import run_here
from tests.journal_snapshots import iter_snapshots
from tests.suite_profile import FULL, sized

SOLO = [sys.executable, "-m", "solo"]  # where only a process proves the point (e2e)


def _env() -> dict[str, str]:
    return dict(os.environ, SOURCE_DATE_EPOCH="1700000000")


def solo(*args: str, cwd: Path, stdin: str = "", timeout: float = 60
         ) -> subprocess.CompletedProcess:
    """``solo ARGS`` in this process (tests/fake_env.py), answering as a process would."""
    return run_here(*args, cwd=cwd, stdin=stdin, timeout=timeout)


def one_error_line(done: subprocess.CompletedProcess) -> str:
    """The single ``solo: error: ...`` line a refusal must print on stderr."""
    lines = done.stderr.splitlines()
    assert len(lines) == 1, done.stderr
    assert lines[0].startswith("solo: error: "), lines
    assert "internal error" not in lines[0] and "Traceback" not in done.stderr
    return lines[0]


def new_journal(folder: Path, name: str = "j.md", seed: int = 3) -> Path:
    done = solo("new", name, "--system", "d12-tension", "--title", "Faults", "--seed",
                str(seed), cwd=folder)
    assert done.returncode == 0, done.stderr
    return folder / name


def snapshot_steps(path: Path) -> list[int]:
    """Steps of the complete snapshots, first to last."""
    return [state.step for state, _, _ in iter_snapshots(path)][::-1]


def unparsed_snapshot_lines(path: Path) -> list[int]:
    """Indices (0-based) of lines that start like a record but are not complete ones."""
    lines = path.read_bytes().decode("utf-8", errors="replace").split("\n")
    return [index for index, line in enumerate(lines)
            if line.startswith(SNAPSHOT_PREFIX) and not _one_record(line)]


def _one_record(line: str) -> bool:
    """Whether ``line`` is one whole record comment that reads."""
    spans, _ = split_records(line.strip().encode("utf-8", "surrogatepass"))
    return len(spans) == 1 and spans[0].record is not None


# ---------------------------------------------------------------- kill -9

KILLS = sized(6, 20)  # the full profile kills 20 times
ACKNOWLEDGED = re.compile(rb"^(@ |\(note: undo: took)", re.MULTILINE)


def _script(count: int, rng: random.Random) -> list[str]:
    moves = [("enter 2", 30), ("enter 3", 8), ("linger", 4), ("light torch", 4),
             ("douse torch", 2), ("We press on, listening.", 8), ("combat-normal", 4),
             ("noise", 4), ("roll 2d6 damage", 6), ("ask Is the door locked? likely", 5),
             ("table dungeon-events", 4), ("undo", 8), ("status", 3), ("strike", 2)]
    lines, weights = zip(*moves, strict=True)
    return rng.choices(lines, weights, k=count)


class _Drain(threading.Thread):
    """Reads a pipe to the end so the child never blocks on a full pipe; ``enough`` is set
    once ``wanted`` acknowledged replies (an action's "@" line, an undo's note: printed only
    after the entry is saved) have come, or the pipe closed."""

    def __init__(self, pipe, wanted: int = 0) -> None:
        super().__init__(daemon=True)
        self.pipe, self.data, self.wanted = pipe, b"", wanted
        self.enough = threading.Event()

    def acknowledged(self) -> int:
        whole = self.data[:self.data.rfind(b"\n") + 1]
        return len(ACKNOWLEDGED.findall(whole))

    def run(self) -> None:
        for chunk in iter(lambda: self.pipe.read1(65536), b""):
            self.data += chunk
            if self.acknowledged() >= self.wanted:
                self.enough.set()
        self.enough.set()


@pytest.mark.e2e
def test_kill_9_at_random_points_loses_at_most_the_entry_in_flight(tmp_path):
    """kill -9 after a random (seeded) number of acknowledged replies, none for some rounds
    (the kill lands in start-up): what was acknowledged is in the journal, and it resumes."""
    rng = random.Random(90210)
    script = _script(1000, rng)
    journal = new_journal(tmp_path)
    position = 0
    torn: list[int] = []
    for round_ in range(KILLS):
        before = snapshot_steps(journal)
        process = subprocess.Popen([*SOLO, "play", str(journal)], stdin=subprocess.PIPE,
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                   cwd=tmp_path, env=_env())
        wanted = 0 if rng.random() < 0.2 else rng.randint(1, 40)
        out, err = _Drain(process.stdout, wanted), _Drain(process.stderr)
        out.start()
        err.start()
        stop = threading.Event()
        pace = random.Random(round_)
        fed = [0]

        def feed(process=process, stop=stop, pace=pace, fed=fed, start=position):
            try:
                while not stop.is_set():
                    line = script[(start + fed[0]) % len(script)]
                    process.stdin.write(line.encode() + b"\n")
                    process.stdin.flush()
                    fed[0] += 1
                    time.sleep(pace.uniform(0, 0.002))
            except (BrokenPipeError, ValueError, OSError):
                pass

        writer = threading.Thread(target=feed, daemon=True)
        writer.start()
        if wanted:
            assert out.enough.wait(timeout=60), f"round {round_}: no {wanted} replies"
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
        stop.set()
        writer.join(timeout=30)
        out.join(timeout=30)
        err.join(timeout=30)
        position += fed[0]
        assert process.returncode == -signal.SIGKILL

        after = snapshot_steps(journal)
        assert after == list(range(len(after))), f"round {round_}: steps not consecutive"
        assert after[:len(before)] == before, f"round {round_}: an entry went missing"
        # a kill can cut the entry being written (Linux stops a write at a page boundary
        # for a fatal signal): that torn record is the file's last line; the next session
        # closes it and writes after it, and it stays, as text, where it was
        bad = unparsed_snapshot_lines(journal)
        last_line = len(journal.read_bytes().split(b"\n")) - 1
        assert set(bad) <= set(torn) | {last_line}, (bad, torn)
        torn = bad
        # an action's "@" line and an undo's note are printed once each, after the entry is
        # saved: whatever was acknowledged is in the journal (narration is not echoed)
        acknowledged = out.acknowledged()
        assert acknowledged >= wanted, (round_, acknowledged, wanted)
        written = len(after) - len(before)
        assert acknowledged <= written, (round_, acknowledged, written)

        done = solo("play", str(journal), cwd=tmp_path, stdin="status\n")
        assert done.returncode == 0, done.stderr
        assert "Turns played:" in done.stdout
        resumed = resume(journal)
        assert resumed.state.step == after[-1]
        assert resumed.state.to_json() == next(iter_snapshots(journal))[0].to_json()


# ---------------------------------------------------------------- full disk, torn writes


def test_full_disk_gives_a_one_line_error_and_changes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = create_journal_file(str(tmp_path / "full.md"), "d12-tension", "Full", 5, [])
    session = Session(path)
    try:
        session.handle("light torch")
        session.handle("enter 2")
        state, command = session.state, session.last_command
        saved = path.read_bytes()
        real = session.journal.fd
        full = os.open("/dev/full", os.O_WRONLY)
        session.journal.fd = full
        try:
            for line in ("enter 2", "We wait in the dark.", "undo", "roll 2d6",
                         "ask Is anyone there?"):
                with pytest.raises(JournalError) as caught:
                    session.handle(line)
                message = str(caught.value)
                assert "disk is full" in message and "\n" not in message, message
                assert str(path) in message
                assert session.state == state and session.last_command == command
        finally:
            session.journal.fd = real
            os.close(full)
        assert path.read_bytes() == saved
        session.handle("enter 2")  # room again: play goes on from where it was
        assert session.state.step == state.step + 1
        assert resume(path).state == session.state
    finally:
        session.close()


def test_a_short_write_then_full_disk_leaves_nothing_behind(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    path = create_journal_file(str(tmp_path / "short.md"), "d12-tension", "Short", 5, [])
    session = Session(path)
    try:
        session.handle("enter 2")
        state = session.state
        real_write, fd = os.write, session.journal.fd
        calls: list[int] = []

        def short_write(target, data):
            if target != fd:
                return real_write(target, data)
            calls.append(len(data))
            if len(calls) == 1:  # the disk fills up one byte before the end of the entry
                return real_write(target, data[:-1])
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

        with monkeypatch.context() as patch:
            patch.setattr(os, "write", short_write)
            with pytest.raises(JournalError, match="disk is full"):
                session.handle("enter 2")
        assert session.state == state
        assert resume(path).state == session.state, "the refused command was resumed"
    finally:
        session.close()


def _can_mount_privately() -> bool:
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return False
    probe = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c",
                            "mount -t tmpfs -o size=16k tmpfs /mnt"], capture_output=True,
                           timeout=30)
    return probe.returncode == 0


PRIVATE_MOUNTS = _can_mount_privately()


@pytest.mark.skipif(not PRIVATE_MOUNTS, reason="needs unshare and mount (root in a mount "
                    "namespace) to give solo a small filesystem of its own")
@pytest.mark.e2e
def test_a_really_full_filesystem_mid_play(tmp_path):
    """solo plays on a 64 KiB tmpfs (in a private mount namespace) until it is full:
    every failed save is one clear line, and what is on disk resumes cleanly."""
    journal = new_journal(tmp_path, "small.md")
    moves = tmp_path / "moves.txt"
    moves.write_text("enter 2\nThe corridor bends.\n" * 400, encoding="utf-8")
    disk = tmp_path / "disk"
    disk.mkdir()
    command = (f'mount -t tmpfs -o size=64k tmpfs "{disk}" && cp "{journal}" "{disk}/j.md" && '
               f'"{sys.executable}" -m solo play "{disk}/j.md" < "{moves}"; rc=$?; '
               f'cp "{disk}/j.md" "{tmp_path}/after.md"; exit $rc')
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c",
                           command], capture_output=True, text=True, cwd=tmp_path,
                          env=_env(), timeout=120)
    assert done.returncode == 1, done.stderr  # each failure reported, play goes on, exit 1
    errors = done.stderr.splitlines()
    assert errors, "the filesystem never filled up"
    assert all(re.match(r"solo: error: line \d+: could not save to", line)
               and "disk is full" in line for line in errors), errors[:3]
    after = tmp_path / "after.md"
    assert unparsed_snapshot_lines(after) in ([], [len(after.read_bytes().split(b"\n")) - 1])
    steps = snapshot_steps(after)
    assert steps == list(range(len(steps))), "snapshot steps not consecutive"
    replay = solo("play", str(after), cwd=tmp_path, stdin="enter 2\n")
    assert replay.returncode == 0, replay.stderr
    assert resume(after).state.step == steps[-1] + 1


def _cuts(size: int, snapshot_starts: int) -> list[int]:
    """Where to cut an entry of ``size`` bytes: after every byte in the full profile; by
    default every byte near its start, its record line's start and its end, and a seeded
    quarter of the others."""
    every = range(size + 1)
    if FULL:
        return list(every)
    near = {cut for edge in (0, snapshot_starts, size) for cut in range(edge - 16, edge + 17)}
    rng = random.Random(size)
    return [cut for cut in every if cut in near or rng.random() < 0.25]


def test_a_torn_last_entry_is_never_taken_for_a_snapshot(tmp_path, monkeypatch):
    """Cut the last entry after every byte (a torn write): resume always falls back to the
    previous snapshot, says the entry was cut off while its fence or record is open, and
    takes the new one only when its snapshot line is whole."""
    monkeypatch.chdir(tmp_path)
    path = create_journal_file(str(tmp_path / "torn.md"), "d12-tension", "Torn", 8, [])
    session = Session(path)
    session.handle("light torch")
    previous = session.state
    head = path.read_bytes()
    session.handle("enter 3")
    latest = session.state
    session.close()
    entry = path.read_bytes()[len(head):]
    snapshot_starts = entry.index(SNAPSHOT_PREFIX.encode())
    cut_file = tmp_path / "cut.md"
    for cut in _cuts(len(entry), snapshot_starts):
        cut_file.write_bytes(head + entry[:cut])
        resumed = resume(cut_file)
        if cut >= len(entry) - 1:  # the record line is whole (its newline may be missing)
            assert resumed.state == latest, cut
            assert not resumed.torn
            assert read_tail(cut_file).needs_newline == (cut == len(entry) - 1)
        else:
            assert resumed.state == previous, cut
            # torn: a fence or the record's comment left open (a fence closed, with
            # nothing after it, reads as a block the player wrote: prose)
            opened = entry[:cut].count(b"\n```") % 2 == 1 or cut >= snapshot_starts + 4
            assert resumed.torn == opened, cut
    cut_file.write_bytes(head + entry[:snapshot_starts + 40])
    done = solo("play", str(cut_file), cwd=tmp_path, stdin="status\nenter 2\n")
    assert done.returncode == 0, done.stderr
    assert "cut off" in done.stderr
    steps = snapshot_steps(cut_file)
    assert steps == list(range(len(steps)))
    assert steps[-1] == previous.step + 1  # the torn step is played again, not skipped
    assert len(unparsed_snapshot_lines(cut_file)) == 1  # the torn line, kept as text


# ---------------------------------------------------------------- read-only journals


def _assert_refused_before_play(journal: Path, folder: Path, *words: str) -> str:
    saved = journal.read_bytes()
    done = solo("play", str(journal), cwd=folder, stdin="enter 2\nstatus\n")
    assert done.returncode == 1, (done.stdout, done.stderr)
    line = one_error_line(done)
    assert str(journal) in line
    assert any(word in line for word in words), line
    assert done.stdout == "", "play started before the journal was found unwritable"
    assert journal.read_bytes() == saved
    return line


def test_read_only_journal_by_permissions(tmp_path):
    journal = new_journal(tmp_path)
    journal.chmod(0o444)
    try:
        if os.access(journal, os.W_OK):
            pytest.skip("running as root: chmod 444 does not stop root from writing "
                        "(the immutable-file and read-only-mount tests cover this case)")
        line = _assert_refused_before_play(journal, tmp_path, "permission denied")
        assert "chmod u+w" in line
    finally:
        journal.chmod(0o644)


def test_read_only_journal_by_immutable_flag(tmp_path):
    """What stops even root from writing: the file's immutable attribute (chattr +i)."""
    journal = new_journal(tmp_path)
    if shutil.which("chattr") is None:
        pytest.skip("no chattr")
    if subprocess.run(["chattr", "+i", str(journal)], capture_output=True).returncode != 0:
        pytest.skip("chattr +i is not allowed here (needs CAP_LINUX_IMMUTABLE)")
    try:
        _assert_refused_before_play(journal, tmp_path, "permission denied",
                                    "not permitted")
    finally:
        subprocess.run(["chattr", "-i", str(journal)], check=True)


@pytest.mark.skipif(not PRIVATE_MOUNTS, reason="needs unshare and mount for a read-only "
                    "bind mount in a private mount namespace")
@pytest.mark.e2e
def test_read_only_filesystem(tmp_path):
    """The journal's folder bind-mounted read-only, in a private mount namespace: both
    ``solo play`` and ``solo new`` there refuse with one line and write nothing."""
    folder = tmp_path / "ro"
    folder.mkdir()
    journal = new_journal(folder)
    saved = journal.read_bytes()
    inner = (f'mount --bind "{folder}" "{folder}" && mount -o remount,ro,bind "{folder}" && '
             f'exec "$@"')
    wrap = ["unshare", "--mount", "--propagation", "private", "sh", "-c", inner, "sh"]
    play = subprocess.run([*wrap, *SOLO, "play", str(journal)], input="enter 2\n",
                          capture_output=True, text=True, cwd=tmp_path, env=_env(),
                          timeout=60)
    assert play.returncode == 1, play.stderr
    line = one_error_line(play)
    assert str(journal) in line and "Read-only file system" in line, line
    assert play.stdout == ""
    assert journal.read_bytes() == saved
    new = subprocess.run([*wrap, *SOLO, "new", str(folder / "other.md"), "--system",
                              "d12-tension", "--seed", "1"],
                         input="", capture_output=True, text=True, cwd=tmp_path, env=_env(),
                         timeout=60)
    assert new.returncode == 1, new.stderr
    assert "Read-only file system" in one_error_line(new)
    assert not (folder / "other.md").exists()


def test_journal_that_is_not_a_regular_writable_file(tmp_path):
    """Paths that can be read but are no journal (a /proc file, a folder) are refused."""
    for path, words in ((Path("/proc/version"), ("not a solo journal",)),
                        (tmp_path, ("folder",))):
        done = solo("play", str(path), cwd=tmp_path, stdin="enter 2\n")
        assert done.returncode == 1
        line = one_error_line(done)
        assert any(word in line for word in words), line


# ---------------------------------------------------------------- two sessions


@pytest.mark.e2e
def test_second_session_on_the_same_journal_is_refused(tmp_path):
    journal = new_journal(tmp_path)
    first = subprocess.Popen([*SOLO, "play", str(journal)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=tmp_path,
                             env=_env(), text=True)
    try:
        first.stdin.write("status\n")
        first.stdin.flush()
        assert "Turns played:" in first.stdout.readline() + first.stdout.readline()
        saved = journal.read_bytes()
        second = solo("play", str(journal), cwd=tmp_path, stdin="enter 2\nenter 2\n")
        assert second.returncode == 1, second.stderr
        line = one_error_line(second)
        assert "already open" in line and str(journal) in line
        assert second.stdout == ""
        assert journal.read_bytes() == saved
        first.stdin.write("enter 2\n")  # the first session still plays
        first.stdin.close()
        assert first.wait(timeout=30) == 0
    finally:
        if first.poll() is None:
            first.kill()
            first.wait()
    assert resume(journal).state.turn == 1
    third = solo("play", str(journal), cwd=tmp_path, stdin="status\n")  # lock released
    assert third.returncode == 0, third.stderr


# ---------------------------------------------------------------- hostile YAML

HOSTILE_TAGS = [
    '!!python/object/apply:os.system ["touch {marker}"]',
    '!!python/object/apply:subprocess.check_call [["touch", "{marker}"]]',
    '!!python/object/new:os.system ["touch {marker}"]',
    "!!python/name:os.system",
    '!!python/object:__main__.X {{a: 1}}',
]


@pytest.mark.parametrize("tag", HOSTILE_TAGS)
def test_hostile_yaml_is_refused_and_runs_nothing(tmp_path, tag):
    marker = tmp_path / "MARKER"
    hostile = tag.format(marker=marker)
    shipped = Path(__file__).resolve().parents[2] / "solo" / "systems" / "d12-tension.yaml"

    procedure = tmp_path / "evil-procedure.yaml"
    procedure.write_text(shipped.read_text(encoding="utf-8").replace(
        "kind: procedure", f"kind: procedure\nnote: {hostile}", 1), encoding="utf-8")
    tables = tmp_path / "evil-tables.yaml"
    tables.write_text(f"kind: tables\ntables:\n  evil:\n    title: {hostile}\n    dice: d6\n"
                      "    entries:\n      1-6: nothing\n", encoding="utf-8")

    cases = [("new", "a.md", "--system", str(procedure), "--seed", "1"),
             ("simulate", "--system", str(procedure), "--turns", "10"),
             ("check", str(procedure)),
             ("new", "b.md", "--system", "d12-tension", "--tables", str(tables), "--seed", "1"),
             ("check", str(tables))]
    for args in cases:
        done = solo(*args, cwd=tmp_path)
        assert done.returncode == 1, (args, done.stdout, done.stderr)
        assert "not allowed" in done.stderr, (args, done.stderr)
        assert "Traceback" not in done.stderr
        assert not marker.exists(), args
    assert not (tmp_path / "a.md").exists() and not (tmp_path / "b.md").exists()

    journal = new_journal(tmp_path, "front.md")
    text = journal.read_text(encoding="utf-8")
    front = tmp_path / "front-matter.md"
    front.write_text(text.replace("title: Faults", f"title: {hostile}", 1), encoding="utf-8")
    saved = front.read_bytes()
    done = solo("play", str(front), cwd=tmp_path, stdin="enter 2\n")
    assert done.returncode == 1
    one_error_line(done)
    assert front.read_bytes() == saved and not marker.exists()

    pointing = tmp_path / "pointing.md"  # a good journal whose front matter names evil tables
    pointing.write_text(text.replace("tables: []", f"tables:\n- {tables}", 1), encoding="utf-8")
    saved = pointing.read_bytes()
    done = solo("play", str(pointing), cwd=tmp_path, stdin="enter 2\n")
    assert done.returncode == 1
    assert "not allowed" in one_error_line(done)
    assert pointing.read_bytes() == saved and not marker.exists()


def test_hostile_yaml_in_the_players_config_folder(tmp_path):
    """Tables and procedures in the player's config folder are read by every command that
    loads tables: a hostile one is an error, never run."""
    marker = tmp_path / "MARKER"
    config = Path(os.environ["XDG_CONFIG_HOME"]) / "solo"
    (config / "oracles").mkdir(parents=True)
    (config / "systems").mkdir(parents=True)
    (config / "oracles" / "evil.yaml").write_text(
        f'kind: tables\ntables: !!python/object/apply:os.system ["touch {marker}"]\n',
        encoding="utf-8")
    done = solo("ask", "Is it safe?", "--seed", "1", cwd=tmp_path)
    assert done.returncode == 1 and not marker.exists()
    assert "not allowed" in one_error_line(done)
    (config / "oracles" / "evil.yaml").unlink()
    (config / "systems" / "evil.yaml").write_text(
        f'kind: procedure\nid: !!python/object/apply:os.system ["touch {marker}"]\n',
        encoding="utf-8")
    done = solo("new", "x.md", "--system", "evil", "--seed", "1", cwd=tmp_path)
    assert done.returncode == 1 and not marker.exists()
    assert "not allowed" in one_error_line(done)


# ---------------------------------------------------------------- creating a journal


@pytest.mark.e2e
def test_new_on_a_full_disk_leaves_nothing_behind(tmp_path):
    disk = tmp_path / "disk"
    disk.mkdir()
    command = (f'mount -t tmpfs -o size=16k tmpfs "{disk}" && '
               f'head -c 20000 /dev/zero > "{disk}/filler" 2>/dev/null; '
               f'"{sys.executable}" -m solo new "{disk}/j.md" --system d12-tension --seed 1 '
               f'< /dev/null; rc=$?; ls -A "{disk}"; exit $rc')
    done = subprocess.run(["unshare", "--mount", "--propagation", "private", "sh", "-c",
                           command], capture_output=True, text=True, cwd=tmp_path,
                          env=_env(), timeout=120)
    if "unshare" in done.stderr and "Operation not permitted" in done.stderr:
        pytest.skip("no mount namespaces here")
    assert done.returncode == 1, (done.stdout, done.stderr)
    error = done.stderr.strip().splitlines()
    assert len(error) == 1 and error[0].startswith("solo: error: cannot write"), error
    assert "disk is full" in error[0] and "no journal was created" in error[0]
    assert done.stdout.split() == ["filler"]  # no empty or partial j.md left behind


def test_a_long_title_is_refused_clearly_and_a_fair_one_reads_back(tmp_path):
    done = solo("new", "j.md", "--system", "d12-tension", "--title", "T" * 65537,
                cwd=tmp_path)
    assert done.returncode == 2 and "title is too long" in one_error_line(done)
    assert not (tmp_path / "j.md").exists()
    title = "A " + "very " * 700 + "long crawl"
    done = solo("new", "k.md", "--system", "d12-tension", "--title", title, cwd=tmp_path,
                stdin="enter 2\n")
    assert done.returncode == 0, done.stderr
    stats = solo("stats", "k.md", "--json", cwd=tmp_path)
    assert stats.returncode == 0 and json.loads(stats.stdout)["title"] == title


def test_an_export_never_shows_where_a_custom_procedure_lives(tmp_path):
    procedure = tmp_path / "secret-folder" / "mine.yaml"
    procedure.parent.mkdir()
    procedure.write_text((Path(__file__).resolve().parents[2] / "solo" / "systems"
                          / "classic.yaml").read_text().replace("id: classic", "id: mine"))
    done = solo("new", "j.md", "--system", str(procedure), "--seed", "2", cwd=tmp_path,
                stdin="explore\n")
    assert done.returncode == 0, done.stderr
    for fmt in ("md", "html"):
        out = solo("export", "j.md", "--format", fmt, cwd=tmp_path).stdout
        assert "secret-folder" not in out and str(tmp_path) not in out
        assert "mine" in out  # the procedure is still named
    assert str(tmp_path) not in solo("stats", "j.md", cwd=tmp_path).stdout
