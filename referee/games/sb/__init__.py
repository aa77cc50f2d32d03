"""Keys and Base Dice, one package: its rules (``rules``), its play page (``page``), its help
page and printed sheets (``text``), its advice (``odds``).

Its slug, ``sb``, names it in logs and links, and names its templates,
static files and tests.
"""

from referee.core.contract import Hooks, Parts
from referee.games.sb import odds, page, rules, text

PARTS = Parts(
    rules=rules,
    page=page,
    text=text.TEXT,
    odds=odds,
    hooks=Hooks(
        MOVE_WORDS=page.MOVE_WORDS,
        TABLE_SETTINGS=page.TABLE_SETTINGS,
        player_notes=page.player_notes,
        turn_records=rules.turn_records,
        in_final_round=rules.in_final_round,
        keys_to_roll=rules.keys_to_roll,
        at_stake=rules.at_stake,
        moment=rules.moment,
        photo_entry=page.photo_entry,
    ),
)
