"""The shared browser tests run on SQLite only: the web tests cover the same views on
PostgreSQL.  Their fixtures are in ``tests.browser.kit``."""

from __future__ import annotations

import pytest


@pytest.fixture
def database_url(sqlite_url):
    """SQLite only, for every test here."""
    return sqlite_url
