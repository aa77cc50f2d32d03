"""Six D One (Six D Six, game one): cover the board the roller laid out, score your groups.

Each round one player rolls six black dice per player and lays them out, values
unchanged, in any shape in which every die touches another orthogonally.  Starting
left of that roller the players in turn cover one free board die with one of their
own six dice turned to the same number, until the board is full.  Then each player's
orthogonally connected groups score (sum of pips) x (dice in the group).  Round k is
rolled by seat k mod n; after players x ``rounds_per_player`` rounds the highest total
wins (ties share the win).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.core.dice import parse_die
from referee.core.engine import BOARD, BoardEntry, Option, Outcome, RuleViolation
from referee.core.moves import Cell, where
from referee.core.sentences import Sentence, say
from referee.families.boards import is_over as is_over
from referee.families.grid import (
    BLACK,
    Board,
    check_touching,
    colour_name,
    group_of,
    groups,
    parse_board,
    parse_cell,
    seat_colour,
)
from referee.families.rounds import RoundTotals, listed, result, standing
from referee.families.rounds import turn_records as turn_records
from referee.families.rounds import turns_done as turns_done

SLUG = "sixd-one"
TITLE = say("Six D One")
SERIES = "Six D"
SERIES_PLACE = 1
KIND = BOARD
MIN_PLAYERS = 2
MAX_PLAYERS = 6
DICE_EACH = 6
MAX_SIDE = DICE_EACH * MAX_PLAYERS  # the longest board: every die in one line
OPTIONS = (
    Option(
        "rounds_per_player",
        1,
        say("Rounds per player"),
        say("How many times each player rolls and lays out the board."),
        minimum=1,
        maximum=3,
    ),
)


def group_score(values: Sequence[int]) -> int:
    """What one group of a player's dice scores: (sum of pips) x (dice in the group)."""
    return sum(values) * len(values)


@dataclass(frozen=True)
class PlayedRound:
    """A finished round: its board and who covered which die, in the order placed."""

    board: Board
    covers: tuple[tuple[Cell, int], ...]


@dataclass(frozen=True)
class SixDOne:
    """The state of a Six D One table.

    ``board`` is None until the round's roller lays it out; ``covers`` lists the
    covered cells with the seat that covered each, in the order they were placed;
    ``played`` keeps the boards of the finished rounds, for the players to look back at.
    """

    totals: RoundTotals
    rounds: int
    round: int = 0
    board: Board | None = None
    covers: tuple[tuple[Cell, int], ...] = ()
    ruling: str = ""
    played: tuple[PlayedRound, ...] = ()

    @property
    def players(self) -> tuple[str, ...]:
        """The seating order."""
        return self.totals.players

    @property
    def over(self) -> bool:
        """True once every round has been played."""
        return self.round >= self.rounds

    @property
    def dice(self) -> int:
        """How many dice a board holds: six per player."""
        return DICE_EACH * len(self.players)

    @property
    def roller(self) -> int:
        """The seat that rolls and lays out this round's board."""
        return self.round % len(self.players)

    @property
    def seat(self) -> int:
        """The seat to place next: the roller's left, then round the table."""
        return (self.roller + 1 + len(self.covers)) % len(self.players)

    def owners(self) -> dict[Cell, int]:
        """Each covered cell with the seat that covered it."""
        return dict(self.covers)


def player_groups(board: Board, covers: Sequence[tuple[Cell, int]], seat: int) -> list[list[int]]:
    """The pips of each orthogonal group of ``seat``'s dice on ``board``, in reading order."""
    mine = [cell for cell, owner in covers if owner == seat]
    return [[_value(board, cell) for cell in group] for group in groups(mine)]


def _value(board: Board, cell: Cell) -> int:
    die = board.rows[cell[0]][cell[1]]
    assert die is not None
    return die.value


