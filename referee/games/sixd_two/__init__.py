"""Six D Two, one package: its rules (``rules``), its play page (``page``), its help page and
printed sheets (``text``).

Its slug, ``sixd-two``, names it in logs and links, and names its templates,
static files and tests.
"""

from referee.core.contract import Hooks, Parts
from referee.games.sixd_two import page, rules, text

PARTS = Parts(
    rules=rules,
    page=page,
    text=text.TEXT,
    hooks=Hooks(
        TURN_WORD=page.TURN_WORD,
        MOVE_WORDS=page.MOVE_WORDS,
        SERIES=rules.SERIES,
        SERIES_PLACE=rules.SERIES_PLACE,
        player_notes=page.player_notes,
        turn_records=rules.turn_records,
        warning=page.warning,
        is_setup=rules.is_setup,
        table_entry=rules.table_entry,
        photo_entry=page.photo_entry,
    ),
)
