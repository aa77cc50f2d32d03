"""Solitaire Dice's advice: every split once, its change now as the engine scores it, and its
worth (the expected final total under the policy Q) against a brute force through the
engine's moves; Q's splits against the engine's rules; the shipped table against a rebuild."""

from __future__ import annotations

import copy
import random
import re
from array import array
from collections import Counter
from dataclasses import replace
from fractions import Fraction
from importlib import resources
from itertools import permutations, product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from referee.autoplay import play_random_game, random_legal_move
from referee.core.dice import parse_dice
from referee.core.engine import RuleViolation
from referee.core.moves import apply_move
from referee.core.odds import POINTS
from referee.games import get_game
from referee.games.solitaire import build as solitaire_odds_build
from referee.games.solitaire import odds as solitaire_odds
from referee.games.solitaire import rules as solitaire
from referee.games.solitaire.rules import Sheet, Solitaire
from referee.log import GameLog
from tests.calibration import Pace, cpu_of
from tests.conftest import examples
from tests.engine.support import draw_prefix, seeds

SOL = get_game("solitaire")
NOW = re.compile(r": ([+−])([\d,]+) now$")

# Every ordered roll of five dice, counted by its sorted values: the brute force's weights.
ORDERED = Counter(tuple(sorted(roll)) for roll in product(range(1, 7), repeat=5))


def marks(**rows: int) -> tuple[int, ...]:
    """Marks per sum from keywords: marks(s7=8, s5=7)."""
    return tuple(rows.get(f"s{total}", 0) for total in range(2, 13))


def table(roll: str, *sheets: Sheet) -> Solitaire:
    """A state with ``roll`` rolled and every sheet still to split it."""
    sheets = sheets or (Sheet("Ann"),)
    return Solitaire(sheets, parse_dice(roll.split()), tuple(range(len(sheets))), rolls=1)


LATE = Sheet("Ann", marks(s5=7, s6=4, s7=9, s8=6, s9=5, s10=2), ((1, 7), (2, 4), (5, 3)))
CASES = {
    "a fresh sheet": table("1 1 3 5 6"),
    "a pair of pairs on a fresh sheet": table("2 2 5 5 6"),
    "two throwaways and a new one possible": table(
        "1 2 3 4 6", Sheet("Ann", marks(s7=5, s8=3), ((2, 3), (6, 1)))
    ),
    "three throwaways and the roll holds two": table("1 2 3 4 6", LATE),
    "three throwaways and a free ride": table("3 3 4 6 6", LATE),
    "a split that can close the sheet": table("1 3 4 4 5", LATE),
}


def every_split(state: Solitaire) -> list[dict]:
    """Every way to write the roll as a split move, legal or not (the 120 orders)."""
    dice = [str(d) for d in state.roll]
    return [
        {"type": "assign", "pairs": [[a, b], [c, d]], "throwaway": e}
        for a, b, c, d, e in permutations(dice)
    ]


def pairings(state: Solitaire) -> list[dict]:
    """The fifteen pairings of the roll as moves, written out apart from the engine's."""
    dice = [str(d) for d in state.roll]
    found = []
    for t in range(5):
        a, b, c, d = (dice[i] for i in range(5) if i != t)
        for pairs in ([[a, b], [c, d]], [[a, c], [b, d]], [[a, d], [b, c]]):
            found.append({"type": "assign", "pairs": pairs, "throwaway": dice[t]})
    return found


def accepted(state: Solitaire, moves: list[dict]) -> list[tuple[dict, Solitaire]]:
    """The moves the engine accepts, each with the state it leads to."""
    found = []
    for move in moves:
        try:
            found.append((move, apply_move(SOL, state, move)))
        except RuleViolation:
            pass
    return found


def change_now(words: str) -> int:
    """The change a choice's words announce: "...: −400 now" -> -400."""
    sign, number = NOW.search(words).groups()
    return int(number.replace(",", "")) * (1 if sign == "+" else -1)


