"""The grid the board games share (templates/_grid.html, static/js/grid.js,
static/css/grid.css): linked from the pages that draw it, and naming no game.  Each game's
play page on it: tests/games/<package>/test_web.py."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.test_shared_code import either, game_modules, game_slugs

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("slug", ["sixd-one", "sixd-two"])
def test_the_grid_pages_link_the_shared_grid_files(client, new_table, slug):
    page = new_table(slug, ("Ann", "Bo")).page()
    for path in ("/static/css/grid.css", "/static/js/grid.js"):
        assert path in page
        response = client.get(path)
        assert response.status_code == 200
        response.close()


def test_the_shared_grid_files_name_no_game():
    slugs, modules = game_slugs(), game_modules()
    spelled = re.compile(
        rf"[\"'/]{either(slugs)}[\"'/.]|\b{either(modules)}\.[A-Za-z_]|import {either(modules)}\b"
    )
    for path in ("templates/_grid.html", "static/js/grid.js", "static/css/grid.css"):
        for line in (ROOT / path).read_text(encoding="utf-8").splitlines():
            assert not spelled.search(line), f"{path}: {line.strip()}"
