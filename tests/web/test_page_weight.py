"""A table page stays light on a phone: under 50 KiB transferred, scripts under 15 KiB
(issue 16), because pages, styles and scripts go out compressed.  Measured as first loaded
and as it comes back from a photo (the form filled, the photo's outlines and their script)."""

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
from tests.conftest import ONE_DATABASE, without_csrf_tokens
from tests.web.test_photos import BOUNDARY, SQUARE, multipart

GZIP = {"Accept-Encoding": "gzip, deflate"}
ASSET = re.compile(r'(?:href|src)="(/static/[^"]+\.(?:css|js))"')
KIB = 1024
SIX = ["red", "yellow", "green", "blue", "orange", "purple"]
# Each game whose entry takes a photo, and what its new table's photo shows: a loose roll's
# dice colours, or a board's rows and columns and the colours along them.
PHOTO_OF: dict[str, list[str] | tuple[int, int, list[str]]] = {
    "tenk": ["white"] * 6,
    "sb": ["white"] * 8 + ["red"] * 2,  # the keys' colour: red, the default
    "solitaire": ["white"] * 5,
    "lucky7": ["white"] * 8,
    "sixd-one": (3, 4, ["black"]),  # a table of two
    "sixd-two": [*SIX, "black", "black", "red", "green"],
    "sixd-three": (6, 6, ["black"]),
    "sixd-six": (6, 6, SIX),
}


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


def weighed(client, page, wire: bytes) -> tuple[int, int]:
    """The bytes a phone takes in for ``page`` (sent as ``wire``) and the files it names,
    and of those the scripts' bytes."""
    assert page.headers["Content-Encoding"] == "gzip"
    total, scripts = len(wire), 0
    for path in set(ASSET.findall(gzip.decompress(wire).decode())):
        asset, bytes_sent = sent(client, path)
        assert asset.headers.get("Content-Encoding") == "gzip" or len(bytes_sent) < 500, path
        total += len(bytes_sent)
        scripts += len(bytes_sent) if path.endswith(".js") else 0
    return total, scripts


@pytest.mark.parametrize("at", [new_game, half_played], ids=["new", "half-played"])
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_a_table_pages_first_load_is_under_50_kib_with_scripts_under_15(client, stored, game, at):
    (token,) = stored(at(game))
    total, scripts = weighed(client, *sent(client, f"/t/{token}"))
    assert total < 50 * KIB
    assert scripts < 15 * KIB


def seen_in_photo(monkeypatch, seen: list[str] | tuple[int, int, list[str]]) -> None:
    """Make the photo route's reader read ``seen`` (a ``PHOTO_OF`` value), its dice 60 px
    apart, the last one unsure: what the models read in a photo is ``tests/vision``'s and
    changes with them, and a page's weight does not."""
    from referee.vision import PhotoError, ReadDie, Reading
    from referee.web.play import photo_fill

    def dice(colours: list[str], count: int, cols: int) -> list[ReadDie]:
        def die(i: int) -> ReadDie:
            centre = (40 + 60 * (i % cols), 40 + 60 * (i // cols))
            confidence = 0.5 if i == count - 1 else 0.99
            return ReadDie(i % 6 + 1, colours[i % len(colours)], confidence, centre, 50.0)

        return [die(i) for i in range(count)]

    def read_each(data: bytes, layout: str, shapes):  # type: ignore[no-untyped-def]
        if isinstance(seen, list):
            return [Reading("loose", [], dice(seen, len(seen), 4)) for _ in shapes]
        rows, cols, colours = seen
        readings: list[Reading | PhotoError] = []
        for shape in shapes:
            if shape not in (None, (rows, cols)):
                readings.append(PhotoError(f"not {shape[0]} rows of {shape[1]}"))
                continue
            flat = dice(colours, rows * cols, cols)
            grid = [flat[r * cols : (r + 1) * cols] for r in range(rows)]
            readings.append(Reading("grid", grid, flat))
        return readings

    monkeypatch.setattr(photo_fill, "read_photo_each", read_each)


@ONE_DATABASE
@pytest.mark.parametrize("slug", PHOTO_OF)
def test_a_table_page_back_from_a_photo_is_under_50_kib_with_scripts_under_15(
    new_table, monkeypatch, slug
):
    seen_in_photo(monkeypatch, PHOTO_OF[slug])
    table = new_table(slug)
    seq, token = table.form_fields()
    answer = table.client.post(  # a photo as a phone sends it; what it shows is PHOTO_OF's
        f"{table.url}/photo",
        data=multipart({"seq": str(seq), "csrf_token": token}, SQUARE),
        content_type=f"multipart/form-data; boundary={BOUNDARY}",
        headers=GZIP,
    )
    wire = answer.get_data()
    answer.close()
    assert answer.status_code == 200, wire[:2000]
    assert 'class="photo-seen"' in gzip.decompress(wire).decode()
    total, scripts = weighed(table.client, answer, wire)
    assert total < 50 * KIB
    assert scripts < 15 * KIB


@ONE_DATABASE
@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.SLUG)
def test_every_game_whose_entry_takes_a_photo_is_weighed_back_from_one(new_table, game):
    assert ('name="photo"' in new_table(game.SLUG).page()) == (game.SLUG in PHOTO_OF)


def test_a_phone_that_takes_no_compression_gets_the_page_as_it_is(client):
    response = client.get("/", headers={"Accept-Encoding": "identity"})
    assert "Content-Encoding" not in response.headers
    assert "<h1" in response.text
    assert "Accept-Encoding" in response.headers["Vary"]


def test_a_compressed_page_reads_the_same(client):
    """The page compressed is the page (its language form's CSRF token aside: the two
    renderings may fall in two seconds)."""
    plain = client.get("/games/tenk", headers={"Accept-Encoding": "identity"}).text
    squeezed = client.get("/games/tenk", headers=GZIP)
    assert squeezed.headers["Content-Encoding"] == "gzip"
    unpacked = gzip.decompress(squeezed.data).decode()
    assert without_csrf_tokens(unpacked) == without_csrf_tokens(plain)
    assert unpacked != without_csrf_tokens(unpacked)  # the page has a token to set aside


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


def test_a_script_goes_out_without_its_comment_lines_and_indentation(client):
    from pathlib import Path

    source = (Path(__file__).resolve().parents[2] / "static" / "js" / "live.js").read_text()
    sent_text = client.get("/static/js/live.js").get_data(as_text=True)
    assert not [line for line in sent_text.splitlines() if line.lstrip().startswith("//")]
    kept = [line.lstrip() for line in source.splitlines() if not line.lstrip().startswith("//")]
    assert sent_text.splitlines() == kept  # the code itself, line for line


def test_no_script_holds_a_string_that_indentation_could_reach():
    """What makes leaving out a line's indentation safe: no template literal (a string over
    several lines) and no line continued by a backslash, in any script's code."""
    from pathlib import Path

    static = Path(__file__).resolve().parents[2] / "static"
    found = []
    for script in sorted(static.rglob("*.js")):
        for n, line in enumerate(script.read_text("utf-8").splitlines(), start=1):
            code = "" if line.lstrip().startswith("//") else line
            if "`" in code or code.endswith("\\"):
                found.append(f"{script.name}:{n}")
    assert found == []
