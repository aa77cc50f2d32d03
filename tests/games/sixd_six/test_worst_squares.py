"""Six D Six's worst squares (issue 46): squares where every group of dice joined side to side
is a set hold millions of sets, and a page that listed them hung its worker for good (a
sorted square, two takes in: memory grew a gigabyte every 30 s).  What a page works out
about them (whether a set still fits, the pass's warning, where a ticked set fits) is
found among the pairs, so each stays under a fifth of a second of CPU.

The boards are the worst ones can build under the rules (six dice of each colour): rows
of one colour and columns of one number, the same turned, one number down every column,
every row alike, a Latin square."""

from __future__ import annotations

import html
import json
import random
from collections.abc import Callable
from functools import partial

import pytest
from hypothesis import given
from hypothesis import strategies as st

from referee.autoplay import random_slide
from referee.core.moves import apply_move
from referee.games.sixd_six import rules as sixd_six
from referee.log import loads, replay
from tests.calibration import Pace, server_cpu
from tests.engine.support import draw_prefix, seeds
from tests.games.sixd_six.random_play import SIX, fast, random_log, tables
from tests.realserver import Gunicorn, Phone
from tests.web.support import seated

COLOURS = "rygbop"
# The issue's budget for each page of a worst square, in CPU seconds at this project's
# machine's pace (``tests.calibration``): they take 1-10 ms, so the tests run among the others.
CPU_SECONDS = 0.2
# A page of the issue's table through gunicorn: the CPU its processes spend on it (a worker
# that hangs spends it all), at this project's machine's pace (``tests.calibration``).
SERVED_SECONDS = 1.0
RANDOM_PLAY_SECONDS = 1.0  # what random play may spend listing a worst square's choices

# The square of issue 46, as `referee export` wrote it: rows one colour, columns one number;
# Ann takes red 1 2 3, Bo orange 6 and purple 6.
ISSUE_LOG = loads(
    json.dumps(
        {
            "format": "referee-log/1",
            "game": "sixd-six",
            "players": ["Ann", "Bo"],
            "options": {},
            "moves": [
                {"player": "Ann", "type": "board",
                 "board": [[f"{c + 1}{colour}" for c in range(6)] for colour in COLOURS]},
                {"player": "Ann", "type": "take", "cells": [[0, 0], [0, 1], [0, 2]],
                 "place": [[0, 0], [0, 1], [0, 2]]},
                {"player": "Bo", "type": "take", "cells": [[5, 5], [4, 5]],
                 "place": [[1, 0], [0, 0]]},
            ],
        }
    )
)  # fmt: skip

SQUARES: dict[str, Callable[[int, int], str]] = {
    "rows one colour, columns one number": lambda r, c: f"{c + 1}{COLOURS[r]}",
    "rows one number, columns one colour": lambda r, c: f"{r + 1}{COLOURS[c]}",
    "every die a 1": lambda r, c: f"1{COLOURS[r]}",
    "every row alike": lambda r, c: f"1{COLOURS[c]}",
    "a Latin square of numbers": lambda r, c: f"{(r + c) % 6 + 1}{COLOURS[r]}",
}


def worst_states(name: str) -> list[sixd_six.SixDSix]:
    """The square ``name``, then each position of three takes: each the first the referee
    lists (a pair), so the areas fill as a newcomer's would."""
    square = [[SQUARES[name](r, c) for c in range(6)] for r in range(6)]
    state = apply_move(SIX, SIX.start(("Ann", "Bo"), {}), {"type": "board", "board": square})
    states = [state]
    while len(states) < 4 and state.phase != "over":
        entry = SIX.table_entry(state)
        if entry is not None:  # a gap: slide the board shut as the table would
            move = {"type": "slide", "board": random_slide(entry, random.Random(0))}
        else:
            move = SIX.choices(state)[0]
        state = apply_move(SIX, state, move)
        states.append(state)
    return states


def whole_rows(state: sixd_six.SixDSix) -> list[tuple[int, int]]:
    """Every die left on the board: ticked as one set, the biggest a phone can tick."""
    return list(state.board.cells())


