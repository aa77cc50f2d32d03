"""An app whose Six D Six page lists every set of the square before it asks whether one
fits, as the page did before issue 46: on a sorted square that never ends, and nothing in
it checks the deadline, so only the watchdog (``referee.web.guard.overtime``) stops it.
The real-server tests serve it as ``tests.slow_pages:create_app()``."""

from __future__ import annotations

from typing import Any

from flask import Flask


def every_set_first(state: Any) -> Any:
    """Whether a set fits, worked out the slow way once the second player has taken."""
    from referee.games.sixd_six import rules

    if len(state.areas[1]):
        return next(iter(rules.legal_sets(state.board)), None)
    return rules.first_take(state)


def create_app() -> Flask:
    """The app, its Six D Six page the slow way."""
    from referee.games.sixd_six import page
    from referee.web import create_app as real

    page.first_take = every_set_first  # type: ignore[assignment]
    return real()
