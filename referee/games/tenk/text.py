"""10K in the project's own words: the help page and the rule sheet both render it."""

from __future__ import annotations

from referee.core.dice import parse_dice, spell
from referee.core.engine import points
from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step
from referee.games.tenk import rules as tenk


def _worth(*dice: str) -> str:
    split = tenk.best_split(parse_dice(list(dice)))
    assert split is not None, dice
    return points(split.points)


def _example() -> tuple[Step, ...]:
    first, kept = ("1r", "1y", "1g", "5b"), ("2o", "6p")
    split = tenk.best_split(parse_dice(list(first)))
    assert split is not None
    second = ("5o", "1p")
    after = split.points + tenk.best_split(parse_dice(list(second))).points  # type: ignore[union-attr]
    bust = ("2r", "3y", "4g", "4b", "6o", "6p")
    assert not tenk.roll_scores(parse_dice(list(bust)))
    entry = points(tenk.OPTIONS[1].default)
    return (
        Step(
            (first, kept),
            ("set aside", "left"),
            f"First roll: {spell(parse_dice([*first, *kept]))}. Set aside the three 1s and the "
            f"5: {split.describe()}, so {points(split.points)} this turn. The 2 and the 6 score "
            f"nothing and stay. Bank {points(split.points)} (more than the {entry} needed to get "
            "on the board), or roll the two dice left.",
        ),
        Step(
            (second,),
            ("both score",),
            f"Rolling the two: a 5 and a 1, worth {_worth(*second)}. All six dice are now "
            f"aside with {points(after)} in the turn: <b>hot dice</b>. Bank {points(after)}, or "
            "pick up all six and roll on.",
        ),
        Step(
            (bust,),
            ("bust",),
            f"Rolling all six: {spell(parse_dice(list(bust)))}. No 1, no 5, no set and no three "
            f"pairs: a <b>bust</b>. The {points(after)} is lost and the next player rolls.",
        ),
    )


def _reminder() -> str:
    ones, many = tenk.MANY_ONES, tenk.MANY_OF
    return (
        f"1 = {tenk.SINGLE[1]} · 5 = {tenk.SINGLE[5]} · three 1s = {points(tenk.THREE_OF[1])} · "
        f"three 2s-6s = face × 100 · four/five/six 1s = "
        f"{'/'.join(points(ones[n]) for n in (4, 5, 6))} · four/five/six of another = "
        f"{'/'.join(points(many[n]) for n in (4, 5, 6))} · three pairs = "
        f"{points(tenk.THREE_PAIRS)} · 1-6 = {points(tenk.STRAIGHT)} · colour run = "
        f"{points(tenk.COLOUR_RUN)}"
    )


