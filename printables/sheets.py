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
from reportlab.platypus import Flowable, Paragraph, Spacer, Table, TableStyle

from printables import styles
from printables.dice import board_drawing
from printables.layout import Furniture, PrintError, build, frame_size
from printables.qr import qr_drawing
from printables.scorepads import TurnCell, running_story, sheets_story
from referee.core.engine import Outcome, TurnRecord, points
from referee.core.gametext import Grid, TallyPad
from referee.log import Replay

# The legend lines of what every running sheet may show; a turn's own mark brings its line.
MARKS = {
    "bust": "<b>bust</b>: no score on that roll, the turn total was lost (the total stays)",
    "final": "grey: the final round",
    "won": "boxed: the winning total",
}
QR_SIZE = 21 * mm  # the code and its quiet zone: as tall as a two-line heading


def turn_cell(record: TurnRecord) -> TurnCell:
    """A scoreboard turn as the sheet writes it: "bust", its mark's cell, or its points."""
    if record.bust:
        text = "bust"
    elif record.mark:
        text = record.mark.cell.format(points=points(record.points))
    else:
        text = points(record.points)
    return TurnCell(text, record.total, record.bust, record.final_round)


def result_line(outcome: Outcome, names: Sequence[str], note: str = "") -> str:
    """Who won, or who plays next, in words, and the game's own ``note`` on the result."""
    return " ".join(part for part in (_result(outcome, names), note) if part)


def _result(outcome: Outcome, names: Sequence[str]) -> str:
    if outcome.over:
        if not outcome.winners:
            return f"Game over: {points(max(outcome.scores.values()))}, no win."
        best = points(outcome.scores[outcome.winners[0]])
        if len(outcome.winners) == 1:
            return f"Winner: {outcome.winners[0]} with {best}."
        return f"Winners: {' and '.join(outcome.winners)} share the win with {best}."
    scores = ", ".join(f"{name} {points(outcome.scores[name])}" for name in names)
    nxt = f" {outcome.to_move} plays next." if outcome.to_move else ""
    return f"Not finished.{nxt} Scores so far: {scores}."


def filled_sheet_pdf(
    replay: Replay,
    *,
    players: Sequence[str] | None,
    title_date: str,
    address: str,
    paper: str,
) -> bytes:
    """The scoresheet of a replayed table as PDF bytes, the QR code of ``address`` at the
    top right and the address in the foot."""
    game, state, outcome = replay.game, replay.state, replay.outcome
    text = game.TEXT
    names = list(outcome.scores)  # in seating order
    if players is not None and list(players) != names:
        raise PrintError(f"The replay seats {', '.join(names)}, not {', '.join(players)}.")
    subtitle = f"{', '.join(names)} · started {title_date}"
    result = result_line(outcome, names, text.result_note(state) if text.result_note else "")
    width = frame_size(paper)[0]
    boards = boards_story(text.sheet_boards(state) if text.sheet_boards else (), width)
    corner = qr_drawing(address, QR_SIZE) if address else None
    if isinstance(text.pad, TallyPad):
        story = sheets_story(game, sheets=text.pad.fill(state, names), heading="scoresheets",
                             subtitle=subtitle, result=result, width=width,
                             corner=corner) + boards  # fmt: skip
    else:
        columns: dict[str, list[TurnCell]] = {name: [] for name in names}
        for record in game.turn_records(state):
            columns[record.player].append(turn_cell(record))
        story = running_story(
            game,
            text.pad,
            names=names,
            options=replay.options,
            paper=paper,
            heading="scoresheet",
            subtitle=subtitle,
            columns=list(columns.values()),
            winners=outcome.winners,
            legend=_legend(game.turn_records(state), bool(outcome.winners)),
            result=result,
            extra=boards,
            corner=corner,
        )
    foot = f"Started {title_date} · {address}"
    furniture = Furniture(f"{game.TITLE} · scoresheet", text.emblem, foot)
    return build(story, paper=paper, title=f"{game.TITLE}: scoresheet", furniture=furniture)


def _legend(records: Sequence[TurnRecord], won: bool) -> str:
    """The legend lines for what the sheet shows: busts, the final round, the turns' own
    marks (each once, in order of first use), and the boxed winning total."""
    lines = []
    if any(r.bust for r in records):
        lines.append(MARKS["bust"])
    if any(r.final_round for r in records):
        lines.append(MARKS["final"])
    marked = (r.mark for r in records if r.mark and not r.bust)
    lines += dict.fromkeys(mark.legend for mark in marked if mark.legend)
    if won:
        lines.append(MARKS["won"])
    return " · ".join(lines)


BOARD_DIE = 14  # the largest die on a sheet's boards; a wide board shrinks to its column
BOARDS_PER_ROW = 2
BOARD_GUTTER = 12


def boards_story(boards: Sequence[tuple[str, Grid]], width: float) -> list[Flowable]:
    """The game's boards under a filled sheet (its ``sheet_boards``), two abreast, each
    under its caption; a board without dice says so."""
    if not boards:
        return []
    column = width / BOARDS_PER_ROW
    cells: list[list[Flowable]] = []
    for caption, grid in boards:
        figure: Flowable
        if any(square is not None for row in grid for square in row):
            figure = board_drawing(grid, width=column - BOARD_GUTTER, size=BOARD_DIE)
        else:
            figure = Paragraph("no dice", styles.SMALL)
        cells.append(
            [Paragraph(escape(caption), styles.CAPTION), Spacer(1, 3), figure, Spacer(1, 8)]
        )
    rows = [cells[n : n + BOARDS_PER_ROW] for n in range(0, len(cells), BOARDS_PER_ROW)]
    rows[-1] += [[]] * (BOARDS_PER_ROW - len(rows[-1]))
    table = Table(rows, colWidths=[column] * BOARDS_PER_ROW, style=TableStyle(styles.LAYOUT),
                  hAlign="LEFT")  # fmt: skip
    return [Spacer(1, 10), table]
