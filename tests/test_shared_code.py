"""Shared code never names a game: the before-stop hook's check (its section 5) as a test.

The tracked files under ``referee/``, ``printables/``, ``static/`` and ``templates/`` are
shared code, except ``referee/games/``, migrations and a game's own files: a path with a
folder or file stem named after a game package or slug (``templates/tenk/``,
``static/games/tenk.js``).  No line of shared code may quote a slug (``"tenk"``,
``/sb/``, ``'lucky7.``) or reach into a game package (``tenk.rules``,
``import solitaire``): shared code asks the game, through the contract.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
GAMES = ROOT / "referee" / "games"
SHARED = ("referee", "printables", "static", "templates")
SLUG = re.compile(r'SLUG *= *"([a-z0-9-]+)"')


def game_modules() -> list[str]:
    """The game packages in ``referee/games``."""
    return sorted(p.parent.name for p in GAMES.glob("*/__init__.py"))


def game_slugs() -> list[str]:
    """Every ``SLUG = "..."`` written in ``referee/games``."""
    return sorted({s for p in GAMES.rglob("*.py") for s in SLUG.findall(p.read_text("utf-8"))})


def either(names: list[str]) -> str:
    """A regex group matching any of ``names``."""
    return "(" + "|".join(re.escape(n) for n in names) + ")"


def shared_files(names: list[str]) -> list[str]:
    """The tracked shared files: not a game's package, migration or own file."""
    tracked = subprocess.run(
        ["git", "ls-files", "-z", *SHARED], cwd=ROOT, capture_output=True, check=True, text=True
    ).stdout.split("\0")
    own = re.compile(rf"(^|/){either(names)}(/|\.|$)")
    return [
        path
        for path in tracked
        if path
        and not path.startswith("referee/games/")
        and not re.search(r"(^|/)migrations/", path)
        and not own.search(path)
    ]


def test_shared_code_names_no_game():
    modules, slugs = game_modules(), game_slugs()
    assert modules and slugs, "no games found in referee/games"
    spelled = re.compile(
        rf"[\"'/]{either(slugs)}[\"'/.]|\b{either(modules)}\.[A-Za-z_]|import {either(modules)}\b"
    )
    hits = []
    for path in shared_files(modules + slugs):
        file = ROOT / path
        if not file.is_file():  # deleted, not yet committed
            continue
        lines = enumerate(file.read_text("utf-8", errors="replace").splitlines(), start=1)
        hits += [f"{path}:{n}: {line.strip()}" for n, line in lines if spelled.search(line)]
    assert not hits, f"{len(hits)} lines of shared code name a game:\n" + "\n".join(hits)
