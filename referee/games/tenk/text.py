"""10K in the project's own words: the help page and the rule sheet both render it."""

from __future__ import annotations

from referee.core.dice import parse_dice, spell
from referee.core.gametext import EVERY_GAME, GameText, Ruling, RunningPad, ScoreRow, Step, figure
from referee.core.sentences import Sentence, say
from referee.games.tenk import rules as tenk


def _worth(*dice: str) -> int:
    split = tenk.best_split(parse_dice(list(dice)))
    assert split is not None, dice
    return split.points


def _summary(*values: int) -> Sentence:
    """Dice and their best split's worth: "1 1 1 1 5 5 = 2,100"."""
    dice = parse_dice([str(v) for v in values])
    return say("{dice} = {points}", dice=spell(dice), points=_worth(*(str(v) for v in values)))


def _example() -> tuple[Step, ...]:
    first, kept = ("1r", "1y", "1g", "5b"), ("2o", "6p")
    split = tenk.best_split(parse_dice(list(first)))
    assert split is not None
    second = ("5o", "1p")
    after = split.points + tenk.best_split(parse_dice(list(second))).points  # type: ignore[union-attr]
    bust = ("2r", "3y", "4g", "4b", "6o", "6p")
    assert not tenk.roll_scores(parse_dice(list(bust)))
    entry = tenk.OPTIONS[1].default
    return (
        Step(
            (first, kept),
            (say("set aside"), say("left")),
            say(
                "First roll: {dice}. Set aside the three 1s and the 5: {split}, so {points} this "
                "turn. The 2 and the 6 score nothing and stay. Bank {points} (more than the "
                "{entry} needed to get on the board), or roll the two dice left.",
                dice=spell(parse_dice([*first, *kept])),
                split=split.describe(),
                points=split.points,
                entry=entry,
            ),
        ),
        Step(
            (second,),
            (say("both score"),),
            say(
                "Rolling the two: a 5 and a 1, worth {worth}. All six dice are now aside with "
                "{total} in the turn: <b>hot dice</b>. Bank {total}, or pick up all six and roll "
                "on.",
                worth=_worth(*second),
                total=after,
            ),
        ),
        Step(
            (bust,),
            (say("bust"),),
            say(
                "Rolling all six: {dice}. No 1, no 5, no set and no three pairs: a <b>bust</b>. "
                "The {total} is lost and the next player rolls.",
                dice=spell(parse_dice(list(bust))),
                total=after,
            ),
        ),
    )


def _reminder() -> Sentence:
    ones, many = tenk.MANY_ONES, tenk.MANY_OF
    return say(
        "1 = {one} · 5 = {five} · three 1s = {three_ones} · three 2s-6s = face × 100 · "
        "four/five/six 1s = {ones4}/{ones5}/{ones6} · four/five/six of another = "
        "{many4}/{many5}/{many6} · three pairs = {pairs} · 1-6 = {straight} · colour run = {run}",
        one=tenk.SINGLE[1],
        five=tenk.SINGLE[5],
        three_ones=tenk.THREE_OF[1],
        ones4=ones[4],
        ones5=ones[5],
        ones6=ones[6],
        many4=many[4],
        many5=many[5],
        many6=many[6],
        pairs=tenk.THREE_PAIRS,
        straight=tenk.STRAIGHT,
        run=tenk.COLOUR_RUN,
    )


