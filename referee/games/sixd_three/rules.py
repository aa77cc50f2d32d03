"""Six D Three (Six D Six, game three): place coloured dice on a black grid; chains score.

Thirty-six black dice make a 6 x 6 grid.  Thirty-six coloured dice, six of each colour,
go in a bag (with four players two of them go back in the box unseen, with five one).
Every player draws three and rolls them: their hand.  In turn, starting with the first
player, a player may re-roll one hand die, must place one hand die on a free cell of the
grid, scores it, and draws one die while the bag has any.  A placement scores its pips,
its pips again when the black die under it shows the same number, and the pips of every
die joined to it through dice of its colour or through dice of its pips (each die
counted once).  A player with an empty hand is skipped; when every hand and the bag are
empty the highest total wins (ties share the win).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from referee.core.dice import Die, parse_die
from referee.core.engine import (
    BOARD,
    NO_TURNS,
    BagEntry,
    BoardEntry,
    Option,
    RuleViolation,
    TurnLog,
    TurnRecord,
)
from referee.core.moves import Cell, where, where_first
from referee.core.sentences import Sentence, Value, both, listed, say, say_n
from referee.families.boards import is_over as is_over
from referee.families.boards import outcome as outcome
from referee.families.boards import to_move as to_move
from referee.families.grid import (
    BLACK,
    SEAT_COLOURS,
    Board,
    colour_name,
    group_of,
    parse_board,
    parse_cell,
)
from referee.families.rounds import result

SLUG = "sixd-three"
TITLE = say("Six D Three")
SERIES = "Six D"
SERIES_PLACE = 3
KIND = BOARD
MIN_PLAYERS = 2
MAX_PLAYERS = 6
SIDE = 6  # the grid is SIDE x SIDE black dice
COLOURS = SEAT_COLOURS  # the bag's six colours
PER_COLOUR = 6
HAND = 3
# Dice put back in the box unseen before the deal, by number of players (none otherwise).
REMOVED = {4: 2, 5: 1}
OPTIONS: tuple[Option, ...] = ()

# The phases of a table, in the order they come: the grid, the dice removed (4 or 5
# players), the opening draws seat by seat, then turns, each followed by a draw while the
# bag has dice.
GRID, REMOVE, DEAL, TURN, DRAW, OVER = "grid", "remove", "deal", "turn", "draw", "over"


# --- Scoring -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class Score:
    """What placing ``die`` on ``cell`` scores, and why.

    ``black`` is the black die under it; ``bonus`` its pips again when that matches.
    ``by_colour`` are the other dice joined to it through dice of its colour, ``by_pips``
    those joined through dice of its pips that the colour chain has not counted, and
    ``both`` the dice of ``by_colour`` that the pip chain reaches too (counted once).
    """

    die: Die
    cell: Cell
    black: int
    bonus: int
    by_colour: tuple[Cell, ...]
    colour_pips: int
    by_pips: tuple[Cell, ...]
    pip_pips: int
    both: tuple[Cell, ...]

    @property
    def total(self) -> int:
        """The placement's points."""
        return self.die.value + self.bonus + self.colour_pips + self.pip_pips

    @property
    def chain(self) -> tuple[Cell, ...]:
        """Every other die the placement counts, in reading order."""
        return tuple(sorted(self.by_colour + self.by_pips))

    @property
    def words(self) -> str:
        """The sum as a player checks it: "4 + 4 on a black 4 + 12 through the green chain
        + 8 through the 4s (the green 4 joins both ways, counted once) = 28"."""
        value = self.die.value
        parts: list[Value] = [value]
        if self.bonus:
            parts.append(say("{value} on a black {value}", value=value))
        if self.by_colour:
            parts.append(
                say(
                    "{pips} through the {colour} chain",
                    pips=self.colour_pips,
                    colour=_colour(self.die),
                )
            )
        if self.by_pips:
            parts.append(say("{pips} through the {value}s", pips=self.pip_pips, value=value))
        if len(parts) == 1:
            return say("{value} (nothing joins it) = {value}", value=value)
        sum_words = parts[0]
        for part in parts[1:]:
            sum_words = say("{these} + {those}", these=sum_words, those=part)
        if self.both:
            which = (
                say("the {colour} {value} joins", colour=_colour(self.die), value=value)
                if len(self.both) == 1
                else say(
                    "{count} {colour} {value}s join",
                    count=len(self.both),
                    colour=_colour(self.die),
                    value=value,
                )
            )
            sum_words = say("{sum} ({which} both ways, counted once)", sum=sum_words, which=which)
        return say("{sum} = {total}", sum=sum_words, total=self.total)


