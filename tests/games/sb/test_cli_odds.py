"""`referee odds sb --keys ... --base ...`: the figures Keys and Base Dice's turn screen shows."""

from __future__ import annotations

from tests.odds.support import run


def test_keys_and_base_dice(capsys):
    code, out, _ = run(capsys, "sb", "--keys", "2,5", "--base", "3,3,4,4")
    assert code == 0
    assert out.splitlines()[0] == "27.8% to bust · -0.5 expected from one roll · best: bank 8"
    assert (
        "Policy: most points this turn: bank from 8 with keys 2 and 5 and 4 base dice left." in out
    )
