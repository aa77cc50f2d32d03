"""Sid Sackson's Solitaire Dice, one package: its rules (``rules``), its play page (``page``),
its help page and printed sheets (``text``), its advice (``odds``).

``data/`` holds its table of odds, made offline by ``build`` (``make odds-table``),
which nothing at run time imports.

Its slug, ``solitaire``, names it in logs and links, and names its templates,
static files and tests.
"""

from referee.core.contract import Hooks, Parts
from referee.games.solitaire import odds, page, rules, text

PARTS = Parts(
    rules=rules,
    page=page,
    text=text.TEXT,
    odds=odds,
    hooks=Hooks(
        TURN_WORD=page.TURN_WORD,
        MOVE_WORDS=page.MOVE_WORDS,
        SIMULTANEOUS=rules.SIMULTANEOUS,
        next_seating=rules.next_seating,
        waiting_for=rules.waiting_for,
        player_of=rules.player_of,
        facing=rules.facing,
    ),
)
