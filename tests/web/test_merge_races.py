"""Two house phones merge and split the same players at the same instant, against the real
server (gunicorn, 2 workers of 4 threads), many times, on SQLite and on PostgreSQL.

Every trial has players of its own, seated (and for a split, merged) straight in the
database first; a barrier then releases both posts together:

- opposite merges: one phone merges A into B while the other merges B into A;
- double merge: both phones merge A into B (a double tap);
- merge vs split: A was merged into B; one phone splits it back while the other merges B
  into C;
- new table vs merge: one phone starts a table where A sits while the other merges A into B.

Each answer is a redirect (done) or a 409 / 422 with a sentence, never a 5xx.  Afterwards
no alias points at itself or at another alias (no loop), every seat counts as the player
its name's aliases lead to, every trial's aliases, merges and seats are what its answers
say happened, in an order that could have happened (a split answered "done" put every
seat back), and every player's page answers.
"""

from __future__ import annotations

import threading
from collections import Counter
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import pytest
from sqlalchemy import select

from tests.realserver import Gunicorn, Phone, csrf_of

pytestmark = pytest.mark.race

TRIALS = 100  # per kind
KINDS = ("opposite-merges", "double-merge", "merge-vs-split", "new-table-vs-merge")
DONE = (302, 303)
NEW_TABLE_OPTIONS = {"opt_target": "1000", "opt_entry": "0"}
REFUSED = (409, 422)


@dataclass
class Trial:
    """One race: its players' keys (a, b, c), what each phone posts, and the answers."""

    kind: str
    a: str
    b: str
    c: str
    posts: tuple[tuple[str, dict[str, str]], ...] = ()
    first_merge: int | None = None  # a into b, made before the race (merge vs split)
    statuses: list[int | None] = field(default_factory=lambda: [None, None])
    bodies: list[str] = field(default_factory=lambda: ["", ""])

    @property
    def done(self) -> tuple[bool, bool]:
        """Whether each phone's post was answered "done"."""
        return (self.statuses[0] in DONE, self.statuses[1] in DONE)


def plan(kind: str, number: int) -> Trial:
    """A trial of ``kind`` with players of its own (their names are their keys)."""
    a, b, c = (f"{kind[:3]}{number}{letter}" for letter in "abc")
    trial = Trial(kind, a, b, c)
    if kind == "opposite-merges":
        trial.posts = ((f"/players/{b}/merge", {"other": a}), (f"/players/{a}/merge", {"other": b}))
    elif kind == "double-merge":
        trial.posts = ((f"/players/{b}/merge", {"other": a}),) * 2
    elif kind == "new-table-vs-merge":
        seated = {"players-0": a, "players-1": c, **NEW_TABLE_OPTIONS}
        trial.posts = (("/tables/new/tenk", seated), (f"/players/{b}/merge", {"other": a}))
    return trial


def merged_before(app, trials: list[Trial]) -> None:
    """Merge a into b for each merge-vs-split trial, as a phone did before the race, and
    plan its posts: split that merge back, and merge b into c."""
    from referee.web.base.models import PlayerMerge
    from referee.web.players.merges import merge_players, saved

    with app.app_context():
        for trial in trials:
            saved(lambda t=trial: merge_players(t.a, t.b))
        from referee.web.base.extensions import db

        ids = dict(db.session.execute(select(PlayerMerge.source, PlayerMerge.id)).all())
        db.session.remove()
    for trial in trials:
        trial.first_merge = ids[trial.a]
        trial.posts = (
            (f"/players/{trial.b}/split", {"merge": str(trial.first_merge)}),
            (f"/players/{trial.c}/merge", {"other": trial.b}),
        )


