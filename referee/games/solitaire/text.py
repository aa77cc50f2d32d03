"""Solitaire Dice in the project's own words, and its paper sheet."""

from __future__ import annotations

from collections.abc import Sequence

from referee.core.gametext import (
    EVERY_GAME,
    GameText,
    Ruling,
    Step,
    TallyPad,
    TallyRow,
    TallySheet,
    figure,
)
from referee.core.sentences import say
from referee.games.solitaire import rules as solitaire

TRACK_HEAD = (
    say("Sum"),
    say("Pays"),
    say("Marks (groups of five)"),
    say("Over {cap}", cap=solitaire.MARK_CAP),
    say("Row score"),
)


def tally_sheets(state: solitaire.Solitaire | None, names: Sequence[str]) -> tuple[TallySheet, ...]:
    """The paper sheets of ``state`` (None: blank sheets for ``names``)."""
    if state is None:
        return tuple(_paper(name, None) for name in names)
    return tuple(_paper(sheet.player, sheet) for sheet in state.sheets)


def _paper(name: str, sheet: solitaire.Sheet | None) -> TallySheet:
    rows = tuple(
        TallyRow(str(total), str(value), sheet.marks_for(total),
                 figure(solitaire.row_score(total, sheet.marks_for(total))))
        if sheet else TallyRow(str(total), str(value))
        for total, value in solitaire.SUM_VALUES.items()
    )  # fmt: skip
    chosen = [(str(v), n) for v, n in sheet.throwaways] if sheet else []
    side = tuple(chosen + [("", 0)] * (solitaire.THROWAWAY_LIMIT - len(chosen)))
    closes = solitaire.CLOSING_MARKS
    if sheet is not None and sheet.closed:
        closing = next(v for v, n in sheet.throwaways if n >= closes)
        note = say("Closed by the {closes}th mark on {value}.", closes=closes, value=closing)
    else:
        note = say(
            "Up to {limit} throwaway values; the {closes}th mark on one closes the sheet.",
            limit=solitaire.THROWAWAY_LIMIT,
            closes=closes,
        )
    return TallySheet(
        player=name, head=TRACK_HEAD, rows=rows, cap=solitaire.MARK_CAP,
        side_head=say("Throwaway value and marks"), side=side, side_cap=closes,
        total=figure(sheet.total) if sheet else "", note=note,
    )  # fmt: skip


