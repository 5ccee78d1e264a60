"""The README and docs/ say what solo has: docs/commands.md is made from solo's own tables,
every command the README names exists, every file docs/architecture.md names exists, and
every link between the pages leads somewhere."""

from __future__ import annotations

import argparse
import re
import runpy
from pathlib import Path

import pytest

from solo.cli.parser import build_parser
from solo.play.commands_table import SESSION, TOOLS, command_table
from solo.rules.catalog import load_system, system_ids

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
ARCHITECTURE = DOCS / "architecture.md"
PAGES = [README, DOCS / "commands.md", ARCHITECTURE, DOCS / "procedures.md", DOCS / "playing.md",
         DOCS / "odds.md", DOCS / "journal.md", DOCS / "keys.md", DOCS / "generators.md",
         DOCS / "testing.md", ROOT / "bench" / "README.md"]
AWAITED: dict[str, str] = {}
"""Pages the README links to that another branch writes: until it is merged, a link to one
is skipped, not failed."""

_SPAN = re.compile(r"`([^`\n]+)`")


def _make_commands() -> dict:
    return runpy.run_path(str(DOCS / "make-commands"), run_name="make_commands")


def _subcommands() -> dict[str, argparse.ArgumentParser]:
    parser = build_parser()
    sub = next(action for action in parser._actions
               if isinstance(action, argparse._SubParsersAction))
    return dict(sub.choices)


def _prompt_words() -> set[str]:
    """Every word any shipped procedure takes at its prompt: actions, tools, session."""
    return {word for ident in system_ids() for word in command_table(load_system(ident))}


def _section(text: str, heading: str) -> str:
    return text.split(f"\n{heading}\n", 1)[1].split("\n## ", 1)[0]


# -- docs/commands.md ------------------------------------------------------------------------
def test_the_journal_page_s_events_are_made_from_their_one_declaration():
    page = (DOCS / "journal.md").read_text(encoding="utf-8")
    assert page == _make_commands()["journal_markdown"](), (
        "docs/journal.md's events are out of date: run docs/make-commands")
    assert "| `LightChanged` |" in page and "`how` (str)" in page


def test_the_commands_page_is_made_from_solos_own_tables():
    made = _make_commands()["commands_markdown"]()
    assert (DOCS / "commands.md").read_text(encoding="utf-8") == made, (
        "docs/commands.md is out of date: run docs/make-commands")


def test_the_commands_page_names_every_command_option_and_prompt_word():
    page = _make_commands()["commands_markdown"]()
    for name, parser in _subcommands().items():
        assert f"### solo {name}\n" in page
        for action in parser._actions:
            for flag in action.option_strings:
                assert flag == "-h" or flag == "--help" or f"`{flag}" in page or (
                    f", {flag}`" in page), f"solo {name} {flag}"
    spans = {span.split()[0] for span in _SPAN.findall(page)}
    also = {word for words in re.findall(r"\(also: ([^)]*)\)", page)
            for word in words.split(", ")}
    missing = sorted(word for word in _prompt_words() if word not in spans | also)
    assert not missing, f"prompt words docs/commands.md does not name: {missing}"


# -- README ----------------------------------------------------------------------------------
def test_the_test_command_comes_first_after_the_install_command():
    blocks = re.findall(r"```sh\n(.*?)\n```", README.read_text(encoding="utf-8"), re.S)
    assert blocks[:2] == [
        "python3 -m venv .venv && . .venv/bin/activate && pip install . && solo",
        "pip install '.[test]' && python -m pytest -n auto"]


def test_the_readme_is_read_in_ten_minutes():
    assert len(README.read_bytes()) <= 12 * 1024


def test_every_solo_command_and_option_the_readme_names_exists():
    subcommands = _subcommands()
    text = README.read_text(encoding="utf-8")
    named = [span for span in _SPAN.findall(text) if re.match(r"solo [a-z]", span)]
    assert len(named) >= 10
    for span in named:
        words = span.split()
        assert words[1] in subcommands, f"README names `{span}`: no such command"
        flags = {flag for action in subcommands[words[1]]._actions
                 for flag in action.option_strings}
        for word in words[2:]:
            flag = word.strip("[]…").split("=")[0]
            if flag.startswith("-") and flag != "-":
                assert flag in flags, f"README names `{span}`: solo {words[1]} has no {flag}"


