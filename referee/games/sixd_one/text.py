"""Six D One in the project's own words: the help page and the rule sheet render it.

The worked example is a three-player round played through the engine: the board, each
player's groups and their scores come from ``referee.games.sixd_one.rules``.
"""

from __future__ import annotations

from referee.core.engine import Move, points
from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.core.moves import Cell
from referee.families.grid import colour_name, parse_board, seat_colour
from referee.games.sixd_one import rules as sixd_one

PLAYERS = ("Ann", "Bo", "Cy")
# A board for three players: rows 1 and 2 full, row 3 in columns 1 and 6, row 4 in
# columns 1, 3, 4 and 5.
BOARD: list[list[str | None]] = [
    ["2", "1", "5", "6", "3", "3"],
    ["1", "3", "4", "3", "2", "2"],
    ["3", None, None, None, None, "6"],
    ["5", None, "2", "6", "4", None],
]
# Where each player's six dice go, by seat (Ann rolled, so Bo places first).
COVERS: tuple[tuple[Cell, ...], ...] = (
    ((1, 0), (2, 0), (3, 0), (1, 5), (2, 5), (3, 4)),
    ((1, 1), (1, 2), (1, 3), (1, 4), (3, 2), (3, 3)),
    tuple((0, c) for c in range(6)),
)
ROUNDS_MAX = next(o.maximum for o in sixd_one.OPTIONS if o.name == "rounds_per_player")


def _placements() -> list[dict]:
    """The round's place moves in playing order: Bo, Cy, Ann, six times."""
    order = [1, 2, 0]
    return [{"type": "place", "cell": list(COVERS[seat][n])} for n in range(6) for seat in order]


def _apply(state: sixd_one.SixDOne, move: Move) -> sixd_one.SixDOne:
    """The engine's ruling on one move of the example (a refusal would raise)."""
    return sixd_one.MOVES[move["type"]](state, move)


def _example() -> tuple[Step, ...]:
    state = sixd_one.start(PLAYERS, {"rounds_per_player": 1})
    for move in [{"type": "board", "board": BOARD}, *_placements()]:
        state = _apply(state, move)
    scores = sixd_one.outcome(state).scores
    board = parse_board(BOARD, max_side=sixd_one.MAX_SIDE)
    covers = tuple((cell, seat) for seat, cells in enumerate(COVERS) for cell in cells)
    steps: list[Step] = [Step((), (), _board_words(), board=_covered())]
    for seat, name in enumerate(PLAYERS):
        groups = sixd_one.player_groups(board, covers, seat)
        worth = [sixd_one.group_score(g) for g in groups]
        total = sum(worth)
        assert total == scores[name], (name, total, scores)
        colour = seat_colour(seat)
        steps.append(
            Step(
                tuple(tuple(f"{v}{colour}" for v in g) for g in groups),
                tuple(f"{sum(g)} × {len(g)} = {w}" for g, w in zip(groups, worth, strict=True)),
                f"{name}'s dice ({colour_name(colour)}) make {_count(len(groups))}: "
                + (f"{' + '.join(str(w) for w in worth)} = " if len(worth) > 1 else "")
                + f"<b>{points(total)}</b> for the round."
                + (" All six in one group: the best shape there is." if len(groups) == 1 else ""),
            )
        )
    return tuple(steps)


def _covered() -> tuple[tuple[str | None, ...], ...]:
    """The board once covered: each die in the colour of the player who covered it."""
    owner = {cell: seat for seat, cells in enumerate(COVERS) for cell in cells}
    return tuple(
        tuple(f"{d}{seat_colour(owner[(r, c)])}" if d else None for c, d in enumerate(row))
        for r, row in enumerate(BOARD)
    )


def _board_words() -> str:
    rows = "; ".join(
        f"row {r + 1}: " + ", ".join(f"{d} in column {c + 1}" for c, d in enumerate(row) if d)
        if None in row else f"row {r + 1}: " + " ".join(str(d) for d in row)
        for r, row in enumerate(BOARD)
    )  # fmt: skip
    return (
        f"Ann rolls the {len(PLAYERS) * sixd_one.DICE_EACH} black dice of a three-player game "
        f"and lays them out ({rows}). Every die touches another side to side. Bo places "
        "first, then Cy, then Ann, until the board is covered as drawn: "
        + ", ".join(f"{name} {colour_name(seat_colour(seat))}" for seat, name in enumerate(PLAYERS))
        + "."
    )


COUNT_WORDS = {1: "one group", 2: "two groups", 3: "three groups"}


def _count(groups: int) -> str:
    return COUNT_WORDS.get(groups, f"{groups} groups")


