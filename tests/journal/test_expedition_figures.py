"""Each expedition's figures, read from a journal's records (issue 38): a pure function the
stats and the reports can call."""

from __future__ import annotations

from pathlib import Path

from solo.journal.expedition_figures import expedition_figures
from solo.journal.store import read_records
from tests.fake_env import solo

EXAMPLE = Path(__file__).resolve().parents[2] / "journals" / "examples" / "d12-expeditions.md"


def test_the_three_expeditions_of_the_example():
    figures = expedition_figures(read_records(EXAMPLE))
    assert [f["expedition"] for f in figures] == [1, 2, 3]
    assert [f["days_before"] for f in figures] == [0, 7, 2]
    assert [f["rooms_new"] for f in figures] == [3, 1, 1]
    assert all(f["ended"] for f in figures) and figures[0]["days_after"] == 7
    assert figures[0]["encounters"] == 2 and figures[0]["struck"] == ["2d4 goblins",
                                                                      "1d4 goblins"]
    assert sum(f["turns"] for f in figures) == read_records(EXAMPLE)[-1]["state"]["turn"]


def test_a_leave_taken_back_leaves_the_expedition_under_way(tmp_path):
    journal = tmp_path / "j.md"
    script = "party add Wren hp 4\nenter 2\nWren: hurt 4\nleave\nundo\n"
    assert solo("new", str(journal), "--system", "d12-tension", "--seed", "2",
                stdin=script).code == 0
    [only] = expedition_figures(read_records(journal))
    assert only["ended"] is False and only["fallen"] == ["Wren"]


def test_a_journal_from_before_expeditions_is_one_expedition_under_way():
    records = [{"state": {"turn": 4, "encounters": 1, "party": []},
                "ev": [{"t": "RoomChanged", "how": "new"}]}]
    assert expedition_figures(records) == [{
        "expedition": 1, "days_before": 0, "turns": 4, "rooms_new": 1, "encounters": 1,
        "struck": [], "looted": [], "fallen": [], "ended": False, "days_after": None}]
