"""`referee odds solitaire --roll ... --marks ... --throwaways ...`: every split by the sheet's
expected final total, and a sheet that is none refused with a sentence (exit 2)."""

from __future__ import annotations

import pytest

from tests.odds.support import run


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
