"""`referee odds lucky7 --flag VALUE...`: the figures Lucky Sevens' turn screen shows, a steal
on offer included."""

from __future__ import annotations

from tests.odds.support import run


def test_lucky_sevens_with_a_steal_on_offer(capsys):
    code, out, _ = run(capsys, "lucky7", "--score", "50", "--steal", "12:3")
    assert code == 0
    assert out.splitlines()[0] == (
        "1.3% to bust · +3.5 expected from one roll · 51.4% to bust stealing · "
        "best: steal 12 and roll 3 dice"
    )
    assert "Banking offers the next player a steal; the worths count this turn only." in out
