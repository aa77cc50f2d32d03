"""The README fits on a screen or two, every link in it and in docs/ leads somewhere, and
the repository stands alone.

Issue 26: the README keeps what Referee is, the games, the commands, the settings and a
sketch of the layout (at most 8 KiB); the rest lives in ``docs/``.  A relative link must name
a file that exists inside the repository and, with a ``#fragment``, a heading of that file
(as GitHub makes a heading's anchor).  Links inside code (fenced or inline) are text, not
links.

Issue 38: a clone is all a reader has, so no tracked file names a document or folder beside
the repository (the shared folder the project grew up next to, or its rule and log-format
specs): docs/gamelog.md and docs/rulings.md hold them in the project's own words.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

import pytest

from referee.cli import EXIT_OK, EXIT_REJECTED, EXIT_UNREADABLE
from referee.games import all_games

ROOT = Path(__file__).resolve().parents[1]
# Spelled in two parts so that this file does not hold what it looks for.
OUTSIDE = ("../" + "shared", "/work/" + "shared", "RULINGS" + ".md", "GAMELOG" + ".md")
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
    for name in (
        "playing",
        "operating",
        "architecture",
        "adding-a-game",
        "odds",
        "performance",
        "rulings",
        "gamelog",
    ):
        assert f"{name}.md" in names


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_relative_link_leads_to_a_file_and_heading(page: Path) -> None:
    for target in relative_links(page):
        name, _, fragment = target.partition("#")
        linked = (page.parent / name).resolve() if name else page
        assert linked.is_relative_to(ROOT), f"{page.name}: {target} leads out of the repository"
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


def tracked_files() -> list[Path]:
    """The files git tracks (every file but the usual build litter when this is no checkout),
    those still in the working tree."""
    try:
        listed = subprocess.run(
            ["git", "ls-files", "-z"], cwd=ROOT, capture_output=True, check=True, timeout=60
        ).stdout.decode("utf-8")
        paths = [ROOT / name for name in listed.split("\0") if name]
    except (OSError, subprocess.SubprocessError):
        skip = {".git", ".venv", "instance", "node_modules", "__pycache__"}
        paths = [
            p
            for p in ROOT.rglob("*")
            if not skip & set(p.relative_to(ROOT).parts) and not p.name.startswith(".")
        ]
    return [path for path in paths if path.is_file()]


def text_of(path: Path) -> str | None:
    """A file's text, or None for a binary file (a model, a photo, a data table)."""
    data = path.read_bytes()
    if b"\0" in data[:8192]:
        return None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None


def test_no_tracked_file_points_outside_the_repository() -> None:
    found = []
    for path in tracked_files():
        text = text_of(path)
        if text is None:
            continue
        for number, line in enumerate(text.splitlines(), start=1):
            found += [
                f"{path.relative_to(ROOT)}:{number}: {word}" for word in OUTSIDE if word in line
            ]
    assert not found, "\n".join(found)


def test_the_log_format_page_names_every_move_field_option_and_exit_code() -> None:
    page = (ROOT / "docs" / "gamelog.md").read_text("utf-8")
    for game in all_games():
        assert f"`{game.SLUG}` | {game.MIN_PLAYERS}-{game.MAX_PLAYERS} |" in page
        for option in game.OPTIONS:
            assert f"`{option.name}` {option.default} (" in page, (game.SLUG, option.name)
        for kind, fields in game.MOVE_FIELDS.items():
            assert re.search(rf"^\| [^|\n]*`{game.SLUG}`[^|\n]* \| `{kind}` \|", page, re.M), (
                game.SLUG,
                kind,
            )
            for name in fields:
                assert f"`{name}`" in page, (game.SLUG, kind, name)
    for code in (EXIT_OK, EXIT_REJECTED, EXIT_UNREADABLE):
        assert f"\n| {code} | " in page


def test_the_rulings_page_has_a_section_for_every_game() -> None:
    headings = HEADING.findall((ROOT / "docs" / "rulings.md").read_text("utf-8"))
    for game in all_games():
        assert any(h.startswith(f"{game.SLUG}: {game.TITLE}") for h in headings), game.SLUG