def round_points(board: Board, covers: Sequence[tuple[Cell, int]], seat: int) -> int:
    """What ``seat``'s dice on ``board`` score: the sum of their groups' scores."""
    return sum(group_score(g) for g in player_groups(board, covers, seat))


def live_points(state: SixDOne) -> tuple[int, ...]:
    """Each seat's score in the round being played (0 before the board is laid out)."""
    if state.board is None:
        return (0,) * len(state.players)
    return tuple(round_points(state.board, state.covers, s) for s in range(len(state.players)))


def start(players: Sequence[str], options: Mapping[str, int]) -> SixDOne:
    """A new game: the first player rolls the board of round 1."""
    totals = RoundTotals.seated(players)
    state = SixDOne(totals, len(players) * options["rounds_per_player"])
    return replace(state, ruling=_roll_next(state))


def _roll_next(state: SixDOne) -> Sentence:
    return say(
        "{player} rolls {dice} black dice and lays out the board for round {round} of {rounds}.",
        player=state.players[state.roller],
        dice=state.dice,
        round=state.round + 1,
        rounds=state.rounds,
    )


def to_move(state: SixDOne) -> str | None:
    """The roller while the board is to be laid out, then the player to place; None when over."""
    if state.over:
        return None
    return state.players[state.roller if state.board is None else state.seat]


def outcome(state: SixDOne) -> Outcome:
    """Running totals (finished rounds plus the round being played) and the winners."""
    scores = state.totals.scores(live_points(state))
    return standing(scores, state.over, to_move(state))


def _board(state: SixDOne, move: Mapping[str, Any]) -> SixDOne:
    if state.board is not None:
        raise RuleViolation(
            "board-laid",
            say(
                "The board of round {round} is already laid out: {player} to place.",
                round=state.round + 1,
                player=state.players[state.seat],
            ),
        )
    board = parse_board(move.get("board"), max_side=MAX_SIDE)
    for cell in board.cells():
        die = board.die_at(cell)
        if die is not None and die.colour not in (None, BLACK):
            raise RuleViolation(
                "black-dice-only",
                say(
                    "The board's dice are black: the {die} at {cell} is entered as {colour}.",
                    die=die.value,
                    cell=where(cell),
                    colour=colour_name(die.colour),
                ),
            )
    count = len(board.cells())
    if count != state.dice:
        raise RuleViolation(
            "wrong-dice-count",
            say(
                "The board holds {dice} dice, six for each of the {players} players, but "
                "{count} were entered.",
                dice=state.dice,
                players=len(state.players),
                count=str(count),
            ),
        )
    check_touching(board)
    plain = Board(tuple(tuple(d and replace(d, colour=None) for d in row) for row in board.rows))
    after = replace(state, board=plain, covers=())
    roller, first = state.players[state.roller], state.players[after.seat]
    return replace(
        after,
        ruling=say(
            "{roller} laid out the board of round {round}: {first} places first.",
            roller=roller,
            round=state.round + 1,
            first=first,
        ),
    )