TEXT = GameText(
    slug=solitaire.SLUG,
    intro=say(
        "Sid Sackson's game for five dice and a scoresheet. Alone you aim for 500; with "
        "friends everyone uses the same rolls, like bingo, and the best sheet wins."
    ),
    components=(
        say("Five ordinary dice."),
        say("One scoresheet per player (the scorepad prints two a page) and a pencil."),
        say("Any number of players; the referee keeps up to 8 sheets."),
    ),
    turn=(
        say("One person rolls the five dice."),
        say(
            "Every open sheet splits those dice its own way: two <b>pairs</b> and one "
            "<b>throwaway</b>."
        ),
        say(
            "Each pair's sum gets a mark on its row (2 to 12); the throwaway's value gets a mark "
            "in the throwaway column."
        ),
        say("When every open sheet has split the roll, roll again."),
    ),
    scoring_head=("", ""),
    scoring=(),
    across=(
        (
            (
                say("Marks on a row"),
                say("none"),
                say("1 to {until}", until=solitaire.PENALTY_UNTIL),
                str(solitaire.BREAK_EVEN),
                say("6 to {cap}", cap=solitaire.MARK_CAP),
                say("more than {cap}", cap=solitaire.MARK_CAP),
            ),
            (
                say("Row worth"),
                "0",
                str(solitaire.PENALTY),
                "0",
                say("row value × (marks - 5)"),
                say("counts as {cap}", cap=solitaire.MARK_CAP),
            ),
        ),
        (
            (say("Sum"), *(str(t) for t in solitaire.SUM_VALUES)),
            (say("Row value"), *(str(v) for v in solitaire.SUM_VALUES.values())),
        ),
    ),
    scoring_notes=(
        say(
            "For example seven marks on the 5 row are worth {value} × 2 = {worth}; two marks on "
            "the 3 row cost {cost}.",
            value=solitaire.SUM_VALUES[5],
            worth=solitaire.row_score(5, 7),
            cost=-solitaire.row_score(3, 2),
        ),
    ),
    example_title=say("splitting a roll"),
    example=(
        Step(
            (("1", "5"), ("1", "6"), ("3",)),
            (say("6 row"), say("7 row"), say("throwaway")),
            say(
                "The roll 1 1 3 5 6 split as 1+5 and 1+6: a mark on the 6 row, a mark on the 7 "
                "row, and a mark beside 3 in the throwaway column. (1+1 and 5+6 with the same "
                "throwaway would mark the 2 and 11 rows instead.)"
            ),
        ),
        Step(
            (("1", "3"), ("1", "3"), ("5",)),
            (say("4 row"), say("4 row"), say("dropped")),
            say(
                "A <b>free ride</b>: this sheet already throws away 2, 4 and 6, and 1 1 3 3 5 "
                "holds none of them. Both pairs are marked (two marks on the 4 row) and the 5 is "
                "dropped without a mark."
            ),
        ),
    ),
    endgame=(
        say(
            "The eighth mark on any throwaway value closes that sheet; the pairs of that same "
            "roll still count. Alone, 500 or more is a win. With several sheets, when every "
            "sheet is closed the highest total wins; equal totals share."
        ),
    ),
    rulings=(
        Ruling(
            say("Three throwaways at most."),
            say(
                "A sheet may use up to three different throwaway values. Once it has three, the "
                "throwaway must be one of them whenever the roll shows one."
            ),
        ),
        Ruling(
            say("Free ride."),
            say(
                "With three throwaways and none of them in the roll, the pairs are scored and "
                "the fifth die, whichever of the five you choose, is dropped with no mark "
                "anywhere."
            ),
        ),
        Ruling(
            say("Closed sheets"), say("take no more rolls; the others go on with the same dice.")
        ),
        Ruling(
            say("Order."),
            say(
                "Sheets may split a roll in any order; the next roll is refused until every open "
                "sheet has split this one. On one phone the referee shows the first sheet still "
                "to split (in seating order) and tabs for the others."
            ),
        ),
        Ruling(
            say("Winning alone."), say("A solo sheet that closes below 500 ends with no winner.")
        ),
        Ruling(
            say("Tally marks"),
            say(
                "go in groups of five, as on the paper sheet: a stroke a box, a diagonal through "
                "each full group."
            ),
        ),
        *EVERY_GAME,
    ),
    pad=TallyPad(fill=tally_sheets),
    reminder=say(
        "1-{until} marks: {penalty} · {even} marks: 0 · 6-{cap} marks: value × (marks - 5) · "
        "past {cap} count as {cap} · three throwaways at most; the {closes}th mark on one "
        "closes the sheet · {solo} or more wins alone",
        until=solitaire.PENALTY_UNTIL,
        penalty=solitaire.PENALTY,
        even=solitaire.BREAK_EVEN,
        cap=solitaire.MARK_CAP,
        closes=solitaire.CLOSING_MARKS,
        solo=solitaire.SOLO_WIN,
    ),
    emblem=("1", "1", "3", "5", "6"),
    turn_title=say("Each roll"),
    odds=(
        say(
            "A table can switch the odds on at the foot of its page (off unless asked for, and "
            "never part of the game). For each split of a roll the referee then shows what it "
            "does to the sheet's total now and the sheet's expected final total if every later "
            "roll is split by a simple rule that never looks at the marks: throw away the die "
            "of a chosen throwaway with the fewest marks (ties: the lower), or else the highest "
            "die (a new throwaway, or the die dropped on a free ride), and pair the other four "
            "dice with sums closest to 7 (ties: the more even). It is that rule's average, not "
            "the best play's. With several sheets it advises the first sheet still to split."
        ),
    ),
    on_the_phone=(
        say(
            "Each sheet picks one of the splits the referee lists, each showing what it does to "
            "the total, or taps the dice to build one: two dice, two more, and the last is the "
            "throwaway."
        ),
        say(
            "Each player may split on their own phone: a phone seated as a player opens on that "
            "player's sheet, and splits tapped on several phones at the same moment are all "
            "kept, one per sheet. A second split for the same sheet changes nothing."
        ),
    ),
)
