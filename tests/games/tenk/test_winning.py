"""10K's two-player win table: the shipped file, its sense, and a rebuild against a naive solver."""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from importlib import resources
from itertools import combinations_with_replacement, permutations

import pytest

from printables.words import words_for
from referee.core.dice import Die, sub_multisets
from referee.core.odds import percent
from referee.core.sentences import render
from referee.games import get_game
from referee.games.tenk import winning as win
from referee.games.tenk.build import roll_model, solve
from referee.games.tenk.odds import roll_outcomes
from referee.games.tenk.rules import best_split
from tests.calibration import within

TABLE = win.load()


@pytest.mark.solo
def test_the_shipped_table_is_small_and_loads_fast():
    data = resources.files("referee.games.tenk").joinpath(win.DATA).read_bytes()
    assert len(data) < 5_000_000

    def read() -> win.WinTable:
        """The shipped table, read from its bytes."""
        return win.from_bytes(resources.files("referee.games.tenk").joinpath(win.DATA).read_bytes())

    table = within(read, 0.2, "loading the table")  # 0.2 s of CPU at this machine's pace
    assert (table.target, table.entry) == (10_000 // 50, 500 // 50)
    assert len(table.start) == 200 * 200 and len(table.bank_from) == 200 * 200 * 6


def test_the_shipped_table_rolls_as_tenk_odds_counts():
    assert win.to_bytes(TABLE) == win.to_bytes(win.from_bytes(win.to_bytes(TABLE)))
    assert TABLE.model == roll_model()


def test_the_first_player_is_favoured_at_nil_all():
    assert 0.5 < TABLE.start_chance(0, 0) < 0.6
    assert win.win_chances(0, 0, 0, 6) == (None, pytest.approx(TABLE.start_chance(0, 0)))


def test_more_points_never_lower_the_chance_to_win_but_one_step_short_of_the_target():
    T = TABLE.target
    falls = [
        (me, them)
        for them in range(T)
        for me in range(T - 1)
        if TABLE.start_chance(me, them) > TABLE.start_chance(me + 1, them) + 1e-12
    ]
    assert {them for _, them in falls} <= {T - 1}
    for me in range(T):
        col = [TABLE.start_chance(me, them) for them in range(T)]
        assert all(a >= b - 1e-12 for a, b in zip(col, col[1:], strict=False))


def test_against_9950_reaching_the_target_is_worse_than_stopping_short():
    # Banked to 10,000 they need only 100 in their last turn; on 9,950 we keep the last turn.
    short, reached = TABLE.banked(98, 199, 199), TABLE.banked(98, 199, 200)
    assert short > 0.4 > 0.03 > reached


@pytest.mark.parametrize(("me", "them"), [(0, 0), (10, 0), (120, 150), (199, 199), (0, 190)])
def test_the_turn_worked_out_again_starts_where_the_table_says(me, them):
    got = win.win_chances(me * 50, them * 50, 0, 6)
    assert got.roll == pytest.approx(TABLE.start_chance(me, them), abs=1e-12)


@pytest.mark.parametrize(
    ("mine", "theirs", "total", "dice", "best"),
    [
        (0, 0, 50, 5, "roll"),  # 50 banks nothing: the entry is 500
        (0, 0, 450, 1, "roll"),  # still below the entry: banking gives the turn away
        (5_000, 5_000, 300, 6, "roll"),  # hot dice, 300 on the table
        (5_000, 5_000, 3_000, 1, "bank"),
        (9_950, 0, 50, 1, "bank"),  # they need more than 10,000 in one turn
        (0, 9_950, 2_000, 6, "roll"),  # they will reach the target next turn
        (9_000, 9_950, 900, 1, "bank"),  # 9,900: they play on, we keep a last turn
        (9_900, 9_950, 100, 3, "roll"),  # banking 10,000 leaves them 100 to win outright
    ],
)
def test_obvious_choices(mine, theirs, total, dice, best):
    assert win.win_chances(mine, theirs, total, dice).best == best


def test_the_note_reads_as_a_sentence():
    assert win.note(0, 0, 0, 6) == (
        "To win a two-player game: win chance "
        f"{percent(Fraction(TABLE.start_chance(0, 0)))} from the start of this turn"
    )
    assert win.note(9_950, 0, 50, 1).startswith("To win a two-player game: bank (win chance 99.")
    assert win.note(0, 0, 50, 5).startswith("To win a two-player game: roll on (win chance ")
    assert win.note(10_000, 9_000, 0, 6) is None  # the leader has no turn left


def test_the_note_is_said_in_a_readers_language():
    """Each of the note's three forms in German, its percentages in German figures."""
    german = words_for("de")
    start = percent(Fraction(TABLE.start_chance(0, 0)))
    assert render(win.note(0, 0, 0, 6), german) == (
        f"Um ein Spiel zu zweit zu gewinnen: Siegchance {render(start, german)} "
        "ab Beginn dieses Zugs"
    )
    assert "," in render(start, german) and "." in start  # 5x,y % against 5x.y%
    bank = render(win.note(9_950, 0, 50, 1), german)
    assert bank.startswith("Um ein Spiel zu zweit zu gewinnen: aufschreiben (Siegchance 99,")
    assert bank.endswith(" beim Weiterwürfeln)")
    roll = render(win.note(0, 0, 50, 5), german)
    assert roll.startswith("Um ein Spiel zu zweit zu gewinnen: weiterwürfeln (Siegchance ")
    assert roll.endswith(" beim Aufschreiben)") and " %" in roll and "rolling" not in roll


def test_scores_off_the_50s_are_refused():
    with pytest.raises(ValueError, match="multiples of 50"):
        win.win_chances(120, 0, 50, 5)
    with pytest.raises(ValueError, match="no 10K state"):
        win.win_chances(0, 0, 0, 3)


# The last turn, worked out from 10K's scoring itself: every roll of plain dice, every pick.


@cache
def picks(n: int) -> tuple[tuple[int, tuple[tuple[int, int], ...]], ...]:
    """(ways, ((points, dice left), ...)) for each multiset of n plain dice."""
    out = []
    for values in combinations_with_replacement(range(1, 7), n):
        dice = [Die(v) for v in values]
        takes = {
            (split.points, n - len(pick))
            for pick in sub_multisets(dice)
            if (split := best_split(pick)) is not None
        }
        out.append((len(set(permutations(values))), tuple(takes)))
    return tuple(out)


@cache
def last_turn(short: int, dice: int) -> float:
    """The chance to end ahead, ``short`` points from a tie, rolling ``dice`` now."""
    total = 0.0
    for ways, takes in picks(dice):
        best = 0.0
        for pts, left in takes:
            after = short - pts
            if after < 0:
                value = 1.0
            elif after == 0:
                value = max(0.5, last_turn(0, left or 6))
            else:
                value = last_turn(after, left or 6)
            best = max(best, value)
        total += ways * best
    return total / 6**dice


@pytest.mark.parametrize(
    ("mine", "total", "dice"),
    [(9_000, 900, 1), (9_000, 1_000, 1), (9_000, 1_000, 3), (9_000, 850, 2), (9_500, 400, 3)],
)
def test_the_last_turn_matches_a_count_of_every_roll(mine, total, dice):
    # They banked 10,000: each roll and pick, scored by tenk.best_split, ahead wins, tie halves.
    got = win.win_chances(mine, 10_000, total, dice)
    short = 10_000 - mine - total
    assert got.roll == pytest.approx(last_turn(short, dice), abs=1e-12)
    assert got.bank == (1.0 if short < 0 else 0.5 if short == 0 else 0.0)


# A tiny game, solved by the build and by plain value iteration over every state.

TINY = (150, 100)  # target 150, entry 100: three scores below the target, one of them unreachable


def naive_bellman(target: int, entry: int, W: dict) -> tuple[dict, dict]:
    """One sweep of plain value iteration from ``W``: each turn worked out over every state.

    Rolls come straight from ``roll_outcomes``, every set-aside is tried, nothing is
    pruned or summed ahead.  Past the target a total banks once the other player's last
    turn is no likelier than ``bust(n) * W(them, me)`` (rolling can win at most the
    rest), which keeps the states finite.  Returns the new W and every state's
    (bank, roll).  The sweep is a contraction, so a W it leaves unchanged is the solution.
    """
    T, E = target // 50, entry // 50
    kinds = {
        n: [
            (w / 6**n, [(p // 50, left or 6) for p, left in takes]) for w, takes in roll_outcomes(n)
        ]
        for n in range(1, 7)
    }
    bust = {n: sum(w for w, opts in kinds[n] if not opts) for n in kinds}
    chase: list[dict[int, float]] = []
    while not chase or chase[-1][6] > 1e-9:
        r = len(chase)
        chase.append({})
        for n in range(1, 7):
            v = sum(
                w * max(1.0 if r - p < 0 else chase[r - p][m] for p, m in opts)
                for w, opts in kinds[n]
                if opts
            )
            chase[r][n] = max(0.5, v) if r == 0 else v
    states: dict = {}

    def turn(i: int, j: int) -> float:
        x = 1 - W[j, i]

        def bank(total: int) -> float:
            if i == 0 and total < E:
                return x
            if total < T:
                return 1 - W[j, total]
            return 1 - chase[total - j][6]

        caps = {}
        for n in range(1, 7):
            total = T
            while chase[total - j][6] > bust[n] * W[j, i]:
                total += 1
            caps[n] = total
        value = {}
        for total in range(max(caps.values()) + 200, i - 1, -1):
            for n in range(1, 7):
                if total >= caps[n]:
                    value[total, n] = bank(total)
                    continue
                roll = bust[n] * x + sum(
                    w * max(value[total + p, m] for p, m in opts) for w, opts in kinds[n] if opts
                )
                states[i, j, total - i, n] = (bank(total) if total > i else None, roll)
                value[total, n] = max(bank(total), roll) if total > i else roll
        return value[i, 6]

    return {(i, j): turn(i, j) for i, j in W}, states


@pytest.fixture(scope="module")
def tiny():
    table, stats = solve(*TINY)
    T = table.target
    built = {(i, j): table.start_chance(i, j) for i in range(T) for j in range(T)}
    return table, stats, built, naive_bellman(*TINY, built)


def test_a_tiny_build_is_the_fixed_point_of_naive_value_iteration(tiny):
    table, stats, built, (swept, _) = tiny
    assert stats.residual <= 1e-12
    assert max(abs(swept[p] - built[p]) for p in built) < 1e-12
    assert 0.5 < built[0, 0] < 0.6


def test_a_tiny_build_answers_every_state_as_the_naive_sweep(tiny):
    table, _, _, (_, states) = tiny
    for (i, j, t, n), (bank, roll) in states.items():
        if t == 0 and n != 6:
            continue  # no such state: something is set aside before the dice are fewer
        got = win.win_chances(i * 50, j * 50, t * 50, n, table=table)
        assert got.roll == pytest.approx(roll, abs=1e-10), (i, j, t, n)
        assert got.bank == (None if bank is None else pytest.approx(bank, abs=1e-10))


def test_a_tiny_build_writes_the_same_bytes_twice(tiny):
    table, _, _, _ = tiny
    again, _ = solve(*TINY)
    assert win.to_bytes(again) == win.to_bytes(table)
    assert win.from_bytes(win.to_bytes(table)).start == table.start


def test_a_two_player_10k_turn_screen_adds_the_advice_to_win():
    from tests.engine.support import aside, play, roll

    two = play("tenk", roll("1 1 2 3 4 6"), aside("1 1"))
    assert get_game("tenk").advice(two).notes[-1].startswith("To win a two-player game: ")
    three = play("tenk", roll("1 1 2 3 4 6"), aside("1 1"), players=("Ann", "Bo", "Cy"))
    assert not any("two-player" in n for n in get_game("tenk").advice(three).notes)
    other_target = play("tenk", roll("1 1 2 3 4 6"), aside("1 1"), target=5000)
    assert not any("two-player" in n for n in get_game("tenk").advice(other_target).notes)
