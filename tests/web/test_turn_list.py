"""The play page's turn list: the last 12 turns, the earlier ones a tap away (issue 25), at a
table of the tiny test game (the game does not matter here)."""

from __future__ import annotations

import html
import re

from tests.conftest import Table


def turn_lists(page: str) -> list[tuple[int, int]]:
    """Each list of turns on the page as (the number it starts at, how many turns it has)."""
    section = page[page.index('<section class="turns"') :]
    section = section[: section.index("</section>")]
    return [
        (int(start), body.count("<li"))
        for start, body in re.findall(r'<ol reversed start="(\d+)">(.*?)</ol>', section, re.S)
    ]


def test_a_short_game_lists_every_turn_with_nothing_folded(client, stored, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo"), *["bust"] * 5))
    page = Table(client, token).page()
    assert turn_lists(page) == [(5, 5)]
    assert "earlier turn" not in page


def test_the_turns_before_the_last_twelve_are_folded_under_the_list(client, stored, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo"), *["bust"] * 20))
    page = html.unescape(Table(client, token).page())
    assert turn_lists(page) == [(20, 12), (8, 8)]
    assert "<summary>Show the 8 earlier turns</summary>" in page
    assert '<details class="earlier">' in page  # folded until tapped
    (token,) = stored(tiny_log(("Ann", "Bo"), *["bust"] * 13))
    assert "<summary>Show the earlier turn</summary>" in Table(client, token).page()


def test_a_long_games_first_turns_are_a_link_to_its_history(client, stored, tiny_log):
    (token,) = stored(tiny_log(("Ann", "Bo"), *["bust"] * 70))
    page = html.unescape(Table(client, token).page())
    assert turn_lists(page) == [(70, 12), (58, 48)]  # the page holds 60 turns at most
    assert "<summary>Show earlier turns</summary>" in page
    assert f'Turns 1–10 are in the <a href="/t/{token}/history">move-by-move history</a>' in page
    history = client.get(f"/t/{token}/history").text
    assert "Bo&#39;s roll 1" in history or "Bo's roll 1" in history
