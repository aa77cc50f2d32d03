"""The ``referee`` command: replay, import, export and seed game logs; serve the app; print
PDFs; odds; read dice from photos.

``replay``, ``odds``, ``photo`` and ``print rules|scorepad|all`` need no database.  ``import``,
``export``, ``seed``, ``serve`` and ``print sheet`` open the app's database
(``DATABASE_URL``, or the embedded SQLite file).
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager
from fractions import Fraction
from pathlib import Path

from referee.core.contract import Game
from referee.core.engine import SetupError, points
from referee.core.odds import Advice, Flag, decimal
from referee.files import folders
from referee.games import all_games
from referee.log import LogError, Replay, check_storable, loads, replay

EXIT_OK, EXIT_REJECTED, EXIT_UNREADABLE = 0, 1, 2


def _read_log(path: str):
    try:
        text = sys.stdin.read() if path == "-" else Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise LogError(f"Cannot read {path}: {exc.strerror}.") from None
    except UnicodeDecodeError:
        raise LogError(f"{path} is not UTF-8 text.") from None
    return loads(text)


def summary(result: Replay) -> str:
    """A readable account of a replay: scores, who moves or who won, and any refusal."""
    out = result.outcome
    lines = [f"{result.game.TITLE}: {result.moves_applied} moves applied."]
    scores = ", ".join(f"{name} {points(score)}" for name, score in out.scores.items())
    lines.append(f"Scores: {scores}.")
    if out.over:
        lines.append(
            f"Over. Winner{'s' if len(out.winners) > 1 else ''}: {', '.join(out.winners)}."
        )
    elif out.to_move:
        lines.append(f"{out.to_move} to move.")
    waiting = result.game.waiting_for(result.state)
    if waiting is not None and not out.over:
        lines.append(f"Still to assign: {', '.join(waiting) or 'nobody'}.")
    ruling = result.game.ruling(result.state)
    if ruling:
        lines.append(f"Last ruling: {ruling}")
    if result.error:
        err = result.error
        lines.append(f"Move {err.move} refused ({err.code}): {err.message}")
    return "\n".join(lines)


def cmd_replay(args: argparse.Namespace) -> int:
    """Replay a log and print the summary or the JSON object; exit 0, 1 or 2."""
    try:
        result = replay(_read_log(args.log))
    except LogError as exc:
        print(f"referee replay: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(json.dumps(result.to_json(), indent=2, allow_nan=False) if args.json else summary(result))
    return EXIT_OK if result.error is None else EXIT_REJECTED


def odds_text(advice: Advice, *, exact: bool = False) -> str:
    """The advice as ``referee odds`` prints it: the line, each choice with its worth, the
    policy and the notes; ``exact`` adds each figure and worth as a fraction."""

    def shown(value: Fraction) -> str:
        return f" (= {value})" if exact else ""

    lines = [advice.line]
    lines += [f"  {figure.shown}{shown(figure.value)}" for figure in advice.figures if exact]
    if advice.choices:
        lines.append(f"Each choice, by {advice.worth}:")
        lines += [f"  {c.words}: {decimal(c.worth)}{shown(c.worth)}" for c in advice.choices]
    lines.append(f"Policy: {advice.policy.rstrip('.')}.")
    lines += advice.notes
    return "\n".join(lines)


def cmd_odds(args: argparse.Namespace) -> int:
    """Print the odds of a position given by flags; exit 0, or 2 when it is no position."""
    game: Game = args.odds_game
    values = {flag.name: getattr(args, flag.name) for flag in game.ODDS_FLAGS}
    try:
        advice = game.advice_for(values)
    except SetupError as exc:
        print(f"referee odds {game.SLUG}: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    if advice is None:
        print(f"referee odds {game.SLUG}: no decision to advise on.", file=sys.stderr)
        return EXIT_UNREADABLE
    print(odds_text(advice, exact=args.exact))
    return EXIT_OK


def cmd_photo(args: argparse.Namespace) -> int:
    """Read the dice in each photo; one line (or JSON object) per photo; exit 0 when every
    photo was read, 1 when one was not."""
    from referee.vision import PhotoError, read_file  # OpenCV loads only for this command

    unread = 0
    for path in args.images:
        try:
            reading = read_file(path, args.layout, args.shape)
        except PhotoError as exc:
            print(f"referee photo: {path}: {exc}", file=sys.stderr)
            unread += 1
            continue
        print(json.dumps(reading.to_json(path)) if args.json else f"{path}: {reading.to_text()}")
    return EXIT_OK if unread == 0 else EXIT_REJECTED


def _shape(text: str) -> tuple[int, int]:
    """``ROWSxCOLS`` as argparse reads a type: a board's rows and columns."""
    rows, _, cols = text.lower().partition("x")
    if not (rows.isdigit() and cols.isdigit() and 1 <= int(rows) <= 12 and 1 <= int(cols) <= 12):
        raise argparse.ArgumentTypeError(f"{text!r} is no board shape: write ROWSxCOLS, as 6x6.")
    return int(rows), int(cols)


