"""Six D One in the project's own words: the help page and the rule sheet render it.

The worked example is a three-player round played through the engine: the board, each
player's groups and their scores come from ``referee.games.sixd_one.rules``.
"""

from __future__ import annotations

from referee.core.engine import Move
from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.core.moves import Cell
from referee.core.sentences import Sentence, Value, listed, say, say_n
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
                tuple(
                    say("{pips} × {dice} = {worth}", pips=sum(g), dice=len(g), worth=w)
                    for g, w in zip(groups, worth, strict=True)
                ),
                _scored(name, colour_name(colour), worth),
            )
        )
    return tuple(steps)


def _scored(name: str, colour: Value, worth: list[int]) -> Sentence:
    """What one player's groups score in the round."""
    if len(worth) == 1:
        return say(
            "{player}'s dice ({colour}) make one group: <b>{total}</b> for the round. All six "
            "in one group: the best shape there is.",
            player=name,
            colour=colour,
            total=worth[0],
        )
    return say(
        "{player}'s dice ({colour}) make {groups}: {sum} = <b>{total}</b> for the round.",
        player=name,
        colour=colour,
        groups=_count(len(worth)),
        sum=" + ".join(str(w) for w in worth),
        total=sum(worth),
    )


def _covered() -> tuple[tuple[str | None, ...], ...]:
    """The board once covered: each die in the colour of the player who covered it."""
    owner = {cell: seat for seat, cells in enumerate(COVERS) for cell in cells}
    return tuple(
        tuple(f"{d}{seat_colour(owner[(r, c)])}" if d else None for c, d in enumerate(row))
        for r, row in enumerate(BOARD)
    )


def _row_words(r: int, row: list[str | None]) -> Sentence:
    """One row of the board in words: its dice, or where they lie when it has gaps."""
    if None not in row:
        return say("row {row}: {dice}", row=r + 1, dice=" ".join(str(d) for d in row))
    lying = [
        say("{die} in column {column}", die=int(d), column=c + 1) for c, d in enumerate(row) if d
    ]
    return say("row {row}: {dice}", row=r + 1, dice=listed(lying))


def _board_words() -> Sentence:
    rows: Value = _row_words(0, BOARD[0])
    for r, row in enumerate(BOARD[1:], start=1):
        rows = say("{these}; {those}", these=rows, those=_row_words(r, row))
    covered = [
        say("{player} {colour}", player=name, colour=colour_name(seat_colour(seat)))
        for seat, name in enumerate(PLAYERS)
    ]
    return say(
        "Ann rolls the {count} black dice of a three-player game and lays them out ({rows}). "
        "Every die touches another side to side. Bo places first, then Cy, then Ann, until the "
        "board is covered as drawn: {covered}.",
        count=len(PLAYERS) * sixd_one.DICE_EACH,
        rows=rows,
        covered=listed(covered),
    )


COUNT_WORDS = {1: say("one group"), 2: say("two groups"), 3: say("three groups")}


def _count(groups: int) -> Sentence:
    return COUNT_WORDS.get(groups) or say_n("{count} group", "{count} groups", groups)


