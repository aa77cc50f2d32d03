"""Six D Six on its play page, played the way a phone without JavaScript plays it: the square
typed as rows of numbers and rows of colour letters, a set ticked on the board and shown
(a plain GET of the page with its ``cell`` fields), one of the placements the referee lists
posted with the fields its form holds, the slid board typed back.  A refusal is a 4xx with
the engine's sentence and nothing stored."""

from __future__ import annotations

import dataclasses
import html
import json
import re
from pathlib import Path

import pytest

from tests.games.seed_logs import logged, play_pages
from tests.web.support import stored_moves

ROOT = Path(__file__).resolve().parents[3]
LOGS = ROOT / "seeds"
PLACEMENT = re.compile(r'<form method="post"[^>]*class="placement"[^>]*>(.*?)</form>', re.S)
HIDDEN = re.compile(r'<input type="hidden" name="(cell|place)" value="(-?\d+,-?\d+)">')
PLACE_WORDS = re.compile(r'class="place-here">([^<]*)</button>')
PHASE_SCRIPT = re.compile(r'<script src="/static/games/sixd-six/(\w+)\.js\?v=\w+" defer>')


def seed_moves(name: str) -> list[dict]:
    return json.loads((LOGS / f"{name}.json").read_text(encoding="utf-8"))["moves"]


def text(response) -> str:
    return html.unescape(response.text)


def typed(board) -> tuple[str, str]:
    """A board in log notation as the page's two text boxes: numbers, colour letters."""
    numbers = "\n".join("".join(d[0] if d else "0" for d in row) for row in board)
    colours = "\n".join("".join(d[1] if d else "0" for d in row) for row in board)
    return numbers, colours


def shown(table, cells) -> str:
    """The page after ticking ``cells`` and asking where the set fits."""
    query = "&".join(f"cell={r},{c}" for r, c in cells)
    response = table.client.get(f"{table.url}?{query}")
    assert response.status_code == 200
    return html.unescape(response.text)


def placements(page: str) -> list[tuple[list[str], list[str], str]]:
    """Each placement form: its ``cell`` fields, its ``place`` fields, its button's words."""
    found = []
    for body in PLACEMENT.findall(page):
        fields = HIDDEN.findall(body)
        found.append(
            (
                [v for k, v in fields if k == "cell"],
                [v for k, v in fields if k == "place"],
                PLACE_WORDS.search(body).group(1),
            )
        )
    return found


def take(table, cells, place) -> None:
    """Tick ``cells``, show the placements, post the one landing on ``place``."""
    page = shown(table, cells)
    want = [f"{r},{c}" for r, c in place]
    offered = {tuple(p): (c, words) for c, p, words in placements(page)}
    assert tuple(want) in offered, (want, list(offered))
    posted_cells, _ = offered[tuple(want)]
    assert posted_cells == [f"{r},{c}" for r, c in cells]
    response = table.post(action="take", cell=posted_cells, place=want)
    assert response.status_code == 302, text(response)[:2000]


def play(table, move) -> None:
    if move["type"] == "board" or move["type"] == "slide":
        numbers, colours = typed(move["board"])
        action = "board" if move["type"] == "board" else "slide"
        response = table.post(action=action, board=numbers, colours=colours)
        assert response.status_code == 302, text(response)[:2000]
    elif move["type"] == "take":
        take(table, move["cells"], move["place"])
    else:
        page = html.unescape(table.page())
        assert 'name="action" value="pass"' in page
        response = table.post(action="pass")
        if response.status_code == 422:
            assert "Pass anyway?" in text(response)
            response = table.post(action="pass", confirm="1")
        assert response.status_code == 302


@pytest.fixture
def seeded(new_table):
    """A table of the finished seed's players."""
    return new_table("sixd-six", tuple(logged("sixd-six-finished").players))


def test_the_square_is_numbers_then_colours(seeded, app):
    page = html.unescape(seeded.page())
    assert "Dara enters the rolled square" in page
    assert '<textarea name="board"' in page and '<textarea name="colours"' in page
    assert 'data-dice="36" data-columns="6"' in page
    first = seed_moves("sixd-six-finished")[0]
    play(seeded, first)
    assert stored_moves(app, seeded) == [first]
    page = html.unescape(seeded.page())
    assert "Dara takes a set" in page
    assert page.count('type="checkbox" name="cell"') == 36


def test_a_square_with_the_wrong_colours_is_refused_and_comes_back(seeded, app):
    numbers, colours = typed(seed_moves("sixd-six-finished")[0]["board"])
    wrong = "b" + colours[1:]  # the red 4 entered as blue
    response = seeded.post(action="board", board=numbers, colours=wrong)
    assert response.status_code == 422
    page = text(response)
    assert "The square holds 6 dice of each colour" in page
    assert f"{wrong}</textarea>" in page and f"{numbers}</textarea>" in page
    assert stored_moves(app, seeded) == []


def test_a_ticked_set_shows_every_placement_with_its_score(seeded):
    play(seeded, seed_moves("sixd-six-finished")[0])
    page = shown(seeded, [(1, 4), (1, 5), (2, 5)])
    found = placements(page)
    assert found and all(words.startswith("Place it ") for _, _, words in found)
    assert any("unturned" in words for _, _, words in found)
    assert all(" = " in words for _, _, words in found)
    assert re.search(r'value="1,4" aria-label="[^"]*" checked', page)  # the ticks are kept


