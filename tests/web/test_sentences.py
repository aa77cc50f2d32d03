"""Words, never codes (issue 47): every sentence the games and the pages say about a move, an
undo or a photo names dice as the story draws them ("red 6", "key 3"), board cells by rows
and columns counted from 1, and colours by their names.  The walk plays random games of
every game (plain and coloured dice) and reads each move in words, the undo's words for
each turn, each ruling, the forced moves' sentence, and each photo sentence the game's
entries give, the reader unsure of some dice and unable to name the colour of others; it
fails on a move code ("6r", "K3"), a cell as a pair ("(1,4)", "[1, 4]", "1,4"), a row or
column 0, or "other" said as a colour."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest

from referee.autoplay import play_random_game
from referee.core.contract import Game, table_settings
from referee.core.engine import FILL_BOARD, PhotoEntry
from referee.core.moves import apply_move, check_players, describe_move, resolve_options
from referee.games import all_games
from referee.log import GameLog, replay

GAMES = all_games()
SEEDS = range(3)

CODES = {
    "a die in log notation": re.compile(r"\b[1-6][rygbopk]\b"),
    "a key in log notation": re.compile(r"\bK[1-6]\b"),
    "a cell as a pair": re.compile(r"\(\d+, ?\d+\)|\[\d+, ?\d+\]|(?<![\d,])\d,\d(?![\d,])"),
    "a row or column counted from 0": re.compile(r"\b(row|column)s? 0\b"),
    "other said as a colour": re.compile(r"\bother [1-6]\b|\bother (die|dice)\b"),
}


def codes_in(sentence: str) -> list[str]:
    """What in ``sentence`` is a code, not a word: each kind found, with the text."""
    return [f"{kind}: {m[0]!r}" for kind, code in CODES.items() for m in code.finditer(sentence)]


def helps_notation(game: Game) -> set[str]:
    """The key notation, where the game's own help page writes its keys so (Keys and Base
    Dice draws them "K2" on its scorepad's rows): its rulings speak as its help does."""
    from referee.core.gametext import GameText

    text: GameText = game.TEXT
    help_words = repr(text)
    key = "a key in log notation"
    return {key} if CODES[key].search(help_words) else set()


def seating(game: Game) -> tuple[str, ...]:
    return tuple(f"P{i}" for i in range(max(2, game.MIN_PLAYERS)))


def random_moves(game: Game, seed: int, colours: bool) -> list[dict]:
    """A random game's moves, its rolls' dice coloured where ``colours`` and its rolls are of
    six dice at most (one of each colour: a roll of more is plain)."""
    players, options = seating(game), resolve_options(game, {})
    try:
        return play_random_game(game, players, options, random.Random(seed), colours=colours)
    except ValueError:  # more dice in a roll than colours
        return play_random_game(game, players, options, random.Random(seed))


def played(game: Game, seed: int, colours: bool) -> Iterator[tuple[Any, dict, Any]]:
    """Each move of a random game with the state before and after it."""
    players = seating(game)
    options = resolve_options(game, {})
    moves = random_moves(game, seed, colours)
    state = game.start(check_players(game, players), options)
    for move in moves:
        after = apply_move(game, state, move)
        yield state, move, after
        state = after