TEXT = GameText(
    slug=sixd_one.SLUG,
    intro=say(
        "The first game of Martin Grider's Six D Six set. Each round one player rolls the "
        "black dice and builds a board from them; then everyone covers board dice with their "
        "own, trying to keep their dice together, because big groups score big."
    ),
    components=(
        say(
            "{count} dice of one colour for each player (red, yellow, green, blue, orange, "
            "purple), and {count} black dice per player for the board.",
            count=sixd_one.DICE_EACH,
        ),
        say("{least} to {most} players.", least=sixd_one.MIN_PLAYERS, most=sixd_one.MAX_PLAYERS),
        say("A scorepad (or the referee on a phone) and a pencil."),
    ),
    turn_title=say("A round"),
    turn=(
        say(
            "The round's roller rolls all the black dice ({count} per player) and lays them out "
            "in any shape, without turning any die, as long as every die touches another side "
            "to side.",
            count=sixd_one.DICE_EACH,
        ),
        say(
            "Starting with the player to the roller's left, each player in turn covers one free "
            "board die with one of their own dice turned to the same number."
        ),
        say(
            "When the board is covered (each player has placed {count}) the round is scored and "
            "added to each player's total.",
            count=sixd_one.DICE_EACH,
        ),
        say("The next player round the table rolls the next board."),
    ),
    scoring_head=(say("Your dice on the board"), say("Points")),
    scoring=(
        ScoreRow(
            say("A group: your dice joined side to side"),
            say("its pips added up, times the dice in it"),
            ("1r", "3r", "5r"),
        ),
        ScoreRow(say("A die of yours touching none of your others"), say("its pips"), ("4r",)),
        ScoreRow(say("Dice that meet only at a corner"), say("are separate groups"), ("2r", "6r")),
    ),
    scoring_notes=(
        say(
            "Three dice 1, 3 and 5 in one group score (1 + 3 + 5) × 3 = {worth}; the same dice "
            "apart score only 9.",
            worth=sixd_one.group_score([1, 3, 5]),
        ),
    ),
    example_title=say("one round for three players"),
    example=_example(),
    endgame=(
        say(
            "The game ends when every player has rolled the board once, or two or three times "
            "each if the table chose a longer game. The highest total wins; equal totals share "
            "the win."
        ),
    ),
    rulings=(
        Ruling(
            say("Touching."),
            say(
                "Dice touch only side to side; a corner does not count. The board may be in "
                "several pieces as long as no die stands alone, and a board die that touches "
                "none is refused with its place named: “the 3 at row 2, column 5 stands alone”."
            ),
        ),
        Ruling(
            say("The board."),
            say(
                "Exactly {count} black dice per player, entered by value (“3”, or “3k” for "
                "black); a die entered in another colour is refused. Rows are counted from the "
                "top as the phone shows them, columns from the left; cells may be left empty, "
                "and a board is at most {side} rows or columns across.",
                count=sixd_one.DICE_EACH,
                side=sixd_one.MAX_SIDE,
            ),
        ),
        Ruling(
            say("Covering."),
            say(
                "Only a free board die can be covered, by the player whose turn it is; a die "
                "already covered is refused, naming who covered it. You turn your die to the "
                "board die's number, so the referee needs only the cell; a number or a colour "
                "that does not match is refused. A free die can always be covered, so nobody "
                "ever passes."
            ),
        ),
        Ruling(
            say("Who rolls."),
            say(
                "The first player rolls round 1, the second round 2, and so on round the table; "
                "placing starts to the roller's left, so the roller places last."
            ),
        ),
        Ruling(
            say("Running totals."),
            say(
                "While a round is played the scores include the groups already on the board; "
                "they count for good when the board is covered."
            ),
        ),
        Ruling(
            say("Rounds."),
            say(
                "Each player rolls the board once; a table may choose up to {most} each for a "
                "longer game.",
                most=ROUNDS_MAX,
            ),
        ),
        Ruling(say("Ties"), say("share the win.")),
        *EVERY_GAME,
    ),
    # A row per round: the longest game is six players rolling three boards each.
    pad=RunningPad(
        rows=sixd_one.MAX_PLAYERS * ROUNDS_MAX,
        note=say(
            "Boards per player: {rounds_per_player} · a round a row",
            rounds_per_player="{rounds_per_player}",
        ),
        final_round=False,
        busts=False,
    ),
    reminder=say(
        "Each group of your dice joined side to side scores its pips added up × the dice in "
        "it · corners do not join · the highest total after the last round wins"
    ),
    emblem=("3k", "3r"),
    on_the_phone=(
        say(
            "A board laid out as a full rectangle (three rows of four for two players, say) "
            "may be entered from a photo taken from above. It comes back typed in as read, "
            "the unsure dice named; turn it to lie as on the table and enter it. A board with "
            "empty cells is typed in: the phone reads only full rectangles of dice."
        ),
        say(
            "“Undo last move” takes back a placement. A round's board is a turn of its own for "
            "undo: it is undone on its own, never with the placement after it."
        ),
    ),
)
