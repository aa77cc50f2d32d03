"""Parts of a table page rendered once and kept: the turn list, the scoreboard and the
join panel.

A move rarely changes them (a roll or a set-aside ends no turn and banks nothing), every
phone at the table shows the same, and together they are over a third of a long game's
page.  Each is the macro of ``_macros.html`` of the same name, kept by exactly what it is
rendered from:

- the turn list by its ``TurnLog``, the very object (which never changes, and which the
  replay keeps from move to move while no turn ends): found by its identity, checked
  through a weak reference, never by comparing two logs turn by turn;
- the scoreboard by the scores, the winners, the player to move and the notes shown;
- the join panel by the table's link and the scheme, host and root the page was asked at.

Each is kept in the phone's language.  All three are kept in one least-recently-used cache
of ``KEPT_BYTES``.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any
from weakref import ref

from flask import Flask, request
from markupsafe import Markup

from referee.core.engine import Outcome, TurnLog, TurnRecord
from referee.web.base.languages import language
from referee.web.base.models import TableFacts
from referee.web.base.weighed import WeighedCache

MACROS = "_macros.html"
KEPT_BYTES = 4 * 1024 * 1024  # a few hundred tables' turn lists, scoreboards and join panels


def register(app: Flask) -> None:
    """Give the templates ``turn_log``, ``scoreboard`` and ``join_panel``: the macros of
    ``_macros.html``, each rendered once per what it shows and kept."""
    by_key: WeighedCache[tuple[str, str, Hashable], Markup] = WeighedCache(KEPT_BYTES)
    by_log: WeighedCache[tuple[int, str, Hashable], tuple[ref[TurnLog], Markup]]
    by_log = WeighedCache(KEPT_BYTES)

    def rendered(name: str, *args: Any, **options: Any) -> Markup:
        macro = getattr(app.jinja_env.get_template(MACROS).module, name)
        return Markup(macro(*args, **options))

    def kept(name: str, key: Hashable, *args: Any) -> Markup:
        kept_as = (name, language(), key)
        found = by_key.get(kept_as)
        if found is None:
            found = rendered(name, *args)
            by_key.put(kept_as, found, len(found))
        return found

    def turn_log(turns: Sequence[TurnRecord], **options: Any) -> Markup:
        """The turn list of ``turns`` (see the macro for ``options``)."""
        if not isinstance(turns, TurnLog):
            return rendered("turn_log", turns, **options)
        key = (id(turns), language(), tuple(sorted(options.items())))
        found = by_log.get(key)
        if found is not None and found[0]() is turns:  # not another log that got its id
            return found[1]
        shown = rendered("turn_log", turns, **options)
        by_log.put(key, (ref(turns), shown), len(shown))
        return shown

    def scoreboard(outcome: Outcome, notes: Mapping[str, str]) -> Markup:
        """The scores in seating order, with ``notes`` beside the players' names."""
        shown = (
            tuple(outcome.scores.items()),
            tuple(outcome.winners),
            outcome.to_move,
            tuple(notes.items()),
        )
        return kept("scoreboard", shown, outcome, notes)

    def join_panel(table: TableFacts) -> Markup:
        """How other phones join the table: its code, QR code and link."""
        asked = request._get_current_object()  # type: ignore[attr-defined]  # the proxy's own
        return kept("join_panel", (table.token, asked.scheme, asked.host, asked.root_path), table)

    app.jinja_env.globals.update(turn_log=turn_log, scoreboard=scoreboard, join_panel=join_panel)
