"""URL rules compiled once per test process, where every test's new app compiled them again.

Werkzeug turns each rule of an app's URL map into a small Python function that builds its
URLs (``Rule._compile_builder``: an AST, then ``compile``).  A served worker does this once;
the suite builds a new app for nearly every test, and the 46 rules' builders were most of the
time ``create_app`` takes (18 ms on a quiet machine, 5-6 ms with them kept).  The builder a
rule gets depends only on the rule's parsed parts, its defaults and whether unknown arguments
are appended: it takes the rule itself as an argument and keeps nothing of it.  So a builder
made once is handed to every later rule with the same parts, and every app still has its own
map, rules and converters.  The rule's converter arguments are parsed once each too.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from werkzeug.routing import rules

_builders: dict[tuple, Callable] = {}
_compile_builder = rules.Rule._compile_builder


def _kept_builder(rule: rules.Rule, append_unknown: bool = True) -> Callable:
    """The builder Werkzeug would compile for ``rule``, compiled once for each shape."""
    defaults = rule.defaults or {}
    # A default that fills a part of the rule is turned into text by that part's converter.
    converters = sorted(
        (name, type(converter).__qualname__, repr(_settings(converter)))
        for name, converter in rule._converters.items()
        if name in defaults
    )
    key = (tuple(rule._trace), append_unknown, repr(sorted(defaults.items())), tuple(converters))
    builder = _builders.get(key)
    if builder is None:
        builder = _builders[key] = _compile_builder(rule, append_unknown)
    return builder


def _settings(converter: object) -> list:
    """A converter's settings: its attributes but the map it belongs to."""
    return sorted((name, value) for name, value in vars(converter).items() if name != "map")


def keep() -> None:
    """Keep each rule shape's builder, and each converter argument's parse, for the process."""
    rules.Rule._compile_builder = _kept_builder
    rules.parse_converter_args = functools.cache(rules.parse_converter_args)
