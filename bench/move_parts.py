"""Where a move POST's time goes: each part of the request timed inside the app.

Why: the web bench sets the move POST against a bare Flask POST and against the floor
(the bare POST plus the same SQLite commit); this says what the rest is spent on.

How: the benchmark database and app in this process, through Flask's test client (no
HTTP, no gunicorn).  Each table's page is read (untimed, as a phone does: the replay is
then kept), then a roll is posted to it.  While the posts run, the functions each part
goes through are wrapped with a clock (``PARTS``); a part's time is what its functions
took, less what the parts inside them took (the commit inside the write).  "Flask and
the rest" is the request's time less every part: routing, the request and response
objects, the extensions' hooks, the redirect, and the test client's own work.
"""

from __future__ import annotations

import importlib
import statistics
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from time import perf_counter
from typing import Any

from bench import bench_game
from bench.web_bench import CSRF_FIELD, SECRET, build_database, patched_env, roll_form

TABLES = 200
ROUNDS = 5

# Each part and what it goes through: (module, class in it or None, function or method).
PARTS: dict[str, tuple[tuple[str, str | None, str], ...]] = {
    "session cookie: open and seal": (
        ("referee.web.guard.sealed_session", "SealedSessionInterface", "open_session"),
        ("referee.web.guard.sealed_session", "SealedSessionInterface", "save_session"),
    ),
    "the table's row and its seats": (("referee.web.access.rights", None, "table_with_claims"),),
    "the kept replay": (("referee.web.access.rights", None, "load"),),
    "form and CSRF check": (
        ("referee.web.play.forms", "MoveForm", "__init__"),
        ("referee.web.play.forms", "MoveForm", "validate"),
    ),
    "rules: judge and apply": (("referee.web.play.tables", None, "judge"),),
    "write: three statements": (("referee.web.storage.store", None, "_claim_and_commit"),),
    "commit (SQLite's fsync)": (("sqlalchemy.orm", "Session", "commit"),),
}


class Clock:
    """Time spent in each part, less the parts running inside it."""

    def __init__(self) -> None:
        self.spent: dict[str, float] = dict.fromkeys(PARTS, 0.0)
        self.inner: list[float] = []  # time taken by parts inside the running one

    def wrap(self, part: str, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` with its time, less that of the parts it calls, added to ``part``."""

        def timed(*args: Any, **kwargs: Any) -> Any:
            self.inner.append(0.0)
            start = perf_counter()
            try:
                return function(*args, **kwargs)
            finally:
                took = perf_counter() - start
                inner = self.inner.pop()
                self.spent[part] += took - inner
                if self.inner:
                    self.inner[-1] += took

        return timed


@contextmanager
def clocked(clock: Clock) -> Iterator[None]:
    """Wrap every part's functions with ``clock`` for the duration of the block."""
    saved: list[tuple[Any, str, Any]] = []
    for part, targets in PARTS.items():
        for module_name, class_name, name in targets:
            module = importlib.import_module(module_name)
            holder = getattr(module, class_name) if class_name else module
            saved.append((holder, name, holder.__dict__.get(name)))
            setattr(holder, name, clock.wrap(part, getattr(holder, name)))
    try:
        yield
    finally:
        for holder, name, original in reversed(saved):
            if original is None:
                delattr(holder, name)  # it was inherited
            else:
                setattr(holder, name, original)


def run(tables: int = TABLES) -> dict[str, Any]:
    """Post a roll to each table after reading its page; the median ms of each part."""
    game = bench_game()
    with tempfile.TemporaryDirectory(prefix="referee-parts-") as tmp:
        root = Path(tmp)
        instance = root / "instance"
        instance.mkdir()
        url = f"sqlite:///{root / 'parts.sqlite3'}"
        tokens = build_database(instance, url, game, tables)
        settings = {"REFEREE_INSTANCE": str(instance), "REFEREE_RATE_LIMITS": "off"}
        with patched_env(**settings):
            from referee.web import create_app
            from referee.web.base.extensions import db

            app = create_app({"SECRET_KEY": SECRET, "SQLALCHEMY_DATABASE_URI": url})
        client = app.test_client()
        page = client.get(f"/t/{tokens[0]}").get_data(as_text=True)
        found = CSRF_FIELD.search(page)
        if found is None:
            raise RuntimeError("The play page has no CSRF token.")
        body = roll_form(game, found.group(1))
        headers = {"Content-Type": "application/x-www-form-urlencoded"}
        rounds = []
        for chunk in (tokens[k::ROUNDS] for k in range(ROUNDS)):
            clock, total = Clock(), 0.0
            for token in chunk:
                client.get(f"/t/{token}")
                with clocked(clock):
                    start = perf_counter()
                    answer = client.post(f"/t/{token}/move", data=body, headers=headers)
                    total += perf_counter() - start
                if answer.status_code != 302:
                    raise RuntimeError(f"A post answered {answer.status_code}, not 302.")
            parts = {part: spent / len(chunk) * 1e3 for part, spent in clock.spent.items()}
            parts["Flask and the rest"] = total / len(chunk) * 1e3 - sum(parts.values())
            parts["the whole request"] = total / len(chunk) * 1e3
            rounds.append(parts)
        with app.app_context():
            db.engine.dispose()
    return {part: statistics.median(r[part] for r in rounds) for part in rounds[0]}


def lines(parts: dict[str, float]) -> list[str]:
    """The parts in a few lines for the bench's table."""
    shown = ", ".join(f"{name} {ms:.2f}" for name, ms in parts.items())
    return [f"move POST, in the app (ms, test client): {shown}"]


if __name__ == "__main__":
    print("\n".join(lines(run())))