def _colour(die: Die) -> str:
    return colour_name(die.colour or "")


def score(grid: Board, cover: Board, die: Die, cell: Cell) -> Score:
    """What ``die`` scores on the free ``cell``: its pips, again on a black die of its
    number, and the pips of the dice of ``cover`` joined to it through dice of its colour
    or of its pips, each counted once (the black grid never joins a chain)."""
    under = grid.die_at(cell)
    black = under.value if under else 0
    same_colour, same_pips = [], []
    for spot in cover.cells():
        placed = cover.rows[spot[0]][spot[1]]
        assert placed is not None
        if placed.colour == die.colour:
            same_colour.append(spot)
        if placed.value == die.value:
            same_pips.append(spot)
    by_colour = group_of(cell, same_colour) - {cell}
    reached = group_of(cell, same_pips) - {cell}
    by_pips = reached - by_colour
    return Score(
        die=die,
        cell=cell,
        black=black,
        bonus=die.value if black == die.value else 0,
        by_colour=tuple(sorted(by_colour)),
        colour_pips=sum(_pips(cover, c) for c in by_colour),
        by_pips=tuple(sorted(by_pips)),
        pip_pips=die.value * len(by_pips),
        both=tuple(sorted(by_colour & reached)),
    )


def _pips(cover: Board, cell: Cell) -> int:
    die = cover.rows[cell[0]][cell[1]]
    assert die is not None
    return die.value


# --- State -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Placed:
    """One placement: the die, where, by whom, and its score."""

    seat: int
    score: Score


@dataclass(frozen=True)
class SixDThree:
    """The state of a Six D Three table.

    ``grid`` holds the black dice (None until entered); ``cover`` the coloured dice placed
    on it; ``removed`` the colours put back in the box (None until entered, when any are);
    ``drawn`` how many dice of each colour of ``COLOURS`` have left the bag; ``seat`` the
    seat to move (in the deal: to draw).
    """

    players: tuple[str, ...]
    phase: str = GRID
    grid: Board | None = None
    cover: Board = Board.empty(SIDE, SIDE)
    removed: tuple[str, ...] = ()
    drawn: tuple[int, ...] = (0,) * len(COLOURS)
    hands: tuple[tuple[Die, ...], ...] = ()
    seat: int = 0
    rerolled: bool = False
    totals: tuple[int, ...] = ()
    placed: tuple[Placed, ...] = ()
    turns: TurnLog = NO_TURNS
    ruling: str = ""

    @property
    def player(self) -> str:
        """The name of the seat to move."""
        return self.players[self.seat]

    @property
    def over(self) -> bool:
        """True once every hand and the bag are empty."""
        return self.phase == OVER

    @property
    def to_remove(self) -> int:
        """How many dice go back in the box unseen with this many players."""
        return REMOVED.get(len(self.players), 0)

    def bag(self) -> tuple[tuple[str, int], ...]:
        """Each colour with the dice of it still in the bag."""
        return tuple(
            (colour, PER_COLOUR - self.removed.count(colour) - self.drawn[n])
            for n, colour in enumerate(COLOURS)
        )

    @property
    def in_bag(self) -> int:
        """How many dice are left in the bag."""
        return sum(left for _, left in self.bag())

    @property
    def last(self) -> Placed | None:
        """The last placement, if any."""
        return self.placed[-1] if self.placed else None


