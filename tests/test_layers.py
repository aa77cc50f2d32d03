"""The layers and the absence of cycles hold (``[tool.importlinter]`` in pyproject.toml):
the app over the web, the web over printables and photos, those over the log, the games,
the families and the core; the web's features in their order; and no package whose
modules or subpackages import each other in a circle."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.files import CHECKOUT

CONTRACTS = ("layers", "web", "core", "cycles")


def test_the_import_contracts_are_kept() -> None:
    linter = Path(sys.executable).parent / "lint-imports"
    args = [str(linter), "--no-cache", *(f"--contract={c}" for c in CONTRACTS)]
    done = subprocess.run(args, cwd=CHECKOUT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"Contracts: {len(CONTRACTS)} kept, 0 broken." in done.stdout
