"""Six D Six on a phone at 390x844: the square typed on the number pad with its colours, a set
tapped on the board (the referee's judgement shown at each tap), turned and placed, the board
slid shut with the arrows; then the finished seed's last turns from a stored log, to the end."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from referee.log import loads
from tests.browser.kit import PHONE, SMALL_PHONE
from tests.browser.targets import seed_position_fits
from tests.conftest import ONE_DATABASE
from tests.web.test_photos import unsure_of

pytestmark = [pytest.mark.browser, ONE_DATABASE]  # the web tests cover PostgreSQL

SEED = Path(__file__).resolve().parents[3] / "seeds" / "sixd-six-finished.json"


def seed_moves() -> list[dict]:
    return json.loads(SEED.read_text(encoding="utf-8"))["moves"]


def take(page, player, cells, place) -> None:
    """Tap the set's dice, turn the piece until it can lie on ``place``, tap the squares
    until it does, and place it."""
    for r, c in cells:
        page.locator(f"form.take-pick label.cell.tick[data-cell='{r},{c}']").tap()
    page.locator(".set-said", has_text=f"A set of {len(cells)} dice.").wait_for()
    wanted = " ".join(f"{r},{c}" for r, c in place)
    target = page.locator(f"form.placement[data-place='{wanted}']")
    piece = page.locator(".piece")
    for _ in range(4):
        if piece.get_attribute("data-turn") == target.get_attribute("data-quarters"):
            break
        page.get_by_role("button", name="Rotate the set ↻").tap()
    square = page.locator(f".piece-area .cell[data-cell='{place[0][0]},{place[0][1]}']")
    for _ in range(8):
        if piece.get_attribute("data-chosen") == wanted:
            break
        square.tap()
    assert piece.get_attribute("data-chosen") == wanted
    with page.expect_navigation():
        page.locator("button.place-it").tap()


def paint(page, board, rows: range = range(6)) -> None:
    """Pick each colour and tap its dice in ``rows`` of the square."""
    for letter in "rygbop":
        page.locator(f".paint-colour[data-colour='{letter}']").tap()
        for r in rows:
            for c, die in enumerate(board[r]):
                if die[1] == letter:
                    page.locator(".paint-grid .board-row").nth(r).locator(".cell").nth(c).tap()


def arrows_in_reach(page) -> bool:
    """Whether every slide arrow is on the screen and the topmost thing at its centre."""
    return page.evaluate(
        """() => Array.from(document.querySelectorAll('.arrows button')).every(b => {
             const r = b.getBoundingClientRect();
             const x = r.left + r.width / 2, y = r.top + r.height / 2;
             return r.bottom <= innerHeight && b.contains(document.elementFromPoint(x, y));
           })"""
    )


def test_the_square_a_take_and_a_slide_on_a_phone(live_server, phone, player):
    page = phone
    page.goto(live_server + "/tables/new/sixd-six")
    player.enter_pin()
    for i, name in enumerate(("Dara", "Eli", "Fern")):
        page.locator(f"input[name='players-{i}']").fill(name)
    player.press("Start the table")
    board = seed_moves()[0]["board"]
    page.locator(".entry-digits input").fill("".join(d[0] for row in board for d in row))
    paint(page, board, range(1))
    assert "30 dice still to colour." in page.locator(".colour-counts").inner_text()
    player.shot("sixd-six-square-colours")
    paint(page, board, range(1, 6))
    assert "Every die has its colour." in page.locator(".colour-counts").inner_text()
    assert page.locator(".paint-colour.full").count() == 6
    player.shot("sixd-six-square")
    player.press("Enter the square")
    assert "Dara takes a set" in player.ruling()

    # One die is no set yet: a hint, not an error.  Two dice apart are not joined yet: a hint
    # again.  Two dice side by side that share nothing are no set: the referee says why, once.
    said = page.locator(".set-said")
    page.locator("form.take-pick label.cell.tick[data-cell='0,0']").tap()
    page.locator(".set-said", has_text="A set is 2 dice or more").wait_for()
    assert said.get_attribute("class") == "set-said"
    assert "no-set" not in page.locator("form.take-pick").get_attribute("class")
    page.locator("form.take-pick label.cell.tick[data-cell='5,5']").tap()
    page.locator(".set-said", has_text="is cut off from").wait_for()
    assert said.get_attribute("class") == "set-said"
    page.locator("form.take-pick label.cell.tick[data-cell='5,5']").tap()
    page.locator("form.take-pick label.cell.tick[data-cell='0,1']").tap()
    page.locator(".set-said", has_text="share neither").wait_for()
    assert said.inner_text() == (
        "Not a set: in row 1, columns 1 to 2, the red 4 and the blue 5 share neither colour "
        "nor number."
    )
    assert said.get_attribute("class") == "set-said bad"
    assert not page.locator("form.placement").count()
    page.locator("form.take-pick label.cell.tick[data-cell='0,0']").tap()
    page.locator("form.take-pick label.cell.tick[data-cell='0,1']").tap()
    page.locator(".set-said:empty").wait_for(state="attached")

    for r, c in [(1, 4), (1, 5)]:
        page.locator(f"form.take-pick label.cell.tick[data-cell='{r},{c}']").tap()
    page.locator(".set-said", has_text="A set of 2 dice.").wait_for()
    # The next tap (Place it, or a square the set may cover) is in reach, no scroll needed.
    fits = page.locator(".piece .place-it:not([hidden]), .piece .cell.fits").first.bounding_box()
    assert fits is not None and 0 <= fits["y"] and fits["y"] + fits["height"] <= PHONE["height"]
    player.shot("sixd-six-take")
    for r, c in [(1, 4), (1, 5)]:
        page.locator(f"form.take-pick label.cell.tick[data-cell='{r},{c}']").tap()
    take(page, player, [(1, 4), (1, 5), (2, 5)], [(1, 1), (1, 0), (0, 0)])
    assert "Dara slides the dice shut" in player.ruling()
    assert page.locator(".slide-live .cell.slide-gap").count() == 3
    player.shot("sixd-six-slide")

    # Done before the slide is refused; on a small phone the refusal pushes the board down,
    # and the arrows still sit above the foot of the screen, in the bar with Done.
    page.set_viewport_size(SMALL_PHONE)
    player.press("Done: the board is slid shut")
    assert "The slid board still has an empty square" in page.locator(".error").inner_text()
    assert arrows_in_reach(page)
    player.shot("sixd-six-slide-refused-320")
    page.set_viewport_size(PHONE)

    def die(r: int, c: int):
        row = page.locator(".slide-live .board-row").nth(r)
        return row.locator(".cell").nth(c)

    die(0, 4).tap()
    page.get_by_role("button", name="Slide down").tap()
    die(0, 5).tap()
    page.get_by_role("button", name="Slide down").tap()
    page.get_by_role("button", name="Slide down").tap()
    assert "No gaps left" in page.locator(".slide-said").inner_text()
    player.press("Done: the board is slid shut")
    assert "Dara slid the board shut. Eli takes a set" in player.ruling()


def test_the_last_turns_to_the_end(live_server, phone, player, stored):
    log = loads(SEED.read_text(encoding="utf-8"))
    moves = seed_moves()
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:-2]))
    page = phone
    page.goto(f"{live_server}/t/{token}")
    assert "Fern takes a set" in player.ruling()
    for move in moves[-2:]:
        take(page, player, move["cells"], move["place"])
    assert page.locator(".card.over").is_visible()
    assert page.locator(".areas .area").count() == 3
    player.shot("sixd-six-over")


def test_a_narrow_phone_takes_a_set_without_scrolling_sideways(live_server, phone, player, stored):
    log = loads(SEED.read_text(encoding="utf-8"))
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:-2]))
    page = phone
    page.set_viewport_size(SMALL_PHONE)
    page.goto(f"{live_server}/t/{token}")
    for r, c in [(1, 2), (2, 2)]:
        page.locator(f"form.take-pick label.cell.tick[data-cell='{r},{c}']").tap()
    page.locator(".set-said", has_text="A set of 2 dice.").wait_for()
    player.shot("sixd-six-take-320")
    assert page.evaluate("document.documentElement.scrollWidth") <= SMALL_PHONE["width"]
    # The squares the set is placed on are a finger's tap, and this area fits them whole.
    widths = page.locator(".piece-area .cell").evaluate_all(
        "cells => cells.map(cell => cell.getBoundingClientRect().width)"
    )
    assert widths and all(width >= 44 for width in widths)
    area = page.locator(".piece-area").evaluate("e => e.scrollWidth <= e.clientWidth")
    assert area


PHOTO = Path(__file__).resolve().parents[2] / "web" / "photos" / "square.jpg"
READ = [  # the square as the reader reads the photo, row by row (see test_photos.py)
    "4g 4o 2p 4y 3r 2b", "6o 1y 3r 4o 4g 5g", "4b 5g 3y 3b 2y 5r",
    "1y 5b 2y 3p 6p 1b", "3g 4b 1p 2r 4r 1p", "2o 3g 4p 6o 5o 5r",
]  # fmt: skip


def test_a_photo_of_the_square_turned_a_quarter_and_a_die_changed_is_sent(
    live_server, phone, player, monkeypatch
):
    unsure_of(monkeypatch, 3, 14, 30)  # the server runs in this process
    page = phone
    url = player.start(live_server, "sixd-six", "Dara", "Eli")

    with page.expect_navigation():  # a photo is sent as soon as it is chosen
        page.set_input_files("input[name='photo']", str(PHOTO))
    assert "Read from the photo: 6 rows of 6." in page.content()
    read = [row.split() for row in READ]
    digits = page.locator(".entry-digits input")
    assert digits.input_value() == " ".join("".join(d[0] for d in row) for row in read)
    assert page.locator(".entry-grid .cell.unsure").count() == 3  # marked ? to check
    assert page.locator(".paint-grid .cell.unsure").count() == 3
    assert "Every die has its colour." in page.locator(".colour-counts").inner_text()
    assert len(page.request.get(live_server + url + "/log.json").json()["moves"]) == 0

    page.get_by_role("button", name="Turn a quarter clockwise").tap()
    turned = [[read[5 - c][r] for c in range(6)] for r in range(6)]  # the first column, upwards
    assert digits.input_value() == " ".join("".join(d[0] for d in row) for row in turned)
    first = page.locator(".entry-grid .board-row").first.locator(".cell").first
    assert "unsure" in first.get_attribute("class")  # the orange 2 of row 6 is now at the top left
    first.tap()  # it is a 3 on the table: tap it, then the 3
    assert "The 2 at row 1, column 1 is:" in page.locator(".entry-fix output").inner_text()
    page.locator(".entry-fix .face-tap[data-value='3']").tap()
    turned[0][0] = "3o"
    assert page.locator(".entry-grid .cell.unsure").count() == 2
    assert digits.input_value() == " ".join("".join(d[0] for d in row) for row in turned)

    with page.expect_navigation():
        page.get_by_role("button", name="Enter the square").tap()
    stored = page.request.get(live_server + url + "/log.json").json()["moves"]
    assert [m["type"] for m in stored] == ["board"]
    assert stored[0]["board"] == turned


def test_a_phone_on_the_square_follows_the_table_live_into_the_take_with_its_taps(
    live_server, phone, player, stored
):
    """Each phase brings its own script: a page swapped in live from the square to the take
    (another phone entered the square) ticks, turns and places a set as a loaded one does."""
    log = loads(SEED.read_text(encoding="utf-8"))
    moves = seed_moves()
    (token,) = stored(dataclasses.replace(log, moves=()))
    page = phone
    page.goto(f"{live_server}/t/{token}")
    assert page.locator(".paint-grid").count() == 1
    page.evaluate("window.marker = 'no reload'")
    board = moves[0]["board"]
    sent = page.request.post(
        f"{live_server}/t/{token}/move",
        form={
            "seq": page.locator("input[name='seq']").first.input_value(),
            "csrf_token": page.locator("input[name='csrf_token']").first.input_value(),
            "action": "board",
            "board": "\n".join("".join(d[0] for d in row) for row in board),
            "colours": "\n".join("".join(d[1] for d in row) for row in board),
        },
    )
    assert sent.ok
    page.locator(".ruling", has_text="Dara takes a set").wait_for()
    assert page.evaluate("window.marker") == "no reload"  # swapped, not reloaded
    take(page, player, moves[1]["cells"], moves[1]["place"])
    assert "Dara slides the dice shut" in player.ruling()
    assert page.locator(".slide-controls .arrows button").count() == 4  # the slide's own script


# --- Tap targets at a small phone's width (tests.browser.targets) ---------------------------------


# (seed, moves kept): None keeps half the moves; a number keeps that many (a setting up).
@pytest.mark.parametrize(
    ("seed", "kept"),
    [
        ("sixd-six-finished", None),
        ("sixd-six-finished", 0),  # the rolled square: numbers, then colours painted
    ],
    ids=str,
)
def test_every_tap_target_is_44_px_on_a_320_px_phone(live_server, browser, stored, seed, kept):
    seed_position_fits(live_server, browser, stored, seed, kept)


# --- Undo a whole turn from the undo box -------------------------------------------------------


def test_undo_six_d_six_whole_turn_leaves_the_rolled_square(live_server, phone, player, stored):
    """Gus types the square, takes and slides: his whole turn is the take and its slide;
    the square stays, and is then undone on its own."""
    log = loads((SEED.parent / "sixd-six-in-progress.json").read_text(encoding="utf-8"))
    (token,) = stored(dataclasses.replace(log, moves=log.moves[:3]))
    phone.goto(f"{live_server}/t/{token}")
    whole = phone.locator("details.undo-turn")
    assert (
        whole.locator("summary").inner_text() == "Undo Gus's whole turn (2 moves: take, slid board)"
    )
    whole.locator("summary").tap()
    assert whole.locator(".undo-moves li").all_inner_texts() == ["take", "slid board"]
    whole.scroll_into_view_if_needed()
    assert phone.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    player.shot("undo-whole-turn-sixd-six")
    player.press("Yes, undo all 2 moves")
    assert phone.locator(".flash").inner_text() == (
        "Undone: Gus's whole turn (2 moves: take; slid board)."
    )
    assert "Gus takes a set" in player.ruling()
    assert phone.locator("details.undo-turn").count() == 0
    phone.locator("details.undo summary").tap()
    assert "Undo Gus's rolled square?" in phone.locator("details.undo").inner_text()