@pytest.mark.parametrize("state", CASES.values(), ids=CASES.keys())
def test_every_legal_split_is_listed_once(state):
    advice = SOL.advice(state)
    keys = [c.key for c in advice.choices]
    assert len(keys) == len(set(keys))
    outcomes: dict[str, set[Sheet]] = {}
    for move, after in accepted(state, every_split(state)):
        outcomes.setdefault(SOL.advice_key(state, move), set()).add(after.sheets[0])
    assert set(outcomes) == set(keys)
    assert all(len(sheets) == 1 for sheets in outcomes.values())  # one key, one result


@pytest.mark.parametrize("state", CASES.values(), ids=CASES.keys())
def test_a_split_the_engine_refuses_has_no_key(state):
    moves = every_split(state)
    legal = {id(move) for move, _ in accepted(state, moves)}
    assert all(SOL.advice_key(state, m) is None for m in moves if id(m) not in legal)


@pytest.mark.parametrize("state", CASES.values(), ids=CASES.keys())
def test_change_now_is_the_engines_change_of_total(state):
    before = state.sheets[0].total
    changes = {
        SOL.advice_key(state, move): after.sheets[0].total - before
        for move, after in accepted(state, every_split(state))
    }
    assert {c.key: change_now(c.words) for c in SOL.advice(state).choices} == changes


def test_a_split_that_closes_the_sheet_is_worth_its_final_total():
    state = CASES["a split that can close the sheet"]  # the 1 is Ann's 8th
    closing = [c for c in SOL.advice(state).choices if "closes the sheet" in c.words]
    assert sorted(c.key for c in closing) == ["7+9/1", "8+8/1"]
    for choice in closing:
        assert choice.worth == LATE.total + change_now(choice.words)


@pytest.mark.parametrize("state", CASES.values(), ids=CASES.keys())
def test_choices_are_best_first_and_the_figure_is_the_best_ones_final_total(state):
    advice = SOL.advice(state)
    worths = [c.worth for c in advice.choices]
    assert worths == sorted(worths, reverse=True)
    (figure,) = advice.figures
    assert figure.kind == POINTS
    assert figure.value == advice.best.worth
    assert "expected final total" in figure.shown


def test_words_read_as_the_pairs_the_throwaway_and_the_change():
    advice = SOL.advice(table("2 6 3 4 5"))
    assert "3+4 and 2+6, 5 thrown: −400 now" in [c.words for c in advice.choices]
    free = SOL.advice(CASES["three throwaways and a free ride"])
    assert all(", free ride: " in c.words and c.key.endswith("/free") for c in free.choices)


@pytest.mark.parametrize("state", CASES.values(), ids=CASES.keys())
def test_the_logged_move_of_each_choice_gives_back_its_key(state):
    keys = [c.key for c in SOL.advice(state).choices]
    logged = [SOL.advice_key(state, move) for move in SOL.choices(state)]
    assert sorted(logged) == sorted(keys)
    unnamed = {k: v for k, v in SOL.choices(state)[0].items() if k != "player"}
    assert SOL.advice_key(state, unnamed) == logged[0]


def test_with_several_sheets_the_advice_is_for_the_first_still_to_split():
    state = table("1 1 3 5 6", Sheet("Ann"), Sheet("Bo", LATE.marks, LATE.throwaways))
    advice = SOL.advice(state)
    assert advice.notes[0] == "For Ann's sheet."
    bos_move = next(m for m in SOL.choices(state) if m["player"] == "Bo")
    assert SOL.advice_key(state, bos_move) is None
    anns = apply_move(SOL, state, next(m for m in SOL.choices(state) if m["player"] == "Ann"))
    assert SOL.advice(anns).notes[0] == "For Bo's sheet."
    assert SOL.advice_key(anns, bos_move) in {c.key for c in SOL.advice(anns).choices}