def table_link(token: str) -> str:
    """A table's link as the CLI prints it: the path of its page."""
    return f"/t/{token}"


def token_of(link: str) -> str:
    """The token in a table's link (``/t/<token>``, a full URL, or the bare token)."""
    path = link.strip().split("?", 1)[0].rstrip("/")
    return path.rsplit("/t/", 1)[-1].split("/", 1)[0] if "/t/" in path else path


def cmd_import(args: argparse.Namespace) -> int:
    """Validate a log by replay, store it as a new table, print the table's link last."""
    from referee.web.storage.store import import_log

    try:
        log = _read_log(args.log)
        check_storable(log)
    except LogError as exc:
        print(f"referee import: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    result = replay(log)
    if result.error:
        err = result.error
        print(
            f"referee import: move {err.move} refused ({err.code}): {err.message}", file=sys.stderr
        )
        return EXIT_REJECTED
    with _database():
        token = import_log(log)
    print(table_link(token))
    return EXIT_OK


def cmd_export(args: argparse.Namespace) -> int:
    """Write a stored table's log to standard output or ``-o FILE``."""
    from referee.log import dumps
    from referee.web.storage.loading import export_log

    with _database():
        log = export_log(token_of(args.table))
    if log is None:
        print(f"referee export: no table at {args.table}.", file=sys.stderr)
        return EXIT_UNREADABLE
    text = dumps(log)
    if args.output:
        Path(args.output).write_text(text, encoding="utf-8")
    else:
        sys.stdout.write(text)
    return EXIT_OK


def cmd_seed(args: argparse.Namespace) -> int:
    """Load every log in a folder (the example games by default) into the database, only
    when it holds no table yet."""
    with _database():
        return _seed(Path(args.folder or folders().seeds), force=args.force)


def _seed(folder: Path, *, force: bool = False) -> int:
    """``referee seed`` inside an app context whose schema is up to date."""
    from referee.web.storage.loading import table_count
    from referee.web.storage.store import import_log

    if table_count() and not force:
        print("Database already has tables; seeds not loaded.")
        return EXIT_OK
    for path in sorted(folder.glob("*.json")):
        try:
            log = _read_log(str(path))
            check_storable(log)
        except LogError as exc:
            print(f"referee seed: {path.name}: {exc}", file=sys.stderr)
            return EXIT_UNREADABLE
        if replay(log).error:
            print(f"referee seed: {path.name} has an illegal move; skipped.", file=sys.stderr)
            continue
        print(f"{path.name}: {table_link(import_log(log))}")
    return EXIT_OK


def cmd_serve(args: argparse.Namespace) -> int:
    """What ``make run`` does, from an installed package too: create or upgrade the
    database, load the example games into an empty one, then serve (gunicorn, else Flask's
    server); the process becomes the server, so this returns only when seeding failed or
    Flask's server stopped."""
    from referee.serving.command import main as serve

    with _database():
        if not args.no_seed and (code := _seed(folders().seeds)) != EXIT_OK:
            return code
    serve(args.host, None if args.port is None else str(args.port))
    return EXIT_OK


def cmd_print(args: argparse.Namespace) -> int:
    """Write a rule sheet, a blank scorepad, a table's scoresheet, or every game's documents."""
    import printables  # reportlab loads only for this command

    try:
        if args.document == "all":
            return _print_all(printables, args)
        if args.document == "sheet":
            data = _printed_sheet(printables, args)
            if data is None:
                print(f"referee print: no table at {args.table}.", file=sys.stderr)
                return EXIT_UNREADABLE
        elif args.document == "rules":
            data = printables.rule_sheet(args.game, paper=args.paper, language=args.language)
        else:
            data = printables.scorepad(
                args.game, players=args.players, paper=args.paper, language=args.language
            )
    except printables.PrintError as exc:
        print(f"referee print: {exc}", file=sys.stderr)
        return EXIT_UNREADABLE
    if args.output == "-":
        sys.stdout.buffer.write(data)
    else:
        Path(args.output).write_bytes(data)
    return EXIT_OK


def _printed_sheet(printables, args: argparse.Namespace) -> bytes | None:
    """A stored table's filled scoresheet, or None when there is no such table."""
    from referee.web.storage.loading import load, table_by_token

    with _database():
        table = table_by_token(token_of(args.table))
        if table is None:
            return None
        return printables.filled_sheet(
            load(table).replay,
            players=list(table.players),
            title_date=f"{table.created_at:%Y-%m-%d}",
            address=f"{args.base_url.rstrip('/')}{table_link(table.token)}",
            paper=args.paper,
            language=args.language,
        )


def _print_all(printables, args: argparse.Namespace) -> int:
    """SLUG-rules.pdf and SLUG-scorepad.pdf for every game."""
    folder = Path(args.folder)
    folder.mkdir(parents=True, exist_ok=True)
    for game in all_games():
        for kind, data in (
            ("rules", printables.rule_sheet(game, paper=args.paper, language=args.language)),
            (
                "scorepad",
                printables.scorepad(
                    game, players=args.players, paper=args.paper, language=args.language
                ),
            ),
        ):
            path = folder / f"{game.SLUG}-{kind}.pdf"
            path.write_bytes(data)
            print(path)
    return EXIT_OK


@contextmanager
def _database() -> Iterator[None]:
    """An app context on the app's database, its schema brought up to date first;
    the database connections are closed when the command is done."""
    from flask_migrate import upgrade

    from referee.web import create_app
    from referee.web.base.extensions import db

    app = create_app()
    with app.app_context():
        upgrade()
        try:
            yield
        finally:
            db.session.remove()
            db.engine.dispose()


def build_parser() -> argparse.ArgumentParser:
    """The argument parser for every subcommand."""
    parser = argparse.ArgumentParser(prog="referee", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("replay", help="replay a referee-log/1 file")
    p.add_argument("--json", action="store_true", help="print the JSON summary")
    p.add_argument("log", help="log file, or - for standard input")
    p.set_defaults(func=cmd_replay)
    p = sub.add_parser("import", help="store a log as a new table; prints its link /t/<token>")
    p.add_argument("log")
    p.set_defaults(func=cmd_import)
    p = sub.add_parser("export", help="write a table's log")
    p.add_argument("table", help="the table's link (/t/<token>, or the full URL) or token")
    p.add_argument("-o", "--output", help="file to write instead of standard output")
    p.set_defaults(func=cmd_export)
    p = sub.add_parser("seed", help="load example logs into an empty database")
    p.add_argument("folder", nargs="?", help="folder of logs (default: the example games)")
    p.add_argument("--force", action="store_true", help="load even if tables exist")
    p.set_defaults(func=cmd_seed)
    p = sub.add_parser(
        "serve",
        help="create or upgrade the database, load the example games into an empty one, serve",
    )
    p.add_argument("--host", help="the address to listen on (default: BIND, else 0.0.0.0)")
    p.add_argument("--port", type=int, help="the port (default: PORT, else 5000)")
    p.add_argument("--no-seed", action="store_true", help="do not load the example games")
    p.set_defaults(func=cmd_serve)
    _add_print_parser(sub)
    _add_odds_parser(sub)
    p = sub.add_parser("photo", help="read the dice in photos of a board or a loose roll")
    p.add_argument("images", nargs="+", metavar="IMAGE", help="JPEG, PNG or WebP photo")
    p.add_argument(
        "--layout",
        choices=["grid", "loose"],
        help="a board of touching dice in rows and columns, or a loose roll (default: told "
        "from the photo)",
    )
    p.add_argument("--shape", type=_shape, help="a board's ROWSxCOLS, when known (as 6x6)")
    p.add_argument("--json", action="store_true", help="one JSON object per photo and line")
    p.set_defaults(func=cmd_photo)
    return parser


def _add_odds_parser(sub) -> None:
    """``referee odds GAME --flag VALUE...``, a game for each that names its flags."""
    p = sub.add_parser(
        "odds", help="a position's odds: chance to bust, expected points, the best choice"
    )
    games = p.add_subparsers(dest="game", required=True, metavar="GAME")
    for game in all_games():
        if not game.ODDS_FLAGS:
            continue
        g = games.add_parser(game.SLUG, help=f"{game.TITLE}: the odds of a roll or bank")
        for flag in game.ODDS_FLAGS:
            g.add_argument(
                f"--{flag.name.replace('_', '-')}",
                dest=flag.name,
                default=flag.default,
                type=_reader(flag),
                metavar="VALUE",
                help=f"{flag.help} (default: {flag.default or 'none'})",
            )
        g.add_argument("--exact", action="store_true", help="print every figure as a fraction too")
        g.set_defaults(func=cmd_odds, odds_game=game)


def _reader(flag: Flag):
    """``flag.read`` as argparse calls a type: a bad value is a usage error (exit 2) with the
    flag's own sentence."""

    def read(text: str) -> object:
        try:
            return flag.read(text)
        except ValueError as exc:
            raise argparse.ArgumentTypeError(str(exc)) from None

    return read


def _add_print_parser(sub) -> None:
    """``referee print rules|scorepad GAME``, ``print sheet TABLE_ID``, ``print all DIR``."""
    paper = argparse.ArgumentParser(add_help=False)
    paper.add_argument("--paper", default="a4", choices=["a4", "letter"], help="paper size")
    paper.add_argument(
        "--language",
        default="en",
        help="the language to write it in (de): the shipped catalogue's words, its numbers",
    )
    players = argparse.ArgumentParser(add_help=False)
    players.add_argument(
        "--players", type=int, default=4, help="players on the scorepad, columns or sheets (1-8)"
    )
    output = argparse.ArgumentParser(add_help=False)
    output.add_argument("-o", "--output", required=True, help="PDF file to write, - for stdout")
    p = sub.add_parser("print", help="write PDF rule sheets, scorepads and scoresheets")
    kinds = p.add_subparsers(dest="document", required=True)
    slugs = ", ".join(g.SLUG for g in all_games())
    for kind, words in (("rules", "a game's rule sheet"), ("scorepad", "a blank scorepad")):
        k = kinds.add_parser(kind, help=words, parents=[paper, players, output])
        k.add_argument("game", help=f"game slug: {slugs}")
    k = kinds.add_parser("sheet", help="a stored table's scoresheet", parents=[paper, output])
    k.add_argument("table", help="the table's link (/t/<token>, or the full URL) or token")
    k.add_argument(
        "--base-url",
        default="http://localhost:5000",
        help="the site's address, printed with the table's path in the footer",
    )
    k = kinds.add_parser(
        "all", help="every game's rule sheet and scorepad into DIR", parents=[paper, players]
    )
    k.add_argument("folder", metavar="DIR")
    p.set_defaults(func=cmd_print)


def main(argv: list[str] | None = None) -> int:
    """Entry point of the ``referee`` command."""
    args = build_parser().parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
