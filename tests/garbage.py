"""How often a test process collects garbage.

Python's cycle collector runs after every 700 new objects, and now and then looks at every
object the process holds.  A test process holds some 200,000 that live as long as it does
(the modules, the collected tests), and each test adds a few hundred more that the collector
keeps looking at: in a run of the web tests, the collector took a fifth of the process's CPU,
a full look costing 0.15-0.25 s.  So once the tests are collected, what the process holds
then is frozen out of the collector's sight (``gc.freeze``: it is never garbage), and the
collector runs after every 10,000 new objects: it still frees every cycle a test leaves,
in larger batches.  The app's own servers (gunicorn, in the real-server tests) keep Python's
defaults.
"""

from __future__ import annotations

import gc

import pytest

YOUNG = 10_000  # new objects between two collections of the youngest generation
OLDER = 10  # collections of one generation between two of the next


def pytest_configure(config: pytest.Config) -> None:
    """Collect garbage in larger batches from the start."""
    gc.set_threshold(YOUNG, OLDER, OLDER)


@pytest.hookimpl(trylast=True)
def pytest_collection_finish(session: pytest.Session) -> None:
    """Freeze what the process holds once the tests are collected."""
    gc.collect()
    gc.freeze()
