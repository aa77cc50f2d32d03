"""`referee odds GAME --flag VALUE...`: the figures the turn screen shows, and exit codes
(0 printed, 2 for flags that make no position, with a sentence saying why)."""

from __future__ import annotations

import pytest

from referee.cli import main
from referee.core.odds import Advice, die_values, number
from referee.games import all_games

TENK_EXAMPLE = """\
27.8% to bust · -10.4 expected from one roll · best: roll 3 dice
Each choice, by the points it is expected to bank this turn:
  roll 3 dice: 371.9
  bank 350: 350.0
Policy: most points this turn: bank from 450 with 3 dice.
"""


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """The exit code, standard output and standard error of ``referee odds ...``."""
    try:
        code = main(["odds", *argv])
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


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


def test_keys_and_base_dice(capsys):
    code, out, _ = run(capsys, "sb", "--keys", "2,5", "--base", "3,3,4,4")
    assert code == 0
    assert out.splitlines()[0] == "27.8% to bust · -0.5 expected from one roll · best: bank 8"
    assert (
        "Policy: most points this turn: bank from 8 with keys 2 and 5 and 4 base dice left." in out
    )


def test_lucky_sevens_with_a_steal_on_offer(capsys):
    code, out, _ = run(capsys, "lucky7", "--score", "50", "--steal", "12:3")
    assert code == 0
    assert out.splitlines()[0] == (
        "1.3% to bust · +3.5 expected from one roll · 51.4% to bust stealing · "
        "best: steal 12 and roll 3 dice"
    )
    assert "Banking offers the next player a steal; the worths count this turn only." in out


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["tenk", "--dice", "9"], "argument --dice: a whole number from 1 to 6, not '9'"),
        (["tenk", "--turn", "75"], "a whole number from 0 to 1,000,000, a multiple of 50"),
        (["tenk", "--dice", "three"], "argument --dice: a whole number from 1 to 6"),
        (["sb", "--keys", "2,5,6"], "argument --keys: up to 2 die values 1-6 with commas"),
        (["sb", "--base", "3,x"], "argument --base: up to 8 die values 1-6 with commas"),
        (["lucky7", "--steal", "12:9"], "argument --steal: points:dice of the banked turn"),
        (["lucky7", "--set-bonus", "7"], "argument --set-bonus: a whole number from 5 to 6"),
        (["sixd-one"], "invalid choice: 'sixd-one'"),
        (["tenk", "--colour"], "unrecognized arguments: --colour"),
    ],
)
def test_a_bad_flag_is_a_usage_error(capsys, argv, said):
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert said in err


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["tenk", "--dice", "3"], "referee odds tenk: --turn 0 is the turn's first roll, "),
        (["sb", "--keys", "2", "--base", "3,4,4"], "referee odds sb: Base dice go aside in groups"),
        (["sb", "--keys", "2,5", "--base", "3,3,3,3,3,3,3,3"], "the turn is already scored"),
        (["lucky7", "--score", "100"], "referee odds lucky7: A score of 100 has no room"),
        (["lucky7", "--steal", "12:3", "--turn", "5", "--dice", "3"], "only at the start"),
    ],
)
def test_flags_that_make_no_position_exit_2_with_a_sentence(capsys, argv, said):
    code, out, err = run(capsys, *argv)
    assert (code, out) == (2, "")
    assert said in err


def test_every_game_with_odds_flags_advises_on_their_defaults():
    games = [g for g in all_games() if g.ODDS_FLAGS]
    assert {g.SLUG for g in games} >= {"tenk", "sb", "lucky7"}
    for game in games:
        values = {flag.name: flag.read(flag.default) for flag in game.ODDS_FLAGS}
        assert isinstance(game.advice_for(values), Advice)


def test_readers():
    assert number(0, 10_000, step=50)("1,200") == 1200
    with pytest.raises(ValueError, match="a multiple of 50"):
        number(0, 10_000, step=50)("1210")
    with pytest.raises(ValueError):
        number(0, 10)("9" * 5000)
    assert die_values(2)("5, 2") == (2, 5)
    assert die_values(2)("") == ()


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


def test_solitaire_prints_every_split_by_the_sheets_expected_final_total(capsys):
    code, out, _ = run(
        capsys, "solitaire", "--roll", "1,1,3,5,6", "--marks", "7:9,5:7", "--throwaways", "1:6,2:4"
    )
    assert code == 0
    lines = out.splitlines()
    assert lines[1] == "Each choice, by the sheet's expected final total:"
    assert lines[2].startswith("  1+6 and 3+5, 1 thrown: −170 now: ")
    assert lines[-1].startswith("Policy: ") and not lines[-1].endswith("..")


@pytest.mark.parametrize(
    ("flags", "said"),
    [
        (["--roll", "1,1,3"], "needs the 5 dice"),
        (["--roll", "1,1,3,5,6", "--marks", "13:1"], "keys 2-12"),
        (["--roll", "1,1,3,5,6", "--marks", "7:1,7:2"], "given twice"),
        (["--roll", "1,1,3,5,6", "--throwaways", "1:8"], "counts 0-7"),
        (["--roll", "1,1,3,5,6", "--throwaways", "1:1,2:1,3:1,4:1"], "at most 3 throwaway"),
        (["--roll", "1,1,3,5,6", "--marks", "7:" + "9" * 5000], "key:count"),
    ],
)
def test_solitaire_refuses_a_sheet_that_is_none(capsys, flags, said):
    code, out, err = run(capsys, "solitaire", *flags)
    assert (code, out) == (2, "")
    assert said in err
