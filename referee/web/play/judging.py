"""Judging a posted move, the second step of a move's way (load, judge, store, answer):
the post read and checked against the table as loaded, nothing written.

In order: a table played again at a new one takes no more moves; the form must be
whole (its CSRF token, the number of moves its page showed); a post from a page the
table has moved on from is refused unless its moves may catch up (below); then each move
the post stands for (the game's ``read_form``, see ``referee.core.formdata``) is stamped
with the player it is for (``stamped``: the seat check and the log name that player
whatever the form left out), checked against this phone's seat (``seats``), confirmed
if the game warns of it, and applied by the rules; the moves the rules leave no choice
in follow (``with_forced``); and the table must have room for them all.  The verdict is
the moves to store with their replay, or a ``Refused`` that says why not and what the
page keeps of the post (the entered dice, or the fields a confirmation posts again).

Catching up: a post from a page that is behind the table (its ``seq``) is refused (409)
with the table as it stands, since its move was chosen on a table that is no more.  A
game whose players move at the same time names those move types (``SIMULTANEOUS``:
Solitaire Dice's splits of a shared roll), and there several phones post such moves for
different players at the same instant, each from the same page.  Such a post catches up
instead: when every move it holds is of such a type and names its player, and every
move stored since its page is of such a type for another player, nothing it was chosen
on has changed, and it is judged on the table as it stands with every check an
up-to-date post gets.

Already in: a post whose moves are the very moves stored since its page is a double tap
when those moves were stored from the same page (each page posts its own mark, ``page``,
and the moves keep it): the phone lands on the table as after its first post
(``Repeated``).  The same moves from another phone's page are told as news, not as a
refusal: they are in, once.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from werkzeug.datastructures import MultiDict

from referee.core.contract import Game
from referee.core.engine import RuleViolation
from referee.core.moves import describe_move
from referee.core.sentences import Sentence, Value, said_by, say
from referee.log import MAX_MOVES, Replay
from referee.web.access.seats import seating
from referee.web.play.forms import MoveForm
from referee.web.storage.loading import Loaded, log_of, pages_from, replayed, table_by_token

STALE = say(
    "This table moved on since your page was loaded (another phone, or a double tap): "
    "nothing was changed. Here is the table as it stands now."
)
PLAYED_AGAIN = say(
    "This game was played again at a new table, so it can no longer be changed: nothing was "
    "changed. Open the next game to go on."
)
FULL = say(
    "A table keeps at most {most} moves, and this one has them all: nothing was added.",
    most=MAX_MOVES,
)
INCOMPLETE = say("The move form was incomplete.")


class Refused(Exception):
    """The post changes nothing: the page's status and sentence, whether the page keeps
    the entered dice (``entered``), the fields a confirmation repeats (``confirm``), and
    whether the sentence is news rather than a refusal (``news``: its moves were in)."""

    def __init__(
        self,
        status: int,
        error: str,
        *,
        entered: bool = False,
        confirm: list[tuple[str, str]] | None = None,
        news: bool = False,
    ) -> None:
        super().__init__(error)
        self.status, self.error, self.entered, self.confirm = status, error, entered, confirm
        self.news = news


class Repeated(Exception):
    """The post repeats, from the same page, the moves that page stored (a double tap):
    the phone lands on the table as after its first post."""


@dataclass(frozen=True)
class Judged:
    """The moves a post stands for, the forced moves the referee makes after them, the
    table's replay with both, and whether other players make such moves at the same time."""

    moves: list[dict[str, Any]]
    forced: list[dict[str, Any]]
    after: Replay
    stored: list[dict[str, Any]]  # every move the write stores, the forced ones last
    together: bool = False  # moves other players make at the same time (``at_once``)


