"""`referee odds tenk --flag VALUE...`: the figures 10K's turn screen shows, exact as fractions,
the entry threshold, and the advice to win a two-player game."""

from __future__ import annotations

from tests.odds.support import run

TENK_EXAMPLE = """\
27.8% to bust · -10.4 expected from one roll · best: roll 3 dice
Each choice, by the points it is expected to bank this turn:
  roll 3 dice: 371.9
  bank 350: 350.0
Policy: most points this turn: bank from 450 with 3 dice.
"""


def test_the_issues_example_prints_the_figures_and_the_advice(capsys):
    assert run(capsys, "tenk", "--dice", "3", "--turn", "350", "--score", "1200") == (
        0,
        TENK_EXAMPLE,
        "",
    )


def test_exact_adds_every_figure_as_a_fraction(capsys):
    code, out, _ = run(capsys, "tenk", "--dice", "3", "--turn", "350", "--exact")
    assert code == 0
    assert "  27.8% to bust (= 5/18)" in out
    assert "  bank 350 (scores 0: short of the 500 entry): 0.0 (= 0)" in out


def test_a_player_short_of_the_entry_is_told_where_best_play_banks(capsys):
    code, out, _ = run(capsys, "tenk", "--dice", "2", "--turn", "350")
    assert code == 0 and "Policy: most points this turn: bank from 500 with 2 dice." in out


def test_them_adds_the_advice_to_win_a_two_player_game(capsys):
    code, out, _ = run(
        capsys, "tenk", "--dice", "3", "--turn", "350", "--score", "1200", "--them", "2000"
    )
    assert code == 0
    assert out.startswith(TENK_EXAMPLE)
    assert out.endswith(
        "To win a two-player game: roll on (win chance 43.3% rolling, 43.0% banking)\n"
    )


def test_them_needs_the_entry_the_win_table_was_built_for(capsys):
    code, _, err = run(
        capsys, "tenk", "--dice", "6", "--score", "0", "--them", "0", "--entry", "300"
    )
    assert code == 2
    assert "entry of 500" in err
