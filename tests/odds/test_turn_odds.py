"""The turn dynamic programming (referee.families.turn_odds) on small made-up turns, against plain
recursion and plain enumeration."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from itertools import product

import pytest

from referee.core.odds import percent
from referee.families.turn_odds import (
    Part,
    Shape,
    TurnOdds,
    bank_runs,
    bank_words,
    bank_words_each,
    expected_best,
    nothing_chance,
    passing_note,
    settled_from,
)

CAP = 40


class Pig:
    """Pig with one die: a 1 busts, any other face adds itself; banking from CAP is taken
    as settled, so the turn is finite."""

    def bank(self, pos: int) -> int:
        return pos

    def total(self, pos: int) -> int:
        return pos

    def settled(self, pos: int) -> bool:
        return pos >= CAP

    def roll(self, pos: int) -> tuple[Part[int], ...]:
        shape, faces = Shape.of((1, [face] if face > 1 else []) for face in range(1, 7))
        return (Part(shape, tuple(pos + face for face in faces)),)


@cache
def pig_by_recursion(total: int) -> Fraction:
    if total >= CAP:
        return Fraction(total)
    rolling = sum(pig_by_recursion(total + face) for face in range(2, 7)) / 6
    return max(Fraction(total), rolling)


def test_pig_values_match_plain_recursion():
    odds = TurnOdds(Pig())
    for total in range(CAP + 6):
        assert odds.value(total) == pig_by_recursion(total)


def test_pig_banks_from_twenty():
    # The classic hold-at-20 rule: rolling at t gains 20/6 and loses t/6.
    odds = TurnOdds(Pig())
    family = [(t, t) for t in range(1, CAP + 6)]
    assert bank_runs(odds, family) == ((20, None),)
    assert bank_words(bank_runs(odds, family), "one die") == "bank from 20 with one die"


def test_pig_figures():
    odds = TurnOdds(Pig())
    assert odds.bust(10) == Fraction(1, 6)
    assert odds.one_roll(10) == Fraction(2 + 3 + 4 + 5 + 6, 6) - Fraction(10, 6)
    assert odds.rolling(10) == sum(odds.value(10 + face) for face in range(2, 7)) / 6
    assert odds.banks(25) and not odds.banks(19)


def test_bank_words_name_every_run():
    assert bank_words(((3, 4), (7, None)), "2 dice") == "bank at 3-4 and from 7 with 2 dice"
    assert bank_words(((5, 5),), "2 dice") == "bank at 5 with 2 dice"
    assert bank_words((), "2 dice") == "roll on at any total with 2 dice"
    assert (
        bank_words_each([("1 die", ((350, None),)), ("2 dice", ((300, None),))])
        == "bank from 350 with 1 die, 300 with 2 dice"
    )
    assert (
        bank_words_each([("1 die", ((3, 4), (7, None))), ("2 dice", ((9, None),))])
        == "bank at 3-4 and from 7 with 1 die; bank from 9 with 2 dice"
    )


def test_two_parts_rolled_together_take_the_better_of_each_part():
    # A coin (0 or 1: a move to 10 on heads) and a die (a move to its face on 5 or 6).
    coin, coin_moves = Shape.of([(1, []), (1, ["ten"])])
    die, die_moves = Shape.of((1, [face] if face >= 5 else []) for face in range(1, 7))
    worth = {"ten": 10, 5: 5, 6: 6}
    parts = (Part(coin, coin_moves), Part(die, die_moves))
    expected = Fraction(0)
    for heads, face in product((False, True), range(1, 7)):
        offered = (["ten"] if heads else []) + ([face] if face >= 5 else [])
        expected += max((worth[m] for m in offered), default=0)
    assert expected_best(parts, worth.__getitem__) == expected / 12
    assert nothing_chance(parts) == Fraction(1, 2) * Fraction(4, 6)


def test_close_guesses_are_ranked_exactly():
    # Two moves whose floats are equal but whose fractions are not.
    big = Fraction(10**30 + 1, 10**30)
    shape, moves = Shape.of([(1, ["a", "b"])])
    worth = {"a": Fraction(1), "b": big}
    best = expected_best((Part(shape, moves),), worth.__getitem__, lambda m: float(worth[m]))
    assert best == big


class Loop:
    def bank(self, pos: int) -> int:
        return 0

    def total(self, pos: int) -> int:
        return 0

    def settled(self, pos: int) -> bool:
        return False

    def roll(self, pos: int) -> tuple[Part[int], ...]:
        shape, moves = Shape.of([(1, [1 - pos])])
        return (Part(shape, moves),)


def test_positions_that_repeat_are_refused():
    with pytest.raises(ValueError, match="repeat"):
        TurnOdds(Loop()).value(0)


def test_a_final_round_note_says_what_passing_needs():
    assert passing_note(900, None) == ()
    assert passing_note(900, 850) == ()  # ahead already
    assert passing_note(900, 1000) == (
        "Final round: passing 1,000 needs 101 this turn. "
        "The worths count points, not the chance to pass.",
    )
    assert passing_note(900, 1000, lambda goal: percent(Fraction(1, goal - 93))) == (
        "Final round: passing 1,000 needs 101 this turn; played for that alone, the chance "
        "is 12.5%. The worths count points, not the chance to pass.",
    )


def test_settled_from_is_the_largest_gain_over_bust_ratio():
    assert settled_from([(Fraction(1, 6), Fraction(20, 6)), (Fraction(1, 2), Fraction(3))]) == 20


def answers_at_once(odds: TurnOdds, ask: object, threads: int = 16) -> list[object]:
    """What ``ask(odds)`` answers in each of ``threads`` threads started together (an
    exception raised is the answer)."""
    from threading import Barrier, Thread

    start = Barrier(threads)
    answers: list[object] = []

    def one() -> None:
        start.wait()
        try:
            answers.append(ask(odds))  # type: ignore[operator]
        except Exception as error:  # the failure is what is counted
            answers.append(error)

    running = [Thread(target=one) for _ in range(threads)]
    for thread in running:
        thread.start()
    for thread in running:
        thread.join()
    return answers


def test_threads_asking_a_fresh_position_at_once_all_get_its_value():
    """The odds are shared by a worker's threads: 16 asking at once for a position nobody
    has worked out yet all get the same exact answer, with no error (a value was once
    published before its guess, and a reader found one without the other)."""
    from referee.games.tenk.odds import Turn, position

    for attempt in range(3):
        answers = answers_at_once(
            TurnOdds(Turn()),
            lambda odds: (odds.rolling(position(6, 0, 500)), odds.value((3, 350, 0))),
        )
        assert len(answers) == 16 and len(set(answers)) == 1, (attempt, answers[:3])
