"""A move's path through the code: the modules a move POST passes through, in order.

Why: a move is the app's commonest write, and its path should read top to bottom (load,
judge, store, answer) without coming back to a module it has already left; the
architecture notes report this path before and after each change to it.

How: the view of a move POST runs under a profiler hook (``sys.setprofile``) that notes
every call from one of the referee's modules into another (``Path.stops``).  The game's
own code is left out (its rules, and the core and family code its rules call), as is
what templates call while the answer is rendered, and what Flask calls around the view.
The path's steps are the calls the view itself makes into other modules
(``Path.steps``).  A call into a module still running further up is a climb back up
(``Path.climbs``: a callback, or a lower module calling a higher one); a call into a
module left earlier (no frame of it running), with other modules entered since, is a
return (``Path.returns``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

OURS = "referee."
# The game's own code: its package, its family's shared code, and the rules every game's
# code runs in (the core: the contract, moves applied, dice; the log's replay).  Whatever
# it calls is the game's as well: the path is the web layer's.
GAME = ("referee.games.", "referee.families.", "referee.core.", "referee.log")
RENDERING = "jinja2."  # what a template calls is the answer's, not the path's


@dataclass
class Path:
    """The stops of a path (the module each call from one module into another entered)
    and the returns among them."""

    stops: list[str] = field(default_factory=list)
    returns: list[str] = field(default_factory=list)
    climbs: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)

    @property
    def modules(self) -> list[str]:
        """The modules the path passes through, in the order it first enters them."""
        return list(dict.fromkeys(self.stops))

    def lines(self) -> list[str]:
        """The path in a few lines: its modules, stops and returns, then the stops."""
        short = [m.removeprefix("referee.") for m in self.stops]
        return [
            f"{len(self.modules)} modules, {len(self.stops)} stops, "
            f"{len(self.returns)} returns to a module left, "
            f"{len(self.climbs)} climbs back up to a module still running",
            "steps: " + " > ".join(m.removeprefix("referee.") for m in self.steps),
            "climbs: " + ", ".join(m.removeprefix("referee.") for m in self.climbs),
            " > ".join(short),
        ]


class _Tracer:
    """The profiler hook: a stack of the running frames' modules, the path noted."""

    def __init__(self) -> None:
        self.path = Path()
        self.stack: list[str] = []
        self.running: dict[str, int] = {}  # frames running per module
        self.aside = 0  # frames running of the game's own code or of a template
        self.ours = 0  # frames running of the referee's modules
        self.route = 0  # the depth of the view's own frame, once entered
        self.left_at: dict[str, int] = {}  # stops made when each module was last left

    def __call__(self, frame: FrameType, event: str, arg: Any) -> None:
        if event == "call":
            self._enter(str(frame.f_globals.get("__name__", "")))
        elif event == "return" and self.stack:
            self._leave()

    def _enter(self, module: str) -> None:
        caller = self.stack[-1] if self.stack else ""
        ours = module.startswith(OURS)
        counted = (
            not self.aside
            and ours
            and not module.startswith(GAME)
            and module != caller
            and (caller.startswith(OURS) or not self.ours)
        )
        if counted:
            if self.running.get(module):
                self.path.climbs.append(module)
            elif self.left_at.get(module, len(self.path.stops)) < len(self.path.stops):
                self.path.returns.append(module)
            self.path.stops.append(module)
            if self.route and len(self.stack) == self.route:
                self.path.steps.append(module)
        self.stack.append(module)
        if counted and not self.route:
            self.route = len(self.stack)
        self.running[module] = self.running.get(module, 0) + 1
        self.aside += module.startswith((*GAME, RENDERING))
        self.ours += ours

    def _leave(self) -> None:
        module = self.stack.pop()
        self.running[module] -= 1
        if not self.running[module]:
            self.left_at[module] = len(self.path.stops)
        self.aside -= module.startswith((*GAME, RENDERING))
        self.ours -= module.startswith(OURS)


@contextmanager
def traced_view(app: Any, endpoint: str) -> Iterator[Path]:
    """Trace every call of ``endpoint``'s view while the block runs; the path of the last."""
    view: Callable[..., Any] = app.view_functions[endpoint]
    found = Path()

    def traced(*args: Any, **kwargs: Any) -> Any:
        tracer = _Tracer()
        sys.setprofile(tracer)
        try:
            return view(*args, **kwargs)
        finally:
            sys.setprofile(None)
            found.stops[:] = tracer.path.stops
            found.returns[:] = tracer.path.returns
            found.climbs[:] = tracer.path.climbs
            found.steps[:] = tracer.path.steps

    app.view_functions[endpoint] = traced
    try:
        yield found
    finally:
        app.view_functions[endpoint] = view