def test_no_advice_before_the_roll_or_once_every_sheet_has_split():
    fresh = SOL.start(["Ann"], {})
    assert SOL.advice(fresh) is None
    assert SOL.advice_key(fresh, {"type": "roll", "dice": ["1"] * 5}) is None
    done = apply_move(SOL, CASES["a fresh sheet"], SOL.choices(CASES["a fresh sheet"])[0])
    assert SOL.advice(done) is None


def test_the_command_lines_function_reads_a_sheet_written_out():
    advice = solitaire_odds.roll_advice(
        ["1", "2", "3", "4", "6"],
        {5: 7, 6: 4, 7: 9, 8: 6, 9: 5, 10: 2},
        {1: 7, 2: 4, 5: 3},
    )
    assert advice.choices == SOL.advice(CASES["three throwaways and the roll holds two"]).choices
    with pytest.raises(RuleViolation):
        solitaire_odds.roll_advice(["1", "2", "3", "4"])
    with pytest.raises(RuleViolation):
        solitaire_odds.roll_advice(["1"] * 5, throwaways={1: 1, 2: 1, 3: 1, 4: 1})
    with pytest.raises(RuleViolation):
        solitaire_odds.roll_advice(["1"] * 5, {13: 1})


def test_the_252_kinds_of_roll_count_every_ordered_roll():
    assert dict(solitaire_odds_build.roll_kinds()) == ORDERED


def cold_advice_cpu(state: Solitaire) -> float:
    """CPU seconds for the advice with its cache emptied (the table stays loaded)."""
    solitaire_odds.load()
    solitaire_odds.sheet_advice.cache_clear()
    return cpu_of(lambda: SOL.advice(state))[1]


@pytest.mark.solo
def test_a_late_game_advice_takes_under_20_ms_with_empty_caches():
    """20 ms of CPU at this project's machine's pace (``tests.calibration``)."""
    # Five different values on a sheet with one throwaway, not rolled: the most splits (15).
    state = table("1 2 3 4 5", Sheet("Ann", LATE.marks, ((6, 7),)))
    assert len(SOL.advice(state).choices) == 15
    pace = Pace()
    best = min(cold_advice_cpu(state) for _ in range(3))  # the best of three, on a busy machine
    pace.check(best, 0.020, "the advice")


def random_state(seed: int, data: st.DataObject) -> Solitaire:
    """A state from a random game, after a roll when one is due."""
    rng = random.Random(seed)
    table_ = ("Ann", "Bo")[: rng.randint(1, 2)]
    log = GameLog("solitaire", table_, {}, tuple(play_random_game(SOL, table_, None, rng)))
    _, state = draw_prefix(data, log, spare=1)
    if solitaire.dice_to_roll(state) is not None:
        state = apply_move(SOL, state, random_legal_move(SOL, state, rng))
    return state


@settings(max_examples=examples(40), deadline=None)
@given(seeds, st.data())
def test_advice_never_changes_the_state_and_names_each_legal_split(seed, data):
    state = random_state(seed, data)
    before = copy.deepcopy(state)
    advice = SOL.advice(state)
    assert state == before
    sheet = solitaire.advised(state)
    logged = {SOL.advice_key(state, m) for m in SOL.choices(state) if m["player"] == sheet.player}
    assert logged == {c.key for c in advice.choices}
    assert state == before


# --- Q, the policy the worths assume, and the table of its final marks ---------------------

Q = solitaire_odds
STATES = Q.throwaway_states()


def sheet_with(counts: tuple[int, ...], marks_: tuple[int, ...] = (0,) * 11) -> Sheet:
    """A sheet with these throwaway marks by value 1-6."""
    chosen = tuple((value, m) for value, m in enumerate(counts, 1) if m)
    return Sheet("Ann", marks_, chosen)


def capped(sheet: Sheet) -> Sheet:
    """The sheet with each row's marks capped at 10, past which a row's score stays."""
    return replace(sheet, marks=tuple(min(m, solitaire.MARK_CAP) for m in sheet.marks))