@pytest.mark.parametrize("colours", [False, True], ids=["plain", "coloured"])
@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES, ids=[g.SLUG for g in GAMES])
def test_every_move_and_ruling_is_said_in_words(game, seed, colours):
    said, rulings = [], []
    for _, move, after in played(game, seed, colours):
        said += [describe_move(game, move), describe_move(game, move, whose=False)]
        rulings.append(game.ruling(after))
    found = {text: codes_in(text) for text in said if codes_in(text)}
    own = helps_notation(game)  # the game's help draws its dice so: its rulings may say so
    found |= {
        text: [code for code in codes_in(text) if code.split(":")[0] not in own] for text in rulings
    }
    found = {text: codes for text, codes in found.items() if codes}
    assert not found, found


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game", GAMES, ids=[g.SLUG for g in GAMES])
def test_every_undo_is_said_in_words(game, seed, app):
    """The undo box's words (the last move, the last turn) after each move of a game."""
    from referee.web.storage.loading import Loaded, last_turn

    players = seating(game)
    options = resolve_options(game, {})
    moves = random_moves(game, seed, True)
    table = SimpleNamespace(
        players=list(players), id=0, token="t" * 32, game=game.SLUG, options=dict(options)
    )
    said = []
    for end in range(1, len(moves) + 1, max(1, len(moves) // 40)):
        done = replay(GameLog(game.SLUG, players, options, tuple(moves[:end])))
        loaded = Loaded(table, moves[:end], done, 0)  # type: ignore[arg-type]
        turn = last_turn(loaded)
        said += [loaded.last_move or "", turn.words, f"Undone: {turn.words}."]
    found = {text: codes_in(text) for text in said if codes_in(text)}
    assert not found, found


def photo_entries(game: Game) -> list[tuple[Any, PhotoEntry]]:
    """Each kind of entry a photo fills in a random game, with a state that asks for it."""
    found: dict[tuple, tuple[Any, PhotoEntry]] = {}
    settings = table_settings(game, {})
    for state, _, _ in played(game, 0, True):
        entry = game.photo_entry(state, settings)
        if entry is not None:
            found.setdefault((entry.form, entry.layout, entry.count, entry.shape), (state, entry))
    return list(found.values())


def read_dice(count: int, rng: random.Random) -> list:
    """``count`` dice as the reader gives them: every colour it says, "other" and white
    among them, some read unsure, laid out in rows."""
    from referee.vision import ReadDie
    from referee.vision.labels import READ_COLOURS

    dice = []
    for i in range(count):
        colour = READ_COLOURS[(i - 1) % len(READ_COLOURS)]  # "other" first, then red...
        sure = 0.5 if i % 3 == 0 else 0.99
        dice.append(ReadDie(rng.randint(1, 6), colour, sure, (40 * (i % 6), 40 * (i // 6)), 30.0))
    return dice


@pytest.mark.parametrize("game", GAMES, ids=[g.SLUG for g in GAMES])
def test_every_photo_sentence_is_said_in_words(game):
    from referee.vision import Reading
    from referee.web.play.photo_fill import NotThatPhoto, reading_of

    rng = random.Random(0)
    said = []
    for _, entry in photo_entries(game):
        shape = entry.shape or ((3, 4) if entry.form == FILL_BOARD else None)
        count = entry.count or (shape[0] * shape[1] if shape else 6)
        for unsure_few in (True, False):
            dice = read_dice(count, rng)
            if unsure_few:  # one or two doubtful dice are named one by one: "other", red
                dice = [
                    type(d)(d.value, d.colour, 0.5 if i < 2 else 0.99, d.center, d.side)
                    for i, d in enumerate(dice)
                ]
            if entry.form == FILL_BOARD:
                cols = shape[1]
                reading = Reading("grid", [dice[r : r + cols] for r in range(0, count, cols)], [])
            else:
                reading = Reading("loose", [], dice)
            try:
                said.append(reading_of(entry, reading).said)
            except NotThatPhoto as refused:
                said.append(str(refused))
    found = {text: codes_in(text) for text in said if codes_in(text)}
    assert not found, found


def test_the_walk_finds_each_code():
    for code in (
        "Ann's draw 6r",
        "roll K3",
        "What this phone had entered (1,4)",
        "at [1, 4]",
        "the 6 at row 0, column 2",
        "Check the other 6 at top left",
    ):
        assert codes_in(code), code
    for words in (
        "Ann's draw red 6",
        "roll key 3",
        "at row 2, column 5",
        "the 6 at top left",
        "Ann banked 1,050: total 1,050.",
        "1 1 1 = 1,000",
    ):
        assert not codes_in(words), words
