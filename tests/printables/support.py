"""Helpers for the PDF tests: reading PDFs back with pypdf, the seeds, the games and papers."""

from __future__ import annotations

import io
from pathlib import Path

from pypdf import PdfReader

from referee.log import Replay, loads, replay

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
GAMES = [
    "tenk", "sb", "solitaire", "lucky7", "sixd-one", "sixd-two", "sixd-three", "sixd-four",
    "sixd-five", "sixd-six",
]  # fmt: skip
PAPERS = {"a4": (595, 842), "letter": (612, 792)}


def reader(data: bytes) -> PdfReader:
    """A pypdf reader over PDF bytes (checking they start like a PDF)."""
    assert data.startswith(b"%PDF-")
    return PdfReader(io.BytesIO(data))


def text_of(data: bytes) -> str:
    """All the text of a PDF, pages joined, whitespace runs folded to one space."""
    pages = (page.extract_text() or "" for page in reader(data).pages)
    return " ".join(" ".join(pages).split())


def page_sizes(data: bytes) -> list[tuple[int, int]]:
    """Each page's (width, height) in whole points."""
    return [
        (round(float(p.mediabox.width)), round(float(p.mediabox.height)))
        for p in reader(data).pages
    ]


def seed_replay(name: str) -> Replay:
    """The replay of one of the example logs in seeds/."""
    return replay(loads((SEEDS / f"{name}.json").read_text(encoding="utf-8")))
