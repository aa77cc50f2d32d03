"""The replays a worker keeps are bounded by their bytes (``REPLAY_CACHE_MB``), and the
bytes each is reckoned at are never below what it really holds, measured with tracemalloc
for the worst tables found (``bench/caches_bench.py``)."""

from __future__ import annotations

import random

import pytest

from bench.caches_bench import BUSTS, busting_table, kept_bytes, long_table
from referee.games import all_games, get_game
from referee.web.base.weighed import WeighedCache
from referee.web.storage.replays import MIB, ReplayCache, replays, weight


def test_the_cache_never_holds_more_than_its_budget():
    budget = 3 * weight(1000)
    cache = ReplayCache(budget)
    rng = random.Random(24)
    for n in range(300):
        moves = rng.choice((0, 10, 300, 999, 2000, 5000))
        cache.put(f"table {rng.randrange(40)}", n, [{}] * moves, None)  # type: ignore[arg-type]
        assert cache.held <= budget
    assert 0 < cache.held and len(cache) > 1


def test_what_is_held_is_the_sum_of_the_kept_weights_and_the_oldest_go_first():
    cache: WeighedCache[str, str] = WeighedCache(100)
    for key, weight_of in (("a", 30), ("b", 30), ("c", 30)):
        cache.put(key, key, weight_of)
    assert cache.get("a") == "a"  # now the most recently used
    cache.put("d", "d", 30)
    assert cache.get("b") is None and cache.held == 90  # b was the least recently used
    cache.put("a", "a again", 60)  # replacing an entry drops its old weight
    assert cache.held == 90 and cache.get("c") is None and cache.get("a") == "a again"


def test_an_entry_heavier_than_the_budget_is_not_kept_and_drops_nothing():
    cache = ReplayCache(weight(100))
    cache.put("small", 1, [{}] * 10, None)  # type: ignore[arg-type]
    cache.put("huge", 1, [{}] * 5000, None)  # type: ignore[arg-type]
    assert cache.latest("huge") is None and cache.latest("small") is not None


def test_a_smaller_budget_drops_the_least_recently_used():
    cache = ReplayCache(10 * weight(100))
    for n in range(10):
        cache.put(f"t{n}", 1, [{}] * 100, None)  # type: ignore[arg-type]
    cache.resize(3 * weight(100))
    assert len(cache) == 3 and cache.latest("t9") is not None and cache.latest("t6") is None


def test_the_app_takes_its_budget_from_the_setting(monkeypatch, app, stored, tenk_log, client):
    from referee.web import create_app

    assert replays.budget == 64 * MIB
    monkeypatch.setenv("REPLAY_CACHE_MB", "0.5")
    create_app({key: app.config[key] for key in ("TESTING", "SECRET_KEY")})  # binds the setting
    assert replays.budget == MIB // 2
    (token,) = stored(tenk_log(("Ann", "Bo"), *["bust"] * 300))  # 32 + 600 KiB: not kept
    assert client.get(f"/t/{token}").status_code == 200
    assert replays.latest(token) is None and replays.held <= replays.budget


@pytest.mark.parametrize("slug", sorted(BUSTS))
def test_the_estimate_covers_the_worst_table_found(slug):
    """Rolls that each bust (a turn record a move) with a colour letter on every die (each
    die its own string) and 30-letter names of 4-byte letters: the heaviest moves found."""
    log = busting_table(slug)
    assert len(log.moves) == 5000
    assert weight(len(log.moves)) >= kept_bytes(log)


@pytest.mark.parametrize("slug", [game.SLUG for game in all_games()])
def test_the_estimate_covers_a_long_random_table_of_every_game(slug):
    """Each game at its largest table, longest options and longest names, up to the cap."""
    game, longest = get_game(slug), long_table(get_game(slug))
    for seed in range(2, 6 if len(longest.moves) < 5000 else 2):  # a game that ends: its longest
        longest = max(longest, long_table(game, seed), key=lambda log: len(log.moves))
    assert weight(len(longest.moves)) >= kept_bytes(longest)