@pytest.mark.parametrize("name", SQUARES)
def test_what_a_page_works_out_about_a_worst_square_is_quick(name) -> None:
    pace = Pace()
    for state in [*worst_states(name), replay(ISSUE_LOG).state]:
        view = SIX.view(state)
        pace.within(partial(SIX.view, state), CPU_SECONDS, "the view")
        pace.within(partial(SIX.warning, state, {"type": "pass"}), CPU_SECONDS, "the warning")
        pace.within(partial(view.preview, whole_rows(state)), CPU_SECONDS, "the preview")
        # Random play's list (no page asks it) looks through a few hundred sets at most.
        pace.within(partial(SIX.choices, state), RANDOM_PLAY_SECONDS, "the choices")


def test_the_issue_square_still_has_sets_that_fit_and_says_which() -> None:
    state = replay(ISSUE_LOG).state
    assert SIX.view(state).set_fits
    warning = SIX.warning(state, {"type": "pass"})
    assert warning
    assert warning.startswith("A set still fits Ann's area: the red 4 and red 5 from row 1")


@fast
@given(tables, seeds, st.data())
def test_the_first_take_is_the_first_of_every_take_and_none_only_when_none_fits(
    players, seed, data
) -> None:
    """Over random games: ``first_take`` (the pairs alone) gives what listing every set with
    every placement gives first, and None exactly when that list is empty."""
    _, state = draw_prefix(data, random_log(players, seed))
    every = [
        (cells, placement)
        for cells in sixd_six.legal_sets(state.board)
        for placement in sixd_six.placements(
            state.area, [sixd_six.die_at(state.board, c) for c in cells], cells
        )
    ] if state.phase == "take" else []  # fmt: skip
    assert sixd_six.first_take(state) == (every[0] if every else None)
    listed = SIX.choices(state)
    if state.phase == "take":
        assert (listed == [{"type": "pass"}]) == (not every)


# --- Through the web: the issue's table opens, on both databases ------------------------------


def timed(request: Callable[[], object], pace: Pace) -> tuple[int, str]:
    """A request through the test client (in this thread), checked to take under
    ``CPU_SECONDS`` at this project's machine's pace: its status and text."""
    response = pace.within(request, CPU_SECONDS, "the request")
    return response.status_code, html.unescape(response.get_data(as_text=True))


def test_the_issue_square_opens_and_plays_on_within_the_budget(client, stored) -> None:
    table = seated(client, stored, ISSUE_LOG)
    table.page()  # templates compiled and the game loaded: the page's own cost comes next
    pace = Pace()
    status, page = timed(lambda: client.get(table.url), pace)
    assert status == 200
    assert "Ann passes</button>" in page  # a set still fits: no "no set fits"
    ticked = "&".join(f"cell={r},{c}" for r, c in whole_rows(replay(ISSUE_LOG).state))
    status, page = timed(lambda: client.get(f"{table.url}?{ticked}"), pace)
    assert status == 200
    status, page = timed(lambda: client.get(f"{table.url}?cell=1,0&cell=2,0"), pace)
    assert status == 200 and "A set: it fits" in page
    # A pass while a set fits asks to confirm (the page again, 422, nothing stored).
    status, page = timed(lambda: table.post(action="pass"), pace)
    assert status == 422
    assert "A set still fits Ann's area" in page
    status, page = timed(lambda: client.get(f"{table.url}/history"), pace)
    assert status == 200


@pytest.mark.race
@pytest.mark.solo
def test_the_issue_square_opens_through_the_real_server(
    app, database_url, stored, tmp_path, request
) -> None:
    """Where the worker used to hang for minutes: the table, a ticked set and the story each
    cost the server under a second of CPU at this project's machine's pace (the first page
    of a worker compiles its templates too)."""
    (token,) = stored(ISSUE_LOG)
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    phone, pace = Phone(server.port), Pace()
    for path in (f"/t/{token}", f"/t/{token}?cell=1,0&cell=2,0", f"/t/{token}/history"):
        before = server_cpu(server.process.pid)
        status, page = phone.get(path)
        assert status == 200, page[:500]
        pace.check(server_cpu(server.process.pid) - before, SERVED_SECONDS, path)
