"""The arrows go one way: the engine and the games never import the web or PDF layers."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

FORBIDDEN = ("flask", "sqlalchemy", "reportlab")

IMPORT_ALL_GAMES = """
import importlib, json, pkgutil, sys
import referee.games
for info in pkgutil.iter_modules(referee.games.__path__):
    importlib.import_module("referee.games." + info.name)
print(json.dumps(sorted(sys.modules)))
"""


def modules_after(code: str) -> set[str]:
    """Top-level names in sys.modules after running ``code`` in a fresh interpreter."""
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    return {name.split(".")[0] for name in json.loads(out)}


def test_importing_every_game_leaves_flask_sqlalchemy_and_reportlab_out() -> None:
    loaded = modules_after(IMPORT_ALL_GAMES)
    assert "referee" in loaded
    assert not loaded & set(FORBIDDEN)


@pytest.mark.parametrize(
    "module",
    ["referee.core.engine", "referee.log", "referee.core.dice", "referee.cli", "referee.autoplay"],
)
def test_replay_needs_no_web_layer(module: str) -> None:
    loaded = modules_after(f"import json, sys, {module}\nprint(json.dumps(sorted(sys.modules)))")
    assert not loaded & set(FORBIDDEN)