TEXT = GameText(
    slug=sixd_one.SLUG,
    intro=(
        "The first game of Martin Grider's Six D Six set. Each round one player rolls the "
        "black dice and builds a board from them; then everyone covers board dice with their "
        "own, trying to keep their dice together, because big groups score big."
    ),
    components=(
        f"{sixd_one.DICE_EACH} dice of one colour for each player (red, yellow, green, blue, "
        f"orange, purple), and {sixd_one.DICE_EACH} black dice per player for the board.",
        f"{sixd_one.MIN_PLAYERS} to {sixd_one.MAX_PLAYERS} players.",
        "A scorepad (or the referee on a phone) and a pencil.",
    ),
    turn_title="A round",
    turn=(
        f"The round's roller rolls all the black dice ({sixd_one.DICE_EACH} per player) and "
        "lays them out in any shape, without turning any die, as long as every die touches "
        "another side to side.",
        "Starting with the player to the roller's left, each player in turn covers one free "
        "board die with one of their own dice turned to the same number.",
        f"When the board is covered (each player has placed {sixd_one.DICE_EACH}) the round "
        "is scored and added to each player's total.",
        "The next player round the table rolls the next board.",
    ),
    scoring_head=("Your dice on the board", "Points"),
    scoring=(
        ScoreRow(
            "A group: your dice joined side to side",
            "its pips added up, times the dice in it",
            ("1r", "3r", "5r"),
        ),
        ScoreRow("A die of yours touching none of your others", "its pips", ("4r",)),
        ScoreRow("Dice that meet only at a corner", "are separate groups", ("2r", "6r")),
    ),
    scoring_notes=(
        f"Three dice 1, 3 and 5 in one group score (1 + 3 + 5) × 3 = "
        f"{sixd_one.group_score([1, 3, 5])}; the same dice apart score only 9.",
    ),
    example_title="one round for three players",
    example=_example(),
    endgame=(
        "The game ends when every player has rolled the board once, or two or three times "
        "each if the table chose a longer game. The highest total wins; equal totals share "
        "the win.",
    ),
    rulings=(
        Ruling(
            "Touching.",
            "Dice touch only side to side; a corner does not count. The board may be in "
            "several pieces as long as no die stands alone, and a board die that touches none "
            "is refused with its place named: “the 3 at row 2, column 5 stands alone”.",
        ),
        Ruling(
            "The board.",
            f"Exactly {sixd_one.DICE_EACH} black dice per player, entered by value (“3”, or "
            "“3k” for black); a die entered in another colour is refused. Rows are counted "
            "from the top as the phone shows them, columns from the left; cells may be left "
            f"empty, and a board is at most {sixd_one.MAX_SIDE} rows or columns across.",
        ),
        Ruling(
            "Covering.",
            "Only a free board die can be covered, by the player whose turn it is; a die "
            "already covered is refused, naming who covered it. You turn your die to the "
            "board die's number, so the referee needs only the cell; a number or a colour "
            "that does not match is refused. A free die can always be covered, so nobody "
            "ever passes.",
        ),
        Ruling(
            "Who rolls.",
            "The first player rolls round 1, the second round 2, and so on round the table; "
            "placing starts to the roller's left, so the roller places last.",
        ),
        Ruling(
            "Running totals.",
            "While a round is played the scores include the groups already on the board; "
            "they count for good when the board is covered.",
        ),
        Ruling(
            "Rounds.",
            f"Each player rolls the board once; a table may choose up to {ROUNDS_MAX} each "
            "for a longer game.",
        ),
        Ruling("Ties", "share the win."),
        *EVERY_GAME,
    ),
    # A row per round: the longest game is six players rolling three boards each.
    pad=RunningPad(
        rows=sixd_one.MAX_PLAYERS * ROUNDS_MAX,
        note="Boards per player: {rounds_per_player} · a round a row",
        final_round=False,
        busts=False,
    ),
    reminder=(
        "Each group of your dice joined side to side scores its pips added up × the dice in "
        "it · corners do not join · the highest total after the last round wins"
    ),
    emblem=("3k", "3r"),
    on_the_phone=(
        "A board laid out as a full rectangle (three rows of four for two players, say) "
        "may be entered from a photo taken from above. It comes back typed in as read, "
        "the unsure dice named; turn it to lie as on the table and enter it. A board with "
        "empty cells is typed in: the phone reads only full rectangles of dice.",
        "“Undo last move” takes back a placement. A round's board is a turn of its own for "
        "undo: it is undone on its own, never with the placement after it.",
    ),
)
