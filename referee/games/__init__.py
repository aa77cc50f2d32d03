"""The games: one pure module each (no Flask, database or randomness), and their registry.

Every module in this package that defines ``SLUG`` is a game; it is found here, by
slug, so that nothing else lists the games.
"""

from __future__ import annotations

import importlib
import pkgutil
from types import ModuleType

from referee.engine import Game

_REGISTRY: dict[str, ModuleType] = {}


def _load_registry() -> dict[str, ModuleType]:
    if not _REGISTRY:
        for info in pkgutil.iter_modules(__path__):
            module = importlib.import_module(f"{__name__}.{info.name}")
            if hasattr(module, "SLUG"):
                _REGISTRY[module.SLUG] = module
    return _REGISTRY


def get_game(slug: str) -> Game:
    """The game registered under ``slug``; ``KeyError`` when there is none."""
    return _load_registry()[slug]  # type: ignore[return-value]


def all_games() -> list[Game]:
    """Every registered game, in title order."""
    games = _load_registry().values()
    return sorted(games, key=lambda g: g.TITLE)  # type: ignore[arg-type, return-value]
