"""A roll read from a photo on a phone: the photo is sent as soon as it is chosen, scaled
down first when it is large; the page draws the phone's own copy of it with each die read
outlined and labelled, the dice to check marked ?, and a tap on one there picks it on the
pad (or the board) below; the roll is not sent until the table taps Enter roll (even with
"send when the last die is tapped" on, and after a die is corrected), and a die corrected
with taps is what is stored."""

from __future__ import annotations

from pathlib import Path

import cv2
import pytest

from tests.web.test_photo_confirm import exif_turned
from tests.web.test_photos import read_as, unsure_of

pytestmark = pytest.mark.browser

SIX = Path(__file__).resolve().parents[1] / "vision" / "photos" / "roll6.jpg"  # 6 6 2 1 4 6


def moves(page, live_server: str, url: str) -> int:
    return len(page.request.get(live_server + url + "/log.json").json()["moves"])


def start_10k(page, player, live_server: str, *players: str) -> str:
    """Start a 10K table of ``players`` from the home page; its address."""
    page.goto(live_server + "/")
    page.get_by_role("link", name="10K", exact=True).tap()
    player.enter_pin()
    for i, name in enumerate(players):
        page.locator(f"input[name='players-{i}']").fill(name)
    player.press("Start the table")
    return page.url.split("#")[0].removeprefix(live_server)


def watch_sending(page) -> None:
    """Note, in the page, any post of the roll's form (``sent``): a post goes out in the
    submit event, at once, so a tap that sent the roll has sent it when the tap returns."""
    page.evaluate(
        "document.querySelector('form.roll').addEventListener('submit', "
        "function () { window.rollSent = true; })"
    )


def sent(page) -> bool:
    return page.evaluate("!!window.rollSent")


def test_a_photo_fills_the_pad_and_the_table_corrects_and_confirms(live_server, phone, player):
    page = phone
    url = start_10k(page, player, live_server, "Ann", "Bo")

    with page.expect_navigation():  # a photo is sent as soon as it is chosen
        page.set_input_files("input[name='photo']", str(SIX))
    assert "Read from the photo: 6 6 2 1 4 6." in page.content()
    tray = page.locator(".pad-group .tray .die.tapped")
    assert tray.all_inner_texts() == ["6", "6", "2", "1", "4", "6"]
    assert page.locator(".pad-note").inner_text() == "Every die is in: tap Enter roll."
    assert page.evaluate("localStorage.getItem('referee.sendWhenFull')") is None  # on, yet
    assert page.locator(".pad-auto").is_hidden()  # not offered: a photo's roll is confirmed
    watch_sending(page)

    tray.nth(4).tap()  # the 4 was a 5 after all: take it out, tap the 5
    page.locator(".face-tap[data-value='5']").tap()
    assert tray.all_inner_texts() == ["6", "6", "2", "1", "5", "6"]  # in its place
    assert not sent(page)  # a photo's roll waits for the table to confirm the whole roll
    assert moves(page, live_server, url) == 0
    with page.expect_navigation():
        player.press("Enter roll")
    assert "Ann rolled 1 2 5 6 6 6" in player.ruling()
    assert moves(page, live_server, url) == 1


def test_a_large_photo_is_scaled_down_on_the_phone_before_it_is_sent(
    live_server, phone, player, tmp_path
):
    image = cv2.imread(str(SIX))
    large = cv2.resize(image, None, fx=4, fy=4, interpolation=cv2.INTER_CUBIC)  # 3,264 px
    path = tmp_path / "large.png"
    cv2.imwrite(str(path), large)
    page = phone
    start_10k(page, player, live_server, "Ann")
    sent = []
    page.on(
        "request",
        lambda r: sent.append(len(r.post_data_buffer or b"")) if "/photo" in r.url else None,
    )
    with page.expect_navigation():
        page.set_input_files("input[name='photo']", str(path))
    assert "Read from the photo: 6 6 2 1 4 6." in page.content()
    assert sent and sent[0] < path.stat().st_size / 4, (sent, path.stat().st_size)


def test_the_photo_button_is_its_label_reached_by_keyboard_and_ringed_only_then(
    live_server, phone, new_table
):
    """The file input is visually hidden behind the Photo button, its label: the button is
    all a tap opens the camera on, the input keeps its name and its place in the tab order,
    and its focus rings the button when it comes from the keyboard, not from a tap."""
    page = phone
    page.goto(live_server + new_table("tenk").url)
    label, button = page.locator(".photo-pick"), page.locator(".photo-button")
    ring = "e => getComputedStyle(e).outlineStyle"
    assert label.bounding_box() == button.bounding_box()
    assert page.get_by_label("Photo of the dice").get_attribute("name") == "photo"

    page.locator(".pad-auto input").focus()  # the control before it
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.name") == "photo"
    assert button.evaluate(ring) == "solid"

    box = button.bounding_box()
    page.evaluate(
        "window.opened = 0; document.querySelector('input[name=photo]')"
        ".addEventListener('click', () => window.opened++)"
    )
    page.touchscreen.tap(box["x"] + box["width"] + 20, box["y"] + box["height"] / 2)
    assert page.evaluate("window.opened") == 0  # beside the button: nothing
    with page.expect_file_chooser():
        button.tap()
    assert page.evaluate("document.activeElement.name") == "photo"
    assert button.evaluate(ring) == "none"


