"""What the printed documents say about each game, as data.

The words are the project's own (the help pages' wording, reused), never the
rule documents'.  Every figure comes from the game modules: the scoring tables
are built from their constants and each worked example is scored by the
engine, so a printed sheet cannot drift from the referee.  Inline ``<b>`` and
``<i>`` are reportlab paragraph markup.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from referee.dice import parse_dice, spell
from referee.engine import Option, points
from referee.games import keys_and_base as keys_game
from referee.games import lucky7, solitaire, tenk

RUNNING, SHEET = "running", "sheet"


@dataclass(frozen=True)
class ScoreRow:
    """One line of a "what scores" table, with dice to draw beside it when they help."""

    what: str
    worth: str
    dice: tuple[str, ...] = ()


@dataclass(frozen=True)
class Step:
    """One step of a worked example: groups of dice (captioned) and what happens."""

    dice: tuple[tuple[str, ...], ...]
    captions: tuple[str, ...]
    text: str


@dataclass(frozen=True)
class Ruling:
    """How the referee decides one question, led by a few words in bold."""

    lead: str
    text: str


@dataclass(frozen=True)
class GameText:
    """Everything the rule sheet and scorepad print for one game.

    ``across`` holds small tables printed sideways under the scoring table,
    each row led by its heading (Solitaire's marks and row values).
    ``pad`` is RUNNING (a running-total column per player) or SHEET (Solitaire's
    own paper sheet).  ``pad_rows`` is how many rounds a blank running pad
    offers; each game's figure says where it comes from.  ``pad_note`` is
    formatted with the table's options (already written as points).
    """

    slug: str
    intro: str
    components: tuple[str, ...]
    turn: tuple[str, ...]
    scoring_head: tuple[str, str]
    scoring: tuple[ScoreRow, ...]
    scoring_notes: tuple[str, ...]
    example_title: str
    example: tuple[Step, ...]
    endgame: tuple[str, ...]
    rulings: tuple[Ruling, ...]
    pad: str
    pad_note: str
    reminder: str
    emblem: tuple[str, ...]
    pad_rows: int = 0
    final_round: bool = True  # the end gives others one more turn (not Lucky Sevens)
    across: tuple[tuple[tuple[str, ...], ...], ...] = ()  # small tables read left to right


EVERY_GAME = (
    Ruling(
        "Checked entries.",
        "A move by the wrong player, a die value outside 1 to 6, the wrong number of dice or a "
        "die that was not in the roll is refused with a reason; nothing on the sheet changes. "
        "“Undo last move” takes back the last entry after you confirm.",
    ),
)


def option_values(options: Mapping[str, int]) -> dict[str, str]:
    """Option values as players write them ("10,000"), for ``pad_note``."""
    return {name: points(value) for name, value in options.items()}


def defaults(game_options: tuple[Option, ...]) -> dict[str, int]:
    """A game's options at their defaults."""
    return {o.name: o.default for o in game_options}


# --- 10K ----------------------------------------------------------------------------------


def _tenk_worth(*dice: str) -> str:
    split = tenk.best_split(parse_dice(list(dice)))
    assert split is not None, dice
    return points(split.points)


def _tenk_example() -> tuple[Step, ...]:
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
            f"Rolling the two: a 5 and a 1, worth {_tenk_worth(*second)}. All six dice are now "
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


def _tenk_reminder() -> str:
    ones, many = tenk.MANY_ONES, tenk.MANY_OF
    return (
        f"1 = {tenk.SINGLE[1]} · 5 = {tenk.SINGLE[5]} · three 1s = {points(tenk.THREE_OF[1])} · "
        f"three 2s-6s = face × 100 · four/five/six 1s = "
        f"{'/'.join(points(ones[n]) for n in (4, 5, 6))} · four/five/six of another = "
        f"{'/'.join(points(many[n]) for n in (4, 5, 6))} · three pairs = "
        f"{points(tenk.THREE_PAIRS)} · 1-6 = {points(tenk.STRAIGHT)} · colour run = "
        f"{points(tenk.COLOUR_RUN)}"
    )


TENK = GameText(
    slug=tenk.SLUG,
    intro=(
        "Six dice, each a different colour. Roll, set scoring dice aside, and decide: bank the "
        "turn or push your luck. The first to bank 10,000 starts the final round."
    ),
    components=(
        "Six dice: red, yellow, green, blue, orange and purple. Plain dice work too, "
        "but then the colour run cannot be scored.",
        "This sheet and a scorepad (or the referee on a phone), and a pencil.",
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
    example=_tenk_example(),
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
            "everything taken from that roll is scored together as one best split.",
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
    pad=RUNNING,
    # Sensible play (take the most points, bank at 400, or at 200 with two dice or fewer
    # left) finishes in 14-17 turns a player on average, 18-23 for the 90th percentile,
    # over 150 autoplayed games each with 2, 4 and 6 players; careless random play takes
    # 25-30 on average.  30 rounds cover nearly every real game on one page; a longer
    # game continues on a second sheet.
    pad_rows=30,
    pad_note="Target {target} · a player on 0 needs {entry} in one turn to get on the board",
    reminder=_tenk_reminder(),
    emblem=("1r", "5o"),
)


# --- Keys and Base Dice ---------------------------------------------------------------------


def _sb_step(keys: tuple[str, str], base: tuple[str, ...], text: str) -> Step:
    values = [int(k[1:]) for k in keys]
    worth = keys_game.describe_value(values, [int(b) for b in base])
    return Step(((keys[0],), base, (keys[1],)), ("key", "set-aside base dice", "key"),
                f"{text}<br/><b>{worth[0].upper()}{worth[1:]}</b>")  # fmt: skip


SB = GameText(
    slug=keys_game.SLUG,
    intro=(
        "Ten dice: eight ordinary <b>base dice</b> and two <b>keys</b> that look different. "
        "Over several rolls you build a set of base dice; the two keys then decide what they "
        "are worth. The first to reach the target sets off the end."
    ),
    components=(
        "Eight base dice and two keys of another colour or size. On this sheet keys have a "
        "double border and a tinted face.",
        "This sheet and a scorepad (or the referee on a phone), and a pencil.",
        "Two or more players; the referee seats 1 to 8.",
    ),
    turn=(
        "Roll all ten dice.",
        "Set aside <b>either</b> one or both keys, <b>or</b> one or more groups of base dice, "
        "never keys and base dice from the same roll. A group is two or more base dice showing "
        "the same value in this roll; you may take part of a bigger group (two of four 3s).",
        "Roll everything not yet set aside. While a key is still on the table you must roll again.",
        "Once both keys are down you may stop and bank. With all ten dice down the turn is "
        "scored at once.",
        "A roll that offers nothing to set aside (no key and no two base dice alike) is a "
        "<b>bust</b>: the turn scores 0, whatever was set aside before.",
    ),
    scoring_head=("Each set-aside base die", "Points"),
    scoring=(
        ScoreRow(
            "Split keys (different values): strictly between the keys",
            str(keys_game.SPLIT_BETWEEN),
            ("K2", "4", "K5"),
        ),
        ScoreRow("Split keys: outside the keys", str(keys_game.SPLIT_OUTSIDE), ("K2", "6", "K5")),
        ScoreRow("Split keys: equal to a key", str(keys_game.ON_A_KEY), ("K2", "5", "K5")),
        ScoreRow("Full Split: all eight base dice between the keys", str(keys_game.FULL_SPLIT)),
        ScoreRow(
            "Key sandwich (equal keys): a base die of the keys' value",
            str(keys_game.SANDWICH_MATCH),
            ("K4", "4", "K4"),
        ),
        ScoreRow("Key sandwich: any other base die", "0", ("K4", "3", "K4")),
        ScoreRow("Full Sandwich: all eight base dice match the keys", str(keys_game.FULL_SANDWICH)),
    ),  # fmt: skip
    scoring_notes=(
        "Only base dice you set aside count; dice left on the table never score. The keys "
        "themselves score nothing.",
    ),
    example_title="What a finished turn is worth",
    example=(
        _sb_step(
            ("K2", "K6"),
            ("3", "3", "3", "3", "3", "3", "5", "5"),
            "Keys 2 and 6 are split keys, and all eight base dice lie between them: a "
            "Full Split, worth more than the 8 × "
            f"{keys_game.SPLIT_BETWEEN} = {8 * keys_game.SPLIT_BETWEEN} they would pay one by one.",
        ),
        _sb_step(
            ("K2", "K5"),
            ("1", "1", "3", "3", "4", "4", "5", "5"),
            "Keys 2 and 5: the 3s and 4s are between (2 each), the 1s outside (1 each), "
            "and the 5s equal a key (0).",
        ),
        _sb_step(
            ("K4", "K4"),
            ("2", "2", "4", "4", "4"),
            "Two 4s make a key sandwich: each base 4 pays 4, the 2s nothing. The player "
            "banked with three base dice still unset.",
        ),
    ),  # fmt: skip
    endgame=(
        "The first player to bank to the target (60 unless the table changed it) or more is the "
        "<b>original leader</b>. Every other player then takes one last turn. If after those "
        "turns the leader is not strictly ahead of everyone, the leader takes one more turn. "
        "Then the game ends: the highest total wins, and equal totals share the win.",
    ),
    rulings=(
        Ruling(
            "One kind per roll.",
            "A set-aside that mixes keys and base dice is refused. You may set aside more than "
            "once from the same roll; it is all judged together, so it must still be all keys "
            "or all base groups.",
        ),
        Ruling(
            "No lone base dice.",
            "A single base die cannot be set aside, and it never joins a group of the same "
            "value set aside after an earlier roll.",
        ),
        Ruling(
            "Busts are automatic,",
            "even with both keys already down: the roll of the remaining dice must offer a key "
            "or a group, or the turn scores 0.",
        ),
        Ruling(
            "Sandwich value.",
            "A matching base die in a key sandwich is worth "
            f"{keys_game.SANDWICH_MATCH}. The source rules say 3 once, but their own 32 and 40 "
            "figures only work with 4.",
        ),
        Ruling(
            "The leader's extra turn.",
            "A tie with the original leader counts as no longer in the lead, so the leader "
            "takes the extra turn. After it the game ends whatever the totals, and nobody else "
            "becomes leader by passing the target later.",
        ),
        Ruling(
            "Players.",
            "The referee seats 1 to 8; with one player the game ends when the target is reached.",
        ),
        Ruling(
            "The source's example",
            "lists five 3s in Anna's first turn where its own rolls give six; the referee's "
            "example game follows the rolls.",
        ),
        *EVERY_GAME,
    ),
    pad=RUNNING,
    # Sensible play (take the biggest set-aside, bank at 8 points, or at 4 with two dice or
    # fewer left) needs 11-13 turns a player on average and 13-16 for the 90th percentile
    # over 150 autoplayed games each with 2, 4 and 6 players (random play: 13-15, at most
    # 27).  20 rounds leave room for the endgame's extra turns.
    pad_rows=20,
    pad_note="Target {target} · the first to bank it is the original leader",
    reminder=(
        f"Split keys: {keys_game.SPLIT_BETWEEN} between, {keys_game.SPLIT_OUTSIDE} outside, "
        f"{keys_game.ON_A_KEY} on a key, Full Split {keys_game.FULL_SPLIT} · key sandwich: "
        f"{keys_game.SANDWICH_MATCH} a match, Full Sandwich {keys_game.FULL_SANDWICH} · "
        "a bust scores 0"
    ),
    emblem=("K2", "3", "K6"),
)


# --- Solitaire Dice ---------------------------------------------------------------------


SOLITAIRE = GameText(
    slug=solitaire.SLUG,
    intro=(
        "Sid Sackson's game for five dice and a scoresheet. Alone you aim for 500; with "
        "friends everyone uses the same rolls, like bingo, and the best sheet wins."
    ),
    components=(
        "Five ordinary dice.",
        "One scoresheet per player (the scorepad prints two a page) and a pencil.",
        "Any number of players; the referee keeps up to 8 sheets.",
    ),
    turn=(
        "One person rolls the five dice.",
        "Every open sheet splits those dice its own way: two <b>pairs</b> and one "
        "<b>throwaway</b>.",
        "Each pair's sum gets a mark on its row (2 to 12); the throwaway's value gets a mark "
        "in the throwaway column.",
        "When every open sheet has split the roll, roll again.",
    ),
    scoring_head=("", ""),
    scoring=(),
    across=(
        (
            (
                "Marks on a row",
                "none",
                f"1 to {solitaire.PENALTY_UNTIL}",
                str(solitaire.BREAK_EVEN),
                f"6 to {solitaire.MARK_CAP}",
                f"more than {solitaire.MARK_CAP}",
            ),
            (
                "Row worth",
                "0",
                str(solitaire.PENALTY),
                "0",
                "row value × (marks - 5)",
                f"as {solitaire.MARK_CAP}",
            ),
        ),
        (
            ("Sum", *(str(t) for t in solitaire.SUM_VALUES)),
            ("Row value", *(str(v) for v in solitaire.SUM_VALUES.values())),
        ),
    ),  # fmt: skip
    scoring_notes=(
        f"For example seven marks on the 5 row are worth {solitaire.SUM_VALUES[5]} × 2 = "
        f"{solitaire.row_score(5, 7)}; two marks on the 3 row cost "
        f"{-solitaire.row_score(3, 2)}.",
    ),
    example_title="Splitting a roll",
    example=(
        Step(
            (("1", "5"), ("1", "6"), ("3",)),
            ("6 row", "7 row", "throwaway"),
            "The roll 1 1 3 5 6 split as 1+5 and 1+6: a mark on the 6 row, a mark on the 7 row, "
            "and a mark beside 3 in the throwaway column. (1+1 and 5+6 with the same throwaway "
            "would mark the 2 and 11 rows instead.)",
        ),
        Step(
            (("1", "3"), ("1", "3"), ("5",)),
            ("4 row", "4 row", "dropped"),
            "A <b>free ride</b>: this sheet already throws away 2, 4 and 6, and 1 1 3 3 5 holds "
            "none of them. Both pairs are marked (two marks on the 4 row) and the 5 is dropped "
            "without a mark.",
        ),
    ),
    endgame=(
        "The eighth mark on any throwaway value closes that sheet; the pairs of that same roll "
        "still count. Alone, 500 or more is a win. With several sheets, when every sheet is "
        "closed the highest total wins; equal totals share.",
    ),
    rulings=(
        Ruling(
            "Three throwaways at most.",
            "A sheet may use up to three different throwaway values. Once it has three, the "
            "throwaway must be one of them whenever the roll shows one.",
        ),
        Ruling(
            "Free ride.",
            "With three throwaways and none of them in the roll, the pairs are scored and the "
            "fifth die, whichever of the five you choose, is dropped with no mark anywhere.",
        ),
        Ruling("Closed sheets", "take no more rolls; the others go on with the same dice."),
        Ruling(
            "Order.",
            "Sheets may split a roll in any order; the next roll is refused until every open "
            "sheet has split this one. On one phone the referee shows the first sheet still to "
            "split (in seating order) and tabs for the others.",
        ),
        Ruling("Winning alone.", "A solo sheet that closes below 500 ends with no winner."),
        Ruling(
            "Tally marks",
            "go in groups of five, as on the paper sheet: a stroke a box, a diagonal through "
            "each full group.",
        ),
        *EVERY_GAME,
    ),
    pad=SHEET,
    pad_note="",
    reminder=(
        f"1-{solitaire.PENALTY_UNTIL} marks: {solitaire.PENALTY} · {solitaire.BREAK_EVEN} marks: "
        f"0 · 6-{solitaire.MARK_CAP} marks: value × (marks - 5) · past {solitaire.MARK_CAP} "
        f"count as {solitaire.MARK_CAP} · three throwaways at most; the "
        f"{solitaire.CLOSING_MARKS}th mark on one closes the sheet · {solitaire.SOLO_WIN} or "
        "more wins alone"
    ),
    emblem=("1", "1", "3", "5", "6"),
)


# --- Lucky Sevens ---------------------------------------------------------------------------

SEVEN_SHAPES = {2: "25", 3: "124", 4: "1123", 5: "11122", 6: "111112", 7: "1111111"}


def _sevens(*groups: str) -> int:
    return sum(lucky7.SEVEN_POINTS[len(g)] for g in groups)


def _lucky7_example() -> tuple[Step, ...]:
    roll = [3, 4, 1, 2, 4, 6, 6, 6]
    best = lucky7.legal_choices(lucky7.counts_of(roll), 0, 100, 5)
    stuck = [1, 1, 2, 3, 4, 5, 6, 6]
    assert not lucky7.legal_choices(lucky7.counts_of(stuck), 99, 100, 5)
    return (
        Step(
            (("3", "4"), ("1", "2", "4"), ("6", "6", "6")),
            (f"{_sevens('34')} point", f"{_sevens('124')} points", "left"),
            f"Roll 3 4 1 2 4 6 6 6. Score 3+4 and 1+2+4: two sevens, {best[0].points} points. "
            "The three 6s hold no seven: bank, or roll those three. Scoring 1+6 and 3+4 "
            f"instead is legal too ({best[1].points} points, four dice left).",
        ),
        Step(
            (("1", "6"), ("5",)),
            (f"{_sevens('16')} point", "one die left"),
            "Rolling the three: 1 6 5. Score 1+6; with exactly one die left you pick up all "
            "eight again. Score every die of a roll and you <b>complete the set</b>: "
            f"{lucky7.OPTIONS[1].default} bonus points, and all eight again.",
        ),
        Step(
            (tuple(str(v) for v in stuck),),
            ("bust on 99",),
            "On 99, rolling 1 1 2 3 4 5 6 6: only a one-point seven would finish, but each "
            "leaves another seven among the dice not scored, and anything more passes 100. No "
            "legal choice: a <b>bust</b>.",
        ),
    )


LUCKY7 = GameText(
    slug=lucky7.SLUG,
    intro=(
        "Eight dice. Find groups that add up to seven, keep rolling while you dare, and land "
        "on exactly 100, not one point more."
    ),
    components=(
        "Eight ordinary dice.",
        "This sheet and a scorepad (or the referee on a phone), and a pencil.",
        "Two to eight players; the referee also seats one.",
    ),
    turn=(
        "Roll all eight dice.",
        "Score one or more <b>sevens</b>: groups of 2 to 7 dice from this roll whose pips add "
        "up to 7. You need not score every seven you see.",
        "Then bank the turn total, or roll the dice you have not scored.",
        "One die left? Pick up all eight again. None left? You <b>completed the set</b>: a "
        "bonus, and all eight again.",
        "A roll without any seven is a <b>bust</b>: the turn total is lost.",
    ),
    scoring_head=("Dice in one seven", "Points"),
    scoring=(
        *(
            ScoreRow(f"{n} dice, e.g. {'+'.join(shape)}", str(lucky7.SEVEN_POINTS[n]), tuple(shape))
            for n, shape in SEVEN_SHAPES.items()
        ),
        ScoreRow(
            "Completed set: every die scored (the table may choose 6)",
            str(lucky7.OPTIONS[1].default),
        ),
    ),  # fmt: skip
    scoring_notes=(),
    example_title="Choosing sevens",
    example=_lucky7_example(),
    endgame=(
        "Reaching exactly the target (100 unless the table changed it) wins at once, without "
        "banking. No scoring choice may take your score (banked total plus this turn) past the "
        "target, and a choice that reaches it must leave no seven among the dice you did not "
        "score. A roll that offers no choice obeying both is a bust.",
    ),
    rulings=(
        Ruling(
            "Stealing.",
            "When a player banks, the next player may <b>steal</b> that turn: take over its "
            "turn total and the dice that were left, and roll them (the one-die and "
            "completed-set rules apply as usual). The player who banked keeps their points. A "
            "bust by the stealer loses the whole stolen total. Or start fresh with eight dice. "
            "After a bust there is nothing to steal.",
        ),
        Ruling(
            "A steal must be followed by a roll;",
            "banking a stolen total unrolled is refused, so a steal alone never wins. A player "
            "whose total plus the stolen points already reaches the target may still steal, "
            "but any score then passes it and busts. With one player nothing is offered.",
        ),
        Ruling(
            "More than one score per roll.",
            "You may score sevens from a roll in several steps before rolling on; each step is "
            "checked against the finish.",
        ),
        Ruling(
            "Bonus counts.",
            "The completed-set bonus is part of the choice that earns it, so it cannot take "
            "you past the target either. The source's table says 6 for it; the referee uses 5 "
            "unless the table chooses 6.",
        ),
        Ruling("Players.", "1 to 8 (the source says 2 to 8)."),
        *EVERY_GAME,
    ),
    pad=RUNNING,
    # Sensible play (score the most sevens, bank at 10, steal 8 or more with four dice or
    # more) finishes in 10-13 turns a player on average, 14-19 for the 90th percentile and
    # 25 at most over 150 autoplayed games each with 2, 4 and 6 players; the exact finish
    # makes the last turns slow, so 25 rounds.
    pad_rows=25,
    pad_note="Exactly {target} wins, never more · completed set +{set_bonus}",
    reminder=(
        "Sevens of "
        + "/".join(str(n) for n in lucky7.SEVEN_POINTS)
        + " dice: "
        + "/".join(str(p) for p in lucky7.SEVEN_POINTS.values())
        + " · one die left or none: roll all eight · no seven: bust · steal: after a bank, "
        "take over the turn total and the dice left"
    ),
    emblem=("3", "4"),
    final_round=False,
)


GAMES: dict[str, GameText] = {text.slug: text for text in (TENK, SB, SOLITAIRE, LUCKY7)}
