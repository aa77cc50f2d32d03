"""Filled scoresheets: a table's replayed state written into its scorepad's layout.

For a game kept on a running pad every ``TurnRecord`` becomes a turn cell and a
running total (busts written out, the final round shaded, the winner's last
total boxed); a game kept on tally sheets fills them from its state.  Finished
or not: an unfinished game prints with its empty rows ready for the pencil.
"""

from __future__ import annotations

from collections.abc import Sequence

from printables.layout import Furniture, PrintError, build
from printables.scorepads import TurnCell, running_story, sheets_story
from referee.engine import Outcome, TurnRecord, points
from referee.gametext import TallyPad
from referee.log import Replay

# The legend lines of what every running sheet may show; a turn's own mark brings its line.
MARKS = {
    "bust": "<b>bust</b>: no score on that roll, the turn total was lost (the total stays)",
    "final": "grey: the final round",
    "won": "boxed: the winning total",
}


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
    """The scoresheet of a replayed table as PDF bytes."""
    game, state, outcome = replay.game, replay.state, replay.outcome
    text = game.TEXT
    names = list(outcome.scores)  # in seating order
    if players is not None and list(players) != names:
        raise PrintError(f"The replay seats {', '.join(names)}, not {', '.join(players)}.")
    subtitle = f"{', '.join(names)} · started {title_date}"
    result = result_line(outcome, names, text.result_note(state) if text.result_note else "")
    if isinstance(text.pad, TallyPad):
        story = sheets_story(game, sheets=text.pad.fill(state, names), heading="scoresheets",
                             subtitle=subtitle, result=result)  # fmt: skip
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
