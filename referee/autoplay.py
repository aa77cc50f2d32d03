"""Random legal play, for tests, benchmarks and demo data.

Not part of the rules engine: the games stay pure and take dice as moves; this
module plays the table's part (rolling) and a careless player's part (picking
any legal move).  It asks the game through the contract (``referee.core.engine.Game``):
``dice_to_roll``, ``choices``, ``keys_to_roll`` (key dice such as "K3" added to each
roll), ``at_stake`` (the more a bust would lose, the likelier it banks) and
``table_entry`` (a board, a pool, side totals, a draw from a bag or a board slid shut
that the table enters: made up here).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from referee.core.contract import Game
from referee.core.engine import BagEntry, BoardEntry, Entry, PoolEntry, SlideEntry, TotalsEntry
from referee.core.moves import Cell, apply_move, check_players, resolve_options
from referee.families.grid import gaps

COLOUR_LETTERS = "rygbop"
# How often a table enters a board, pool or totals it may skip, rather than play on.
ENTRY_CHANCE = 0.8
STEPS = ((-1, 0), (0, -1), (0, 1), (1, 0))


def random_roll(count: int, rng: random.Random, *, colours: bool = False) -> list[str]:
    """``count`` dice in log notation, with distinct colour letters when ``colours``.

    Colours are for 10K's six dice: there are six letters, so at most six dice.
    """
    values = [rng.randint(1, 6) for _ in range(count)]
    if not colours:
        return [str(v) for v in values]
    # The engine forgets the colours of dice left on the table, so any distinct ones will do.
    letters = rng.sample(COLOUR_LETTERS, count)
    return [f"{v}{c}" for v, c in zip(values, letters, strict=True)]


# A turn worth this share of the game's default target is (almost) always banked.
BANK_SHARE = 5
DEFAULT_SCALE = 2000  # 10K: 10,000 / 5


def bank_chance(turn_total: int, scale: int = DEFAULT_SCALE) -> float:
    """How likely the random player is to bank: grows with the turn total, so turns end."""
    return min(0.95, 0.1 + turn_total / scale)


def bank_scale(game: Any) -> int:
    """The turn total at which ``bank_chance`` tops out: a fifth of the default target.

    Taken from the game's default, not the table's option, so a low target does
    not change how a game is played (10K: 2,000; SB: 12).
    """
    defaults = {o.name: o.default for o in game.OPTIONS}
    target = defaults.get("target")
    return max(1, target // BANK_SHARE) if target else DEFAULT_SCALE


def random_keys(count: int, rng: random.Random) -> list[str]:
    """``count`` key dice in log notation ("K3")."""
    return [f"K{rng.randint(1, 6)}" for _ in range(count)]


def roll_move(game: Any, state: Any, count: int, rng: random.Random, *, colours: bool) -> dict:
    """A roll of ``count`` dice, plus the keys the game asks for (if it has keys)."""
    dice = random_roll(count, rng, colours=colours)
    dice += random_keys(game.keys_to_roll(state), rng)
    return {"type": "roll", "dice": dice}


def random_shape(count: int, rng: random.Random) -> list[tuple[int, int]]:
    """``count`` cells in one orthogonally connected shape, grown from one cell at random,
    shifted so that its top row and left column are 0."""
    cells = [(0, 0)]
    taken = {(0, 0)}
    while len(cells) < count:
        row, col = rng.choice(cells)
        dr, dc = rng.choice(STEPS)
        if (row + dr, col + dc) not in taken:
            cells.append((row + dr, col + dc))
            taken.add(cells[-1])
    top, left = min(r for r, _ in cells), min(c for _, c in cells)
    return [(r - top, c - left) for r, c in cells]


def random_board(entry: BoardEntry, rng: random.Random) -> list[list[str | None]]:
    """A board as the entry describes it, in log notation, with random values."""
    if entry.shape is None:
        cells = random_shape(entry.dice, rng)
    else:
        cells = [(r, c) for r in range(entry.shape[0]) for c in range(entry.shape[1])]
    letters = [""]
    if entry.colours:
        letters = [c for c in entry.colours for _ in range(len(cells) // len(entry.colours))]
        rng.shuffle(letters)
    height = 1 + max(r for r, _ in cells)
    width = 1 + max(c for _, c in cells)
    rows: list[list[str | None]] = [[None] * width for _ in range(height)]
    for n, (r, c) in enumerate(cells):
        rows[r][c] = f"{rng.randint(1, 6)}{letters[n % len(letters)]}"
    return rows


def random_pool(entry: PoolEntry, rng: random.Random) -> list[str]:
    """A pool of 0 to ``per_colour`` dice of each colour (``usual`` when there is no cap),
    one die at least, in log notation."""
    most = entry.usual if entry.per_colour is None else entry.per_colour
    dice = [
        f"{rng.randint(1, 6)}{colour}"
        for colour in entry.colours
        for _ in range(rng.randint(0, most))
    ]
    return dice or [f"{rng.randint(1, 6)}{entry.colours[0]}"]


def random_draw(entry: BagEntry, rng: random.Random) -> list[str]:
    """``count`` dice drawn blind from the bag (each die in it equally likely), in log
    notation when they are rolled ("3r"), else their colour letters ("r")."""
    bag = [colour for colour, left in entry.bag for _ in range(left)]
    drawn = rng.sample(bag, min(entry.count, len(bag)))
    if not entry.rolled:
        return drawn
    return [f"{rng.randint(1, 6)}{colour}" for colour in drawn]


# Single slides tried before the board is pushed together wholesale (left, then up).
SLIDE_STEPS = 200


def random_slide(entry: SlideEntry, rng: random.Random) -> list[list[str | None]]:
    """The entry's board slid shut at random: again and again a row or column segment next to
    a gap moves one cell into it, until no row or column has a gap between two dice.

    Should the slides go round in circles, the dice are pushed left and then up, which
    always closes every gap (each row is then a run from the left edge)."""
    dice = {(r, c): die for r, row in enumerate(entry.board)
            for c, die in enumerate(row) if die is not None}  # fmt: skip
    for _ in range(SLIDE_STEPS):
        holes = gaps(dice)
        if not holes:
            break
        slides = [(hole, step) for hole in holes for step in STEPS if _segment(dice, hole, step)]
        hole, step = rng.choice(slides)
        segment = _segment(dice, hole, step)
        for cell in segment:  # nearest the hole first
            dice[(cell[0] - step[0], cell[1] - step[1])] = dice.pop(cell)
    else:
        dice = _pushed(_pushed(dice, 1), 0)
    height = len(entry.board)
    width = max((len(row) for row in entry.board), default=0)
    return [[dice.get((r, c)) for c in range(width)] for r in range(height)]


def _segment(dice: Mapping[Cell, Any], hole: Cell, step: tuple[int, int]) -> list[Cell]:
    """The dice in a row from the one next to ``hole`` (``step`` away) onwards, nearest
    first; none unless the line holds a die on the hole's other side too (a gap there)."""
    row, col = hole
    if step[0] == 0:
        beyond = any(r == row and (c - col) * step[1] < 0 for r, c in dice)
    else:
        beyond = any(c == col and (r - row) * step[0] < 0 for r, c in dice)
    segment: list[Cell] = []
    cell = (row + step[0], col + step[1])
    while beyond and cell in dice:
        segment.append(cell)
        cell = (cell[0] + step[0], cell[1] + step[1])
    return segment


