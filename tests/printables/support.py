"""Helpers for the PDF tests: reading PDFs back with pypdf, the seeds, the games and papers."""

from __future__ import annotations

import io
import subprocess
import tempfile
from pathlib import Path

from pypdf import PdfReader

from printables import styles
from printables.layout import FRAME_PADDING
from printables.qr import QUIET_ZONE, qr_matrix
from printables.sheets import QR_SIZE
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


QR_DPI = 200


def printed_qr(data: bytes, text: str) -> list[list[int]]:
    """The modules page 1 of a filled sheet prints where the QR code of ``text`` belongs
    (its top right at the frame's), read back from poppler's rendering at each module's
    centre (1 is dark); its quiet zone must be blank, so nothing overlaps the code."""
    width_pt = float(reader(data).pages[0].mediabox.width)
    code = len(qr_matrix(text))
    size = code + 2 * QUIET_ZONE  # modules a side, the quiet zone included
    module = QR_SIZE / (code + QUIET_ZONE)
    left = width_pt - styles.SIDE_MARGIN - FRAME_PADDING - (code + QUIET_ZONE) * module
    top = styles.TOP_MARGIN + FRAME_PADDING - QUIET_ZONE * module
    with tempfile.TemporaryDirectory() as folder:
        source = Path(folder) / "sheet.pdf"
        source.write_bytes(data)
        command = ["pdftoppm", "-gray", "-r", str(QR_DPI), "-f", "1", "-l", "1"]
        subprocess.run([*command, source, Path(folder) / "page"], check=True)
        (image,) = Path(folder).glob("page*.pgm")
        magic, width, _, _, pixels = image.read_bytes().split(maxsplit=4)
    assert magic == b"P5"

    def dark(row: int, column: int) -> int:
        x, y = left + (column + 0.5) * module, top + (row + 0.5) * module
        return int(pixels[round(y * QR_DPI / 72) * int(width) + round(x * QR_DPI / 72)] < 128)

    grid = [[dark(row, column) for column in range(size)] for row in range(size)]
    inside = range(QUIET_ZONE, size - QUIET_ZONE)
    quiet = [(r, c) for r in range(size) for c in range(size) if r not in inside or c not in inside]
    inked = [(r, c) for r, c in quiet if grid[r][c]]
    assert not inked, f"ink in the QR code's quiet zone at modules {inked}"
    return [grid[r][QUIET_ZONE : size - QUIET_ZONE] for r in inside]
