"""Filled scoresheets: a table's replayed state written into its scorepad's layout.

For a game kept on a running pad every ``TurnRecord`` becomes a turn cell and a
running total (busts written out, the final round shaded, the winner's last
total boxed); a game kept on tally sheets fills them from its state.  Finished
or not: an unfinished game prints with its empty rows ready for the pencil.
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from reportlab.lib.units import mm
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from printables import styles
from printables.dice import board_drawing
from printables.layout import Furniture, PrintError, build, frame_size, paragraph
from printables.qr import qr_drawing
from printables.scorepads import TurnCell, running_story, sheets_story
from printables.words import ENGLISH_WORDS, PaperWords
from referee.core.engine import Outcome, TurnRecord
from referee.core.gametext import Grid, TallyPad
from referee.core.sentences import Sentence, both, listed, say
from referee.log import Replay

# The legend lines of what every running sheet may show; a turn's own mark brings its line.
MARKS = {
    "bust": say("<b>bust</b>: no score on that roll, the turn total was lost (the total stays)"),
    "final": say("grey: the final round"),
    "won": say("boxed: the winning total"),
}
QR_SIZE = 21 * mm  # the code and its quiet zone: as tall as a two-line heading


def turn_cell(record: TurnRecord, words: PaperWords = ENGLISH_WORDS) -> TurnCell:
    """A scoreboard turn as the sheet writes it in ``words``' language: "bust", its mark's
    cell, or its points."""
    if record.bust:
        text = words(say("bust"))
    elif record.mark:
        text = words(record.mark.cell).format(points=words.number(record.points))
    else:
        text = words.number(record.points)
    return TurnCell(text, record.total, record.bust, record.final_round)


def result_line(outcome: Outcome, names: Sequence[str], words: PaperWords, note: str = "") -> str:
    """Who won, or who plays next, in ``words``' language, and the game's own ``note`` on
    the result."""
    return " ".join(part for part in (words(_result(outcome, names)), words(note)) if part)


def _result(outcome: Outcome, names: Sequence[str]) -> Sentence:
    if outcome.over:
        if not outcome.winners:
            return say("Game over: {score}, no win.", score=max(outcome.scores.values()))
        best = outcome.scores[outcome.winners[0]]
        if len(outcome.winners) == 1:
            return say("Winner: {player} with {score}.", player=outcome.winners[0], score=best)
        return say("Winners: {players} share the win with {score}.",
                   players=both(outcome.winners), score=best)  # fmt: skip
    scores = listed([say("{player} {score}", player=name, score=outcome.scores[name])
                     for name in names])  # fmt: skip
    if outcome.to_move:
        return say("Not finished. {player} plays next. Scores so far: {scores}.",
                   player=outcome.to_move, scores=scores)  # fmt: skip
    return say("Not finished. Scores so far: {scores}.", scores=scores)


def filled_sheet_pdf(
    replay: Replay,
    *,
    players: Sequence[str] | None,
    title_date: str,
    address: str,
    paper: str,
    words: PaperWords,
) -> bytes:
    """The scoresheet of a replayed table as PDF bytes in ``words``' language, the QR code
    of ``address`` at the top right and the address in the foot."""
    game, state, outcome = replay.game, replay.state, replay.outcome
    text = game.TEXT
    names = list(outcome.scores)  # in seating order
    if players is not None and list(players) != names:
        raise PrintError(say("The replay seats {players}, not {asked}.",
                             players=", ".join(names), asked=", ".join(players)))  # fmt: skip
    title = words(game.TITLE)
    subtitle = words(say("{players} · started {date}", players=", ".join(names), date=title_date))
    note = text.result_note(state) if text.result_note else ""
    result = result_line(outcome, names, words, note)
    width = frame_size(paper)[0]
    boards = boards_story(text.sheet_boards(state) if text.sheet_boards else (), width, words)
    corner = qr_drawing(address, QR_SIZE) if address else None
    heading = words(say("{game}: scoresheet", game=title))
    if isinstance(text.pad, TallyPad):
        story = sheets_story(game, sheets=text.pad.fill(state, names),
                             heading=words(say("{game}: scoresheets", game=title)),
                             subtitle=subtitle, result=result, width=width, words=words,
                             corner=corner) + boards  # fmt: skip
    else:
        columns: dict[str, list[TurnCell]] = {name: [] for name in names}
        for record in game.turn_records(state):
            columns[record.player].append(turn_cell(record, words))
        story = running_story(
            game,
            text.pad,
            names=names,
            options=replay.options,
            paper=paper,
            heading=heading,
            subtitle=subtitle,
            words=words,
            columns=list(columns.values()),
            winners=outcome.winners,
            legend=_legend(game.turn_records(state), bool(outcome.winners), words),
            result=result,
            extra=boards,
            corner=corner,
        )
    foot = words(say("Started {date} · {address}", date=title_date, address=address))
    furniture = Furniture(words(say("{game} · scoresheet", game=title)), text.emblem, foot, words)
    return build(story, paper=paper, title=heading, furniture=furniture)


def _legend(records: Sequence[TurnRecord], won: bool, words: PaperWords) -> str:
    """The legend lines for what the sheet shows, in ``words``' language: busts, the final
    round, the turns' own marks (each once, in order of first use), and the boxed winning
    total."""
    lines = []
    if any(r.bust for r in records):
        lines.append(words(MARKS["bust"]))
    if any(r.final_round for r in records):
        lines.append(words(MARKS["final"]))
    marked = (r.mark for r in records if r.mark and not r.bust)
    lines += dict.fromkeys(words(mark.legend) for mark in marked if mark.legend)
    if won:
        lines.append(words(MARKS["won"]))
    return " · ".join(lines)


BOARD_DIE = 14  # the largest die on a sheet's boards; a wide board shrinks to its column
BOARDS_PER_ROW = 2
BOARD_GUTTER = 12


def boards_story(
    boards: Sequence[tuple[str, Grid]], width: float, words: PaperWords = ENGLISH_WORDS
) -> list[Flowable]:
    """The game's boards under a filled sheet (its ``sheet_boards``), two abreast, each
    under its caption, in ``words``' language; a board without dice says so."""
    if not boards:
        return []
    column = width / BOARDS_PER_ROW
    cells: list[list[Flowable]] = []
    for caption, grid in boards:
        figure: Flowable
        if any(square is not None for row in grid for square in row):
            figure = board_drawing(grid, width=column - BOARD_GUTTER, size=BOARD_DIE)
        else:
            figure = paragraph(words(say("no dice")), styles.SMALL)
        cells.append(
            [
                paragraph(escape(words(caption)), styles.CAPTION),
                Spacer(1, 3),
                figure,
                Spacer(1, 8),
            ]
        )
    rows = [cells[n : n + BOARDS_PER_ROW] for n in range(0, len(cells), BOARDS_PER_ROW)]
    rows[-1] += [[]] * (BOARDS_PER_ROW - len(rows[-1]))
    table = Table(rows, colWidths=[column] * BOARDS_PER_ROW, style=TableStyle(styles.LAYOUT),
                  hAlign="LEFT")  # fmt: skip
    return [Spacer(1, 10), table]
