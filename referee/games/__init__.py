"""The games: one pure module each (no Flask, database or randomness), and their registry.

Every module in this package that defines ``SLUG`` is a game, and a module that
defines ``TEXT`` (a ``referee.gametext.GameText``) is the text of the game with that
slug; both are found here, so that nothing else lists the games.  At registration
each optional capability of the contract (``referee.engine.Game``) that a game leaves
out gets its default, once, the way boardgame.io fills in ``playerView``: callers
never ask whether a game has one.
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Mapping, Sequence
from types import ModuleType
from typing import Any

from referee.engine import Game
from referee.gametext import GameText

_REGISTRY: dict[str, ModuleType] = {}
_DEFAULTED: dict[str, frozenset[str]] = {}  # per game, the capabilities it left to DEFAULTS


def _no_turns(state: Any) -> tuple[()]:
    return ()


def _never(state: Any) -> bool:
    return False


def _no_warning(state: Any, move: Mapping[str, Any]) -> None:
    return None


def _nothing(state: Any) -> int:
    return 0


def _no_notes(state: Any) -> dict[str, str]:
    return {}


def _none(state: Any) -> None:
    return None


def _no_key(state: Any, move: Mapping[str, Any]) -> None:
    return None


def _the_tables(state: Any, move: Mapping[str, Any]) -> None:
    return None


def _never_setup(state: Any, move: Mapping[str, Any]) -> bool:
    return False


def _as_is(state: Any, player: str) -> Any:
    return state


def _rotated(players: Sequence[str]) -> tuple[str, ...]:
    return (*players[1:], *players[:1])


def _no_odds(values: Mapping[str, Any]) -> None:
    return None


DEFAULTS: dict[str, Any] = {
    "TURN_WORD": "turn",
    "MOVE_WORDS": {},
    "SERIES": "",
    "SERIES_PLACE": 0,
    "next_seating": _rotated,
    "SIMULTANEOUS": frozenset(),
    "player_notes": _no_notes,
    "turn_records": _no_turns,
    "in_final_round": _never,
    "warning": _no_warning,
    "waiting_for": _none,
    "player_of": _the_tables,
    "is_setup": _never_setup,
    "keys_to_roll": _nothing,
    "at_stake": _nothing,
    "table_entry": _none,
    "advice": _none,
    "moment": _none,
    "advice_key": _no_key,
    "facing": _as_is,
    "ODDS_FLAGS": (),
    "advice_for": _no_odds,
    "forced": _none,
    "seat_free": _never,
}


def register(module: ModuleType, text: GameText | None = None) -> None:
    """Add a game module to the registry with its text, filling in the defaults it leaves out.

    The text is ``text`` or the module's own ``TEXT``; a game without one is refused,
    because its help page and printed sheets are made from it.
    """
    if text is not None:
        setattr(module, "TEXT", text)  # noqa: B010 (a module, not a class)
    if not isinstance(getattr(module, "TEXT", None), GameText):
        raise TypeError(f"Game {module.SLUG!r} has no GameText: its help and sheets need one.")
    missing = frozenset(name for name in DEFAULTS if not hasattr(module, name))
    for name in missing:
        setattr(module, name, DEFAULTS[name])
    _DEFAULTED[module.SLUG] = missing
    _REGISTRY[module.SLUG] = module


def _load_all() -> None:
    """Import every module of this package: games define ``SLUG``, their texts ``TEXT``."""
    modules = [
        importlib.import_module(f"{__name__}.{info.name}")
        for info in pkgutil.iter_modules(__path__)
    ]
    texts = {m.TEXT.slug: m.TEXT for m in modules if not hasattr(m, "SLUG") and hasattr(m, "TEXT")}
    for module in modules:
        if hasattr(module, "SLUG"):
            register(module, texts.get(module.SLUG))


def has_own(game: Game, capability: str) -> bool:
    """True when ``game`` brings its own ``capability`` rather than the default (a page
    offers the odds only for a game that gives advice)."""
    return capability not in _DEFAULTED[game.SLUG]


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; ``KeyError`` when there is none."""
    return _REGISTRY[slug]  # type: ignore[return-value]


def list_order(game: Game) -> tuple[str, int, str]:
    """Where ``game`` comes in a list of games: by title, and a game of a set (``SERIES``)
    at the set's name among the titles, then by its place in the set (``SERIES_PLACE``)."""
    return (game.SERIES or game.TITLE, game.SERIES_PLACE, game.TITLE)


def all_games() -> list[Game]:
    """Every registered game, in the order lists show them (``list_order``)."""
    return sorted(_REGISTRY.values(), key=list_order)  # type: ignore[arg-type, return-value]


# At the package's first import, so that a game module imported on its own
# (``from referee.games import tenk``) already has its defaults and its text.
_load_all()
