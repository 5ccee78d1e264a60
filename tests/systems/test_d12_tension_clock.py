"""D12's Tension is a danger that fills up (seed 000: noise raises it, accomplishments
lower it, the higher the worse), which Lonelog writes as a Clock (``[Clock:Suspicion 3/6]``:
"clocks are threats, bad when full"), not as a Track (progress, good when full). Journals
written before say ``[Track:Tension n/10]``: they resume and report as they did, because
the reports read the records, not the notation."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.fake_env import solo

DATA = Path(__file__).resolve().parents[1] / "data"


def test_tension_is_written_as_a_clock(here):
    run = solo("new", str(here / "j.md"), "--system", "d12-tension", "--seed", "3",
               stdin="enter 2\nnoise\ncombat-normal\n")
    assert run.code == 0, run.err
    text = (here / "j.md").read_text()
    assert "=> [Clock:Tension 1/10] +1: noise" in text
    assert "=> [Clock:Tension 3/10] +2: normal combat" in text
    assert "[Track:Tension" not in text


def test_a_journal_written_with_the_old_track_resumes_and_reports_across_both(here):
    old = here / "old.md"
    shutil.copy(DATA / "pre-rooms-d12.md", old)
    assert "[Track:Tension" in old.read_text()
    before = json.loads(solo("stats", str(old), "--json").out)["danger"]
    assert before == {"label": "Tension", "start": 0, "peak": 3, "end": 0, "max": 10}
    assert solo("play", str(old), stdin="noise\nnoise\nnoise\nnoise\n").code == 0
    text = old.read_text()
    assert "[Track:Tension" in text and "=> [Clock:Tension 4/10] +1: noise" in text
    after = json.loads(solo("stats", str(old), "--json").out)["danger"]
    assert after == {**before, "peak": 4, "end": 4}
    report = solo("export", str(old)).out
    assert "Tension" in report and "4/10" in report
