"""A table's story is worked out once per table version and kept
(``referee.web.history.stories``)."""

from __future__ import annotations

import threading
import time

from referee.web.history.stories import StoryCache


def test_threads_asking_for_one_story_at_once_work_it_out_once():
    cache = StoryCache(size=2)
    calls: list[int] = []
    start = threading.Barrier(8)
    got: list[object] = []

    def work_out() -> object:
        calls.append(1)
        time.sleep(0.05)  # long enough for every thread to be waiting on it
        return "the story"

    def ask() -> None:
        start.wait()
        got.append(cache.get("abc", 3, work_out))  # type: ignore[arg-type]

    threads = [threading.Thread(target=ask) for _ in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert got == ["the story"] * 8 and len(calls) == 1


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