def judge(loaded: Loaded, form: MultiDict[str, str]) -> Judged:
    """Judge the move posted in ``form`` on the table as ``loaded``; ``Refused`` if it may
    not be stored."""
    if loaded.table.rematch and table_by_token(loaded.table.rematch) is not None:
        raise Refused(409, PLAYED_AGAIN)
    checked = MoveForm()
    if not checked.validate():
        raise Refused(400, INCOMPLETE)
    shown = checked.seq.data
    if shown != loaded.seq:
        _catch_up(loaded, shown, form)
    judged = _by_the_rules(loaded, form)
    if loaded.seq + len(judged.stored) > MAX_MOVES:
        raise Refused(422, FULL)
    return judged


def _catch_up(loaded: Loaded, shown: int | None, form: MultiDict[str, str]) -> None:
    """Refuse (409) a post from a page that showed ``shown`` moves, unless its moves may
    be judged on the table as it stands (``catch_up_refusal``); a post whose moves are
    those stored since is ``Repeated`` when it is this page's own repeat, else told so
    as news (``already_in``)."""
    game = loaded.replay.game
    since = loaded.moves[shown:] if shown is not None and 0 <= shown < loaded.seq else []
    refused = catch_up_refusal(game, loaded.replay.state, since, form)
    if not refused:
        return
    if since and shown is not None:
        then = replayed(log_of(loaded.table, loaded.moves[:shown])).state
        in_already(loaded.table.id, game, then, shown, since, form)
    raise Refused(409, refused)


def in_already(
    table_id: int,
    game: Game,
    then: Any,
    shown: int,
    since: Sequence[Mapping[str, Any]],
    form: MultiDict[str, str],
) -> None:
    """Raise ``Repeated`` when the moves posted in ``form`` from a page that showed
    ``shown`` moves (``then``: the table as it showed it) are the moves stored since from
    that very page (a double tap), ``Refused`` (409, said as news) when they are the same
    moves entered by another phone; return when they are other moves."""
    said = already_in(game, then, since, form)
    if said is None:
        return
    page = form.get("page")
    if page and pages_from(table_id, shown)[:1] == [page]:  # one write: one page's moves
        raise Repeated
    raise Refused(409, said, news=True)


def _by_the_rules(loaded: Loaded, form: MultiDict[str, str]) -> Judged:
    """The posted moves judged one by one: the seat, the warning to confirm, the rules."""
    game, after = loaded.replay.game, loaded.replay
    sitting = seating(loaded.table, others=False, claims=loaded.claims)
    moves: list[dict[str, Any]] = []
    try:
        for posted in game.read_form(after.state, form):
            item = stamped(game, after.state, posted)
            # The player it is applied for, unless any phone may enter it (``seat_free``).
            refused = sitting.refusal(None if game.seat_free(after.state) else item.get("player"))
            if refused:
                raise Refused(403, refused, entered=True)
            message = game.warning(after.state, item)
            if message and not form.get("confirm"):
                raise NeedsConfirmation(message)
            after = after.apply(item)
            moves.append(item)
        forced, after = with_forced(game, after)
    except RuleViolation as exc:
        raise Refused(422, exc.message, entered=True) from None
    except NeedsConfirmation as exc:
        raise Refused(422, said_by(exc), confirm=confirm_fields(form)) from None
    return Judged(moves, forced, after, moves + forced, at_once(game, moves))


# --- Catching up: posts from a page the table has moved on from --------------------


def at_once(game: Game, moves: Sequence[Mapping[str, Any]]) -> bool:
    """Whether ``moves`` are all moves the game's players make at the same time, each
    naming its player (so that none depends on which sheet is first in line)."""
    return bool(moves) and all(
        move.get("type") in game.SIMULTANEOUS and isinstance(move.get("player"), str)
        for move in moves
    )


