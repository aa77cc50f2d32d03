"""The writes around moves race each other and a delete, against the real server.

gunicorn runs the app with 2 worker processes of 4 threads on SQLite and on PostgreSQL.
Each trial is two posts released together by a barrier, on a table of its own: a seat
taken over while its holder leaves, two phones asking for one seat, one phone asking for
two seats at once, a seat choice / odds switch / move / undo against the table's delete,
and two odds switches.  Every answer is a redirect, or a 404 / 409 with a sentence, never
a server error; afterwards each seat is held by one phone at most and each phone holds
one seat at most, the winners are the ones the answers named, and every table left
replays.  The odds trials are at 10K tables, whose odds each worker's threads share.

Simultaneous play has trials of its own: three phones seated at a Solitaire Dice table
split one roll at the same instant, as the first taps a second split: every sheet's split
is stored, the double tap is a 409, and the table replays.
"""

from __future__ import annotations

import html
import threading
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field

import pytest

from tests.realserver import (
    BUSTS,
    Gunicorn,
    Phone,
    bust_log,
    csrf_of,
    roll_fields,
    stored_tables,
)

pytestmark = pytest.mark.race

TRIALS = 100  # per kind, each on a table of its own
AT_ONCE = 6  # trials run together (each two posts)
START_MOVES = 4  # each table's busted turns: an undo has a move to take back
APPLIED = (302, 303)
SEATED = "This phone: Ann’s seat"

# What a table phone, a seat and the house post; each returns (status, body).
Post = Callable[[], tuple[int, str]]


@dataclass
class Trial:
    """One pair of simultaneous posts on one table and what came back."""

    kind: str
    token: str
    statuses: list[int | None] = field(default_factory=lambda: [None, None])
    bodies: list[str] = field(default_factory=lambda: ["", ""])
    after: str = ""  # the page a phone sees afterwards, where the trial needs it

    def race(self, posts: tuple[Post, Post]) -> None:
        """Release both posts together and keep their answers."""
        barrier = threading.Barrier(2, timeout=120)

        def side(me: int) -> None:
            barrier.wait()
            self.statuses[me], self.bodies[me] = posts[me]()

        other = threading.Thread(target=side, args=(1,), daemon=True)
        other.start()
        side(0)
        other.join(300)


