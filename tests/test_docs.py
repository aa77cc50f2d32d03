"""The README fits on a screen or two, and every link in it and in docs/ leads somewhere.

Issue 26: the README keeps what Referee is, the games, the commands, the settings and a
sketch of the layout (at most 8 KiB); the rest lives in ``docs/``.  A relative link must name
a file that exists and, with a ``#fragment``, a heading of that file (as GitHub makes a
heading's anchor).  Links inside code (fenced or inline) are text, not links.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from referee.games import all_games

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = sorted((ROOT / "docs").glob("*.md"))
PAGES = [README, *DOCS]

FENCE = re.compile(r"^```.*?^```", re.M | re.S)
CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")
HEADING = re.compile(r"^#{1,6} +(.+?) *$", re.M)


def prose(path: Path) -> str:
    """The page's text with its code blocks and inline code taken out."""
    return CODE.sub("", FENCE.sub("", path.read_text("utf-8")))


def anchor(heading: str) -> str:
    """The anchor GitHub gives a heading: lower case, punctuation dropped, spaces as dashes."""
    text = CODE.sub(lambda m: m.group(0).strip("`"), heading).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(path: Path) -> set[str]:
    """Every heading's anchor in a Markdown file."""
    return {anchor(h) for h in HEADING.findall(FENCE.sub("", path.read_text("utf-8")))}


def relative_links(path: Path) -> list[str]:
    """The page's links that are neither web addresses nor mail addresses."""
    return [t for t in LINK.findall(prose(path)) if not re.match(r"[a-z]+:", t)]


def test_the_readme_fits_in_8_kib() -> None:
    assert len(README.read_bytes()) <= 8192


def test_the_docs_folder_holds_the_pages_the_readme_promises() -> None:
    names = {p.name for p in DOCS}
    for name in ("playing", "operating", "architecture", "adding-a-game", "odds", "performance"):
        assert f"{name}.md" in names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file_and_heading(page: Path) -> None:
    for target in relative_links(page):
        name, _, fragment = target.partition("#")
        linked = (page.parent / name).resolve() if name else page
        assert linked.is_file(), f"{page.name}: {target} names no file"
        if fragment and linked.suffix == ".md":
            assert fragment in anchors(linked), f"{page.name}: {target} names no heading"


def test_the_readme_links_every_page_of_docs() -> None:
    linked = {(ROOT / t.partition("#")[0]).resolve() for t in relative_links(README)}
    assert set(DOCS) <= linked


def test_the_readme_lists_every_game_by_slug_and_title() -> None:
    text = README.read_text("utf-8")
    for game in all_games():
        assert f"| `{game.SLUG}` | {game.TITLE} |" in text
