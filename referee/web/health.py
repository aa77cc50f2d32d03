"""Health checks for a load balancer or a monitor: cheap, never rate-limited, no cookie.

``/healthz`` answers 200 when the database answers (and Redis, when the rate limits are kept
there: ``REDIS_URL``), else 503; ``/healthz/database`` asks only the database.  A balancer
checks the second: while Redis is away the servers still take every write (their limits
count in memory), so it must not take them all out of service; a monitor checks the first.
Either way the body is a sentence saying what answered and what did not.
"""

from __future__ import annotations

from flask import Blueprint, Response
from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from referee.web.extensions import db
from referee.web.limits import limiter, redis_reachable

bp = Blueprint("health", __name__)

NO_STORE = {"Cache-Control": "no-store", "Content-Type": "text/plain; charset=utf-8"}


def database_reachable() -> bool:
    """Whether the database answers a trivial query now."""
    try:
        db.session.execute(text("SELECT 1"))
    except SQLAlchemyError:
        db.session.rollback()
        return False
    return True


def redis_health() -> tuple[bool, str]:
    """Whether Redis answers, and the sentence saying so ("" when the limits are not kept
    in Redis)."""
    reachable = redis_reachable()
    if reachable is None:
        return True, ""
    if reachable:
        return True, " Redis answers: rate limits are shared."
    return False, " Redis does not answer: rate limits are counted in each server's memory."


@bp.get("/healthz")
@limiter.exempt
def healthz() -> Response:
    """200 when the database and, when the limits are kept there, Redis answer; else 503."""
    return health(with_redis=True)


@bp.get("/healthz/database")
@limiter.exempt
def database_health() -> Response:
    """200 when the database answers, else 503 (what a balancer checks)."""
    return health(with_redis=False)


def health(*, with_redis: bool) -> Response:
    """The answer of a health check: 200 when the database (and, ``with_redis``, Redis)
    answers, else 503, with a sentence saying what answered."""
    database_up = database_reachable()
    redis_up, redis_said = redis_health()
    said = "The database answers." if database_up else "The database does not answer."
    healthy = database_up and (redis_up or not with_redis)
    return Response(said + redis_said + "\n", 200 if healthy else 503, NO_STORE)
