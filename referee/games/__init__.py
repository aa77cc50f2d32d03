"""The games: one package each, and their registry.

Every package here is a game, named after its slug (dashes as underscores: ``sixd-one`` is
``sixd_one``): its ``PARTS`` (``referee.core.contract.Parts``) name its rules, play page, text
and, where it gives odds, its advice; everything else of the game (data tables, the
offline builders that make them) sits in the same package.  The registry makes one
``referee.core.contract.Game`` of each game's parts, every part attached the same way and every
hook a game leaves out given its default, so that nothing else lists the games and no
caller asks whether a game has a hook.

A game's package is imported the first time it is asked for (``get_game``), every one of
them when all are (``all_games``): ``referee replay`` of one game's log loads that game only.
"""

from __future__ import annotations

import importlib
import pkgutil
import threading

from referee.core.contract import Game, Parts
from referee.core.gametext import GameText

_REGISTRY: dict[str, Game] = {}
_LOADING = threading.Lock()  # one import of a game's package at a time, per process


def register(parts: Parts) -> Game:
    """Add the game made of ``parts`` to the registry, under its slug, and return it; a game
    without a text is refused, because its help page and printed sheets are made from it."""
    if not isinstance(parts.text, GameText):
        raise TypeError(f"Game {parts.rules.SLUG!r} has no GameText: its help and sheets need one.")
    game = Game(parts)
    _REGISTRY[game.SLUG] = game
    return game


def _packages() -> dict[str, str]:
    """Every game package here, by the slug its name spells."""
    return {
        info.name.replace("_", "-"): info.name
        for info in pkgutil.iter_modules(__path__)
        if info.ispkg
    }


_PACKAGES = _packages()  # found once: a folder listing, no import


def _load(slug: str, package: str) -> None:
    """Import the game package ``package`` and register its parts, which must be those of
    the game with ``slug``."""
    with _LOADING:
        if slug in _REGISTRY:
            return
        game = register(importlib.import_module(f"{__name__}.{package}").PARTS)
        if game.SLUG != slug:
            del _REGISTRY[game.SLUG]
            raise TypeError(f"The package {package!r} holds the game {game.SLUG!r}: rename one.")


def has_own(game: Game, hook: str) -> bool:
    """True when ``game`` brings its own ``hook`` rather than the default (a page offers the
    odds only for a game that gives advice)."""
    return hook in game.own


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; ``KeyError`` when there is none."""
    if isinstance(slug, str) and slug not in _REGISTRY and slug in _PACKAGES:
        _load(slug, _PACKAGES[slug])
    return _REGISTRY[slug]


def list_order(game: Game) -> tuple[str, int, str]:
    """Where ``game`` comes in a list of games: by title, and a game of a set (``SERIES``)
    at the set's name among the titles, then by its place in the set (``SERIES_PLACE``)."""
    return (game.SERIES or game.TITLE, game.SERIES_PLACE, game.TITLE)


def all_games() -> list[Game]:
    """Every game, in the order lists show them (``list_order``)."""
    for slug, package in _PACKAGES.items():
        if slug not in _REGISTRY:
            _load(slug, package)
    return sorted(_REGISTRY.values(), key=list_order)
