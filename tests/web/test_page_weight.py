"""A table page's first load stays light on a phone: under 50 KiB transferred, scripts under
15 KiB (issue 16), because pages, styles and scripts go out compressed."""

from __future__ import annotations

import gc
import gzip
import random
import re
import warnings

import pytest
from werkzeug.test import EnvironBuilder

from referee.autoplay import play_random_game
from referee.games import all_games
from referee.log import GameLog

GZIP = {"Accept-Encoding": "gzip, deflate"}
ASSET = re.compile(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"')
KIB = 1024


def half_played(game):
    """A game of ``game`` at its largest table, stopped halfway through a random legal game."""
    players = tuple(f"Player {i + 1}" for i in range(game.MAX_PLAYERS))
    moves = play_random_game(game, players, None, random.Random(16))
    return GameLog(game.SLUG, players, {}, tuple(moves[: len(moves) // 2]))


def sent(client, path):
    """The response to ``path`` as a phone that takes gzip gets it, and its bytes on the wire."""
    response = client.get(path, headers=GZIP)
    body = response.get_data()
    response.close()
    return response, body


def new_game(game):
    """A game of ``game`` at its largest table before its first move (a board to enter, its
    photo form's script with it)."""
    players = tuple(f"Player {i + 1}" for i in range(game.MAX_PLAYERS))
    return GameLog(game.SLUG, players, {}, ())


@pytest.mark.parametrize("at", [new_game, half_played], ids=["new", "half-played"])
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_a_table_pages_first_load_is_under_50_kib_with_scripts_under_15(client, stored, game, at):
    (token,) = stored(at(game))
    page, wire = sent(client, f"/t/{token}")
    assert page.headers["Content-Encoding"] == "gzip"
    total, scripts = len(wire), 0
    for path in set(ASSET.findall(gzip.decompress(wire).decode())):
        asset, bytes_sent = sent(client, path)
        assert asset.headers.get("Content-Encoding") == "gzip" or len(bytes_sent) < 500, path
        total += len(bytes_sent)
        scripts += len(bytes_sent) if path.endswith(".js") else 0
    assert total < 50 * KIB
    assert scripts < 15 * KIB


def test_a_phone_that_takes_no_compression_gets_the_page_as_it_is(client):
    response = client.get("/", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers
    assert "<h1" in response.text
    assert "Accept-Encoding" in response.headers["Vary"]


def test_a_compressed_page_reads_the_same(client):
    plain = client.get("/games/tenk", headers={"Accept-Encoding": "identity"}).data
    squeezed = client.get("/games/tenk", headers=GZIP)
    assert squeezed.headers["Content-Encoding"] == "gzip"
    assert gzip.decompress(squeezed.data) == plain


def test_a_phone_that_has_a_script_already_is_told_so_without_the_bytes(client):
    first, _ = sent(client, "/static/js/play.js")
    assert first.headers["Content-Encoding"] == "gzip"
    again = client.get(
        "/static/js/play.js", headers={**GZIP, "If-None-Match": first.headers["ETag"]}
    )
    again.close()
    assert again.status_code == 304
    assert again.data == b""


def test_a_static_file_is_closed_before_it_is_sent_so_a_dropped_phone_leaves_no_file_open(app):
    """The dev server skips closing a response when the phone hangs up mid-file, so the file
    must be closed already: the response is dropped here unread and unclosed."""
    environ = EnvironBuilder(path="/static/icons/icon-maskable-512.png").get_environ()
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        body = app.wsgi_app(environ, lambda status, headers, exc_info=None: None)
        del body
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


def test_a_script_goes_out_without_its_comment_lines(client):
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "static" / "js" / "live.js").read_text()
    sent_text = client.get("/static/js/live.js").get_data(as_text=True)
    assert not [line for line in sent_text.splitlines() if line.lstrip().startswith("//")]
    kept = [line for line in source.splitlines() if not line.lstrip().startswith("//")]
    assert sent_text.splitlines() == kept  # the code itself, line for line