def brute_final(sheet: Sheet) -> Fraction:
    """Brute force: the expected final total when Q splits every roll, over whole sheets
    (marks and throwaways together), exactly.  Sheets only grow once rows are capped, and
    a roll that leaves the sheet as it was (a free ride onto full rows) is a self-loop."""
    memo: dict[Sheet, Fraction] = {}

    def value(s: Sheet) -> Fraction:
        if s.closed:
            return Fraction(s.total)
        if s not in memo:
            counts, stay, rest = Q.counts_of(s), 0, Fraction(0)
            for roll, ways in ORDERED.items():
                after = capped(solitaire.apply_split(s, Q.policy_split(counts, roll)))
                if after == s:
                    stay += ways
                else:
                    rest += ways * value(after)
            memo[s] = rest / (6**5 - stay)
        return memo[s]

    return value(capped(sheet))


def built_final(sheet: Sheet, table: dict) -> float:
    """The expected final total from a table of the build, in float64."""
    counts = Q.counts_of(sheet)
    return sum(
        p * solitaire.row_score(total, m + x)
        for total, m, row in zip(solitaire.SUM_VALUES, sheet.marks, table[counts], strict=True)
        for x, p in enumerate(row)
    )


NEAR_CLOSING = {
    "three throwaways, one mark from closing on each": sheet_with(
        (7, 7, 7, 0, 0, 0), marks(s2=1, s5=5, s7=6, s8=9, s9=10, s10=8, s11=10, s12=9)
    ),
    "three throwaways, two marks from closing on the 3": sheet_with(
        (7, 7, 6, 0, 0, 0), marks(s3=2, s6=7, s7=4, s8=10, s9=8, s10=10, s11=9, s12=10)
    ),
    "closing on the 5, 6 or the 4 once more": sheet_with(
        (0, 0, 0, 6, 7, 7), marks(s2=9, s3=9, s4=10, s5=9, s6=8, s7=7)
    ),
}


@pytest.mark.parametrize("sheet", NEAR_CLOSING.values(), ids=NEAR_CLOSING.keys())
def test_the_tables_final_total_is_the_brute_force_over_whole_sheets(sheet):
    exact = brute_final(sheet)
    built = solitaire_odds_build.solve([Q.counts_of(sheet)])
    assert abs(built_final(sheet, built) - exact) < 1e-9
    assert abs(Q.load().expected_total(sheet) - exact) < 1e-3  # the file's 32-bit floats


def test_a_sheet_about_to_close_is_worth_its_closing_rolls_on_average():
    # Every throwaway on 7 and the rows a free ride can mark (8-12: dice 4-6) full: a roll
    # holding a 1, 2 or 3 closes the sheet, any other changes nothing.
    sheet = sheet_with(
        (7, 7, 7, 0, 0, 0), marks(s2=3, s6=6, s7=5, s8=10, s9=11, s10=10, s11=10, s12=12)
    )
    closing = {roll: ways for roll, ways in ORDERED.items() if set(roll) & {1, 2, 3}}
    direct = Fraction(
        sum(
            ways * solitaire.apply_split(sheet, Q.policy_split(Q.counts_of(sheet), roll)).total
            for roll, ways in closing.items()
        ),
        sum(closing.values()),
    )
    built = solitaire_odds_build.solve([Q.counts_of(sheet)])
    assert abs(built_final(sheet, built) - direct) < 1e-9
    assert abs(Q.load().expected_total(sheet) - direct) < 1e-3


def test_the_advice_is_worth_the_brute_forces_final_total_of_each_split():
    sheet = NEAR_CLOSING["three throwaways, two marks from closing on the 3"]
    state = table("1 3 3 4 6", sheet)
    advice = SOL.advice(state)
    for move, after in accepted(state, pairings(state)):
        key = SOL.advice_key(state, move)
        worth = next(c.worth for c in advice.choices if c.key == key)
        assert abs(worth - brute_final(after.sheets[0])) < 1e-3, key