TEXT = GameText(
    slug=tenk.SLUG,
    intro=(
        "Six dice, each a different colour. Roll, set scoring dice aside, and decide: bank the "
        "turn or push your luck. The first to bank 10,000 starts the final round."
    ),
    components=(
        "Six dice: red, yellow, green, blue, orange and purple. Plain dice work too, "
        "but then the colour run cannot be scored.",
        "The rules, a scorepad (or the referee on a phone) and a pencil.",
        "One or more players; the referee seats up to 8.",
    ),
    turn=(
        "Roll all six dice.",
        "If anything scores, set aside at least one scoring combination from that roll. "
        "Only dice from the same roll combine.",
        "Then either <b>bank</b> the turn total, or <b>roll the dice left</b>.",
        "Set all six aside during a turn (<b>hot dice</b>) and you may pick up all six and "
        "roll again, keeping the turn total, or bank.",
        "A roll with nothing that scores is a <b>bust</b>: the turn total is lost and the turn "
        "passes to the left.",
    ),
    scoring_head=("Dice from one roll", "Points"),
    scoring=(
        ScoreRow("Each 1", points(tenk.SINGLE[1]), ("1",)),
        ScoreRow("Each 5", points(tenk.SINGLE[5]), ("5",)),
        ScoreRow("Three 1s", points(tenk.THREE_OF[1]), ("1", "1", "1")),
        ScoreRow(
            "Three 2s, 3s, 4s, 5s or 6s",
            f"face × 100: {points(tenk.THREE_OF[2])} to {points(tenk.THREE_OF[6])}",
            ("4", "4", "4"),
        ),
        ScoreRow(
            "Four, five or six 1s",
            " / ".join(points(tenk.MANY_ONES[n]) for n in (4, 5, 6)),
            ("1", "1", "1", "1"),
        ),
        ScoreRow(
            "Four, five or six of another value",
            " / ".join(points(tenk.MANY_OF[n]) for n in (4, 5, 6)),
            ("6", "6", "6", "6"),
        ),
        ScoreRow(
            "Three pairs (four of a kind with a pair counts too)",
            points(tenk.THREE_PAIRS),
            ("2", "2", "3", "3", "6", "6"),
        ),
        ScoreRow("1-2-3-4-5-6", points(tenk.STRAIGHT), ("1", "2", "3", "4", "5", "6")),
        ScoreRow(
            "Colour run: red 1, yellow 2, green 3, blue 4, orange 5, purple 6",
            f"{points(tenk.COLOUR_RUN)} (not {points(tenk.STRAIGHT)})",
            ("1r", "2y", "3g", "4b", "5o", "6p"),
        ),
    ),
    scoring_notes=("Dice set aside after different rolls never make a combination together.",),
    example_title="A turn, roll by roll",
    example=_example(),
    endgame=(
        "Bank to the target (10,000 unless the table agreed otherwise) or more and the "
        "<b>final round</b> starts: every other player gets exactly one more turn, in seating "
        "order. Then the highest total wins; equal highest totals share the win.",
    ),
    rulings=(
        Ruling(
            "Best split.",
            "The dice you set aside from one roll are scored the best way they split into the "
            "combinations above. Every die you pick must belong to a combination: a stray 2 or 4 "
            "makes the set-aside illegal, and the referee says which die scores nothing. "
            f"{tenk.scoring_summary([1, 1, 1, 1, 5, 5])} as four 1s and two 5s, better than "
            f"three pairs; {tenk.scoring_summary([2, 2, 2, 2, 6, 6])} only as three pairs.",
        ),
        Ruling(
            "Setting more aside.",
            "Having set dice aside you may still add more from the same roll before rolling on; "
            "everything taken from that roll counts as one set-aside, judged and scored together "
            "as one best split, as if you had entered it all at once. So 1 1 and then 1 is three "
            "1s for 1,000, and you may even enter 2 2 and then the third 2: until the dice taken "
            "from the roll make scoring combinations you cannot roll or bank.",
        ),
        Ruling("Hot dice.", "With all six aside you may bank instead of rolling six again."),
        Ruling(
            "Getting on the board.",
            "While your total is 0 you need the entry threshold (500 unless the table changed "
            "it) in a single turn. You may bank less, but it scores 0; the phone asks you to "
            "confirm first.",
        ),
        Ruling(
            "Final round.",
            "The player who reached the target does not roll again. A bust in the final round "
            "uses up that player's last turn.",
        ),
        Ruling(
            "Colours.",
            "Enter colours or leave them out; the referee asks only when six dice show "
            "1-2-3-4-5-6. Without colours the colour run cannot be claimed. Within one roll no "
            "two dice share a colour.",
        ),
        *EVERY_GAME,
    ),
    # Sensible play (take the most points, bank at 400, or at 200 with two dice or fewer
    # left) finishes in 14-17 turns a player on average, 18-23 for the 90th percentile,
    # over 150 autoplayed games each with 2, 4 and 6 players; careless random play takes
    # 25-30 on average.  30 rounds cover nearly every real game on one page; a longer
    # game continues on a second sheet.
    pad=RunningPad(
        rows=30,
        note="Target {target} · a player on 0 needs {entry} in one turn to get on the board",
    ),
    reminder=_reminder(),
    emblem=("1r", "5o"),
    odds=(
        "A table can switch the odds on at the foot of its page (off unless asked for, and "
        "never part of the game). Before each roll the referee then shows the exact chance "
        "that the dice about to be rolled score nothing, the points one more roll is expected "
        "to add, and the choice worth most: the play that banks the most points this turn on "
        "average, worked out over every roll and set-aside the rules allow, the entry "
        "threshold and hot dice included. In the final round it adds the chance to pass the "
        "leader.",
    ),
    on_the_phone=(
        "Tap each die's value after a roll; tick the colour run when six dice show 1 to 6 "
        "in the run's colours.",
        "Tap the dice to set aside: the line under them says what they are worth, or which "
        "die scores nothing.",
        "Bank, or enter the roll of the dice left. “Undo last move” takes back a mistyped roll.",
    ),
)