def _pushed(dice: dict[Cell, Any], axis: int) -> dict[Cell, Any]:
    """Every line along ``axis`` (1: rows, pushed left; 0: columns, pushed up) closed up."""
    lines: dict[int, list[Cell]] = {}
    for cell in sorted(dice):
        lines.setdefault(cell[1 - axis], []).append(cell)
    pushed = {}
    for fixed, cells in lines.items():
        for at, cell in enumerate(sorted(cells, key=lambda c: c[axis])):
            pushed[(fixed, at) if axis == 1 else (at, fixed)] = dice[cell]
    return pushed


def entry_move(entry: Entry, rng: random.Random) -> dict[str, Any]:
    """The move that enters a made-up board, pool, set of totals or draw from a bag."""
    value: object
    if isinstance(entry, BoardEntry):
        value = random_board(entry, rng)
    elif isinstance(entry, PoolEntry):
        value = random_pool(entry, rng)
    elif isinstance(entry, TotalsEntry):
        value = {name: rng.randint(entry.least, entry.most) for name in entry.names}
    elif isinstance(entry, BagEntry):
        value = random_draw(entry, rng)
    elif isinstance(entry, SlideEntry):
        value = random_slide(entry, rng)
    else:  # pragma: no cover - a new kind of entry needs its maker here
        raise TypeError(f"No random maker for {entry!r}.")
    return {"type": entry.type, entry.field: value}


def random_legal_move(
    game: Any, state: Any, rng: random.Random, *, colours: bool = False
) -> dict[str, Any]:
    """One legal move for the player to move, chosen at random.

    Banks with ``bank_chance`` of the turn total when banking is allowed, else
    rolls when rolling is allowed (now and then setting more aside first).  A
    count of 0 is a roll too (SB: only keys are left); None means no roll now.
    What the table enters instead of a roll (``table_entry``) is made up the same way.
    """
    count = game.dice_to_roll(state)
    options = game.choices(state)
    bank = [m for m in options if m["type"] == "bank"]
    others = [m for m in options if m["type"] != "bank"]
    if bank and rng.random() < bank_chance(game.at_stake(state), bank_scale(game)):
        return bank[0]
    if count is not None and (not others or rng.random() < 0.8):
        return roll_move(game, state, count, rng, colours=colours)
    # Asked after the roll, so that games without entries draw the same numbers as before.
    entry = game.table_entry(state)
    if entry is not None and (not others or rng.random() < ENTRY_CHANCE):
        return entry_move(entry, rng)
    if others:
        return rng.choice(others)
    if bank:
        return bank[0]
    raise ValueError(f"No legal move for {game.SLUG} in this state.")


def play_random_game(
    game: Game,
    players: Sequence[str],
    options: Mapping[str, int] | None,
    rng: random.Random,
    *,
    colours: bool = False,
    max_moves: int = 20_000,
) -> list[dict[str, Any]]:
    """Play a whole game at random and return its moves (a finished game's log).

    Raises ``RuntimeError`` if the game is not over after ``max_moves`` moves.
    """
    state = game.start(check_players(game, players), resolve_options(game, options))
    moves: list[dict[str, Any]] = []
    while not game.outcome(state).over:
        if len(moves) >= max_moves:
            raise RuntimeError(f"{game.SLUG} not over after {max_moves} random moves.")
        move = random_legal_move(game, state, rng, colours=colours)
        state = apply_move(game, state, move)
        moves.append(move)
    return moves
