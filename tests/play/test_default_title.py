"""A crawl started without a title gets one that reads right: 'An' before a vowel."""

from __future__ import annotations

from pathlib import Path

from solo.journal.store import read_meta
from tests.fake_env import solo

TITLES = {
    "classic": "A Classic wandering-monster check crawl",
    "d12-tension": "A D12 Dungeon Crawl System crawl",
    "delving": "A Delving crawl",
    "dungeon-turn": "A Dungeon Turn crawl",
    "exploration": "A Dungeon Exploration crawl",
    "overloaded": "An Overloaded encounter die crawl",
    "trespasser": "A Trespasser Dungeon Procedure crawl",
}


def test_each_procedure_s_default_title_reads_right(tmp_path: Path):
    for system, title in TITLES.items():
        path = tmp_path / f"{system}.md"
        assert solo("new", str(path), "--system", system, "--seed", "1").code == 0
        assert read_meta(path)["title"] == title
