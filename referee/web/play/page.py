"""The play page: a table's turn screen rendered for this phone as it sits (the answer of
every post that changed nothing, and of the table's own address), with the odds when
the table shows them."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from flask import render_template, request, session

from referee.core.contract import Game, table_settings
from referee.core.moves import describe_move
from referee.core.odds import Advice
from referee.core.sentences import Value, as_data, from_data, listed, say
from referee.web.access.rights import grace_over, is_house
from referee.web.access.seats import Seating, seating
from referee.web.base.models import GameTable, TableFacts
from referee.web.play.judging import STALE, at_once
from referee.web.play.kept_pages import kept_page, page_key
from referee.web.storage.loading import Loaded, load, table_by_token, table_or_404


def render_play(
    loaded: Loaded,
    *,
    status: int = 200,
    error: str | None = None,
    news: str | None = None,
    entered: Any = None,
    confirm: list[tuple[str, str]] | None = None,
    seat_taken: int | None = None,
    sitting: Seating | None = None,
    photo: list[dict[str, object]] | None = None,
) -> Any:
    """Render the game's turn screen for the table as replayed, for this phone as it sits
    (``sitting``: read here when not given); ``photo``: the dice of a photo just read, to
    outline on the phone's copy of it (``photo_fill.outline``); ``news``: a sentence the
    page says calmly, beside the ruling (the post's moves were in already), where
    ``error`` is a refusal."""
    current = loaded.replay
    game = current.game
    sitting = sitting or seating(loaded.table)
    ruling = own_ruling(loaded)
    plain = not (error or news or entered or confirm or photo or ruling) and seat_taken is None
    key = page_key(loaded, sitting) if plain and status == 200 else None
    odds_on = loaded.table.show_odds

    def render() -> str:
        """The page, rendered for this phone (its parts worked out only when needed)."""
        return render_template(
            [f"{game.SLUG}/play.html"],
            table=loaded.table,
            game=game,
            state=current.state,
            view=game.view(current.state),
            settings=table_settings(game, loaded.table.settings),
            outcome=current.outcome,
            seq=loaded.seq,
            version=loaded.version,
            error=error,
            news=news,
            entered=entered or {},
            confirm=confirm,
            last_move=loaded.last_move,
            last_turn=loaded.last_turn,
            own_ruling=ruling,
            replay_error=current.error,
            closed=grace_over(loaded.table) and not is_house(),
            played_again=rematch_of(loaded.table),
            sitting=sitting,
            seat_taken=seat_taken,
            photo_dice=photo,
            advice=advice_on_screen(game, current.state, sitting) if odds_on else None,
        )

    return (render() if key is None else kept_page(key, render)), status


OWN = "own_ruling"  # the session's key: [table token, move count after the move, ruling]
# (the ruling as its message and values, ``as_data``: the phone reads it in its language)


def keep_own_ruling(token: str, seq: int, ruling: str) -> None:
    """Keep, for this phone's pages of table ``token``, the ruling of the move it made at the
    same time as other players, which left the table at ``seq`` moves (``own_ruling``)."""
    session[OWN] = [token, seq, as_data(ruling)]


def own_ruling(loaded: Loaded) -> str | None:
    """The ruling of this phone's own move made at the same time as others' (kept by
    ``keep_own_ruling``) while only such moves of others have followed it: another
    player's split of the same roll leaves it in sight, the next roll ends it."""
    kept = session.get(OWN)
    if not isinstance(kept, list) or len(kept) != 3 or kept[0] != loaded.table.token:
        return None
    seq, ruling = kept[1], kept[2]
    since = loaded.moves[seq:] if isinstance(seq, int) and 0 < seq < loaded.seq else []
    if not at_once(loaded.replay.game, since):
        return None
    said = from_data(ruling)  # a Sentence stays one: the page renders it in its language
    return said if isinstance(said, str) else str(said)


def stale(token: str) -> Any:
    """The 409 page: the table as it stands after another write got there first."""
    return render_play(load(table_or_404(token)), status=409, error=STALE)


def rematch_of(table: TableFacts) -> GameTable | None:
    """The table that plays ``table`` again, once started (and not deleted since)."""
    return table_by_token(table.rematch) if table.rematch else None


def advice_on_screen(game: Game, state: Any, sitting: Seating) -> Advice | None:
    """The odds of the decision this phone shows, where players decide at the same time
    (``facing``): a seated phone's own (none once it has decided), else the sheet it asked
    for (``?sheet=``) or the first in line; at other games, the decision in front of the table."""
    if sitting.seat:
        faced = game.facing(state, sitting.seat)
    else:
        asked = request.args.get("sheet")
        faced = (game.facing(state, asked) if asked else None) or state
    return game.advice(faced) if faced is not None else None


def forced_words(game: Game, made: Sequence[Mapping[str, Any]], over: bool) -> str:
    """The forced moves in a sentence, in the game's words for them: "Bo and Cy had
    nothing to play but a pass: the referee made one for each; the game is over."."""
    names = list(dict.fromkeys(str(m.get("player")) for m in made if m.get("player")))
    kinds = list(dict.fromkeys(describe_move(game, m, whose=False) for m in made))
    who: Value = names[0]
    if len(names) > 1:
        who = say("{these} and {those}", these=listed(names[:-1]), those=names[-1])
    what: Value = say("a {kind}", kind=kinds[0])
    for kind in kinds[1:]:
        what = say("{these} or {those}", these=what, those=say("a {kind}", kind=kind))
    if len(made) == 1:
        if over:
            return say(
                "{who} had nothing to play but {what}: the referee made it for them; the game "
                "is over.",
                who=who,
                what=what,
            )
        return say(
            "{who} had nothing to play but {what}: the referee made it for them.",
            who=who,
            what=what,
        )
    if over:
        return say(
            "{who} had nothing to play but {what}: the referee made one for each; the game is "
            "over.",
            who=who,
            what=what,
        )
    return say(
        "{who} had nothing to play but {what}: the referee made one for each.", who=who, what=what
    )