def catch_up_refusal(
    game: Game, state: Any, since: Sequence[Mapping[str, Any]], form: MultiDict[str, str]
) -> str | None:
    """Why the moves posted in ``form`` from a page that ``since`` (the moves stored after
    it, oldest first) has passed may not be judged on ``state``, the table as it stands:
    a sentence for the 409 page; None when they may."""
    if not game.SIMULTANEOUS or not since:  # a game of turns, or a page ahead (an undo since)
        return STALE
    try:
        posted = game.read_form(state, form)  # each names its player, or cannot catch up
    except RuleViolation:
        return STALE
    if not at_once(game, posted):
        return STALE
    players = {move["player"] for move in posted}
    for move in since:
        if not at_once(game, [move]):
            return _moved_on(game, move, say("came in between"))
        if move["player"] in players:
            return _moved_on(
                game, move, say("was stored meanwhile (a double tap, or another phone)")
            )
    return None


def already_in(
    game: Game, then: Any, since: Sequence[Mapping[str, Any]], form: MultiDict[str, str]
) -> str | None:
    """The sentence for moves posted from a page the table has moved on from that are the
    very moves stored since it (two phones entering the same roll for the same turn, a
    double tap): ``then`` is the table as that page showed it.  None when they are not."""
    try:
        posted = [stamped(game, then, move) for move in game.read_form(then, form)]
    except RuleViolation:
        return None
    stored = since[: len(posted)]
    if (
        not posted
        or len(posted) > len(since)
        or list(map(plain, posted)) != list(map(plain, stored))
    ):
        return None
    said: Value = describe_move(game, stored[0])
    for move in stored[1:]:  # "a; b": the moves one after another
        said = say("{these}; {those}", these=said, those=describe_move(game, move))
    return say(
        "That is already in: {moves}, entered by another phone, so nothing was doubled. Here "
        "is the table as it stands now.",
        moves=said,
    )


def plain(move: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    """A move as two phones entering it alike would both post it: its fields, the dice of a
    roll in any order."""
    fields = dict(move)
    if isinstance(fields.get("dice"), list):
        fields["dice"] = sorted(map(str, fields["dice"]))
    return tuple(sorted((key, repr(value)) for key, value in fields.items()))


def _moved_on(game: Game, move: Mapping[str, Any], how: Sentence) -> str:
    return say(
        "This table moved on since your page was loaded: {move} {how}, "
        "so nothing was changed. Here is the table as it stands now.",
        move=describe_move(game, move),
        how=how,
    )


# --- Stamping: the moves a post stands for, as the log keeps them ------------------


class NeedsConfirmation(Exception):
    """A legal move the player should confirm first: the game's ``warning`` says why."""


def stamped(game: Game, state: Any, move: Mapping[str, Any]) -> dict[str, Any]:
    """``move`` naming the player it is for in ``state``, the state it is applied to: the
    one it names, else the player to move, else the one the game gives it to
    (``player_of``).  Only the table's own moves (a shared roll) name nobody.  A post of
    several moves (Six D Five's stack count) is stamped move by move as each is applied,
    so each names its own player in turn."""
    player = move.get("player") or game.to_move(state) or game.player_of(state, move)
    rest = {key: value for key, value in move.items() if key != "player"}
    return {"player": player, **rest} if player else rest


def with_forced(game: Game, after: Replay) -> tuple[list[dict[str, Any]], Replay]:
    """The moves the rules leave the players no choice in after ``after`` (the game's
    ``forced``: a pass with nothing to place), each stamped with its player, and the
    replay with them applied: the referee makes them in the same write as the move that
    led to them.  At most ``MAX_MOVES``, whatever a game's hook answers."""
    made: list[dict[str, Any]] = []
    while len(made) < MAX_MOVES and (move := game.forced(after.state)) is not None:
        item = stamped(game, after.state, move)
        after = after.apply(item)
        made.append(item)
    return made, after


def confirm_fields(form: Mapping[str, Any]) -> list[tuple[str, str]]:
    """The posted fields to send again when the player confirms (CSRF token excluded)."""
    items = form.items(multi=True) if isinstance(form, MultiDict) else form.items()
    return [(k, v) for k, v in items if k not in ("csrf_token", "confirm")]
