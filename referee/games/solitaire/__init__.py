"""Sid Sackson's Solitaire Dice, one package: its rules (``rules``), its play page (``page``),
its help page and printed sheets (``text``), its advice (``odds``).

``data/`` holds its table of odds, made offline by ``build`` (``make odds-table``),
which nothing at run time imports.

Its slug, ``solitaire``, names it in logs and links, and names its templates,
static files and tests.
"""

from referee.core.contract import Parts
from referee.games.solitaire import odds, page, rules, text

PARTS = Parts(rules=rules, page=page, text=text.TEXT, odds=odds)
