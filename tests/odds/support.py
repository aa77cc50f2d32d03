"""Helpers of the odds tests, shared with each game's ``test_cli_odds.py``."""

from __future__ import annotations

from referee.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    """The exit code, standard output and standard error of ``referee odds ...``."""
    try:
        code = main(["odds", *argv])
    except SystemExit as exc:  # argparse's usage errors
        code = int(exc.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