def start(players: Sequence[str], options: Mapping[str, int]) -> SixDThree:
    """A new game: the first player enters the black grid."""
    state = SixDThree(tuple(players), hands=((),) * len(players), totals=(0,) * len(players))
    return replace(
        state,
        ruling=say(
            "{player} rolls the {dice} black dice, pushes them into a {side} × {side} grid and "
            "enters it row by row.",
            player=state.player,
            dice=SIDE * SIDE,
            side=SIDE,
        ),
    )


def turns_done(state: SixDThree) -> int:
    """How many dice have been placed (a score chart counts placements)."""
    return len(state.placed)


def turn_records(state: SixDThree) -> TurnLog:
    """Every placement: its points and the player's new total."""
    return state.turns


# --- Setting up --------------------------------------------------------------------------------


def _grid(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    if state.phase != GRID:
        raise RuleViolation("grid-laid", say("The black grid is already entered."))
    grid = parse_board(move.get("board"), max_side=SIDE)
    empty = [(r, c) for r in range(SIDE) for c in range(SIDE) if grid.die_at((r, c)) is None]
    if empty:
        raise RuleViolation(
            "wrong-dice-count",
            say(
                "The grid is {side} rows of {side} black dice, {dice} in all: {count} were "
                "entered ({cell} is empty).",
                side=SIDE,
                dice=SIDE * SIDE,
                count=SIDE * SIDE - len(empty),
                cell=where(empty[0]),
            ),
        )
    for cell in grid.cells():
        die = grid.die_at(cell)
        if die is not None and die.colour not in (None, BLACK):
            raise RuleViolation(
                "black-dice-only",
                say(
                    "The grid's dice are black: the {die} at {cell} is entered as {colour}.",
                    die=die.value,
                    cell=where(cell),
                    colour=colour_name(die.colour),
                ),
            )
    plain = Board(tuple(tuple(d and replace(d, colour=None) for d in row) for row in grid.rows))
    after = replace(state, grid=plain)
    if state.to_remove:
        return replace(
            after,
            phase=REMOVE,
            ruling=say(
                "The grid is entered. With {players} players {dice} goes back in the box "
                "unseen: {player} enters its colour.",
                players=len(state.players),
                dice=_dice(1),
                player=state.player,
            )
            if state.to_remove == 1
            else say(
                "The grid is entered. With {players} players {dice} go back in the box "
                "unseen: {player} enters their colours.",
                players=len(state.players),
                dice=_dice(state.to_remove),
                player=state.player,
            ),
        )
    return _deal_next(replace(after, phase=DEAL), say("The grid is entered."))


def _dice(n: int) -> Sentence:
    """A count of dice in words, small ones spelled out: "no dice", "one die", "4 dice"."""
    spelled = {
        0: say("no dice"),
        1: say("one die"),
        2: say("two dice"),
        3: say("three dice"),
    }
    return spelled.get(n) or say_n("{count} die", "{count} dice", n)


def _remove(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    if state.phase == GRID:
        raise _grid_first(state)
    if state.phase != REMOVE:
        raise RuleViolation(
            "no-remove",
            say("With {players} players no dice go back in the box.", players=len(state.players))
            if not state.to_remove
            else say("The dice that go back in the box are already entered."),
        )
    raw = move.get("colours")
    if not isinstance(raw, list | tuple):
        raise RuleViolation(
            "bad-move", say('The dice removed are a list of colour letters, like ["r", "g"].')
        )
    if len(raw) != state.to_remove:
        raise RuleViolation(
            "wrong-dice-count",
            say(
                "With {players} players exactly {dice} goes back in the box, not {count}.",
                players=len(state.players),
                dice=_dice(1),
                count=str(len(raw)),
            )
            if state.to_remove == 1
            else say(
                "With {players} players exactly {dice} go back in the box, not {count}.",
                players=len(state.players),
                dice=_dice(state.to_remove),
                count=str(len(raw)),
            ),
        )
    for letter in raw:
        if not isinstance(letter, str) or letter not in COLOURS:
            raise RuleViolation(
                "bad-colour",
                say(
                    "A die removed is named by its colour letter: r, y, g, b, o or p "
                    "(the bag holds no black dice)."
                ),
            )
    removed = tuple(raw)
    names = both([colour_name(c) for c in removed])
    after = replace(state, phase=DEAL, removed=removed)
    return _deal_next(after, say("Back in the box, unseen: {names}.", names=names))


def _grid_first(state: SixDThree) -> RuleViolation:
    return RuleViolation(
        "grid-first",
        say(
            "{player} enters the {dice} black dice of the grid first.",
            player=state.players[0],
            dice=SIDE * SIDE,
        ),
    )


def _deal_next(state: SixDThree, said: Sentence) -> SixDThree:
    return replace(
        state,
        ruling=say(
            "{said} {player} draws {dice} from the bag and rolls them.",
            said=said,
            player=state.player,
            dice=_dice(HAND),
        ),
    )


def _draw(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    if state.phase == GRID:
        raise _grid_first(state)
    if state.phase == REMOVE:
        raise _remove_first(state)
    if state.phase not in (DEAL, DRAW):
        raise RuleViolation(
            "no-draw",
            say(
                "Nobody draws now: {player} places a die (a draw follows a placement).",
                player=state.player,
            ),
        )
    count = min(HAND if state.phase == DEAL else 1, state.in_bag)
    dice = _bag_dice(state, move.get("dice"), count)
    hands = list(state.hands)
    hands[state.seat] = (*hands[state.seat], *dice)
    drawn = list(state.drawn)
    for die in dice:
        drawn[COLOURS.index(die.colour or "")] += 1
    after = replace(state, hands=tuple(hands), drawn=tuple(drawn))
    took = say("{player} drew {dice}.", player=state.player, dice=_list(dice))
    if state.phase == DEAL:
        if state.seat + 1 < len(state.players):
            return _deal_next(replace(after, seat=state.seat + 1), took)
        dealt = say(
            "{player} drew {dice}. Every hand is dealt:", player=state.player, dice=_list(dice)
        )
        return _turn(replace(after, seat=0), dealt)
    return _next_turn(after, took)


def _remove_first(state: SixDThree) -> RuleViolation:
    return RuleViolation(
        "remove-first",
        say(
            "With {players} players {dice} goes back in the box before the deal: {player} "
            "enters its colour.",
            players=len(state.players),
            dice=_dice(1),
            player=state.players[0],
        )
        if state.to_remove == 1
        else say(
            "With {players} players {dice} go back in the box before the deal: {player} "
            "enters their colours.",
            players=len(state.players),
            dice=_dice(state.to_remove),
            player=state.players[0],
        ),
    )


def _bag_dice(state: SixDThree, raw: object, count: int) -> tuple[Die, ...]:
    """The dice of a draw: ``count`` coloured dice, each of a colour still in the bag."""
    said: dict[str, Value] = {"player": state.player, "dice": _dice(count)}
    if not isinstance(raw, list | tuple):
        raise RuleViolation(
            "bad-move", say('{player} draws {dice}: a draw is a list of dice, like ["3r"].', **said)
        )
    if len(raw) != count:  # counted before reading each die
        raise RuleViolation(
            "wrong-dice-count",
            say("{player} draws {dice}, not {count}.", count=str(len(raw)), **said),
        )
    dice = tuple(parse_die(item) for item in raw)
    left = dict(state.bag())
    for die in dice:
        if die.key:
            raise RuleViolation("bad-die", say("Six D Three has no key dice."))
        if die.colour is None:
            raise RuleViolation(
                "no-colour",
                say(
                    "Every die drawn needs its colour letter, like {value}r: the {die} has none.",
                    value=die.value,
                    die=str(die),
                ),
            )
        if die.colour == BLACK:
            raise RuleViolation(
                "not-in-bag", say("The bag holds no black dice: they are all on the grid.")
            )
        if left[die.colour] == 0:
            earlier = sum(1 for d in dice[: dice.index(die)] if d.colour == die.colour)
            raise RuleViolation("colour-used-up", _used_up(state, die.colour, earlier))
        left[die.colour] -= 1
    return dice


def _used_up(state: SixDThree, colour: str, earlier: int) -> Sentence:
    """Why the bag has no die of ``colour`` left, with the counts (``earlier``: dice of it
    already in the draw being entered)."""
    drawn = state.drawn[COLOURS.index(colour)]
    removed = state.removed.count(colour)
    how = (
        say("{drawn} drawn and {removed} put back in the box", drawn=drawn, removed=removed)
        if removed
        else say("{drawn} drawn", drawn=drawn)
    )
    if earlier:
        how = say("{how}, and this draw already holds {earlier}", how=how, earlier=earlier)
    return say(
        "The bag has no {colour} die left: of the {each}, {how}.",
        colour=colour_name(colour),
        each=PER_COLOUR,
        how=how,
    )


def _list(dice: Sequence[Die]) -> Value:
    names = [_a(d) for d in dice]
    if len(names) == 1:
        return names[0]
    return say("{these} and {those}", these=listed(names[:-1]), those=names[-1])


def _a(die: Die) -> Sentence:
    """A die with its article: "a red 4", "an orange 2"."""
    colour = _colour(die)
    if colour[0] in "aeiou":
        return say("an {colour} {value}", colour=colour, value=die.value)
    return say("a {colour} {value}", colour=colour, value=die.value)


# --- Turns -------------------------------------------------------------------------------------


def _turn(state: SixDThree, said: Sentence) -> SixDThree:
    """The turn of ``state.seat``, announced after ``said``."""
    return replace(
        state,
        phase=TURN,
        rerolled=False,
        ruling=say(
            "{said} {player} may re-roll one die, then places one.", said=said, player=state.player
        ),
    )


def _next_turn(state: SixDThree, said: Sentence) -> SixDThree:
    """The next seat round the table with a die in hand takes a turn; none: the game ends."""
    n = len(state.players)
    for step in range(1, n + 1):
        seat = (state.seat + step) % n
        if state.hands[seat]:
            return _turn(replace(state, seat=seat), said)
    over = replace(state, phase=OVER)
    ruling = say(
        "{said} Every die is placed. {result}", said=said, result=result(outcome(over).scores)
    )
    return replace(over, ruling=ruling)


def _in_turn(state: SixDThree, reroll: bool) -> None:
    """Refuse a re-roll or a placement outside the player's turn, saying what comes first."""
    if state.phase == GRID:
        raise _grid_first(state)
    if state.phase == REMOVE:
        raise _remove_first(state)
    if state.phase == DEAL:
        raise RuleViolation(
            "deal-first",
            say(
                "Everyone draws {dice} before the first turn: {player} draws next.",
                dice=_dice(HAND),
                player=state.player,
            ),
        )
    if state.phase == DRAW:
        raise RuleViolation(
            "draw-first",
            say(
                "{player} draws a die from the bag before anyone re-rolls again.",
                player=state.player,
            )
            if reroll
            else say(
                "{player} draws a die from the bag before anyone places again.",
                player=state.player,
            ),
        )


def _hand_die(state: SixDThree, raw: object, role: Sentence) -> Die:
    """The hand die a move names (colour letter needed: it tells two 4s apart)."""
    die = parse_die(raw)
    if die.key or die.colour is None or die.colour == BLACK:
        raise RuleViolation(
            "no-colour",
            say(
                "Name the {role} with its value and colour letter, like {value}r.",
                role=role,
                value=die.value,
            ),
        )
    hand = state.hands[state.seat]
    if die not in hand:
        raise RuleViolation(
            "not-in-hand",
            say(
                "{player} holds no {colour} {value}: the hand is {hand}.",
                player=state.player,
                colour=_colour(die),
                value=die.value,
                hand=hand_words(hand),
            ),
        )
    return die


def hand_words(hand: Sequence[Die]) -> Value:
    """A hand in words: "red 4, blue 2", or "empty"."""
    if not hand:
        return say("empty")
    return listed([say("{colour} {value}", colour=_colour(d), value=d.value) for d in hand])


def _reroll(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    _in_turn(state, reroll=True)
    if state.rerolled:
        raise RuleViolation(
            "rerolled-already",
            say("{player} has re-rolled a die this turn: one re-roll a turn.", player=state.player),
        )
    die = _hand_die(state, move.get("die"), say("die re-rolled"))
    now = parse_die(move.get("to"))
    if now.key:
        raise RuleViolation("bad-die", say("Six D Three has no key dice."))
    if now.colour not in (None, die.colour):
        raise RuleViolation(
            "wrong-colour",
            say(
                "A re-rolled die keeps its colour: the {colour} {value} cannot come up {other}.",
                colour=_colour(die),
                value=die.value,
                other=colour_name(now.colour or ""),
            ),
        )
    now = replace(now, colour=die.colour)
    hand = list(state.hands[state.seat])
    hand[hand.index(die)] = now
    hands = list(state.hands)
    hands[state.seat] = tuple(hand)
    return replace(
        state,
        hands=tuple(hands),
        rerolled=True,
        ruling=say(
            "{player} re-rolled the {colour} {value}: it shows {now}. {player} places a die.",
            player=state.player,
            colour=_colour(die),
            value=die.value,
            now=now.value,
        ),
    )


def _place(state: SixDThree, move: Mapping[str, Any]) -> SixDThree:
    _in_turn(state, reroll=False)
    grid = state.grid
    assert grid is not None
    die = _hand_die(state, move.get("die"), say("die placed"))
    cell = parse_cell(move.get("cell"), grid)
    there = state.cover.die_at(cell)
    if there is not None:
        raise RuleViolation(
            "covered",
            say("{cell} already holds {die}.", cell=where_first(cell), die=_a(there)),
        )
    worth = score(grid, state.cover, die, cell)
    hand = list(state.hands[state.seat])
    hand.remove(die)
    hands = list(state.hands)
    hands[state.seat] = tuple(hand)
    totals = list(state.totals)
    totals[state.seat] += worth.total
    after = replace(
        state,
        cover=state.cover.put(cell, die),
        hands=tuple(hands),
        totals=tuple(totals),
        placed=(*state.placed, Placed(state.seat, worth)),
        turns=state.turns.add(TurnRecord(state.player, worth.total, totals[state.seat])),
    )
    said = say(
        "{player} placed the {colour} {value} at {cell}: {worth}. {player} has {total}.",
        player=state.player,
        colour=_colour(die),
        value=die.value,
        cell=where(cell),
        worth=worth.words,
        total=totals[state.seat],
    )
    if after.in_bag:
        left = after.in_bag
        return replace(
            after,
            phase=DRAW,
            ruling=say(
                "{said} {player} draws a die ({left} in the bag).",
                said=said,
                player=state.player,
                left=left,
            ),
        )
    return _next_turn(after, said)


MOVES = {
    "board": _grid,
    "remove": _remove,
    "draw": _draw,
    "reroll": _reroll,
    "place": _place,
}
MOVE_FIELDS = {
    "board": ("board",),
    "remove": ("colours",),
    "draw": ("dice",),
    "reroll": ("die", "to"),
    "place": ("die", "cell"),
}


def is_setup(state: SixDThree, move: Mapping[str, Any]) -> bool:
    """The black grid, the dice put back in the box and each hand of the opening deal set
    the table up: undo takes each back on its own (a deal draw is its drawer's, one hand at
    a time).  The draw after a placement is part of the placer's turn."""
    kind = move.get("type")
    return kind in ("board", "remove") or (kind == "draw" and state.phase == DEAL)


def preview(state: SixDThree, die: Die, cell: Cell) -> Score:
    """What ``die`` would score on the free ``cell`` now (the play page's preview); a
    ``RuleViolation`` when the cell is taken or off the grid."""
    if state.grid is None:
        raise _grid_first(state)
    parse_cell(list(cell), state.grid)
    if state.cover.die_at(cell) is not None:
        raise RuleViolation("covered", say("{cell} already holds a die.", cell=where_first(cell)))
    return score(state.grid, state.cover, die, cell)


# --- The play page -----------------------------------------------------------------------------


def ruling(state: SixDThree) -> str:
    """What the referee said after the last move."""
    return state.ruling


# --- Random play -------------------------------------------------------------------------------


def dice_to_roll(state: SixDThree) -> None:
    """Never a plain roll: the grid and the draws are entered with what they hold."""
    return None


def table_entry(state: SixDThree) -> BoardEntry | BagEntry | None:
    """The black grid, the colours put back in the box, or a draw from what the bag holds."""
    if state.phase == GRID:
        return BoardEntry(type="board", field="board", dice=SIDE * SIDE, shape=(SIDE, SIDE))
    if state.phase == REMOVE:
        return BagEntry(
            type="remove", field="colours", bag=state.bag(), count=state.to_remove, rolled=False
        )
    if state.phase in (DEAL, DRAW):
        count = HAND if state.phase == DEAL else 1
        return BagEntry(type="draw", field="dice", bag=state.bag(), count=count)
    return None


def choices(state: SixDThree) -> list[dict[str, Any]]:
    """In a turn: every re-roll (while none was made), then every placement."""
    if state.phase != TURN or state.grid is None:
        return []
    hand = list(dict.fromkeys(state.hands[state.seat]))
    moves: list[dict[str, Any]] = []
    if not state.rerolled:
        moves += [
            {"type": "reroll", "die": str(die), "to": f"{value}{die.colour}"}
            for die in hand
            for value in range(1, 7)
        ]
    free = [(r, c) for r in range(SIDE) for c in range(SIDE) if state.cover.die_at((r, c)) is None]
    moves += [{"type": "place", "die": str(die), "cell": [r, c]} for die in hand for r, c in free]
    return moves


# --- What a play page draws --------------------------------------------------------------------


@dataclass(frozen=True)
class Square:
    """One cell of the grid: its black die, the coloured die on it and who placed it."""

    cell: Cell
    black: int
    die: Die | None = None
    owner: str | None = None

    @property
    def value(self) -> int:
        """The pips the cell shows: the coloured die's once one is placed, else the black's."""
        return self.die.value if self.die else self.black

    @property
    def colour(self) -> str | None:
        """The colour letter of the die placed here, None while the black die shows."""
        return self.die.colour if self.die else None

    @property
    def label(self) -> str:
        """The cell's die in words, for a screen reader and the confirm question."""
        if self.die is None:
            return say("black {value}", value=self.black)
        return say(
            "{player}’s {colour} {value}",
            player=self.owner or "",
            colour=_colour(self.die),
            value=self.die.value,
        )


@dataclass(frozen=True)
class InBag:
    """One colour of the bag: dice left, drawn and put back in the box."""

    colour: str
    name: str
    left: int
    drawn: int
    removed: int


@dataclass(frozen=True)
class Preview:
    """What a hand die would score on one free cell, and why."""

    cell: Cell
    points: int
    words: str


@dataclass(frozen=True)
class HandPreview:
    """A hand die of the player to move, and what it would score on each free cell."""

    index: int
    die: Die
    cells: tuple[Preview, ...]


def previews(state: SixDThree) -> tuple[HandPreview, ...]:
    """Every hand die of the player to move on every free cell, during their turn."""
    if state.phase != TURN or state.grid is None:
        return ()
    grid, cover = state.grid, state.cover
    free = [(r, c) for r in range(SIDE) for c in range(SIDE) if cover.die_at((r, c)) is None]
    found = []
    for index, die in enumerate(state.hands[state.seat]):
        scores = [score(grid, cover, die, cell) for cell in free]
        cells = tuple(Preview(s.cell, s.total, s.words) for s in scores)
        found.append(HandPreview(index, die, cells))
    return tuple(found)
