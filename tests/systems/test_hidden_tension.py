"""D12 with Tension kept behind the screen (``set show_tension false``): its value is shown
nowhere on screen or in the journal's visible text, while the hidden records keep it."""

from __future__ import annotations

import json
import re

from tests.fake_env import solo

RECORD = re.compile(r"<!-- solo.*?-->", re.S)
MOVES = ["set show_tension false"] + [
    move for turn in range(30) for move in (
        f"enter {1 + turn % 3}" if turn % 2 == 0 else "linger 2",
        ("combat-escaped", "combat-normal", "noise", "break-door", "find-secret")[turn % 5])]


def _visible(text: str) -> str:
    return RECORD.sub("", text)


def _leaks(text: str) -> list[str]:
    return re.findall(r"Tension \d+|\[Clock:Tension|d10\+\d+|Tension: \d+", text)


def _crawl(tmp_path, moves):
    path = tmp_path / "hidden.md"
    run = solo("new", str(path), "--system", "d12-tension", "--title", "Hidden", "--seed", "4",
               "--party", "Wren", stdin="\n".join(moves) + "\n")
    assert run.code == 0, run.err
    return path, run


def test_a_hidden_tension_crawl_shows_no_tension_value(tmp_path):
    path, run = _crawl(tmp_path, MOVES)
    text = path.read_text()
    assert "moves behind the screen" in text  # the changes are still told, without a value
    assert "tbl: " in _visible(text)
    assert _leaks(run.out) == []
    assert _leaks(_visible(text)) == []
    status = solo("status", str(path))
    assert status.code == 0 and _leaks(status.out) == []


def test_the_records_stats_and_reveal_keep_the_exact_values(tmp_path):
    path, _ = _crawl(tmp_path, MOVES)
    stats = solo("stats", str(path), "--json", "--reveal")
    assert stats.code == 0
    plain = solo("export", str(path), "--format", "md")
    revealed = solo("export", str(path), "--format", "md", "--reveal")
    assert revealed.code == 0, revealed.err
    assert "Tension kept hidden from the start (export --reveal shows it)" in plain.out
    assert _leaks(plain.out) == []
    danger = json.loads(stats.out)["danger"]
    told = f"start {danger['start']}, peak {danger['peak']}, end {danger['end']} (of 10)"
    assert danger["label"] == "Tension" and danger["peak"] > 0
    assert told in revealed.out and "### Tension per turn" in revealed.out
    assert told not in plain.out and "Tension per turn" not in plain.out
    html = solo("export", str(path), "--format", "html")
    assert "Tension kept hidden from the start (export --reveal shows it)" in html.out


def test_showing_tension_again_shows_its_value(tmp_path):
    path, run = _crawl(tmp_path, MOVES + ["set show_tension true", "noise"])
    text = _visible(path.read_text())
    tail = text[text.rindex("set show_tension true"):]
    assert "[Clock:Tension " in tail
