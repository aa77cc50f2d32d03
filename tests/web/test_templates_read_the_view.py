"""A game's templates read only its view: no game hook called on the state from a template.

The play page gives a game's templates ``view``, made by the game's ``view(state)``; what a
template needs (a count, a constant, a preview of ticked dice) the view carries.  Only the
shared templates (``play_base.html`` and the like) call the contract's hooks on ``state``.
A game's template may still name the game (``game.TITLE``, ``game.SLUG``).
"""

from __future__ import annotations

import re

import pytest

from referee.files import CHECKOUT as PROJECT
from referee.games import all_games

TEMPLATES = PROJECT / "templates"
SLUGS = [g.SLUG for g in all_games()]
JINJA = re.compile(r"\{[{%](.*?)[%}]\}", re.DOTALL)  # the code of a template, not its prose
ALLOWED = {"TITLE", "SLUG"}


def reaches_past_view(source: str) -> list[str]:
    """Every use of the state, or of the game module beyond its title and slug, in ``source``."""
    found = []
    for code in JINJA.findall(source):
        found += [f"game.{name}" for name in re.findall(r"\bgame\.(\w+)", code)]
        found += re.findall(r"\bstate\b", code)
    return [use for use in found if use.removeprefix("game.") not in ALLOWED]


def test_the_check_finds_a_hook_a_constant_and_the_state():
    source = (
        "{{ game.TITLE }} · {% set done = game.turns_done(state) %}"
        "{{ game.SIDE }} and the state of play in prose"
    )
    assert reaches_past_view(source) == ["game.turns_done", "state", "game.SIDE"]


@pytest.mark.parametrize("slug", SLUGS)
def test_a_games_templates_read_only_its_view(slug):
    folder = TEMPLATES / slug
    pages = sorted(folder.glob("*.html"))
    uses = {p.name: reaches_past_view(p.read_text("utf-8")) for p in pages}
    assert pages, f"{slug} has no templates in {folder}"
    assert {name: found for name, found in uses.items() if found} == {}
