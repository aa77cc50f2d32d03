"""A table's story is worked out once per table version and kept
(``referee.web.history.stories``)."""

from __future__ import annotations

import inspect
import sys
import threading

from referee.web.history.stories import StoryCache
from tests.conftest import wait_until


def waiting_line() -> int:
    """The line of ``StoryCache.get`` where a thread waits for another working a story out."""
    lines, first = inspect.getsourcelines(StoryCache.get)
    return next(first + n for n, line in enumerate(lines) if line.strip() == "with working:")


def test_threads_asking_for_one_story_at_once_work_it_out_once():
    cache = StoryCache(size=2)
    calls: list[int] = []
    start = threading.Barrier(8)
    got: list[object] = []
    waited: list[bool] = []
    waiting = (StoryCache.get.__code__, waiting_line())

    def waits(ident: int | None) -> bool:
        frame = sys._current_frames().get(ident)  # type: ignore[arg-type]
        return frame is not None and (frame.f_code, frame.f_lineno) == waiting

    def work_out() -> object:
        calls.append(1)
        others = [t.ident for t in threads if t.ident != threading.get_ident()]
        # every other thread waits on this one inside the cache before the story is kept
        # (or a second thread works it out too: the cache is broken, said below)
        waited.append(
            wait_until(lambda: len(calls) > 1 or all(waits(i) for i in others), every=0.001)
        )
        return "the story"

    def ask() -> None:
        start.wait()
        got.append(cache.get("abc", 3, work_out))  # type: ignore[arg-type]

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == ["the story"] * 8 and len(calls) == 1 and waited == [True]


def test_a_new_version_is_a_new_story_and_only_the_last_few_are_kept():
    cache = StoryCache(size=2)
    made: list[tuple[str, int]] = []

    def story_of(token: str, version: int) -> object:
        def work_out() -> object:
            made.append((token, version))
            return (token, version)

        return cache.get(token, version, work_out)  # type: ignore[arg-type]

    for key in [("a", 1), ("a", 1), ("a", 2), ("b", 1), ("a", 2), ("a", 1)]:
        assert story_of(*key) == key
    assert made == [("a", 1), ("a", 2), ("b", 1), ("a", 1)]  # ("a", 1) was let go
