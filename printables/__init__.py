"""Printable PDFs: rule sheets, blank scorepads and filled scoresheets.

Pure: engine data in (a game module, a replayed table), PDF bytes out; no Flask,
no database.  Every document is built with reportlab's Platypus on A4 or US
Letter in standard Helvetica, reads in black and white, and keeps 15 mm clear
at every edge.

    rule_sheet(game, paper="a4") -> bytes
    scorepad(game, players=4, paper="a4") -> bytes
    filled_sheet(replay, title_date=..., address=..., paper="a4") -> bytes
    has_documents(game) / documented_games()   which games have documents
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from printables.content import GAMES, GameText, defaults
from printables.layout import PrintError, page_size
from printables.rules import rule_sheet_pdf
from printables.scorepads import scorepad_pdf
from printables.sheets import filled_sheet_pdf
from printables.styles import PAPERS
from referee.engine import Game, resolve_options
from referee.errors import SetupError
from referee.games import get_game
from referee.log import Replay

__all__ = [
    "PAPERS",
    "PrintError",
    "documented_games",
    "filled_sheet",
    "has_documents",
    "rule_sheet",
    "scorepad",
]

MIN_PAD_PLAYERS, MAX_PAD_PLAYERS = 1, 8
GameRef = Game | str


def has_documents(game: GameRef) -> bool:
    """True when ``game`` (a module or a slug) has a rule sheet, scorepad and scoresheet."""
    return (game if isinstance(game, str) else game.SLUG) in GAMES


def documented_games() -> list[Game]:
    """Every game with documents, in the registry's title order."""
    return [get_game(slug) for slug in sorted(GAMES, key=lambda s: get_game(s).TITLE)]


def rule_sheet(game: GameRef, paper: str = "a4") -> bytes:
    """The game's rules, scoring table, worked example and every ruling, on 1-2 pages."""
    module, text = _documents(game)
    page_size(paper)
    return rule_sheet_pdf(module, text, paper.lower())


def scorepad(
    game: GameRef,
    players: int = 4,
    paper: str = "a4",
    options: Mapping[str, int] | None = None,
) -> bytes:
    """A blank scorepad: running totals for ``players`` players, or Solitaire sheets.

    ``options`` (the game's table options, defaults filled in) set the target
    and threshold printed at the top.
    """
    module, text = _documents(game)
    page_size(paper)
    if not MIN_PAD_PLAYERS <= players <= MAX_PAD_PLAYERS:
        raise PrintError(
            f"A scorepad is for {MIN_PAD_PLAYERS} to {MAX_PAD_PLAYERS} players, not {players}."
        )
    try:
        chosen = resolve_options(module, options) if options else defaults(module.OPTIONS)
    except SetupError as exc:
        raise PrintError(str(exc)) from None
    return scorepad_pdf(module, text, players=players, paper=paper.lower(), options=chosen)


def filled_sheet(
    replay: Replay,
    *,
    players: Sequence[str] | None = None,
    title_date: str,
    address: str,
    paper: str = "a4",
) -> bytes:
    """A table's scoresheet, finished or not, with ``title_date`` and ``address`` in the foot.

    ``replay`` is ``referee.log.replay`` of the table's log; ``players``, when
    given, must be its seating (a check against printing the wrong table).
    """
    _, text = _documents(replay.game)
    page_size(paper)
    return filled_sheet_pdf(replay, text, players=players, title_date=title_date,
                            address=address, paper=paper.lower())  # fmt: skip


def _documents(game: GameRef) -> tuple[Game, GameText]:
    try:
        module = get_game(game) if isinstance(game, str) else game
    except KeyError:
        raise PrintError(f"Unknown game {game!r}.") from None
    text = GAMES.get(module.SLUG)
    if text is None:
        raise PrintError(f"{module.TITLE} has no printable documents yet.")
    return module, text
