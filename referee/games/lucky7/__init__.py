"""Lucky Sevens, one package: its rules (``rules``), its play page (``page``), its help page
and printed sheets (``text``), its advice (``odds``).

Its slug, ``lucky7``, names it in logs and links, and names its templates,
static files and tests.
"""

from referee.core.contract import Hooks, Parts
from referee.games.lucky7 import odds, page, rules, text

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
        at_stake=rules.at_stake,
        moment=rules.moment,
    ),
)
