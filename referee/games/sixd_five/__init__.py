"""Six D Five, one package: its rules (``rules``), its play page (``page``), its help page and
printed sheets (``text``).

Its slug, ``sixd-five``, names it in logs and links, and names its templates,
static files and tests.
"""

from referee.core.contract import Hooks, Parts
from referee.games.sixd_five import page, rules, text

PARTS = Parts(
    rules=rules,
    page=page,
    text=text.TEXT,
    hooks=Hooks(
        MOVE_WORDS=page.MOVE_WORDS,
        SERIES=rules.SERIES,
        SERIES_PLACE=rules.SERIES_PLACE,
        turn_records=rules.turn_records,
        seat_free=rules.seat_free,
        table_entry=rules.table_entry,
    ),
)
