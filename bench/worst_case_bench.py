"""Worst-case pages (issue 24): is every page a link can ask for within its budget?

What: in one process, through the Flask test client on a fresh SQLite database, the pages
of ``bench.worst_case``'s tables with the odds on: the play page of a 10K final round
200,000 past the target (its first view in the process, then the next), and the story of
the longest table of each game that gives advice (5,000 moves; Solitaire Dice ends by
itself): its first view, which works the story out and judges for at most
``judgements.VIEW_SECONDS`` of CPU, and a view once every move is judged and stored (the
story kept from the first view).  Also: the CPU the end of each game would take
to judge it all once (after the finishing answer, never for a view).  CPU time of the
thread (``time.thread_time``): on a shared machine wall time counts the neighbours too.

Run: ``make bench`` (or ``python -m bench.worst_case_bench`` alone).
"""

from __future__ import annotations

import os
import tempfile
import time
from typing import Any

from bench.worst_case import LONG_GAMES, far_final_round_log, long_log

PAGE_BUDGET_MS = 1000.0  # CPU of any one page, judging and the odds' first tables included


def _cpu_ms(client: Any, url: str) -> float:
    """The CPU milliseconds of one GET of ``url`` (the test client runs it in this thread)."""
    started = time.thread_time()
    response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return (time.thread_time() - started) * 1000


def measure() -> dict[str, Any]:
    """The figures, measured in this process."""
    from sqlalchemy import update

    from referee.web import create_app
    from referee.web.access.rights import pin_fingerprint
    from referee.web.base.extensions import db
    from referee.web.base.models import GameTable
    from referee.web.storage import judgements
    from referee.web.storage.store import import_log

    folder = tempfile.mkdtemp(prefix="referee-worst-bench-")
    os.environ["REFEREE_INSTANCE"] = folder
    app = create_app(
        {"SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/worst.sqlite3", "SECRET_KEY": "bench"}
    )
    logs = {slug: long_log(slug) for slug in LONG_GAMES}
    with app.app_context():
        db.create_all()
        far = import_log(far_final_round_log())
        tokens = {slug: import_log(log) for slug, log in logs.items()}
        db.session.execute(update(GameTable).values(show_odds=True))
        db.session.commit()
    client = app.test_client()
    with client.session_transaction() as session:
        session["house"] = pin_fingerprint(app)
    figures: dict[str, Any] = {
        "final_round_first_ms": _cpu_ms(client, f"/t/{far}"),
        "final_round_ms": _cpu_ms(client, f"/t/{far}"),
        "view_seconds": judgements.VIEW_SECONDS,
        "budget_ms": PAGE_BUDGET_MS,
        "stories": {},
    }
    for slug, token in tokens.items():
        first = _cpu_ms(client, f"/t/{token}/history")
        with app.app_context():
            table = db.session.scalar(db.select(GameTable).where(GameTable.token == token))
            started = time.thread_time()
            judgements.judgements(table.id, logs[slug], every_move=True)
            judge_all = time.thread_time() - started
        figures["stories"][slug] = {
            "moves": len(logs[slug].moves),
            "first_view_ms": first,
            "judged_view_ms": _cpu_ms(client, f"/t/{token}/history"),
            "judge_all_s": judge_all,
        }
    worst = max(
        figures["final_round_first_ms"],
        *(max(s["first_view_ms"], s["judged_view_ms"]) for s in figures["stories"].values()),
    )
    figures["worst_ms"] = worst
    figures["pass"] = worst < PAGE_BUDGET_MS
    return figures


def run() -> dict[str, Any]:
    """The figures (see the module's docstring)."""
    return measure()


def lines(result: dict[str, Any]) -> list[str]:
    """The figures as lines for the bench table."""
    out = [
        f"worst case: 10K final round 200,000 past the target, odds on: first page "
        f"{result['final_round_first_ms']:.0f} ms, then {result['final_round_ms']:.0f} ms CPU",
    ]
    for slug, s in result["stories"].items():
        out.append(
            f"  story of {slug:9} ({s['moves']:,} moves): first view {s['first_view_ms']:.0f} ms "
            f"(judges {result['view_seconds']:g} s at most), then {s['judged_view_ms']:.0f} ms; "
            f"judging it all once {s['judge_all_s']:.1f} s"
        )
    verdict = "met" if result["pass"] else "NOT met"
    out.append(
        f"  worst page {result['worst_ms']:.0f} ms CPU (budget {result['budget_ms']:.0f} "
        f"ms: {verdict})"
    )
    return out


def main() -> None:
    """Measure and print."""
    print("\n".join(lines(run())))


if __name__ == "__main__":
    main()