class Race:
    """Two house phones running the trials one after another, each in its own thread."""

    def __init__(self, port: int, trials: list[Trial]) -> None:
        self.phones = (Phone(port).enter_house_pin(), Phone(port).enter_house_pin())
        self.csrf = [csrf_of(phone.get("/import")[1]) for phone in self.phones]
        self.trials = trials
        self.barrier = threading.Barrier(2, timeout=120)
        self.errors: list[BaseException] = []

    def run_phone(self, me: int) -> None:
        phone = self.phones[me]
        try:
            for trial in self.trials:
                path, fields = trial.posts[me]
                conn = phone.connect()
                self.barrier.wait()  # both connections open: go
                body = {**fields, "csrf_token": self.csrf[me]}
                trial.statuses[me], trial.bodies[me] = phone.send(conn, "POST", path, body)
        except BaseException as exc:  # reported by the test; free the other phone
            self.errors.append(exc)
            self.barrier.abort()

    def run(self) -> None:
        threads = [threading.Thread(target=self.run_phone, args=(me,)) for me in (0, 1)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(1200)


@dataclass(frozen=True)
class Stored:
    """What the database holds about the players afterwards."""

    aliases: dict[str, str]  # key -> the key it counts as
    merges: list[tuple[int, str, str, bool]]  # id, source, target, undone
    seats: list[tuple[str, str]]  # each seat's name and key


def stored(app) -> Stored:
    from referee.web.base.extensions import db
    from referee.web.base.models import PlayerAlias, PlayerMerge, Seat

    with app.app_context():
        aliases = dict(db.session.execute(select(PlayerAlias.key, PlayerAlias.canonical)).all())
        merges = [
            (m.id, m.source, m.target, m.undone_at is not None)
            for m in db.session.scalars(select(PlayerMerge).order_by(PlayerMerge.id))
        ]
        seats = [tuple(row) for row in db.session.execute(select(Seat.name, Seat.player_key))]
        db.session.remove()
    return Stored(aliases, merges, seats)


def outcomes(trial: Trial) -> list[tuple[dict[str, str], dict[str, str], list[tuple]]]:
    """Each (seats, aliases, merges) the trial may end with, given its answers: the results
    of the orders in which its done posts could have been made."""
    a, b, c = trial.a, trial.b, trial.c
    done = trial.done
    if trial.kind == "opposite-merges":
        if done == (True, False):
            return [({a: b, b: b}, {a: b}, [(a, b, False)])]
        if done == (False, True):
            return [({a: a, b: a}, {b: a}, [(b, a, False)])]
        return [({a: a, b: b}, {}, [])]
    if trial.kind == "double-merge":
        if any(done):
            return [({a: b, b: b}, {a: b}, [(a, b, False)])]
        return [({a: a, b: b}, {}, [])]
    if trial.kind == "new-table-vs-merge":  # the new table's seats: checked with every seat
        if done[1]:
            return [({a: b, b: b}, {a: b}, [(a, b, False)])]
        return [({a: a, b: b}, {}, [])]
    split, merge = done  # merge vs split: a was merged into b before
    if split and merge:  # the split must have come first: after the merge it is refused
        return [({a: a, b: c, c: c}, {b: c}, [(a, b, True), (b, c, False)])]
    if split:
        return [({a: a, b: b, c: c}, {}, [(a, b, True)])]
    if merge:
        return [({a: c, b: c, c: c}, {a: c, b: c}, [(a, b, False), (b, c, False)])]
    return [({a: b, b: b, c: c}, {a: b}, [(a, b, False)])]


def trial_state(trial: Trial, found: Stored) -> tuple[dict, dict, list]:
    """The trial's players' seats, aliases and merges as stored."""
    mine = {trial.a, trial.b, trial.c}
    seats = {name: key for name, key in found.seats if name in mine}
    if trial.kind != "merge-vs-split":
        seats.pop(trial.c)
    aliases = {key: into for key, into in found.aliases.items() if key in mine}
    merges = [(s, t, undone) for _, s, t, undone in found.merges if s in mine]
    return seats, aliases, merges


def page_answers(phone: Phone, key: str) -> str | None:
    """What is wrong with a player's page (following at most 3 redirects), or None."""
    path = f"/players/{key}"
    for _ in range(4):
        conn = phone.connect()
        cookie = "; ".join(f"{k}={v}" for k, v in phone.cookies.items())
        try:
            conn.request("GET", path, headers={"Cookie": cookie, "Connection": "close"})
            response = conn.getresponse()
            response.read()
        finally:
            conn.close()
        if response.status == 200:
            return None
        if response.status not in DONE:
            return f"{path}: {response.status}"
        path = urlsplit(response.headers["Location"]).path
    return f"/players/{key}: redirects round a loop"


@pytest.mark.long(50)
def test_merges_and_splits_racing_each_other(app, database_url, tmp_path, request, seat_players):
    trials = [plan(kind, number) for kind in KINDS for number in range(TRIALS)]
    seat_players([name for t in trials for name in (t.a, t.b, t.c)])
    merged_before(app, [t for t in trials if t.kind == "merge-vs-split"])
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    race = Race(server.port, trials)
    race.run()

    problems = [repr(exc) for exc in race.errors]
    tally: Counter[tuple[str, str]] = Counter()
    found = stored(app)
    for key, into in found.aliases.items():
        if into == key:
            problems.append(f"{key} is aliased to itself")
        elif into in found.aliases:
            problems.append(f"{key} -> {into} -> {found.aliases[into]}: an alias of an alias")
    for name, key in found.seats:
        if key != found.aliases.get(name, name):  # the names are their own keys
            problems.append(f"a seat of {name} counts as {key}, not as the name says")
    for trial in trials:
        tally[trial.kind, "/".join(str(s) for s in trial.statuses)] += 1
        if any(s is None or s not in DONE + REFUSED for s in trial.statuses):
            problems.append(f"{trial.kind} {trial.a}: answered {trial.statuses}")
        for status, body in zip(trial.statuses, trial.bodies, strict=True):
            if status in REFUSED and "Nothing was changed." not in body:
                problems.append(f"{trial.kind} {trial.a}: a {status} without its sentence")
        state = trial_state(trial, found)
        if state not in outcomes(trial):
            problems.append(f"{trial.kind} {trial.a}: answered {trial.statuses}, left {state}")
    phone = race.phones[0]
    for trial in trials:
        for key in (trial.a, trial.b, trial.c):
            if wrong := page_answers(phone, key):
                problems.append(wrong)
    server.stop()
    assert sum(tally.values()) == len(KINDS) * TRIALS, race.errors
    assert not problems, f"{len(problems)} problems; {dict(tally)}:\n" + "\n".join(problems[:40])
