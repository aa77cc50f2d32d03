"""Six D One, one package: its rules (``rules``), its play page (``page``), its help page and
printed sheets (``text``).

Its slug, ``sixd-one``, names it in logs and links, and names its templates,
static files and tests.
"""

from referee.core.contract import Parts
from referee.games.sixd_one import page, rules, text

PARTS = Parts(rules=rules, page=page, text=text.TEXT)
