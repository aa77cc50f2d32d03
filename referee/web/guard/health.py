"""Health checks for a load balancer or a monitor: cheap, quick, never rate-limited, no cookie.

``/healthz/database`` asks the database alone: what a balancer checks.  While Redis is
away or hangs the servers still take every write (their limits count in memory), so it
must never take them out of service.  ``/healthz`` asks the database and, when the rate
limits are kept there (``REDIS_URL``), Redis: for a monitor.  Either answers 200 when all
it asked answered, else 503, with a sentence saying what answered, what did not, and what
was slow.  A database that answers but cannot write (read-only, its disk full: see
``unwritable``) is no more healthy than one that does not answer: it serves no move.

Each part is asked on a thread of its own (``Probe``) and waited for at most
``HEALTH_SECONDS``, well under a balancer's check timeout (1 s in docs/operating.md): a
database or a Redis that hangs makes the check say so in time, never makes it wait.  While
one question to a part is unanswered, a new check waits for that one rather than asking
again, so a hung part holds at most one thread of each server.
"""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as NotYet
from dataclasses import dataclass, field

from flask import Blueprint, Flask, Response, current_app, request
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from referee.web.base.extensions import db
from referee.web.guard.limits import REDIS_TIMEOUT, limiter, limits_in_redis, redis_reachable
from referee.web.guard.outages import waiting_at_most
from referee.web.guard.stale import once_more_if_stale
from referee.web.guard.unwritable import Fault, fault_of, write_fault

bp = Blueprint("health", __name__)

NO_STORE = {"Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8"}
# What a part's question comes back with: True (it answers), False (it does not), or a
# sentence (it answers, and this is wrong with it).
Answer = bool | str
HEALTH_SECONDS = 0.5
# A probe of the database waits longer than a check does, so that a check says the
# database is slow before the probe gives up on it.
PROBE_SECONDS = 2 * HEALTH_SECONDS


@dataclass
class Probe:
    """One part's question, asked on a thread of its own: ``ask`` is True when the part
    answers, False when it does not, and takes at least ``patience`` seconds when it gets
    no answer at all (then the part is slow rather than away); or a sentence, when the part
    answers but says what is wrong with it."""

    ask: Callable[[], Answer]
    patience: float
    asking: Future[Answer | None] | None = None
    lock: threading.Lock = field(default_factory=threading.Lock)
    thread: ThreadPoolExecutor = field(
        default_factory=lambda: ThreadPoolExecutor(1, thread_name_prefix="health")
    )

    def question(self) -> Future[Answer | None]:
        """The question under way, or a new one when none is."""
        with self.lock:
            if self.asking is None or self.asking.done():
                self.asking = self.thread.submit(self.answer)
            return self.asking

    def answer(self) -> Answer | None:
        """``ask``'s answer, None when it got none within its patience."""
        started = time.monotonic()
        answered = self.ask()
        if answered is False and time.monotonic() - started >= self.patience:
            return None
        return answered


def answer_by(question: Future[Answer | None], deadline: float) -> Answer | None:
    """True when the part answered by ``deadline`` (``time.monotonic``), False when it said
    it cannot, a sentence when it answered what is wrong, None when it has not answered in
    time (the question stays open)."""
    try:
        return question.result(timeout=max(0.0, deadline - time.monotonic()))
    except NotYet:
        return None


def database_answers(app: Flask) -> Answer:
    """Whether ``app``'s database answers and can write (each wait on PostgreSQL bounded by
    ``PROBE_SECONDS``): True, False, or the sentence on what keeps it from writing.  A
    pooled connection found stale (PostgreSQL restarted, or ended this server's sessions,
    since it was opened) is thrown away with the older ones, and the database is asked
    once more on a fresh one, as a request's view is (``stale``): a server whose database
    answers is never said to have none."""
    with app.app_context(), waiting_at_most(PROBE_SECONDS):
        try:
            fault = once_more_if_stale(database_fault)
        except (SQLAlchemyError, sqlite3.Error) as exc:
            fault = fault_of(exc)  # an SQLite file that cannot be opened: nor read
            if fault is None:
                return False
    return True if fault is None else fault.health


def database_fault() -> Fault | None:
    """What keeps the app's database from writing, None when nothing does (it is asked
    in the app context's session, let go afterwards; raises when it does not answer)."""
    try:
        db.session.execute(text("SELECT 1"))
        db.session.remove()
        return write_fault(db.engine)
    finally:
        db.session.remove()


def redis_answers(app: Flask) -> bool:
    """Whether the Redis ``app`` keeps its rate limits in answers."""
    with app.app_context():
        return bool(redis_reachable())


def probes(app: Flask) -> dict[str, Probe]:
    """``app``'s probes by part, made with the first check."""
    found = app.extensions.get("health_probes")
    if found is None:
        found = app.extensions.setdefault(
            "health_probes",
            {
                "database": Probe(lambda: database_answers(app), PROBE_SECONDS),
                "redis": Probe(lambda: redis_answers(app), REDIS_TIMEOUT),
            },
        )
    return found


def said_of_database(answered: Answer | None, seconds: float) -> str:
    """The sentence on the database."""
    if answered is None:
        return f"The database is slow: no answer within {seconds:g} s."
    if isinstance(answered, str):
        return answered
    return "The database answers." if answered else "The database does not answer."


def said_of_redis(answered: Answer | None, seconds: float) -> str:
    """The sentence on Redis."""
    if answered is None:
        return f" Redis is slow: no answer within {seconds:g} s."
    if answered:
        return " Redis answers: rate limits are shared."
    return " Redis does not answer: rate limits are counted in each server's memory."


@limiter.request_filter
def is_health_check() -> bool:
    """Whether this request is a health check, which no limit counts.  A filter, not
    ``exempt``: Flask-Limiter looks for a Redis it has lost again on later requests (1, 2,
    4... s apart), exempt ones included, and each look waits out Redis's timeout; a filtered
    request is let through before any look, so a check never waits on a hung Redis."""
    return request.blueprint == bp.name


@bp.get("/healthz")
def healthz() -> Response:
    """200 when the database and, when the limits are kept there, Redis answer; else 503."""
    return health(with_redis=True)


@bp.get("/healthz/database")
def database_health() -> Response:
    """200 when the database answers within ``HEALTH_SECONDS``, else 503 (what a balancer
    checks): Redis is not asked."""
    return health(with_redis=False)


def health(*, with_redis: bool) -> Response:
    """The answer of a health check: 200 when the database (and, ``with_redis`` when the
    limits are kept in Redis, Redis) answers in time, else 503, with the sentences."""
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    deadline = time.monotonic() + HEALTH_SECONDS
    asked = probes(app)
    parts = ["database", "redis"] if with_redis and limits_in_redis() else ["database"]
    questions = {part: asked[part].question() for part in parts}
    answers = {part: answer_by(question, deadline) for part, question in questions.items()}
    said = said_of_database(answers["database"], HEALTH_SECONDS)
    if "redis" in answers:
        said += said_of_redis(answers["redis"], HEALTH_SECONDS)
    healthy = all(answer is True for answer in answers.values())
    return Response(said + "\n", 200 if healthy else 503, NO_STORE)