def test_every_word_the_readme_gives_for_the_prompt_is_a_command():
    table = _section(README.read_text(encoding="utf-8"), "## Commands")
    rows = table.split("| at the prompt |", 1)[1].split("\n\n", 1)[0].splitlines()[2:]
    words = [span.split()[0] for row in rows for span in _SPAN.findall(row)]  # `go R5`: go
    assert len(words) >= 25
    known = _prompt_words()
    unknown = [word for word in words if word not in known]
    assert not unknown, f"README names prompt words solo does not take: {unknown}"


def test_the_readme_names_every_tool_and_session_command():
    """A new tool or session command is listed in the README's one-screen summary too."""
    table = _section(README.read_text(encoding="utf-8"), "## Commands")
    spans = set(_SPAN.findall(table))
    missing = sorted(name for name in (*TOOLS, *SESSION) if name not in spans)
    assert not missing, f"tools and session commands the README does not name: {missing}"


# -- docs/architecture.md --------------------------------------------------------------------
def test_every_file_the_architecture_page_names_exists():
    text = ARCHITECTURE.read_text(encoding="utf-8")
    paths = [span for span in _SPAN.findall(text) if " " not in span and (
        "/" in span or re.search(r"\.(py|md|toml|yaml)$", span))]
    assert len(paths) >= 30
    missing = [path for path in paths if not (ROOT / path).exists()]
    assert not missing, f"docs/architecture.md names files that do not exist: {missing}"


def _engine_layers_in_the_page() -> list[list[str]]:
    table = ARCHITECTURE.read_text(encoding="utf-8").split("| layer | modules |", 1)[1]
    rows = table.split("\n\n", 1)[0].splitlines()[2:]
    return [_SPAN.findall(row.rsplit("|", 2)[1]) for row in rows]


def _engine_layers_in_the_contract() -> list[list[str]]:
    try:
        import tomllib
    except ImportError:  # Python 3.10
        tomllib = pytest.importorskip("tomli")
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    contract = next(each for each in config["tool"]["importlinter"]["contracts"]
                    if each.get("containers") == ["solo.engine"])
    return [re.split(r"\s*[:|]\s*", layer) for layer in contract["layers"]]


def test_the_engine_layers_on_the_page_are_the_contracts():
    page = [name for layer in _engine_layers_in_the_page() for name in layer]
    contract = [name for layer in _engine_layers_in_the_contract() for name in layer]
    assert page == contract, "docs/architecture.md and pyproject.toml's engine layers differ"
    missing = [name for name in page if not (ROOT / "solo" / "engine" / f"{name}.py").exists()]
    assert not missing, f"engine layers name modules that do not exist: {missing}"


# -- links -----------------------------------------------------------------------------------
@pytest.mark.parametrize("page", PAGES, ids=lambda page: str(page.relative_to(ROOT)))
def test_every_link_between_the_pages_leads_to_a_file(page):
    text = page.read_text(encoding="utf-8")
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        path = (page.parent / target.split("#", 1)[0]).resolve()
        name = str(path.relative_to(ROOT)) if path.is_relative_to(ROOT) else str(path)
        if name in AWAITED and not path.exists():
            continue  # written on another branch (see AWAITED)
        assert path.exists(), f"{page.name} links to {target}, which does not exist"


def test_every_engine_module_has_its_place_in_the_engine_layers():
    """A module left out of the engine's layers is checked by no contract: each one found in
    solo/engine has a row, so a new module's imports are held to the layers at once."""
    contract = {name for layer in _engine_layers_in_the_contract() for name in layer}
    modules = {path.stem for path in (ROOT / "solo" / "engine").glob("*.py")
               if path.stem != "__init__"}
    assert modules - contract == set(), "add these engine modules to the layers in " \
        "pyproject.toml and docs/architecture.md"
