"""``/healthz`` for a load balancer: 200 with the database (and Redis) answering, 503 with a
sentence otherwise; no cookie, no rate limit."""

from __future__ import annotations

import time

import pytest

from referee.web import create_app
from referee.web.base.extensions import db
from referee.web.guard.health import HEALTH_SECONDS
from tests.conftest import wait_until
from tests.ports import free_port


@pytest.fixture
def build_app(monkeypatch, tmp_path):
    """Build an app from settings, rate limits on, its database engine closed afterwards."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("REFEREE_RATE_LIMITS", "on")
    built = []

    def build(**config):
        built.append(create_app({"TESTING": True, "SECRET_KEY": "t", **config}))
        return built[-1]

    yield build
    for app in built:
        with app.app_context():
            db.engine.dispose()


def nowhere(scheme: str) -> str:
    return f"{scheme}127.0.0.1:{free_port()}/0"


def test_healthz_is_200_with_a_sentence_and_sets_no_cookie(app, stranger):
    response = stranger.get("/healthz")
    assert response.status_code == 200
    assert response.text == "The database answers.\n"
    assert "Set-Cookie" not in response.headers
    assert response.headers["Cache-Control"] == "no-store"


def test_healthz_is_never_rate_limited(build_app, sqlite_url):
    app = build_app(SQLALCHEMY_DATABASE_URI=sqlite_url, WRITE_LIMIT_PER_CLIENT="1 per minute")
    phone = app.test_client()
    assert {phone.get("/healthz").status_code for _ in range(50)} == {200}


def test_healthz_is_503_with_a_sentence_when_the_database_does_not_answer(build_app):
    app = build_app(SQLALCHEMY_DATABASE_URI=nowhere("postgresql+psycopg://nobody@"))
    for path in ("/healthz", "/healthz/database"):
        response = app.test_client().get(path)
        assert response.status_code == 503
        assert response.text == "The database does not answer.\n"


def test_without_redis_only_healthz_fails_and_the_balancers_check_passes(build_app, sqlite_url):
    app = build_app(SQLALCHEMY_DATABASE_URI=sqlite_url, REDIS_URL=nowhere("redis://"))
    phone = app.test_client()
    said = "The database answers. Redis does not answer: rate limits are counted in each"
    monitor, balancer = phone.get("/healthz"), phone.get("/healthz/database")
    assert (monitor.status_code, balancer.status_code) == (503, 200)
    assert monitor.text.startswith(said)
    assert balancer.text == "The database answers.\n"  # Redis is not asked


def timed(client, path: str) -> tuple[float, int, str]:
    """Seconds ``path`` took to answer, its status and its text."""
    started = time.monotonic()
    response = client.get(path)
    return time.monotonic() - started, response.status_code, response.text


@pytest.mark.solo  # times a check on the wall clock
def test_while_redis_hangs_the_balancers_check_answers_at_once_and_healthz_says_it_is_slow(
    build_app, database_url, redis_server
):
    app = build_app(SQLALCHEMY_DATABASE_URI=database_url, REDIS_URL=redis_server.url)
    phone = app.test_client()
    assert phone.get("/healthz").status_code == 200
    slow = "The database answers. Redis is slow: no answer within 0.5 s.\n"
    with redis_server.hung():
        for _ in range(4):  # each check, not only the first
            seconds, status, said = timed(phone, "/healthz/database")
            assert (status, said) == (200, "The database answers.\n")
            assert seconds < HEALTH_SECONDS
            seconds, status, said = timed(phone, "/healthz")
            assert (status, said) == (503, slow)
            assert seconds < 2 * HEALTH_SECONDS
    assert wait_until(lambda: phone.get("/healthz").status_code == 200)


@pytest.mark.solo  # times a check on the wall clock
def test_a_balancers_check_never_waits_for_a_lost_redis_to_be_looked_for(
    build_app, database_url, redis_server, monkeypatch
):
    """Once the limits have found Redis gone, Flask-Limiter looks for it again on later
    requests, each look waiting out Redis's timeout; while Redis hangs no balancer's check
    may be the request that looks (two slow checks in a row take a server out)."""
    from flask_limiter import Limiter

    from referee.web.guard.limits import limiter

    app = build_app(SQLALCHEMY_DATABASE_URI=database_url, REDIS_URL=redis_server.url)
    phone = app.test_client()
    with redis_server.hung():
        # The limits have fallen back to memory, and every request is one that would look.
        monkeypatch.setattr(limiter, "_storage_dead", True)
        monkeypatch.setattr(Limiter, "_Limiter__should_check_backend", lambda self: True)
        for _ in range(3):
            seconds, status, said = timed(phone, "/healthz/database")
            assert (status, said) == (200, "The database answers.\n")
            assert seconds < HEALTH_SECONDS


def test_healthz_says_redis_answers(build_app, sqlite_url, redis_server):
    app = build_app(SQLALCHEMY_DATABASE_URI=sqlite_url, REDIS_URL=redis_server.url)
    response = app.test_client().get("/healthz")
    assert response.status_code == 200
    assert response.text == "The database answers. Redis answers: rate limits are shared.\n"


def test_a_role_that_may_not_make_temporary_tables_passes_the_databases_check(build_app, postgres):
    """The check's trial write (a temporary table, rolled back) tells a full disk; a role
    refused the right to make one says nothing of the disk, so the check passes."""
    name = postgres.create_database()
    role = f"plain{name}"
    postgres.execute(
        f"CREATE ROLE {role} LOGIN", f"REVOKE TEMPORARY ON DATABASE {name} FROM PUBLIC"
    )
    try:
        url = postgres.url(name).replace("//postgres@", f"//{role}@")
        response = build_app(SQLALCHEMY_DATABASE_URI=url).test_client().get("/healthz/database")
        assert (response.status_code, response.text) == (200, "The database answers.\n")
    finally:
        postgres.drop_database(name)
        postgres.execute(f"DROP ROLE {role}")
