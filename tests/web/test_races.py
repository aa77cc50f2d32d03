"""Two phones post to one table at the same instant, against the real server, many times.

gunicorn runs the app with 2 worker processes of 4 threads on SQLite and on PostgreSQL.
For each pair both phones load the table's page, then a barrier releases both posts
together: move against undo, the same move twice, undo against undo.  Exactly one of the
pair may apply (a redirect); the other must be told the table moved on (409), never a
server error; and afterwards every table's moves are numbered 0..n-1 and replay.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field

import pytest

from tests.realserver import BUSTS, Gunicorn, Phone, bust_log, roll_fields, stored_tables

pytestmark = pytest.mark.race

TABLES = 20  # driven at once, one pair of phones each
ROUNDS = 10  # per table, each round one pair of each kind
KINDS = ("move-vs-undo", "move-vs-move", "undo-vs-undo")
START_MOVES = 2 * ROUNDS + 2  # enough that an undo always has a move to take back
APPLIED = (302, 303)


@dataclass
class Pair:
    """One simultaneous pair of posts and what came back."""

    kind: str
    seq: int
    posts: tuple[str, str]
    statuses: list[int | None] = field(default_factory=lambda: [None, None])
    bodies: list[str] = field(default_factory=lambda: ["", ""])

    def net(self) -> int:
        """How the move count changes: +1 per applied move, -1 per applied undo."""
        return sum(
            (1 if post == "move" else -1)
            for post, status in zip(self.posts, self.statuses, strict=True)
            if status in APPLIED
        )


class TableRace:
    """Two phones racing on one table; each runs in its own thread."""

    def __init__(self, port: int, token: str, count: int) -> None:
        self.token = token
        self.phones = (Phone(port), Phone(port))
        self.pairs: list[Pair] = []
        self.expected = count  # the move count the applied posts add up to
        self.barrier = threading.Barrier(2, timeout=60)
        self.errors: list[BaseException] = []

    def plan(self) -> list[tuple[str, tuple[str, str]]]:
        """Each pair's kind and who posts what (the undo sides alternate between phones)."""
        plan = []
        for round_ in range(ROUNDS):
            for kind in KINDS:
                posts = {"move-vs-undo": ("move", "undo"), "move-vs-move": ("move", "move")}
                pair = posts.get(kind, ("undo", "undo"))
                plan.append((kind, pair if round_ % 2 else pair[::-1]))
        return plan

    def run_phone(self, me: int) -> None:
        try:
            for index, (kind, posts) in enumerate(self.plan()):
                self.barrier.wait()  # the previous pair is over for both phones
                phone = self.phones[me]
                seq, csrf = phone.form(self.token)
                if me == 0:
                    self.pairs.append(Pair(kind, seq, posts))
                conn = phone.connect()
                self.barrier.wait()  # both pages loaded, both connections open: go
                pair = self.pairs[index]
                fields = {"seq": str(seq), "csrf_token": csrf}
                if posts[me] == "move":
                    fields.update(roll_fields(BUSTS[index % len(BUSTS)]))
                path = f"/t/{self.token}/{posts[me]}"
                pair.statuses[me], pair.bodies[me] = phone.send(conn, "POST", path, fields)
        except BaseException as exc:  # reported by the test; free the other phone
            self.errors.append(exc)
            self.barrier.abort()


def verdict(pair: Pair) -> str | None:
    """What is wrong with a pair's answers, or None."""
    statuses = pair.statuses
    if any(s is None or s >= 500 for s in statuses):
        return f"server error {statuses}"
    if sorted(s in APPLIED for s in statuses) != [False, True]:
        return f"not exactly one applied {statuses}"
    if 409 not in statuses:
        return f"the loser got {statuses} instead of 409"
    return None


@pytest.mark.long(18)
def test_simultaneous_posts_apply_exactly_once(app, database_url, tmp_path, request):
    from referee.web.storage.store import import_log

    with app.app_context():
        tokens = [import_log(bust_log(START_MOVES)) for _ in range(TABLES)]
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    races = [TableRace(server.port, token, START_MOVES) for token in tokens]
    threads = [
        threading.Thread(target=race.run_phone, args=(me,), daemon=True)
        for race in races
        for me in (0, 1)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    server.stop()

    problems, tally = [], Counter()
    for race in races:
        problems += [f"{race.token}: {exc!r}" for exc in race.errors]
        for pair in race.pairs:
            wrong = verdict(pair)
            tally[pair.kind, wrong is None] += 1
            if wrong:
                problems.append(f"{race.token} seq {pair.seq} {pair.kind} {pair.posts}: {wrong}")
            race.expected += pair.net()
    stored = stored_tables(app, tokens)
    for race in races:
        seqs, moves, error = stored[race.token]
        if seqs != list(range(len(seqs))):
            problems.append(f"{race.token}: stored seqs {seqs}")
        if error is not None:
            problems.append(f"{race.token}: replay refuses move {error.move}: {error.message}")
        if len(seqs) != race.expected:
            problems.append(f"{race.token}: {len(seqs)} moves stored, {race.expected} applied")
    assert all(tally[kind, True] + tally[kind, False] == TABLES * ROUNDS for kind in KINDS), tally
    assert not problems, f"{len(problems)} problems; tally {dict(tally)}:\n" + "\n".join(
        problems[:40]
    )