def test_a_ticked_set_that_is_no_set_says_why_once(seeded):
    play(seeded, seed_moves("sixd-six-finished")[0])
    page = shown(seeded, [(0, 0), (0, 1)])
    assert (
        '<p class="error set-fault" role="alert">Not a set: in row 1, columns 1 to 2, the red 4 '
        "and the blue 5 share neither colour nor number.</p>"
    ) in page
    assert page.count("Not a set") == 1
    assert not placements(page)


def test_one_ticked_die_or_dice_not_joined_yet_are_unfinished_not_wrong(seeded):
    """More ticks may still make them a set: the phone shows a hint, not an error."""
    play(seeded, seed_moves("sixd-six-finished")[0])
    page = shown(seeded, [(0, 0)])
    assert (
        '<p class="error set-fault unfinished" role="alert">A set is 2 dice or more, side by '
        "side in a line.</p>"
    ) in page
    page = shown(seeded, [(0, 0), (2, 2)])
    assert 'class="error set-fault unfinished"' in page and "is cut off from" in page
    assert not placements(page)


def test_a_placement_that_does_not_fit_is_refused_with_nothing_stored(seeded, app):
    log = seed_moves("sixd-six-finished")
    play(seeded, log[0])
    response = seeded.post(action="take", cell=["1,4", "1,5", "2,5"], place=["0,0", "0,1", "0,3"])
    assert response.status_code == 422
    assert "The set keeps its shape" in text(response)
    assert len(stored_moves(app, seeded)) == 1


def test_the_slide_is_prefilled_and_a_wrong_board_is_refused(seeded, app):
    log = seed_moves("sixd-six-finished")
    play(seeded, log[0])
    play(seeded, log[1])
    page = html.unescape(seeded.page())
    assert "Dara slides the board shut" in page and "slide-gap" in page
    numbers, colours = typed(
        [[d for d in row] for row in seed_moves("sixd-six-finished")[0]["board"]]
    )
    assert "164600" in page and "ppyr00" in page  # row 2, as it stands after the take
    response = seeded.post(action="slide", board=numbers, colours=colours)
    assert response.status_code == 422
    assert len(stored_moves(app, seeded)) == 2
    play(seeded, log[2])
    assert "Eli takes a set" in html.unescape(seeded.page())


def test_each_phase_links_its_own_live_script_and_the_finished_game_none(seeded):
    """The square, the take and the slide each load only the script of their own phase."""
    log = seed_moves("sixd-six-finished")
    linked = []
    for move in log:
        linked.append(PHASE_SCRIPT.findall(seeded.page()))
        play(seeded, move)
    assert linked[:3] == [["square"], ["take"], ["slide"]]
    assert all(len(found) == 1 for found in linked)
    assert PHASE_SCRIPT.findall(seeded.page()) == []


def test_the_finished_seed_plays_through_the_page(seeded, app):
    log = seed_moves("sixd-six-finished")
    for move in log:
        play(seeded, move)
    assert stored_moves(app, seeded) == log
    page = html.unescape(seeded.page())
    assert 'class="card over"' in page
    assert page.count('class="area') >= 3


@pytest.mark.parametrize("name", ["sixd-six-finished", "sixd-six-in-progress"])
def test_every_position_of_a_stored_game_has_a_play_page(client, stored, name):
    log = logged(name)
    for n, page in enumerate(play_pages(client, stored, log)):
        over = 'class="card over"' in page
        assert over == (n == len(log.moves) and name.endswith("finished"))
        # Something to post or tick, unless the game is over.
        turn = page.split('class="undo"')[0]
        assert over or 'name="action"' in turn or 'type="checkbox" name="cell"' in turn
        assert n == 0 or page.count("’s area <span") == len(log.players)


def test_each_placement_carries_what_the_phone_draws_the_piece_from(client, stored):
    """The phone turns the placements into one movable piece over the mover's area: the
    area's dice, each placement's dice in the order of its cells, its turn and its score in
    words are on the page, matching the engine."""
    from referee.games.sixd_six import rules as sixd_six
    from referee.log import replay

    log = logged("sixd-six-finished")
    last = log.moves[-1]
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:-1]))
    state = replay(dataclasses.replace(log, moves=log.moves[:-1])).state
    cells = [tuple(c) for c in last["cells"]]
    query = "&".join(f"cell={r},{c}" for r, c in cells)
    page = html.unescape(client.get(f"/t/{token}?{query}").text)
    area = json.loads(re.search(r"data-area='([^']*)'", page).group(1))
    assert sorted((r, c, d) for r, c, d in area) == sorted(
        (r, c, str(die)) for (r, c), die in state.area.dice
    )
    preview = sixd_six.preview_take(state, cells)
    set_dice = " ".join(str(state.board.die_at(c)) for c in cells)
    for p in preview.placements:
        place = " ".join(f"{r},{c}" for r, c in p.cells)
        form = re.search(
            rf'class="placement" data-quarters="{p.quarters}" data-place="{place}"'
            r' data-dice="([^"]*)" data-turn="([^"]*)" data-words="([^"]*)"',
            page,
        )
        assert form, place
        assert form.groups() == (set_dice, p.turn_words, p.score.words)


def test_a_set_that_fits_nowhere_says_so_apart_from_a_set_that_is_none(client, stored):
    """A legal set with no room in the mover's area is not called "no set"."""
    log = logged("sixd-six-finished")
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:6]))
    page = html.unescape(client.get(f"/t/{token}?cell=3,0&cell=4,0").text)
    assert 'class="error set-fault no-fit"' in page
    assert "A set, but it fits nowhere in " in page
    assert not placements(page)