class Phones:
    """Phones at the server: each loads a table's page (its cookie, its CSRF token) and
    opens its connection before the barrier, so both posts leave at the same instant."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.house = Phone(port).enter_house_pin()

    def at(self, token: str, house: bool = False) -> tuple[Phone, str]:
        """A new phone (with the house's cookie when ``house``) and its page's CSRF token."""
        phone = Phone(self.port)
        if house:
            phone.cookies = dict(self.house.cookies)
        status, page = phone.get(f"/t/{token}")
        assert status == 200, (status, page[:500])
        return phone, csrf_of(page)

    def post(self, phone: Phone, path: str, fields: dict[str, str]) -> Post:
        """A post ready to go on an open connection."""
        conn = phone.connect()
        return lambda: phone.send(conn, "POST", path, fields)

    def sit(
        self, phone: Phone, csrf: str, token: str, choice: str, before: bool = False, **extra: str
    ) -> Post:
        """A seat choice ready to go; ``before``: posted at once, before the race, and done."""
        post = self.post(phone, f"/t/{token}/seat", {"as": choice, "csrf_token": csrf, **extra})
        if before:
            assert post()[0] == 302
        return post


def seat_take_over_vs_leave(phones: Phones, trial: Trial) -> str | None:
    """Ann's phone leaves her seat as another phone takes it over: both are done, and
    the other phone holds it."""
    token = trial.token
    holder, holder_csrf = phones.at(token)
    taker, taker_csrf = phones.at(token)
    phones.sit(holder, holder_csrf, token, "0", before=True)
    trial.race(
        (
            phones.sit(holder, holder_csrf, token, "table"),
            phones.sit(taker, taker_csrf, token, "0", take_over="yes"),
        )
    )
    trial.after = taker.get(f"/t/{token}")[1]
    if trial.statuses != [302, 302]:
        return f"not both done: {trial.statuses}"
    return None if SEATED in trial.after else "the taker does not hold the seat"


def seat_vs_seat(phones: Phones, trial: Trial) -> str | None:
    """Two phones ask for Ann's seat at once: one gets it, the other is told it is taken."""
    token = trial.token
    (one, one_csrf), (two, two_csrf) = phones.at(token), phones.at(token)
    trial.race((phones.sit(one, one_csrf, token, "0"), phones.sit(two, two_csrf, token, "0")))
    if sorted(trial.statuses) != [302, 409]:
        return f"not one seated and one refused: {trial.statuses}"
    winner = (one, two)[trial.statuses.index(302)]
    trial.after = winner.get(f"/t/{token}")[1]
    return None if SEATED in trial.after else "the phone told it sits does not"


def one_phone_two_seats(phones: Phones, trial: Trial) -> str | None:
    """One phone posts Ann's seat and Bo's at once (a double tap): it ends in one of them."""
    token = trial.token
    phone, csrf = phones.at(token)
    phones.sit(phone, csrf, token, "table", before=True)  # the phone gets its id
    trial.race((phones.sit(phone, csrf, token, "0"), phones.sit(phone, csrf, token, "1")))
    if trial.statuses != [302, 302]:
        return f"not both done: {trial.statuses}"
    return None


def against_delete(write: Callable[[Phones, str], Post]) -> Callable[[Phones, Trial], str | None]:
    """A trial of ``write`` against the table's delete, both read at version 0."""

    def trial_of(phones: Phones, trial: Trial) -> str | None:
        token = trial.token
        house, house_csrf = phones.at(token, house=True)
        fields = {"sure": "yes", "version": "0", "csrf_token": house_csrf}
        trial.race((write(phones, token), phones.post(house, f"/t/{token}/delete", fields)))
        written, deleted = trial.statuses
        if written not in (*APPLIED, 404, 409) or deleted not in (*APPLIED, 409):
            return f"unexpected answers {trial.statuses}"
        if trial.kind != "seat-vs-delete" and (written in APPLIED) == (deleted in APPLIED):
            return f"not exactly one of the write and the delete: {trial.statuses}"
        return None

    return trial_of


def seat_write(phones: Phones, token: str) -> Post:
    phone, csrf = phones.at(token)
    return phones.sit(phone, csrf, token, "0")


def odds_write(phones: Phones, token: str) -> Post:
    phone, csrf = phones.at(token)
    return phones.post(
        phone, f"/t/{token}/odds", {"odds": "on", "version": "0", "csrf_token": csrf}
    )


def move_write(phones: Phones, token: str) -> Post:
    phone, csrf = phones.at(token)
    fields = {"seq": str(START_MOVES), "csrf_token": csrf, **roll_fields(BUSTS[0])}
    return phones.post(phone, f"/t/{token}/move", fields)


def undo_write(phones: Phones, token: str) -> Post:
    phone, csrf = phones.at(token)
    return phones.post(phone, f"/t/{token}/undo", {"seq": str(START_MOVES), "csrf_token": csrf})


def odds_vs_odds(phones: Phones, trial: Trial) -> str | None:
    """Two phones switch the odds from pages of one version: one is stored, one is a 409."""
    token = trial.token
    posts = []
    for wanted in ("on", "off"):
        phone, csrf = phones.at(token)
        fields = {"odds": wanted, "version": "0", "csrf_token": csrf}
        posts.append(phones.post(phone, f"/t/{token}/odds", fields))
    trial.race((posts[0], posts[1]))
    if sorted(trial.statuses) != [302, 409]:
        return f"not one switched and one refused: {trial.statuses}"
    trial.after = Phone(phones.port).get(f"/t/{token}")[1]
    shown = "Hide the odds" in trial.after
    return None if shown == (trial.statuses[0] == 302) else "the loser's switch was stored"


KINDS: dict[str, Callable[[Phones, Trial], str | None]] = {
    "seat-take-over-vs-leave": seat_take_over_vs_leave,
    "seat-vs-seat": seat_vs_seat,
    "one-phone-two-seats": one_phone_two_seats,
    "seat-vs-delete": against_delete(seat_write),
    "odds-vs-delete": against_delete(odds_write),
    "move-vs-delete": against_delete(move_write),
    "undo-vs-delete": against_delete(undo_write),
    "odds-vs-odds": odds_vs_odds,
}


def run(phones: Phones, check: Callable[[Phones, Trial], str | None], trial: Trial) -> str | None:
    """One trial's verdict: its own check, after no answer was a server error."""
    try:
        wrong = check(phones, trial)
    except Exception as exc:  # reported with the trial
        return f"{exc!r}"
    if any(status is None or status >= 500 for status in trial.statuses):
        return f"server error {trial.statuses}"
    return wrong


def stored_state(app, tokens):
    """Each table left: its seat claims as (seat, phone) and its replay's error; deleted
    tables are left out."""
    from sqlalchemy import select

    from referee.web.base.extensions import db
    from referee.web.base.models import SeatClaim
    from referee.web.storage.loading import load, table_by_token

    found = {}
    with app.app_context():
        for token in tokens:
            table = table_by_token(token)
            if table is None:
                continue
            query = select(SeatClaim.seat, SeatClaim.phone).where(SeatClaim.table_id == table.id)
            found[token] = (db.session.execute(query).all(), load(table).replay.error)
        db.session.remove()
    return found


@pytest.mark.long(27)
def test_writes_race_each_other_and_deletes_without_a_server_error(
    app, database_url, tmp_path, request
):
    from referee.web.storage.store import import_log

    with app.app_context():
        trials = [
            Trial(kind, import_log(bust_log(START_MOVES))) for kind in KINDS for _ in range(TRIALS)
        ]
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    phones = Phones(server.port)
    with ThreadPoolExecutor(AT_ONCE) as pool:
        verdicts = list(pool.map(lambda t: run(phones, KINDS[t.kind], t), trials))
    server.stop()

    problems, tally = [], Counter()
    for trial, wrong in zip(trials, verdicts, strict=True):
        tally[trial.kind, wrong is None] += 1
        if wrong:
            problems.append(f"{trial.kind} {trial.token}: {wrong}")
    stored = stored_state(app, [t.token for t in trials])
    for trial in trials:
        claims, error = stored.get(trial.token, ([], None))
        seats, holders = Counter(s for s, _ in claims), Counter(p for _, p in claims)
        if any(n > 1 for n in (*seats.values(), *holders.values())):
            problems.append(f"{trial.kind} {trial.token}: seats shared {claims}")
        if error is not None:
            problems.append(f"{trial.kind} {trial.token}: replay refuses move {error.move}")
        if trial.kind == "one-phone-two-seats" and len(claims) != 1:
            problems.append(f"{trial.kind} {trial.token}: the phone holds {len(claims)} seats")
        deleted = trial.token not in stored
        if "delete" in trial.kind and deleted != (trial.statuses[1] in APPLIED):
            problems.append(f"{trial.kind} {trial.token}: deleted {deleted} {trial.statuses}")
    assert all(tally[k, True] + tally[k, False] == TRIALS for k in KINDS), tally
    log = server.log.read_text()
    first_error = log[log.find("Traceback") :][:3000] if "Traceback" in log else ""
    assert not problems, f"{len(problems)} problems; tally {dict(tally)}:\n" + "\n".join(
        [*problems[:40], first_error]
    )


# Simultaneous play: phones seated at a Solitaire Dice table split one shared roll at the
# same instant, from pages of the same version, and the first phone taps its split twice.
SPLIT_TRIALS = 30  # per database, each on a table of its own
SPLITTERS = ("Ann", "Bob", "Cat")
SHARED_ROLL = ("1", "1", "3", "5", "6")
SPLITS = ("1,5|1,6|3", "1,1|5,6|3", "1,3|5,6|1")  # one per sheet; the double tap's is next
DOUBLE_TAP = "1,6|3,5|1"


def rolled_once():
    """A Solitaire Dice log of Ann, Bob and Cat with the first roll entered."""
    from referee.log import GameLog

    return GameLog("solitaire", SPLITTERS, {}, ({"type": "roll", "dice": list(SHARED_ROLL)},))


def release(posts: list[Post]) -> list[tuple[int | None, str]]:
    """Send every post at the same instant (a barrier), each from a thread of its own."""
    barrier = threading.Barrier(len(posts), timeout=120)
    answers: list[tuple[int | None, str]] = [(None, "")] * len(posts)

    def side(me: int) -> None:
        barrier.wait()
        answers[me] = posts[me]()

    threads = [threading.Thread(target=side, args=(i,), daemon=True) for i in range(len(posts))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    return answers


def split_at_once(phones: Phones, token: str) -> list[tuple[int | None, str]]:
    """Each seat's phone splits the roll, and Ann's phone taps a second split, all at once
    from pages that show the roll (seq 1); the answers in that order."""
    posts = []
    for seat, (player, split) in enumerate(zip(SPLITTERS, SPLITS, strict=True)):
        phone, csrf = phones.at(token)
        phones.sit(phone, csrf, token, str(seat), before=True)
        fields = {"seq": "1", "csrf_token": csrf, "action": "assign", "player": player}
        posts.append(phones.post(phone, f"/t/{token}/move", {**fields, "split": split}))
        if seat == 0:
            double = {**fields, "split": DOUBLE_TAP}
            posts.append(phones.post(phone, f"/t/{token}/move", double))
    return release(posts)


def split_verdict(answers: list[tuple[int | None, str]], stored) -> str | None:
    """What went wrong at one table: a server error, a lost split, the double tap's two
    splits both stored or neither, a table that does not replay."""
    statuses = [status for status, _ in answers]
    if any(status is None or status >= 500 for status in statuses):
        return f"server error {statuses}"
    first, double, *others = statuses
    if any(status not in APPLIED for status in others):
        return f"a split of another sheet was not stored: {statuses}"
    if sorted((first, double)) != [302, 409]:
        return f"not one of Ann's two splits stored and one refused: {statuses}"
    refused = html.unescape(answers[1 if double == 409 else 0][1])
    if "Ann's split was stored meanwhile" not in refused:
        return "the refused double tap does not say why"
    seqs, moves, error = stored
    if error is not None or seqs != [0, 1, 2, 3]:
        return f"stored seqs {seqs}, replay error {error}"
    splits = {m["player"]: "|".join(",".join(p) for p in m["pairs"]) for m in moves[1:]}
    kept = SPLITS[0] if first == 302 else DOUBLE_TAP
    if splits != {"Ann": kept[:-2], "Bob": SPLITS[1][:-2], "Cat": SPLITS[2][:-2]}:
        return f"stored splits {splits}"
    return None


@pytest.mark.long(22)
def test_simultaneous_splits_are_all_stored_and_a_double_tap_is_refused(
    app, database_url, tmp_path, request
):
    from referee.web.storage.store import import_log

    with app.app_context():
        tokens = [import_log(rolled_once()) for _ in range(SPLIT_TRIALS)]
    server = Gunicorn(database_url, tmp_path).start()
    request.addfinalizer(server.stop)
    phones = Phones(server.port)
    with ThreadPoolExecutor(2) as pool:  # two tables at once: 8 posts for 8 server threads
        answers = list(pool.map(lambda token: split_at_once(phones, token), tokens))
    server.stop()

    stored = stored_tables(app, tokens)
    problems = []
    for token, answered in zip(tokens, answers, strict=True):
        wrong = split_verdict(answered, stored[token])
        if wrong:
            problems.append(f"{token}: {wrong}")
    log = server.log.read_text()
    first_error = log[log.find("Traceback") :][:3000] if "Traceback" in log else ""
    assert not problems, f"{len(problems)} of {SPLIT_TRIALS} tables wrong:\n" + "\n".join(
        [*problems[:20], first_error]
    )
