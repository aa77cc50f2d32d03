"""`referee odds GAME --flag VALUE...`: exit codes (0 printed, 2 for flags that make no
position, with a sentence saying why).  The figures each game's turn screen shows: its
``tests/games/<package>/test_cli_odds.py``."""

from __future__ import annotations

import pytest

from referee.core.odds import Advice, die_values, number
from referee.games import all_games
from tests.odds.support import run


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