TEXT = GameText(
    slug=tenk.SLUG,
    intro=say(
        "Six dice, each a different colour. Roll, set scoring dice aside, and decide: bank the "
        "turn or push your luck. The first to bank 10,000 starts the final round."
    ),
    components=(
        say(
            "Six dice: red, yellow, green, blue, orange and purple. Plain dice work too, "
            "but then the colour run cannot be scored."
        ),
        say("The rules, a scorepad (or the referee on a phone) and a pencil."),
        say("One or more players; the referee seats up to 8."),
    ),
    turn=(
        say("Roll all six dice."),
        say(
            "If anything scores, set aside at least one scoring combination from that roll. "
            "Only dice from the same roll combine."
        ),
        say("Then either <b>bank</b> the turn total, or <b>roll the dice left</b>."),
        say(
            "Set all six aside during a turn (<b>hot dice</b>) and you may pick up all six and "
            "roll again, keeping the turn total, or bank."
        ),
        say(
            "A roll with nothing that scores is a <b>bust</b>: the turn total is lost and the "
            "turn passes to the left."
        ),
    ),
    scoring_head=(say("Dice from one roll"), say("Points")),
    scoring=(
        ScoreRow(say("Each 1"), figure(tenk.SINGLE[1]), ("1",)),
        ScoreRow(say("Each 5"), figure(tenk.SINGLE[5]), ("5",)),
        ScoreRow(say("Three 1s"), figure(tenk.THREE_OF[1]), ("1", "1", "1")),
        ScoreRow(
            say("Three 2s, 3s, 4s, 5s or 6s"),
            say("face × 100: {low} to {high}", low=tenk.THREE_OF[2], high=tenk.THREE_OF[6]),
            ("4", "4", "4"),
        ),
        ScoreRow(
            say("Four, five or six 1s"),
            say(
                "{four} / {five} / {six}",
                four=tenk.MANY_ONES[4],
                five=tenk.MANY_ONES[5],
                six=tenk.MANY_ONES[6],
            ),
            ("1", "1", "1", "1"),
        ),
        ScoreRow(
            say("Four, five or six of another value"),
            say(
                "{four} / {five} / {six}",
                four=tenk.MANY_OF[4],
                five=tenk.MANY_OF[5],
                six=tenk.MANY_OF[6],
            ),
            ("6", "6", "6", "6"),
        ),
        ScoreRow(
            say("Three pairs (four of a kind with a pair counts too)"),
            figure(tenk.THREE_PAIRS),
            ("2", "2", "3", "3", "6", "6"),
        ),
        ScoreRow(say("1-2-3-4-5-6"), figure(tenk.STRAIGHT), ("1", "2", "3", "4", "5", "6")),
        ScoreRow(
            say("Colour run: red 1, yellow 2, green 3, blue 4, orange 5, purple 6"),
            say("{run} (not {straight})", run=tenk.COLOUR_RUN, straight=tenk.STRAIGHT),
            ("1r", "2y", "3g", "4b", "5o", "6p"),
        ),
    ),
    scoring_notes=(say("Dice set aside after different rolls never make a combination together."),),
    example_title=say("a turn, roll by roll"),
    example=_example(),
    endgame=(
        say(
            "Bank to the target (10,000 unless the table agreed otherwise) or more and the "
            "<b>final round</b> starts: every other player gets exactly one more turn, in "
            "seating order. Then the highest total wins; equal highest totals share the win."
        ),
    ),
    rulings=(
        Ruling(
            say("Best split."),
            say(
                "The dice you set aside from one roll are scored the best way they split into "
                "the combinations above. Every die you pick must belong to a combination: a "
                "stray 2 or 4 makes the set-aside illegal, and the referee says which die scores "
                "nothing. {ones_and_fives} as four 1s and two 5s, better than three pairs; "
                "{twos_and_sixes} only as three pairs.",
                ones_and_fives=_summary(1, 1, 1, 1, 5, 5),
                twos_and_sixes=_summary(2, 2, 2, 2, 6, 6),
            ),
        ),
        Ruling(
            say("Setting more aside."),
            say(
                "Having set dice aside you may still add more from the same roll before rolling "
                "on; everything taken from that roll counts as one set-aside, judged and scored "
                "together as one best split, as if you had entered it all at once. So 1 1 and "
                "then 1 is three 1s for 1,000, and you may even enter 2 2 and then the third 2: "
                "until the dice taken from the roll make scoring combinations you cannot roll or "
                "bank."
            ),
        ),
        Ruling(
            say("Hot dice."), say("With all six aside you may bank instead of rolling six again.")
        ),
        Ruling(
            say("Getting on the board."),
            say(
                "While your total is 0 you need the entry threshold (500 unless the table "
                "changed it) in a single turn. You may bank less, but it scores 0; the phone "
                "asks you to confirm first."
            ),
        ),
        Ruling(
            say("Final round."),
            say(
                "The player who reached the target does not roll again. A bust in the final "
                "round uses up that player's last turn."
            ),
        ),
        Ruling(
            say("Colours."),
            say(
                "Enter colours or leave them out; the referee asks only when six dice show "
                "1-2-3-4-5-6. Without colours the colour run cannot be claimed. Within one roll "
                "no two dice share a colour."
            ),
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
        note=say(
            "Target {target} · a player on 0 needs {entry} in one turn to get on the board",
            target="{target}",
            entry="{entry}",
        ),
    ),
    reminder=_reminder(),
    emblem=("1r", "5o"),
    odds=(
        say(
            "A table can switch the odds on at the foot of its page (off unless asked for, and "
            "never part of the game). Before each roll the referee then shows the exact chance "
            "that the dice about to be rolled score nothing, the points one more roll is "
            "expected to add, and the choice worth most: the play that banks the most points "
            "this turn on average, worked out over every roll and set-aside the rules allow, "
            "the entry threshold and hot dice included. In the final round it adds the chance "
            "to pass the leader."
        ),
    ),
    on_the_phone=(
        say(
            "Tap each die's value after a roll; tick the colour run when six dice show 1 to 6 "
            "in the run's colours."
        ),
        say(
            "Tap the dice to set aside: the line under them says what they are worth, or which "
            "die scores nothing."
        ),
        say(
            "Bank, or enter the roll of the dice left. “Undo last move” takes back a mistyped roll."
        ),
    ),
)
