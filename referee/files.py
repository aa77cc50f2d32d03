"""Where the app's own files lie: the pages' templates, the static files, the example games,
and the instance folder (the SQLite file, the secret key, the house PIN).

In a source checkout, and its editable install (``make run``, ``make test``), the first three
are the repository's top-level ``templates/``, ``static/`` and ``seeds/``, and the instance
folder is its ``instance/``.  A wheel carries the three inside the package, in
``referee/_bundled/`` (pyproject.toml's ``force-include``); an installed app has no checkout
to keep its instance in, so it keeps it in ``instance/`` of the folder it runs in.  What the
modules read beside themselves (migrations, vision models, odds tables) is in the package
either way.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
BUNDLED = PACKAGE / "_bundled"
CHECKOUT = PACKAGE.parent


@dataclass(frozen=True)
class Folders:
    """Where the pages' templates, the static files, the example games and the default
    instance folder lie."""

    templates: Path
    static: Path
    seeds: Path
    instance: Path  # the default: ``REFEREE_INSTANCE`` names another


def folders(bundled: Path = BUNDLED, checkout: Path = CHECKOUT) -> Folders:
    """The app's folders: in ``bundled`` when the package was installed from a wheel (the
    folder is there), else at the top level of the source ``checkout``."""
    if bundled.is_dir():
        top, instance = bundled, Path.cwd() / "instance"
    else:
        top, instance = checkout, checkout / "instance"
    return Folders(top / "templates", top / "static", top / "seeds", instance)