UNSURE = Path(__file__).resolve().parents[1] / "web" / "photos" / "unsure6.jpg"  # 3 4 4 6 1 6
SQUARE = Path(__file__).resolve().parents[1] / "web" / "photos" / "square.jpg"  # Six D Six's


def test_a_die_read_unsure_is_marked_in_the_tray_until_tapped_again(
    live_server, phone, player, monkeypatch
):
    unsure_of(monkeypatch, 4)  # the server runs in this process
    page = phone
    start_10k(page, player, live_server, "Ann")
    with page.expect_navigation():
        page.set_input_files("input[name='photo']", str(UNSURE))
    tray = page.locator(".pad-group .tray .die.tapped")
    assert tray.all_inner_texts() == ["3", "4", "4", "6", "1", "6"]
    assert [("unsure" in (tray.nth(i).get_attribute("class") or "")) for i in range(6)] == [
        False, False, False, False, True, False
    ]  # fmt: skip
    tray.nth(4).tap()  # the 1 was a 5: out, and the 5 tapped
    assert page.locator(".pad-group .tray .die.unsure").count() == 0
    page.locator(".face-tap[data-value='5']").tap()
    with page.expect_navigation():
        player.press("Enter roll")
    assert "Ann rolled 3 4 4 5 6 6" in player.ruling()


def test_a_photo_being_confirmed_that_another_phone_overtakes_is_named_as_not_sent(
    live_server, phone, player, browser
):
    from tests.browser.kit import PHONE, Phone, say_who

    url = start_10k(phone, player, live_server, "Ann", "Bo")
    with phone.expect_navigation():
        phone.set_input_files("input[name='photo']", str(SIX))
    assert phone.locator(".pad-group .tray .die.tapped").count() == 6  # not sent yet
    context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    other = context.new_page()
    other.goto(live_server + url)
    say_who(other, "A table phone, passed round")
    Phone(other).roll(2, 2, 3, 3, 4, 6)  # Ann's roll, from the other phone
    said = phone.locator(".live-note .live-said")
    said.filter(has_text="The table moved on: Ann's roll 2 2 3 3 4 6.").wait_for(timeout=3500)
    assert "(6 6 2 1 4 6) was for the table before that, so it was not sent." in said.inner_text()
    assert phone.locator(".pad-group .tray .die.tapped").count() == 0
    assert moves(phone, live_server, url) == 1
    context.close()


def test_a_photo_kept_through_a_seat_taken_is_still_named_when_a_move_overtakes_it(
    live_server, phone, player, browser
):
    """A seat taken moves the table on with no move: the photo's roll stays entered, and
    the move that comes next still names it as not sent."""
    from tests.browser.kit import PHONE, Phone, say_who

    url = start_10k(phone, player, live_server, "Ann", "Bo")
    with phone.expect_navigation():
        phone.set_input_files("input[name='photo']", str(SIX))
    bo = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    table_phone = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True)
    try:
        other = bo.new_page()
        other.goto(live_server + url)
        say_who(other, "I am Bo")
        said = phone.locator(".live-note .live-said")
        said.filter(has_text="a phone took Bo’s seat").wait_for(timeout=3500)
        assert phone.locator(".pad-group .tray .die.tapped").count() == 6  # still entered
        third = table_phone.new_page()
        third.goto(live_server + url)
        say_who(third, "A table phone, passed round")
        Phone(third).roll(2, 2, 3, 3, 4, 6)  # Ann's roll, from the table phone
        said.filter(has_text="Ann's roll 2 2 3 3 4 6").wait_for(timeout=3500)
        assert "(6 6 2 1 4 6) was for the table before that, so it was not sent." in (
            said.inner_text()
        )
        assert moves(phone, live_server, url) == 1
    finally:
        bo.close()
        table_phone.close()


def drawn_centres(page) -> list[tuple[float, float, float]]:
    """Each outline's centre as drawn, in the photo's pixels (from its place on the screen
    and the photo's drawn size), and its side."""
    photo = page.locator("figure.photo-seen svg")
    width, height = (float(n) for n in photo.get_attribute("viewBox").split()[2:])
    frame = photo.bounding_box()
    scale = width / frame["width"]
    assert abs(height / frame["height"] - scale) < 0.01 * scale  # drawn in the photo's shape
    centres = []
    for edge in page.locator("figure.photo-seen g.seen-die rect.seen-edge").all():
        box = edge.bounding_box()
        x = (box["x"] + box["width"] / 2 - frame["x"]) * scale
        y = (box["y"] + box["height"] / 2 - frame["y"]) * scale
        centres.append((x, y, float(edge.get_attribute("width"))))
    return centres