def _place(state: SixDOne, move: Mapping[str, Any]) -> SixDOne:
    board = state.board
    if board is None:
        raise RuleViolation(
            "board-first",
            say(
                "{player} lays out the board of round {round} before anyone places.",
                player=state.players[state.roller],
                round=state.round + 1,
            ),
        )
    cell = parse_cell(move.get("cell"), board)
    die = board.die_at(cell)
    if die is None:
        raise RuleViolation("no-die", say("There is no board die at {cell}.", cell=where(cell)))
    owner = state.owners().get(cell)
    if owner is not None:
        raise RuleViolation(
            "covered",
            say(
                "That {die} is already covered by {player}.",
                die=die.value,
                player=state.players[owner],
            ),
        )
    seat, player = state.seat, state.players[state.seat]
    if move.get("die") is not None:
        given = parse_die(move.get("die"))
        if given.key or given.value != die.value:
            raise RuleViolation(
                "wrong-number",
                say(
                    "The die at {cell} shows {die}: {player} covers it with a {die}, not {given}.",
                    cell=where(cell),
                    die=die.value,
                    player=player,
                    given=str(given),
                ),
            )
        if given.colour not in (None, seat_colour(seat)):
            raise RuleViolation(
                "wrong-colour",
                say(
                    "{player} plays the {colour} dice, not {given}.",
                    player=player,
                    colour=colour_name(seat_colour(seat)),
                    given=colour_name(given.colour),
                ),
            )
    covers = (*state.covers, (cell, seat))
    if len(covers) == state.dice:
        last = say("{player} covered the last die, a {die}.", player=player, die=die.value)
        return _score_round(state, board, covers, last)
    mine = [c for c, s in covers if s == seat]
    group = [_value(board, c) for c in sorted(group_of(cell, mine))]
    joined = (
        say("a lone {die}", die=die.value)
        if len(group) == 1
        else say(
            "a group of {count} worth {pips} × {count} = {points}",
            count=len(group),
            pips=sum(group),
            points=group_score(group),
        )
    )
    after = replace(state, covers=covers, ruling="")
    ruling = say(
        "{player} covered the {die} at {cell}: {group}. {player}'s dice score {points} this "
        "round; {next} to place.",
        player=player,
        die=die.value,
        cell=where(cell),
        group=joined,
        points=round_points(board, covers, seat),
        next=state.players[after.seat],
    )
    return replace(after, ruling=ruling)


def _score_round(
    state: SixDOne, board: Board, covers: tuple[tuple[Cell, int], ...], last: str
) -> SixDOne:
    gained = [round_points(board, covers, s) for s in range(len(state.players))]
    totals = state.totals.add_round(gained, note=say("round {round}", round=state.round + 1))
    played = (*state.played, PlayedRound(board, covers))
    after = SixDOne(totals, state.rounds, state.round + 1, played=played)
    scored = listed(dict(zip(state.players, gained, strict=True)))
    ending = result(totals.scores()) if after.over else _roll_next(after)
    ruling = say(
        "{last} Round {round} scores {scored}. {ending}",
        last=last,
        round=state.round + 1,
        scored=scored,
        ending=ending,
    )
    return replace(after, ruling=ruling)


MOVES = {"board": _board, "place": _place}
MOVE_FIELDS = {"board": ("board",), "place": ("cell", "die")}


def is_setup(state: SixDOne, move: Mapping[str, Any]) -> bool:
    """A round's board is set up by its roller: undo takes it back on its own, never with
    a placement."""
    return move.get("type") == "board"


def ruling(state: SixDOne) -> str:
    """What the referee said after the last move."""
    return state.ruling


# --- Random play ---------------------------------------------------------------------------


def dice_to_roll(state: SixDOne) -> None:
    """Never a plain roll: the board is entered laid out (``table_entry``)."""
    return None


def table_entry(state: SixDOne) -> BoardEntry | None:
    """The board of six dice per player, each touching another, while it is to be laid out."""
    if state.over or state.board is not None:
        return None
    return BoardEntry(type="board", field="board", dice=state.dice)


def choices(state: SixDOne) -> list[dict[str, Any]]:
    """Every free board die the player to move may cover, in reading order."""
    if state.over or state.board is None:
        return []
    owners = state.owners()
    return [
        {"type": "place", "cell": [r, c]} for r, c in state.board.cells() if (r, c) not in owners
    ]


# --- What a play page draws ----------------------------------------------------------------


@dataclass(frozen=True)
class Spot:
    """One board cell as the page draws it: its black die's value, and who covered it."""

    cell: Cell
    value: int
    owner: str | None = None
    colour: str | None = None  # the owner's colour letter


@dataclass(frozen=True)
class RoundBoard:
    """A finished round's board as the page draws it, and what it scored, by seat."""

    round: int
    rows: tuple[tuple[Spot | None, ...], ...]
    points: tuple[int, ...]
