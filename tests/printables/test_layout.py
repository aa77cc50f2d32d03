"""What every document shares: 15 mm clear at the edges, standard fonts, purity."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import printables
from referee.games import all_games
from tests.printables.support import GAMES, PAPERS, reader, seed_replay

EDGE_MM = 15
DPI = 36


def documents():
    for slug in GAMES:
        yield f"{slug}-rules", lambda slug=slug, paper="a4": printables.rule_sheet(slug, paper)
        yield f"{slug}-pad", lambda slug=slug, paper="a4": printables.scorepad(slug, 8, paper)
    for name in ("tenk-finished", "lucky7-finished", "sb-anna-and-barry", "solitaire-shared"):
        yield (
            name,
            lambda name=name, paper="a4": printables.filled_sheet(
                seed_replay(name), title_date="2025-01-01", address="http://x/tables/1", paper=paper
            ),
        )


DOCUMENTS = dict(documents())


def grey_pages(data: bytes, folder: Path) -> list[tuple[int, int, bytes]]:
    """Each page rendered by poppler to 8-bit grey at DPI, as (width, height, pixels)."""
    source = folder / "doc.pdf"
    source.write_bytes(data)
    subprocess.run(["pdftoppm", "-gray", "-r", str(DPI), source, folder / "page"], check=True)
    pages = []
    for image in sorted(folder.glob("page-*.pgm")):
        magic, width, height, _, pixels = image.read_bytes().split(maxsplit=4)
        assert magic == b"P5"
        pages.append((int(width), int(height), pixels))
    return pages


@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", DOCUMENTS)
def test_nothing_is_printed_within_15_mm_of_the_edge(name, paper, tmp_path):
    edge = int(EDGE_MM / 25.4 * DPI)  # whole pixels inside the 15 mm
    pages = grey_pages(DOCUMENTS[name](paper=paper), tmp_path)
    assert pages
    for width, height, pixels in pages:
        rows = [pixels[y * width : (y + 1) * width] for y in range(height)]
        strips = rows[:edge] + rows[-edge:] + [r[:edge] + r[-edge:] for r in rows]
        assert all(min(strip) == 255 for strip in strips), f"ink near the edge of {name}"


@pytest.mark.parametrize("name", DOCUMENTS)
def test_only_the_embedded_sans_is_used(name):
    fonts = set()
    for page in reader(DOCUMENTS[name]()).pages:
        for font in page["/Resources"]["/Font"].values():
            # Embedded subsets are named like /AAAAAA+DejaVuSans.
            fonts.add(str(font.get_object()["/BaseFont"]).split("+")[-1])
    assert fonts <= {"DejaVuSans", "DejaVuSans-Bold", "DejaVuSans-Oblique"}


def test_names_beyond_western_europe_print(tmp_path):
    from referee.log import GameLog, replay

    log = GameLog("tenk", ("Łukasz", "Ødegaard", "Νίκη", "Юля"), {}, ())
    data = printables.filled_sheet(replay(log), title_date="2026-11-21", address="/tables/1")
    text = reader(data).pages[0].extract_text()
    for name in ("Łukasz", "Ødegaard", "Νίκη", "Юля"):
        assert name in text


def test_every_registered_game_has_its_documents():
    assert sorted(g.SLUG for g in all_games()) == sorted(GAMES)
    for game in all_games():
        assert printables.rule_sheet(game) and printables.scorepad(game, players=2)
    with pytest.raises(printables.PrintError, match="Unknown game"):
        printables.rule_sheet("sixd-none")


def test_printables_needs_neither_flask_nor_a_database():
    code = "import json, sys, printables; print(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout  # fmt: skip
    loaded = {name.split(".")[0] for name in json.loads(out)}
    assert "reportlab" in loaded
    assert not loaded & {"flask", "sqlalchemy", "flask_sqlalchemy"}
