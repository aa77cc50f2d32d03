"""Push-your-luck turns, written once for 10K, Keys and Base Dice and Lucky Sevens.

A turn is a run of rolls.  After each roll the player takes dice that score from
it (sets them aside, or scores sevens), then banks the turn or rolls the dice that
are left; a roll with nothing to take busts the turn.  A scoreboard keeps the banked
totals, whose turn it is and the final round.

Shared here: the scoreboard, the phases of a turn and the refusals every such game
words alike, the contract hooks that only read the scoreboard, the moves and buttons
of a set-aside turn, and the view a turn screen starts from.  A game module keeps its
own rules: what scores, what busts, how the game ends.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol, TypeVar

from referee.core import formdata
from referee.core.dice import Die, parse_dice, pick_key, spell, sub_multisets, take_from, take_more
from referee.core.engine import (
    NO_TURNS,
    Outcome,
    RuleViolation,
    TurnLog,
    TurnMark,
    TurnRecord,
)
from referee.core.sentences import Sentence, both, dotted, say, say_n

# The phases every such turn has.  Between them each game names the phase in which a
# roll is on the table and dice must be taken from it: SET_ASIDE, or Lucky Sevens' "score".
ROLL = "roll"  # the player must roll
CHOOSE = "choose"  # dice were taken from this roll: bank, roll on, or take more
SET_ASIDE = "set_aside"  # phase, move and button of the games that set dice aside
SET_ASIDE_WORDS = {SET_ASIDE: say("set-aside")}  # their MOVE_WORDS

Pick = tuple[Die, ...]


def dice_count(n: int) -> Sentence:
    """A count of dice in words: "1 die", "3 dice"."""
    return say_n("{count} die", "{count} dice", n)


def bust_on(dice: Sequence[Die]) -> TurnMark:
    """The mark of a turn that busted on ``dice``: "bust on 2 3 4 6"."""
    return TurnMark(say("bust on {dice}", dice=spell(dice)))


@dataclass(frozen=True)
class Scoreboard:
    """Seating, banked totals, whose turn it is, and the final round.

    ``final_queue`` is None until the final round starts; then it lists the seats
    still to play, in order.  When it empties the game is over.
    """

    players: tuple[str, ...]
    scores: tuple[int, ...]
    seat: int = 0
    final_queue: tuple[int, ...] | None = None
    over: bool = False
    turns: TurnLog = field(default=NO_TURNS, repr=False)

    @classmethod
    def seated(cls, players: Sequence[str]) -> Scoreboard:
        """A fresh board: everyone on 0, the first player to move."""
        return cls(tuple(players), (0,) * len(players))

    @property
    def player(self) -> str:
        """The name of the player whose turn it is."""
        return self.players[self.seat]

    @property
    def score(self) -> int:
        """The banked total of the player whose turn it is."""
        return self.scores[self.seat]

    @property
    def in_final_round(self) -> bool:
        """True once the final round has started."""
        return self.final_queue is not None

    def plays_again(self, seat: int) -> bool:
        """True when ``seat`` still has a turn in the final round."""
        return seat in (self.final_queue or ())

    def still_to_play(self) -> list[str]:
        """Players who still have a turn in the final round, in order (empty before it)."""
        return [self.players[s] for s in self.final_queue or ()]

    def others_from(self, seat: int) -> tuple[int, ...]:
        """Every other seat, in playing order, starting left of ``seat``."""
        n = len(self.players)
        return tuple((seat + k) % n for k in range(1, n))

    def end_turn(
        self,
        gained: int,
        *,
        bust: bool = False,
        mark: TurnMark | None = None,
        starts_final_round: bool = False,
    ) -> Scoreboard:
        """Record the current player's turn, add ``gained``, and pass to the next seat.

        ``starts_final_round``: this turn began the final round, in which everyone else
        gets one more turn.
        """
        scores = list(self.scores)
        scores[self.seat] += gained
        record = TurnRecord(self.player, gained, scores[self.seat], bust, self.in_final_round, mark)
        # One constructor call, not chained replace(): this runs on every turn of every replay.
        board = Scoreboard(
            self.players,
            tuple(scores),
            (self.seat + 1) % len(self.players) if self.final_queue is None else self.seat,
            self.final_queue,
            self.over,
            self.turns.add(record),
        )
        if starts_final_round:
            return board.start_final_round(board.others_from(self.seat))
        return board if board.final_queue is None else board.next_in_final_round()

    def start_final_round(self, queue: tuple[int, ...]) -> Scoreboard:
        """Begin the final round with ``queue`` still to play (empty: the game ends now)."""
        return replace(self, final_queue=queue).next_in_final_round(first=True)

    def next_in_final_round(self, *, first: bool = False) -> Scoreboard:
        """Move to the next seat of the final round, or end the game when none is left."""
        queue = self.final_queue or ()
        if not first and queue and queue[0] == self.seat:
            queue = queue[1:]
        if not queue:
            return replace(self, final_queue=(), over=True)
        return replace(self, final_queue=queue, seat=queue[0])

    def finish(self) -> Scoreboard:
        """End the game at once (a player reached an exact target)."""
        return replace(self, final_queue=(), over=True)

    def extend_final_round(self, seats: tuple[int, ...]) -> Scoreboard:
        """Add more turns to a final round that has just run out (SB's leader turn)."""
        return replace(self, final_queue=seats, over=False, seat=seats[0])

    def winners(self) -> list[str]:
        """Everyone on the highest total (ties share the win); empty until the game is over."""
        if not self.over:
            return []
        best = max(self.scores)
        return [p for p, s in zip(self.players, self.scores, strict=True) if s == best]

    def result(self) -> str:
        """The game's result in words: "Game over: Ann wins with 10,250."."""
        winners = self.winners()
        best = max(self.scores)
        if len(winners) == 1:
            return say("Game over: {player} wins with {best}.", player=winners[0], best=best)
        return say(
            "Game over: {players} share the win with {best}.", players=both(winners), best=best
        )

    def whats_next(self) -> str:
        """The sentence after a turn: who rolls next (noting the final round), or the result."""
        if self.over:
            return self.result()
        if self.in_final_round:
            return say("{player} to roll (final round).", player=self.player)
        return say("{player} to roll.", player=self.player)

    def outcome(self) -> Outcome:
        """The shared ``Outcome`` of a turn-based game."""
        return Outcome(
            over=self.over,
            scores=dict(zip(self.players, self.scores, strict=True)),
            winners=self.winners(),
            to_move=None if self.over else self.player,
        )

    def to_pass(self, seat: int, *, least: int = 0) -> str | None:
        """What ``seat`` must score in its final-round turn to pass the leader, in words:
        "needs 901 to pass Bo (900 ties)"; None when ``seat`` has no such turn to come or is
        ahead already.  ``least``: the fewest points a bank may add (10K's entry)."""
        others = [s for i, s in enumerate(self.scores) if i != seat]
        if not self.plays_again(seat) or not others:
            return None
        best = max(others)
        gap = best - self.scores[seat]
        if gap < 0:
            return None
        leaders = both(
            [p for i, p in enumerate(self.players) if i != seat and self.scores[i] == best]
        )
        needs = max(gap + 1, least)
        if gap > 0 and gap >= least:
            return say(
                "needs {needs} to pass {leaders} ({ties} ties)",
                needs=needs,
                leaders=leaders,
                ties=gap,
            )
        return say("needs {needs} to pass {leaders}", needs=needs, leaders=leaders)

    def notes(self, words: Callable[[int], Iterable[str]]) -> dict[str, str]:
        """A short note per player for the scoreboard: the ``words(seat)`` joined by " · "."""
        return {name: dotted(list(words(seat))) for seat, name in enumerate(self.players)}


class Turn(Protocol):
    """A push-your-luck state, as the shared parts read it."""

    @property
    def board(self) -> Scoreboard: ...

    @property
    def target(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def ruling(self) -> str: ...

    @property
    def turn_total(self) -> int: ...

    @property
    def on_table(self) -> tuple[Die, ...]: ...


class SetAsideTurn(Turn, Protocol):
    """A turn whose dice are set aside: ``roll`` and what was ``taken`` from it so far."""

    @property
    def roll(self) -> tuple[Die, ...]: ...

    @property
    def taken(self) -> tuple[Die, ...]: ...


def left_on_table(roll: Sequence[Die], taken: Sequence[Die]) -> tuple[Die, ...]:
    """Dice of the current roll not taken yet (none before the turn's first roll)."""
    return take_from(roll, taken)[1] if roll else ()


# --- The contract hooks that only read the scoreboard --------------------------------------


def to_move(state: Turn) -> str | None:
    """The player to move, or None once the game is over."""
    return None if state.board.over else state.board.player


def is_over(state: Turn) -> bool:
    """True once the game has ended."""
    return state.board.over


def turns_done(state: Turn) -> int:
    """How many turns have been played (the x axis of a score chart)."""
    return len(state.board.turns)


def turn_records(state: Turn) -> TurnLog:
    """Every finished turn on the scoreboard, oldest first."""
    return state.board.turns


def in_final_round(state: Turn) -> bool:
    """Whether the scoreboard's final round has started."""
    return state.board.in_final_round


def at_stake(state: Turn) -> int:
    """What a bust now would lose: the turn total."""
    return state.turn_total


def outcome(state: Turn) -> Outcome:
    """Banked scores, winners and the player to move."""
    return state.board.outcome()


def ruling(state: Turn) -> str:
    """What the referee said after the last move."""
    return state.ruling


BUST = "bust"  # the moment of a turn that just busted


def moment(state: Turn) -> str | None:
    """The moment of a turn that busted ("bust") until the next turn is under way, else None."""
    turns = state.board.turns
    starting = not state.on_table and not state.turn_total
    return BUST if starting and turns and turns[-1].bust else None


# --- Moves ---------------------------------------------------------------------------------


def read_roll(state: Turn, move: Mapping[str, Any], expected: int) -> tuple[Die, ...]:
    """The dice of a roll move, refused unless there are ``expected`` of them."""
    dice = parse_dice(move.get("dice"))
    if len(dice) != expected:
        raise RuleViolation(
            "wrong-dice-count",
            say(
                "{player} rolls {expected} dice now, but {entered} were entered.",
                player=state.board.player,
                expected=expected,
                entered=len(dice),
            ),
        )
    return dice


def roll_first(state: Turn, doing: str) -> RuleViolation:
    """The refusal of ``doing`` something with dice before the turn's roll."""
    return RuleViolation(
        "roll-first",
        say("{player} must roll before {doing}.", player=state.board.player, doing=doing),
    )


def nothing_to_bank(state: Turn, must: str) -> RuleViolation:
    """The refusal of a bank before something was taken: the player ``must`` do that first."""
    return RuleViolation(
        "nothing-to-bank",
        say("{player} must {must} before banking.", player=state.board.player, must=must),
    )


def set_aside_from_roll(
    state: SetAsideTurn, move: Mapping[str, Any], *, empty: str
) -> tuple[Pick, Pick]:
    """A set-aside move read against the roll: (dice newly set aside, all set aside from it).

    ``empty`` is the sentence for a set-aside of no dice.
    """
    if state.phase == ROLL:
        raise roll_first(state, say("setting dice aside"))
    return take_more(state.roll, state.taken, move.get("dice"), empty=empty)


def set_aside_phase(
    roll: Sequence[Die], all_taken: Pick, whole: Callable[[Pick], bool]
) -> str | None:
    """The phase once this roll's set-aside has grown to ``all_taken``: CHOOSE when it is
    ``whole`` (a legal set-aside as it stands), SET_ASIDE when it is only started (dice still
    on the table would make it whole), None when nothing can.

    Several set-aside moves after one roll count as one set-aside of all their dice
    (docs/rulings.md, "Every game"), so one move may start what the next completes: two of
    three 2s, then the third.
    """
    if whole(all_taken):
        return CHOOSE
    left = left_on_table(roll, all_taken)
    if any(whole(all_taken + pick) for pick in sub_multisets(left)):
        return SET_ASIDE
    return None


def started(state: SetAsideTurn) -> str:
    """The ruling on a set-aside that is only started: what is aside and what to do."""
    return say(
        "{player} has set aside {taken} from this roll so far, which is not a whole set-aside "
        "yet: set aside more of {left} to complete it before rolling or banking.",
        player=state.board.player,
        taken=spell(state.taken),
        left=spell(state.on_table),
    )


def finish_first(state: SetAsideTurn, doing: str) -> RuleViolation | None:
    """The refusal of ``doing`` (rolling, banking) while this roll's set-aside is only
    started; None when it is not."""
    if state.phase != SET_ASIDE or not state.taken:
        return None
    return RuleViolation(
        "set-aside-unfinished",
        say(
            "{player} has set aside {taken} from this roll, which is not a whole set-aside yet: "
            "set aside more of {left} before {doing}.",
            player=state.board.player,
            taken=spell(state.taken),
            left=spell(state.on_table),
            doing=doing,
        ),
    )


def check_bank(state: SetAsideTurn, setting_aside: str) -> None:
    """Refuse a bank until something is set aside from this roll (in ``setting_aside`` words)
    and the set-aside is whole."""
    unfinished = finish_first(state, say("banking"))
    if unfinished:
        raise unfinished
    if state.phase != CHOOSE:
        raise nothing_to_bank(state, say("roll") if state.phase == ROLL else setting_aside)


def set_aside_choices(
    state: SetAsideTurn, allowed: Callable[[Pick], bool], *, may_bank: bool
) -> list[dict[str, Any]]:
    """Every legal move other than a roll: each distinct set-aside whose dice, with those set
    aside from this roll already, are ``allowed``; then bank when ``may_bank``.

    A move that only starts a set-aside (``set_aside_phase``) is legal too but never needed:
    the whole set-aside can always be entered at once, so it is not listed.
    """
    if state.phase == ROLL or state.board.over:
        return []
    moves: list[dict[str, Any]] = [
        {"type": SET_ASIDE, "dice": [str(d) for d in pick]}
        for pick in sub_multisets(state.on_table)
        if allowed(state.taken + pick)
    ]
    if may_bank:
        moves.append(dict(formdata.BANK))
    return moves


def judged_picks(
    state: Turn, judge: Callable[[Pick], tuple[int, str]]
) -> dict[str, tuple[int, str]]:
    """Every distinct pick from the dice on the table, keyed by its sorted notation ("1,1,5"),
    as ``judge`` sees it: (points, words), or (0, why the pick is refused)."""
    return {pick_key(pick): judge(pick) for pick in sub_multisets(state.on_table)}


# --- The turn screen -----------------------------------------------------------------------


def turn_buttons(take: str) -> tuple[str, ...]:
    """The buttons of a turn screen whose move that takes dice is ``take`` (its ``ACTIONS``),
    as ``formdata.roll_set_aside_bank`` reads them."""
    return ("roll", take, f"{take}_bank", "bank")


def read_set_aside_form(
    state: SetAsideTurn, form: formdata.FormData, roll: formdata.Reader
) -> formdata.Moves:
    """The moves a post of a set-aside turn screen stands for; ``roll`` reads the roll fields."""

    def take() -> formdata.Moves:
        return [{"type": SET_ASIDE, "dice": formdata.picked_dice(form, state.on_table)}]

    return formdata.by_button(form, formdata.roll_set_aside_bank(roll, take, SET_ASIDE))


@dataclass(frozen=True)
class TurnView:
    """What every push-your-luck turn screen shows; a game's view adds its own fields.

    ``roll_count`` is how many dice the next roll has (None: no roll now); ``must_take``
    says a roll is on the table and dice must be taken from it, ``may_take_more`` that
    some were and others are left.  ``to_pass``: in the final round, what the player must
    score this turn to pass the leader, in words (``Scoreboard.to_pass``).
    """

    player: str
    turn_total: int
    target: int
    final_round: bool
    roll_count: int | None
    on_table: tuple[Die, ...]
    must_take: bool
    may_take_more: bool
    may_bank: bool
    to_pass: str | None


View = TypeVar("View", bound=TurnView)


def turn_view(
    kind: type[View],
    state: Turn,
    *,
    taking: str,
    roll_count: int | None,
    may_bank: bool,
    least: int = 0,
    **own: Any,
) -> View:
    """A game's view of ``state``: the shared fields, then the game's ``own``.

    ``taking`` is the game's phase for a roll that dice must be taken from; ``least`` the
    fewest points a bank may add now (``Scoreboard.to_pass``).
    """
    return kind(
        player=state.board.player,
        turn_total=state.turn_total,
        target=state.target,
        final_round=state.board.in_final_round,
        roll_count=roll_count,
        on_table=state.on_table,
        must_take=state.phase == taking,
        may_take_more=state.phase == CHOOSE and bool(state.on_table),
        may_bank=may_bank,
        to_pass=state.board.to_pass(state.board.seat, least=least),
        **own,
    )
