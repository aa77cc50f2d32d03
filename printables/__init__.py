"""Printable PDFs: rule sheets, blank scorepads and filled scoresheets.

Pure: engine data in (a game module and its text, a replayed table), PDF bytes
out; no Flask, no database.  Every document is built with reportlab's Platypus
on A4 or US Letter in DejaVu Sans (shipped in ``printables/fonts``), reads in black
and white, and keeps 15 mm clear at every edge.  Each is written in the language
it is asked for (``language``, "de": its words from the shipped catalogue, its
numbers in the locale's format; see ``printables.words``), English by default.

    rule_sheet(game, paper="a4", language="en") -> bytes
    scorepad(game, players=4, paper="a4", language="en") -> bytes
    filled_sheet(replay, title_date=..., address=..., paper="a4", language="en") -> bytes
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from printables.layout import PrintError, page_size
from printables.rules import rule_sheet_pdf
from printables.scorepads import scorepad_pdf
from printables.sheets import filled_sheet_pdf
from printables.styles import PAPERS
from printables.words import ENGLISH, PaperWords, UnknownLanguage, words_for
from referee.core.contract import Game
from referee.core.errors import SetupError
from referee.core.gametext import defaults
from referee.core.moves import resolve_options
from referee.core.sentences import say
from referee.games import get_game
from referee.log import Replay

__all__ = [
    "PAPERS",
    "PrintError",
    "filled_sheet",
    "rule_sheet",
    "scorepad",
]

MIN_PAD_PLAYERS, MAX_PAD_PLAYERS = 1, 8
GameRef = Game | str


def rule_sheet(game: GameRef, paper: str = "a4", language: str = ENGLISH) -> bytes:
    """The game's rules, scoring table, worked example and every ruling, on 1-2 pages."""
    module = _game(game)
    page_size(paper)
    return rule_sheet_pdf(module, paper.lower(), _words(language))


def scorepad(
    game: GameRef,
    players: int = 4,
    paper: str = "a4",
    options: Mapping[str, int] | None = None,
    language: str = ENGLISH,
) -> bytes:
    """A blank scorepad: running totals for ``players`` players, or that many tally sheets.

    ``options`` (the game's table options, defaults filled in) set the target
    and threshold printed at the top.
    """
    module = _game(game)
    page_size(paper)
    if not MIN_PAD_PLAYERS <= players <= MAX_PAD_PLAYERS:
        raise PrintError(
            say("A scorepad is for {least} to {most} players, not {players}.",
                least=MIN_PAD_PLAYERS, most=MAX_PAD_PLAYERS, players=players)
        )  # fmt: skip
    try:
        chosen = resolve_options(module, options) if options else defaults(module.OPTIONS)
    except SetupError as exc:
        raise PrintError(exc.args[0] if exc.args else str(exc)) from None
    return scorepad_pdf(module, players=players, paper=paper.lower(), options=chosen,
                        words=_words(language))  # fmt: skip


def filled_sheet(
    replay: Replay,
    *,
    players: Sequence[str] | None = None,
    title_date: str,
    address: str,
    paper: str = "a4",
    language: str = ENGLISH,
) -> bytes:
    """A table's scoresheet, finished or not, with ``title_date`` and ``address`` in the foot
    and the QR code of ``address`` (when there is one) at the top right of page 1.

    ``replay`` is ``referee.log.replay`` of the table's log; ``players``, when
    given, must be its seating (a check against printing the wrong table).
    """
    page_size(paper)
    return filled_sheet_pdf(replay, players=players, title_date=title_date,
                            address=address, paper=paper.lower(),
                            words=_words(language))  # fmt: skip


def _game(game: GameRef) -> Game:
    try:
        return get_game(game) if isinstance(game, str) else game
    except KeyError:
        raise PrintError(say("Unknown game {game}.", game=repr(game))) from None


def _words(language: str) -> PaperWords:
    try:
        return words_for(language)
    except UnknownLanguage:
        raise PrintError(say("Unknown language {language}.", language=repr(language))) from None
