"""The turn list of a table page, rendered once per list of turns and kept.

A long game's page lists sixty turns, a third of its rendering; yet most moves (a roll, a
set-aside) finish no turn, and every phone at the table reads the same list.  A game's
turns are a ``TurnLog``: immutable, and kept by the replay from move to move while no
turn ends, so the list rendered for one log object is right for as long as that object
lives.  The rendered lists are kept weakly by their log: they go when the replays that
hold the log go (``replays``' memory budget), and a log made by another replay (after an
undo, in another worker) is rendered afresh.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from typing import Any
from weakref import WeakKeyDictionary

from flask import Flask
from markupsafe import Markup

from referee.engine import TurnLog, TurnRecord

MACROS = "_macros.html"


def register(app: Flask) -> None:
    """Give the templates ``turn_log(turns, **options)``: the ``turn_log`` macro of
    ``_macros.html``, kept per ``TurnLog`` and options."""
    kept: WeakKeyDictionary[TurnLog, dict[tuple[tuple[str, Any], ...], Markup]]
    kept = WeakKeyDictionary()
    lock = threading.Lock()  # a WeakKeyDictionary is not safe under threads by itself

    def turn_log(turns: Sequence[TurnRecord], **options: Any) -> Markup:
        """The turn list of ``turns`` (see the macro for ``options``), rendered or kept."""
        macro = app.jinja_env.get_template(MACROS).module.turn_log  # type: ignore[attr-defined]
        if not isinstance(turns, TurnLog):
            return Markup(macro(turns, **options))
        key = tuple(sorted(options.items()))
        with lock:
            found = kept.get(turns, {}).get(key)
        if found is None:
            found = Markup(macro(turns, **options))
            with lock:
                kept.setdefault(turns, {})[key] = found
        return found

    app.jinja_env.globals["turn_log"] = turn_log
