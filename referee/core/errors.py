"""The two ways a game can be refused: a bad setup, or an illegal move."""

from __future__ import annotations


class RuleViolation(Exception):
    """A move the rules do not allow.

    ``code`` is stable kebab-case (tests and log replay read it); ``message`` is
    the sentence a player reads, with the numbers in it.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class SetupError(ValueError):
    """A table that cannot be set up: bad players, unknown or invalid options."""
