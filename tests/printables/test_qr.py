"""The QR code of a table's address in the corner of its filled scoresheet."""

from __future__ import annotations

import shutil

import pytest

import printables
from printables.qr import dark_runs, qr_drawing, qr_matrix
from tests.printables.support import PAPERS, printed_qr, reader, seed_replay, text_of

ADDRESS = "http://192.168.1.20:5000/t/3f2a91bc0123456789abcdef01234567"
needs_poppler = pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")


def sheet(name: str, address: str = ADDRESS, paper: str = "a4") -> bytes:
    return printables.filled_sheet(
        seed_replay(name), title_date="2025-03-14", address=address, paper=paper
    )


@pytest.mark.parametrize(
    ("row", "runs"),
    [
        ([], []),
        ([0, 0, 0], []),
        ([1, 1, 1], [(0, 3)]),
        ([1, 0, 1, 1, 0, 0, 1], [(0, 1), (2, 2), (6, 1)]),
        ([0, 1, 1, 0], [(1, 2)]),
    ],
)
def test_a_row_of_modules_is_drawn_as_its_dark_runs(row, runs):
    assert list(dark_runs(row)) == runs


@pytest.mark.parametrize("address", [ADDRESS, "/t/x"])
def test_the_drawing_is_the_size_asked_whatever_the_codes_version(address):
    drawing = qr_drawing(address, 60)
    assert (drawing.width, drawing.height) == (60, 60)


def test_the_dark_modules_are_one_filled_path_a_subpath_a_run():
    (path,) = qr_drawing(ADDRESS, 60).contents
    runs = sum(len(list(dark_runs(row))) for row in qr_matrix(ADDRESS))
    assert path.operators.count(0) == runs  # one moveTo a run


@needs_poppler
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("name", ["tenk-finished", "solitaire-shared", "sixd-six-finished"])
def test_the_sheet_prints_the_qr_code_of_its_address_in_the_corner(name, paper):
    data = sheet(name, paper=paper)
    assert printed_qr(data, ADDRESS) == [list(row) for row in qr_matrix(ADDRESS)]
    assert ADDRESS in text_of(data)  # and the address itself in the foot


@needs_poppler
def test_an_address_without_a_host_still_gets_its_qr_code():
    address = "/t/3f2a91bc0123456789abcdef01234567"
    data = sheet("tenk-in-progress", address=address)
    assert printed_qr(data, address) == [list(row) for row in qr_matrix(address)]


@pytest.mark.parametrize("name", ["tenk-finished", "solitaire-shared"])
def test_the_qr_code_keeps_the_sheet_on_one_page(name):
    assert len(reader(sheet(name)).pages) == 1
