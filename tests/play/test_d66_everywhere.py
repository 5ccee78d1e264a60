"""``d66`` is one thing everywhere, the tabletop's: a d6 for tens and a d6 for units, as the
meaning oracle and the tables read it, in ``solo roll``, ``roll`` at the prompt and with
your own dice."""

from __future__ import annotations

import re

from tests.fake_env import solo


def _reading(tens: str, units: str, total: str) -> None:
    assert 1 <= int(tens) <= 6 and 1 <= int(units) <= 6
    assert total == tens + units


def test_solo_roll_reads_d66_as_tens_and_units():
    for seed in range(1, 6):
        done = solo("roll", "--seed", str(seed), "d66")
        assert done.code == 0
        _reading(*re.fullmatch(r"d66 = \[(\d), (\d)\] → (\d\d)\n", done.out).groups())


def test_roll_d66_at_the_prompt_journals_it_as_the_meaning_oracle_does(tmp_path):
    path = tmp_path / "q.md"
    done = solo("new", str(path), "--system", "d12-tension", "--seed", "4",
                stdin="roll d66 test\nask meaning\n")
    assert done.code == 0, done.err
    text = path.read_text()
    tens, units, total = re.search(r"d: test d66=(\d+) \[(\d), (\d)\]", text).group(2, 3, 1)
    _reading(tens, units, total)
    assert re.search(r"d: Action d66=(\d)(\d) \[\1, \2\]", text)


def test_your_own_d66_is_two_d6(tmp_path):
    path = tmp_path / "q.md"
    done = solo("new", str(path), "--system", "d12-tension", "--seed", "4", "--dice",
                "physical", stdin="roll d66 test\n3\n5\n")
    assert done.code == 0, done.err
    text = path.read_text()
    assert "d: test d66=35 [3, 5]" in text
    assert "(note: rolled at the table: d6=3, d6=5)" in text
