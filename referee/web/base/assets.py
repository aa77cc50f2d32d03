"""A game's own stylesheet and script: ``static/games/<slug>.css`` and ``.js``, if it has them.

The layout (``base.html``) links them on every page about one game, after the shared ones,
so a game's look and live help stay in its own files and no shared file names a game.
Which files exist is looked up once, when the app is built.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from flask import Flask

from referee.core.contract import Game

FOLDER = "games"


@dataclass(frozen=True)
class GameAssets:
    """A game's stylesheet and script as paths under ``static/``; None for one it lacks."""

    stylesheet: str | None = None
    script: str | None = None


NONE = GameAssets()


def find_assets(static_folder: Path) -> dict[str, GameAssets]:
    """The assets in ``static_folder``'s ``games`` folder, by the slug that names them."""
    folder = static_folder / FOLDER
    slugs = {path.stem for path in folder.glob("*") if path.suffix in (".css", ".js")}

    def existing(name: str) -> str | None:
        return f"{FOLDER}/{name}" if (folder / name).is_file() else None

    return {slug: GameAssets(existing(f"{slug}.css"), existing(f"{slug}.js")) for slug in slugs}


def register(app: Flask) -> None:
    """Look the games' assets up once; templates ask with ``game_assets(game)``."""
    static = app.static_folder
    found = find_assets(Path(static)) if static else {}

    def game_assets(game: Game) -> GameAssets:
        """The stylesheet and script of ``game`` (neither, for a game without its own)."""
        return found.get(game.SLUG, NONE)

    app.add_template_global(game_assets)
