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

BELOW_ENTRY, STOLEN = "below entry", "stole from"
MARKS = {
    "bust": "<b>bust</b>: no score on that roll, the turn total was lost (the total stays)",
    "final": "grey: the final round",
    "below": "* banked below the entry threshold: scores 0",
    "stolen": "S: a stolen turn; its points include the total taken over",
    "won": "boxed: the winning total",
}


def turn_cell(record: TurnRecord) -> TurnCell:
    """A scoreboard turn as the sheet writes it."""
    if record.bust:
        text = "bust"
    elif record.note == BELOW_ENTRY:
        text = "0*"
    elif record.note.startswith(STOLEN):
        text = f"S {points(record.points)}"
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
        cells = [c for column in columns.values() for c in column]
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
            legend=_legend(cells, bool(outcome.winners)),
            result=result,
        )
    foot = f"Started {title_date} · {address}"
    furniture = Furniture(f"{game.TITLE} · scoresheet", text.emblem, foot)
    return build(story, paper=paper, title=f"{game.TITLE}: scoresheet", furniture=furniture)


def _legend(cells: Sequence[TurnCell], won: bool) -> str:
    used = []
    if any(c.bust for c in cells):
        used.append("bust")
    if any(c.final_round for c in cells):
        used.append("final")
    if any(c.turn.endswith("*") for c in cells):
        used.append("below")
    if any(c.turn.startswith("S ") for c in cells):
        used.append("stolen")
    if won:
        used.append("won")
    return " · ".join(MARKS[key] for key in used)
