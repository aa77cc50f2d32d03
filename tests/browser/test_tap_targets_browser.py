"""What the turn card's tap-target check counts (``tests.browser.targets``), on a turn card
made by hand: a hidden input is measured by the label drawn for it, and a real control drawn
at 1 px fails whatever label it has.  Each game's turn screens are measured in its own
``tests/games/<package>/test_browser.py``."""

from __future__ import annotations

import pytest

from tests.browser.kit import SMALL_PHONE
from tests.browser.targets import turn_card_too_small

pytestmark = pytest.mark.browser

TRANSPARENT = "position:absolute;width:1px;height:1px;opacity:0"
CLIPPED = "position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0)"
BUTTON = "display:inline-block;min-height:44px;min-width:120px"
# What the check counts, on a turn card made by hand: (markup, the targets it finds too
# small).  A real control drawn at 1 px still fails, whatever label it has.
RULE_CASES = {
    "a hidden file input is tapped through its label": (
        f'<label style="display:inline-block"><span style="{BUTTON}">Photo</span>'
        f'<input type="file" style="{TRANSPARENT}"></label>',
        [],
    ),
    "a clipped input is tapped through a label naming it": (
        f'<label for="f" style="{BUTTON}">Photo</label>'
        f'<input id="f" type="file" style="{CLIPPED}">',
        [],
    ),
    "a hidden input's small label is too small": (
        f'<label style="display:inline-block;height:20px">Photo'
        f'<input type="file" style="{TRANSPARENT}"></label>',
        ["label. Photo"],
    ),
    "a hidden input with no label is too small": (
        f'<input type="file" aria-label="Photo" style="{TRANSPARENT}">',
        ["input. Photo"],
    ),
    "a hidden input in a closed fold is left out": (
        '<details><summary style="padding:12px">More</summary>'
        f'<label style="display:inline-block;height:20px">Photo'
        f'<input type="file" style="{TRANSPARENT}"></label></details>',
        [],
    ),
    "a drawn 1 px input is too small, labelled or not": (
        f'<label style="{BUTTON}">Photo'
        '<input type="file" style="width:1px;height:1px;padding:0;border:0"></label>',
        ["input. "],
    ),
    "a drawn 1 px button is too small": (
        '<button style="width:1px;height:1px;padding:0;border:0">Go</button>',
        ["button. Go"],
    ),
}


@pytest.mark.parametrize(("markup", "small"), RULE_CASES.values(), ids=RULE_CASES)
def test_a_hidden_input_is_measured_by_the_label_drawn_for_it(browser, markup, small):
    context = browser.new_context(viewport=SMALL_PHONE, has_touch=True, is_mobile=True)
    try:
        page = context.new_page()
        page.set_content(f'<main class="turn"><a href="#">Rules of the game</a> {markup}</main>')
        page.add_style_tag(content=".turn a { display: inline-block; padding: 12px; }")
        assert [what.rpartition(":")[0] for what in turn_card_too_small(page)] == small
    finally:
        context.close()