def test_the_confirm_page_outlines_each_die_on_the_photo_and_a_tap_there_picks_it(
    live_server, phone, player, monkeypatch
):
    unsure_of(monkeypatch, 3)  # the server runs in this process
    page = phone
    url = start_10k(page, player, live_server, "Ann")
    with page.expect_navigation():
        page.set_input_files("input[name='photo']", str(UNSURE))
    figure = page.locator("figure.photo-seen")
    figure.wait_for(state="visible")
    assert figure.locator("svg").get_attribute("viewBox") == "0 0 570 686"  # the photo sent
    read = read_as(UNSURE.read_bytes()).dice
    for (x, y, side), die in zip(drawn_centres(page), read, strict=True):
        assert abs(x - die.center[0]) < 2 and abs(y - die.center[1]) < 2, (x, y, die)
        assert abs(side - die.side) < 0.1
    boxes = figure.locator("g.seen-die")
    values = [str(die.value) for die in read]  # 3 4 4 6 1 6
    labels = [v + ("?" if i == 3 else "") for i, v in enumerate(values)]
    assert boxes.locator("text").all_text_contents() == labels
    assert ["unsure" in (b.get_attribute("class") or "") for b in boxes.all()] == [
        False, False, False, True, False, False
    ]  # fmt: skip
    assert f"Check the {values[3]} in the middle: marked ?." in page.locator(".flash").inner_text()
    player.shot("photo-confirm-10k")

    boxes.nth(3).tap()  # the 6 to check, on the photo: a 5 on the table
    gap = page.locator(".pad-group .tray .die.gap")
    assert gap.get_attribute("data-photo-field") == "d3"  # that die, out of the tray
    assert page.evaluate("document.activeElement.dataset.photoField") == "d3"
    assert boxes.nth(3).locator("text").text_content() == "?"
    player.shot("photo-confirm-10k-picked")
    watch_sending(page)
    page.locator(".face-tap[data-value='5']").tap()
    values[3] = "5"
    assert boxes.locator("text").all_text_contents() == values
    assert page.locator("figure.photo-seen g.seen-die.unsure").count() == 0
    assert not sent(page) and moves(page, live_server, url) == 0
    with page.expect_navigation():
        player.press("Enter roll")
    assert f"Ann rolled {' '.join(sorted(values))}" in player.ruling()
    assert moves(page, live_server, url) == 1
    assert page.locator("figure.photo-seen").count() == 0  # the photo is gone with its entry


def test_a_photo_turned_by_its_exif_tag_is_drawn_as_the_reader_read_it(
    live_server, phone, player, tmp_path
):
    path = tmp_path / "turned.jpg"
    path.write_bytes(exif_turned(UNSURE.read_bytes()))  # stored 686 x 570, shown 570 x 686
    page = phone
    start_10k(page, player, live_server, "Ann")
    with page.expect_navigation():
        page.set_input_files("input[name='photo']", str(path))
    page.locator("figure.photo-seen").wait_for(state="visible")
    assert page.locator("figure.photo-seen svg").get_attribute("viewBox") == "0 0 570 686"
    read = read_as(UNSURE.read_bytes()).dice  # the photo as shown
    for (x, y, _), die in zip(drawn_centres(page), read, strict=True):
        assert abs(x - die.center[0]) < 4 and abs(y - die.center[1]) < 4, (x, y, die)


def test_a_tap_on_a_die_of_the_squares_photo_picks_its_cell(
    live_server, phone, player, monkeypatch
):
    unsure_of(monkeypatch, 3, 14, 30)
    page = phone
    player.start(live_server, "sixd-six", "Dara", "Eli")
    with page.expect_navigation():
        page.set_input_files("input[name='photo']", str(SQUARE))
    boxes = page.locator("figure.photo-seen g.seen-die")
    boxes.first.wait_for(state="visible")
    assert boxes.count() == 36
    assert page.locator("figure.photo-seen g.seen-die.unsure").count() == 3
    assert "Check the 3 dice marked ?." in page.locator(".flash").inner_text()
    player.shot("photo-confirm-square")
    cell = page.locator("figure.photo-seen g.seen-die[data-f='14']")
    box = cell.locator("rect.seen-edge").bounding_box()
    page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)  # the yellow 3
    assert "The 3 at row 3, column 3 is:" in page.locator(".entry-fix output").inner_text()
    picked = page.locator(".entry-grid .cell.picked")
    assert picked.get_attribute("data-photo-field") == "14"
    page.locator(".entry-fix .face-tap[data-value='4']").tap()
    assert cell.locator("text").text_content() == "4"
    assert page.locator("figure.photo-seen g.seen-die.unsure").count() == 2
    player.shot("photo-confirm-square-fixed")
