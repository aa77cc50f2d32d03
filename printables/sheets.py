"""Filled scoresheets: a table's replayed state written into its scorepad's layout.

For 10K, Keys and Base Dice and Lucky Sevens every ``TurnRecord`` on the
scoreboard becomes a turn cell and a running total (busts written out, the
final round shaded, the winner's last total boxed); for Solitaire Dice each
sheet's marks become tallies.  Finished or not: an unfinished game prints with
its empty rows ready for the pencil.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from printables.content import SHEET, GameText
from printables.layout import Furniture, PrintError, build
from printables.scorepads import TurnCell, running_story, sheets_story
from referee.engine import Outcome, TurnRecord, points
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


def result_line(outcome: Outcome, names: Sequence[str], leader: str | None = None) -> str:
    """Who won, or who plays next, in words (with SB's original leader once there is one)."""
    led = f" Original leader: {leader}." if leader else ""
    return _result(outcome, names) + led


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
    text: GameText,
    *,
    players: Sequence[str] | None,
    title_date: str,
    address: str,
    paper: str,
) -> bytes:
    """The scoresheet of a replayed table as PDF bytes."""
    game, state = replay.game, replay.state
    names = seating(state)
    if players is not None and list(players) != names:
        raise PrintError(f"The replay seats {', '.join(names)}, not {', '.join(players)}.")
    outcome = replay.outcome
    subtitle = f"{', '.join(names)} · started {title_date}"
    result = result_line(outcome, names, original_leader(state))
    if text.pad == SHEET:
        story = sheets_story(game, text, names=names, heading="scoresheets", subtitle=subtitle,
                             sheets=state.sheets, result=result)  # fmt: skip
    else:
        options = {o.name: getattr(state, o.name, o.default) for o in game.OPTIONS}
        columns: dict[str, list[TurnCell]] = {name: [] for name in names}
        for record in state.board.turns:
            columns[record.player].append(turn_cell(record))
        cells = [c for column in columns.values() for c in column]
        story = running_story(
            game,
            text,
            names=names,
            options=options,
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


def seating(state: Any) -> list[str]:
    """The players of a replayed state in seating order."""
    if hasattr(state, "board"):
        return list(state.board.players)
    return [sheet.player for sheet in state.sheets]


def original_leader(state: Any) -> str | None:
    """The name of Keys and Base Dice's original leader, once someone has reached the target."""
    seat = getattr(state, "leader", None)
    return None if seat is None else state.board.players[seat]


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
