"""The games: one package each, and their registry.

Every package here is a game: its ``PARTS`` (``referee.contract.Parts``) name its rules,
play page, text and, where it gives odds, its advice; everything else of the game (data
tables, the offline builders that make them) sits in the same package.  The registry
makes one ``referee.contract.Game`` of each game's parts at the first import, every part
attached the same way and every hook a game leaves out given its default, so that
nothing else lists the games and no caller asks whether a game has a hook.
"""

from __future__ import annotations

import importlib
import pkgutil

from referee.contract import Game, Parts
from referee.gametext import GameText

_REGISTRY: dict[str, Game] = {}


def register(parts: Parts) -> Game:
    """Add the game made of ``parts`` to the registry, under its slug, and return it; a game
    without a text is refused, because its help page and printed sheets are made from it."""
    if not isinstance(parts.text, GameText):
        raise TypeError(f"Game {parts.rules.SLUG!r} has no GameText: its help and sheets need one.")
    game = Game(parts)
    _REGISTRY[game.SLUG] = game
    return game


def _load_all() -> None:
    """Register the parts of every game package here."""
    for info in pkgutil.iter_modules(__path__):
        if info.ispkg:
            register(importlib.import_module(f"{__name__}.{info.name}").PARTS)


def has_own(game: Game, hook: str) -> bool:
    """True when ``game`` brings its own ``hook`` rather than the default (a page offers the
    odds only for a game that gives advice)."""
    return hook in game.own


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; ``KeyError`` when there is none."""
    return _REGISTRY[slug]


def list_order(game: Game) -> tuple[str, int, str]:
    """Where ``game`` comes in a list of games: by title, and a game of a set (``SERIES``)
    at the set's name among the titles, then by its place in the set (``SERIES_PLACE``)."""
    return (game.SERIES or game.TITLE, game.SERIES_PLACE, game.TITLE)


def all_games() -> list[Game]:
    """Every registered game, in the order lists show them (``list_order``)."""
    return sorted(_REGISTRY.values(), key=list_order)


_load_all()
