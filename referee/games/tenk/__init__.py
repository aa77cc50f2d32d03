"""10K, one package: its rules (``rules``), its play page (``page``), its help page and printed
sheets (``text``), its advice (``odds``), the odds of winning a two-player game
(``winning``).

``data/`` holds its table of odds, made offline by ``build`` (``make odds-table``),
which nothing at run time imports.

Its slug, ``tenk``, names it in logs and links, and names its templates,
static files and tests.
"""

from referee.core.contract import Hooks, Parts
from referee.games.tenk import odds, page, rules, text

PARTS = Parts(
    rules=rules,
    page=page,
    text=text.TEXT,
    odds=odds,
    hooks=Hooks(
        MOVE_WORDS=page.MOVE_WORDS,
        player_notes=page.player_notes,
        turn_records=rules.turn_records,
        in_final_round=rules.in_final_round,
        warning=page.warning,
        at_stake=rules.at_stake,
        moment=rules.moment,
    ),
)
