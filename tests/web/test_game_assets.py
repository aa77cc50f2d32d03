"""A game's own stylesheet and script reach its pages, and only its pages, by file name alone;
the scripts of one phase of its page (``static/games/<slug>/``) only where its template
links them."""

from __future__ import annotations

import re
from types import SimpleNamespace

import pytest

from referee.files import CHECKOUT as PROJECT
from referee.games import all_games
from referee.web.base.assets import GameAssets, find_assets

GAMES_FOLDER = PROJECT / "static" / "games"
SLUGS = [g.SLUG for g in all_games()]
ASSET = re.compile(r'(?:href|src)="/static/games/([^"?]+)\?v=\w+"')


def own_files(slug: str) -> set[str]:
    """The game's files in ``static/games``, as the pages should link them."""
    names = (f"{slug}.css", f"{slug}.js")
    return {name for name in names if (GAMES_FOLDER / name).is_file()}


def phase_files(slug: str) -> set[str]:
    """The scripts of one phase of the game's page, in ``static/games/<slug>/``."""
    return {f"{slug}/{path.name}" for path in (GAMES_FOLDER / slug).glob("*.js")}


def linked(page: str) -> set[str]:
    """The game assets a page links."""
    return set(ASSET.findall(page))


@pytest.mark.parametrize("slug", SLUGS)
def test_play_page_links_the_games_own_files_and_no_others(new_table, slug):
    page = new_table(slug, ("Ann", "Bo")).page()
    assert own_files(slug) <= linked(page) <= own_files(slug) | phase_files(slug)
    scripts = re.findall(r'<script src="/static/games/[^"]+"( defer)?>', page)
    assert all(scripts), "a game's script runs once the page is parsed, as play.js does"


@pytest.mark.parametrize("slug", SLUGS)
def test_help_page_links_the_games_own_files(client, slug):
    assert linked(client.get(f"/games/{slug}").text) == own_files(slug)


@pytest.mark.parametrize("path", ["/", "/tables/new", "/games/", "/history", "/players/", "/print"])
def test_pages_about_no_one_game_link_no_game_files(client, path):
    response = client.get(path)
    assert response.status_code == 200
    assert linked(response.text) == set()


def test_every_game_file_belongs_to_a_registered_game():
    stems = {path.stem for path in GAMES_FOLDER.iterdir()}
    assert stems <= set(SLUGS), f"files for no registered game: {stems - set(SLUGS)}"


@pytest.mark.parametrize(
    "name",
    sorted(p.relative_to(GAMES_FOLDER).as_posix() for p in GAMES_FOLDER.rglob("*") if p.is_file()),
)
def test_game_files_are_served_from_the_app_itself(client, name):
    response = client.get(f"/static/games/{name}")
    assert response.status_code == 200
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    assert response.mimetype == kind
    assert "default-src 'self'" in response.headers["Content-Security-Policy"]
    response.close()


def test_find_assets_names_only_the_files_that_exist(tmp_path):
    (tmp_path / "games").mkdir()
    (tmp_path / "games" / "one.css").write_text("")
    (tmp_path / "games" / "two.css").write_text("")
    (tmp_path / "games" / "two.js").write_text("")
    (tmp_path / "games" / "notes.txt").write_text("")
    assert find_assets(tmp_path) == {
        "one": GameAssets(stylesheet="games/one.css"),
        "two": GameAssets(stylesheet="games/two.css", script="games/two.js"),
    }


def test_a_game_without_files_of_its_own_gets_none(app):
    game_assets = app.jinja_env.globals["game_assets"]
    assert game_assets(SimpleNamespace(SLUG="no-such-game")) == GameAssets()