SAMPLE = [STATES[0], *random.Random(17).sample(STATES, 40), (1, 2, 3, 0, 0, 0), (0, 0, 0, 7, 7, 7)]


@pytest.mark.parametrize("counts", SAMPLE, ids=[",".join(map(str, c)) for c in SAMPLE])
def test_q_splits_every_kind_of_roll_legally(counts):
    sheet = sheet_with(counts)
    for roll in ORDERED:
        split = Q.policy_split(counts, roll)
        state = table(" ".join(map(str, roll)), sheet)
        after = apply_move(SOL, state, solitaire.split_move("Ann", split))  # the engine accepts
        assert after.sheets[0] == solitaire.apply_split(sheet, split)
        assert split.free_ride == solitaire.must_free_ride(sheet, roll)
        same_throw = [s for s in solitaire.pairings(roll) if s.throwaway == split.throwaway]
        closeness = [sum(abs(sum(p) - 7) for p in s.pairs) for s in same_throw]
        assert sum(abs(sum(p) - 7) for p in split.pairs) == min(closeness)


def test_q_throws_the_chosen_value_with_fewest_marks_else_the_highest_die():
    assert Q.throw_of((3, 0, 2, 0, 0, 0), (1, 3, 4, 5, 6)) == 3
    assert Q.throw_of((2, 0, 2, 0, 0, 0), (1, 3, 4, 5, 6)) == 1
    assert Q.throw_of((2, 0, 2, 0, 0, 0), (2, 4, 4, 5, 5)) == 5
    split = Q.policy_split((1, 1, 1, 0, 0, 0), (4, 4, 5, 6, 6))
    assert split.free_ride and split.throwaway == 6 and split.sums == (9, 10)
    assert Q.pairing((1, 1, 2, 2)) == ((1, 2), (1, 2))  # 3+3 over 2+4: the more even


def test_the_open_states_of_the_throwaways_are_every_one_a_sheet_can_have():
    assert len(STATES) == len(set(STATES)) == 1 + 6 * 7 + 15 * 7**2 + 20 * 7**3
    assert all(sum(1 for c in s if c) <= 3 and max(s, default=0) <= 7 for s in STATES)


def test_the_shipped_table_is_a_rebuild_of_it():
    # The rebuild starts from two states with two throwaways and from the three-throwaway
    # states with 17 or more marks: every state they lead to is rebuilt and compared.
    starts = [(7, 6, 0, 0, 0, 0), (0, 0, 0, 0, 5, 7)]
    starts += [s for s in STATES if sum(1 for c in s if c) == 3 and sum(s) >= 17]
    rebuilt = solitaire_odds_build.solve(starts)
    assert len(rebuilt) > 500
    shipped = Q.load()
    for counts, rows in rebuilt.items():
        for row, chances in enumerate(rows):
            assert shipped.row_chances(counts, row) == array("f", chances), (counts, row)


@pytest.mark.solo
def test_the_table_is_small_and_loads_fast():
    """Loaded in 200 ms of CPU at this project's machine's pace (``tests.calibration``)."""
    data = resources.files("referee.games.solitaire").joinpath(Q.DATA).read_bytes()
    assert len(data) < 5_000_000
    times, pace = [], Pace()
    for _ in range(3):
        for cached in (Q.load, Q._state_index, Q.throwaway_states):
            cached.cache_clear()
        times.append(cpu_of(Q.load)[1])
    pace.check(min(times), 0.200, "loading the table")


def test_every_row_of_the_table_is_a_distribution():
    chances = Q.load().chances
    for at in range(0, len(chances), Q.BINS):
        row = chances[at : at + Q.BINS]
        assert min(row) >= 0 and abs(sum(row) - 1) < 1e-5
