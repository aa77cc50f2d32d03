"""Fuzz every route and every form field with hostile values: never a 5xx, on either database.

Routes come from ``app.url_map`` (a new route is fuzzed without touching this file); URL
arguments get real values (a stored table's token, a game's slug, a player's key) and,
where the converter takes any text, hostile ones.  Posts carry a valid CSRF token most of
the time so the hostile values reach the views, and a missing or forged one otherwise.
Whenever a request is refused (4xx), no stored move may have changed.  Text no file or
database can hold (lone surrogates, NaN and Infinity, duplicate keys, extra move fields)
comes in logs, in raw request bytes and in hostile Host headers; after every write each
table it changed must still export as strict JSON (the file the house's export holds for it),
and the whole export at the end of each sweep.

The stored state is read before each request and again after a refused one or a write, each
time in one session: every table's version, players, options, move count and newest move id
(one statement) and the aimed table's moves.  Every write to a table's moves, players or
options shows there, so a table a write left as it was has an export file checked already.
"""

from __future__ import annotations

import io
import json
import os
import re
import sys
import traceback
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote

import pytest
from flask import Flask
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import Text, cast, func, select

from referee.games import all_games
from referee.log import dumps, loads
from referee.web.base.extensions import db
from referee.web.base.models import GameTable, MoveRecord
from referee.web.storage.loading import export_log
from tests.conftest import HOUSE_PIN, ONE_DATABASE, csrf_token, examples, house_grant
from tests.web.test_hostile_text import UNUSABLE_HOSTS, export_is_strict_json, file_is_strict

SEEDS = Path(__file__).resolve().parents[2] / "seeds"
HUGE = "9" * 5000
DEEP = "[" * 100_000 + "]" * 100_000
HOSTILE = [
    "",
    " ",
    "\x00",
    "%00",
    "a\x00b",
    "\x01\x1b[31m\x7f",
    "\r\n",
    "\t",
    "²",
    "١",
    "𝟙",
    "٣,٤|٢,٥",
    "1" * 30,
    HUGE,
    "-1",
    "-" + HUGE,
    "1.5",
    "1e400",
    "nan",
    "inf",
    "0x10",
    "../",
    "../../etc/passwd",
    "x" * 10_000,
    "😀" * 40,
    "ß" * 40,
    "İ" * 40,
    '=HYPERLINK("http://evil.example","x")',
    "+1+1",
    "@SUM(A1)",
    "-2+3",
    "<script>alert(1)</script>",
    "{{ 7*7 }}",
    "' OR 1=1 --",
    "|||",
    ",,,|,|",
    "1,5|1,6|3|4|5",
    "A" * 5000,
    "//evil.example",
    "/\r\nSet-Cookie: stolen=1",
    "/\t/evil.example",
    "/\x00",
    "\\\\evil.example",
    "https://evil.example/",
    "9999-99-99",
    "0001-01-01",
    "2024-02-30",
    "true",
    "null",
    "[]",
    "{}",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "\ufffd\ufffd",
    "%ED%A0%80",
    "%FF",
    "\\ud800",
]
# A lone surrogate cannot be typed into a str the test client will encode: it goes as the
# bytes a hostile phone would send (UTF-8 of U+D800, and bytes that are no UTF-8 at all).
RAW_TEXT = [b"%ED%A0%80", b"%ED%B0%80x", b"%FF%FE", b"\xed\xa0\x80", b"\xff", b"%00", b"%C0%AF"]
# Hosts a phone's browser would never send; usable ones must still get the page.
HOSTS = [*UNUSABLE_HOSTS[:4], "example.com", "192.168.1.20:5000", "[::1]:5000"]
PLAUSIBLE = [*"0123456", "7", "A", "B", "C", "D", "yes", "1", "a4", "letter", "Ann", "Bo",
             "ann", "1,5|1,6|3", "3,4|2,5", "2024-01-01", "2099-12-31", "4", "8", HOUSE_PIN,
             "/history", "/t/", "/players/ann"]  # fmt: skip
QUERY_FIELDS = ("page", "game", "player", "from", "to", "paper", "players", "next", "other")
# Names that mean something to url_for, should a view pass the query on to it.
QUERY_TRAPS = ("endpoint", "values", "_method", "_external", "_scheme", "_anchor")
FORM_FIELDS = (
    "seq", "action", "pick", "sevens", "split", "player", "confirm", "colour_run",
    "other", "merge", "sure", "pin", "log", "turn", "opt_target", "opt_entry", "opt_set_bonus",
    *(f"d{i}" for i in range(10)), *(f"k{i}" for i in range(10)),
    *(f"g{i}" for i in range(10)), *(f"players-{i}" for i in range(8)),
)  # fmt: skip
NO_TABLE = "0" * 32  # a well-formed token that leads nowhere
REAL_SEQ = object()  # stands for the table's current move count, read just before the post
# A form every post route would take (a bust roll, a seating, options, a merge, a PIN):
# hostile values laid over it reach past the form checks into the views.
BASELINE = {
    "seq": REAL_SEQ, "action": "roll", **{f"d{i}": v for i, v in enumerate("223346")},
    "players-0": "Ann", "players-1": "Bo", "opt_target": "100", "opt_entry": "0",
    "opt_set_bonus": "5", "other": "bo", "merge": "1", "pin": HOUSE_PIN,
}  # fmt: skip
GROUPS = (
    ("seq",), ("action",), ("d0",), ("d5", "d6", "d9"), ("k0", "k1"), ("g0", "g1"), ("pick",),
    ("sevens",), ("split",), ("player",), ("confirm", "colour_run"), ("other",), ("merge",),
    ("sure",), ("pin",), ("turn",), ("players-0",), ("players-1", "players-7"), ("opt_target",),
    ("opt_entry", "opt_set_bonus"),
)  # fmt: skip

# Every button any game's play page posts: each table must refuse the others' buttons.
ACTIONS = sorted({action for game in all_games() for action in game.ACTIONS})


def hostile_log(players, options, moves) -> bytes:
    """A referee-log/1 file with the given (possibly hostile) parts."""
    data = {"format": "referee-log/1", "game": "tenk", "players": players, "options": options}
    return json.dumps({**data, "moves": moves}).encode()


ROLL = {"type": "roll", "dice": ["2", "2", "3", "3", "4", "6"]}
LOG_FILES = [
    DEEP.encode(),
    (
        '{"format": "referee-log/1", "game": "tenk", "players": ["A", "B"], '
        f'"options": {{"target": {HUGE}}}, "moves": []}}'
    ).encode(),
    f'{{"a": {HUGE}}}'.encode(),
    b"\xff\xfe\x00garbage",
    b"",
    b"null",
    b"[]",
    b'"referee-log/1"',
    hostile_log(["Ann\x00", "Bo"], {}, []),
    hostile_log(["Ann\x1b", "Bo"], {}, []),
    hostile_log(["x" * 10_000, "Bo"], {}, []),
    hostile_log(["ß" * 30, "Bo"], {}, []),
    hostile_log(['=HYPERLINK("x")', "+1+1"], {}, []),
    hostile_log(["Ann", "Bo"], {"target": 1.5}, []),
    hostile_log(["Ann", "Bo"], {"target": True}, []),
    hostile_log(["Ann", "Bo"], {"target": -1}, []),
    hostile_log(["Ann", "Bo"], {"target": 10**30}, []),
    hostile_log(["Ann", "Bo"], {"target": "1000"}, []),
    hostile_log(["Ann", "Bo"], [], []),
    hostile_log(["Ann", "Bo"], {}, {"0": ROLL}),
    hostile_log(["Ann", "Bo"], {}, [ROLL] * 5001),
    hostile_log(["Ann", "Bo"], {}, [{**ROLL, "note": "\x00"}]),
    hostile_log(["Ann", "Bo"], {}, [{**ROLL, "player": "Ann\x00"}]),
    hostile_log(["Ann", "Bo"], {}, [{"type": "roll", "dice": ["²", "١", "𝟙", "1", "1", "1"]}]),
    hostile_log(["Ann", "Bo"], {}, [{"type": "roll", "dice": [HUGE] * 6}]),
    hostile_log(["Ann", "Bo"], {}, [{"type": "roll", "dice": [1, 2, 3, 4, 5, 6]}]),
    hostile_log(["Ann", "Bo"], {}, [{"type": ["roll"]}, None, 7]),
    hostile_log(["Ann", "Bo"], {}, [{"type": "roll", "dice": "123456"}]),
    hostile_log(["Ann", "Bo"], {}, [{"type": "roll", "dice": None}]),
    hostile_log(["Ann", "Bo"], {}, [{"type": "set_aside", "dice": [["1"]]}]),
    hostile_log("Ann", {}, []),
    hostile_log([1, 2], {}, []),
    hostile_log([], {}, []),
]
BANK = {"type": "bank"}
LOG_FILES += [
    hostile_log(["Ann\ud800", "Bo"], {}, []),
    hostile_log(["Ann", "\udfff"], {}, [ROLL]),
    hostile_log(["Ann", "Bo"], {"target\ud800": 1000}, []),
    hostile_log(["Ann", "Bo"], {}, [{"type": "roll\ud800"}]),
    hostile_log(["Ann", "Bo"], {}, [ROLL, {**BANK, "player": "\udc00"}]),
    hostile_log(["Ann", "Bo"], {}, [{**ROLL, "dice": ["2\ud800", "2", "3", "3", "4", "6"]}]),
    hostile_log(["Ann", "Bo"], {}, [ROLL, {**BANK, "\ud800": "x"}]),
    hostile_log(["Ann", "Bo"], {"target": float("nan")}, []),
    hostile_log(["Ann", "Bo"], {"target": float("inf")}, []),
    hostile_log(["Ann", "Bo"], {"target": float("-inf")}, []),
    hostile_log(["Ann", "Bo"], {}, [ROLL, {**BANK, "player": float("nan")}]),
    hostile_log(["Ann", "Bo"], {}, [{**ROLL, "dice": [float("inf")] * 6}]),
    hostile_log(["Ann", "Bo"], {}, [ROLL, {**BANK, "note": float("-inf")}]),
    hostile_log(["Ann", "Bo"], {}, [ROLL, {**BANK, "note": "x"}]),
    hostile_log(["Ann", "Bo"], {}, [{**ROLL, "keys": ["K3"], "why": None}]),
    hostile_log(["Ann", "Bo"], {}, [ROLL, {**BANK, "player": "Bo", "at": "12:00"}]),
    hostile_log(["Ann", "Bo"], {}, [ROLL]).replace(
        b'"type": "roll"', b'"type": "roll", "type": "roll"'
    ),
    hostile_log(["Ann", "Bo"], {}, []).replace(b'"game": "tenk"', b'"game": "tenk", "game": "sb"'),
    hostile_log(["Ann", "Bo"], {"target": 100}, []).replace(b"100", b'100, "target": 200'),
    hostile_log(["Ann", "Bo"], {}, []).replace(b'"players"', b'"players": [], "players"'),
    b'{"format": "referee-log/1", "game": "tenk", "players": ["\\ud83d\\ude00", "Bo"]}',
]
LOG_FILES += [
    json.dumps({**json.loads(f.read_text()), "players": ["Ann\x00", "Bo", "Cy"]}).encode()
    for f in sorted(SEEDS.glob("*.json"))[:1]
]

values = st.one_of(
    st.sampled_from(HOSTILE),
    st.sampled_from(HOSTILE).map(lambda v: "/" + v),
    st.sampled_from(PLAUSIBLE),
    st.text(max_size=40),
    st.integers(min_value=-(10**40), max_value=10**40).map(str),
    st.floats().map(str),
)


Facts = tuple[int, str, str, int, int | None]  # a table's version, players, options, moves


@dataclass
class World:
    """The stored tables the fuzz aims at, the clients and their CSRF tokens."""

    app: Flask
    clients: dict
    tokens: dict
    logs: list
    # ``tables()`` as last read, while no request since may have changed them (a refused
    # one was checked to change nothing); None once one may have.
    known: dict | None = None

    def current(self) -> dict[str, Facts]:
        """``tables()`` as they stand: as last read when nothing may have changed them since."""
        if self.known is None:
            self.known = self.tables()
        return self.known

    def tables(self) -> dict[str, Facts]:
        """Every stored table's version, players, options (as the text stored), move count
        and newest move id, by token, read now."""
        return self.state(None)[0]

    def state(self, token: str | None) -> tuple[dict[str, Facts], list | None]:
        """``tables()`` and ``read_moves(token)``, read now in one session (``current()`` for the
        first when nothing may have changed the tables since it was read)."""
        with self.app.app_context():
            tables = self.known if self.known is not None else self.read_tables()
            return tables, self.read_moves(token)

    def read_tables(self) -> dict[str, Facts]:
        """``tables()`` in the app context's session."""
        count = (
            select(func.count(MoveRecord.id))
            .where(MoveRecord.table_id == GameTable.id)
            .scalar_subquery()
        )
        last = (
            select(func.max(MoveRecord.id))
            .where(MoveRecord.table_id == GameTable.id)
            .scalar_subquery()
        )
        rows = db.session.execute(
            select(
                GameTable.token,
                GameTable.version,
                cast(GameTable.players, Text),
                cast(GameTable.options, Text),
                count,
                last,
            )
        )
        return {token: tuple(facts) for token, *facts in rows}  # type: ignore[misc]

    def read_moves(self, token: str | None) -> list | None:
        """The moves of the table a request aims at, in order, as the text stored (compared
        as it is: no decoding needed to see a change), read in the app context's session."""
        if token is None:
            return None
        query = (
            select(cast(MoveRecord.data, Text))
            .join(GameTable, MoveRecord.table_id == GameTable.id)
            .where(GameTable.token == token)
            .order_by(MoveRecord.seq)
        )
        return list(db.session.scalars(query))

    def changed_export_strictly(self, before: dict[str, Facts]) -> None:
        """Read ``tables()`` after a write, and check the export file of each table that is
        new or changed since ``before`` is strict JSON (the one the house's export would
        hold for it: the same log, the same ``dumps``, UTF-8)."""
        with self.app.app_context():
            self.known = self.read_tables()
            for token, facts in self.known.items():
                if before.get(token) == facts:
                    continue
                log = export_log(token)
                assert log is not None, token
                file_is_strict(dumps(log).encode("utf-8"))

    def house(self):
        """The house phone's client, holding the PIN again (a fuzzed post may have made it
        forget)."""
        client = self.clients["house"][0]
        with client.session_transaction() as session:
            session["house"] = house_grant(self.app)
        return client

    def restock(self, stored) -> None:
        """Store again any seeded table a fuzzed delete took away."""
        present = self.current()
        for n, log in enumerate(self.logs):
            if self.tokens.get(n) not in present:
                (self.tokens[n],) = stored(log)
                self.known = None


@pytest.fixture
def world(app, client, stranger, stored, tenk_log):
    """Tables of every game (in progress, finished, fresh), and a phone with and without
    the PIN, each with a valid CSRF token."""
    seeds = [loads(f.read_text()) for f in sorted(SEEDS.glob("*.json"))]
    logs = [tenk_log(("Ann", "Bo"), "bust", "bust"), tenk_log(("Ann", "Bo")), *seeds]
    made = World(app, {}, {}, logs)
    made.restock(stored)
    stored(*[tenk_log(("Cy", "Di"))] * 50)  # lists run to a second page
    made.known = None
    seat = f"/t/{made.tokens[0]}"
    made.clients = {
        "house": (client, csrf_token(client, "/import")),
        "stranger": (stranger, csrf_token(stranger, seat)),
    }
    return made


def routes(app) -> list[tuple[object, str]]:
    """Every (rule, method) the app serves, static files aside."""
    found = []
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if rule.endpoint == "static":
            continue
        for method in sorted((rule.methods or set()) - {"HEAD", "OPTIONS"}):
            found.append((rule, method))
    return found


def converters(rule) -> dict[str, str]:
    """Each URL argument of a rule with its converter's name ("default" when none is given)."""
    found = re.findall(r"<(?:([^:<>()]+)(?:\([^)]*\))?:)?([^<>]+)>", rule.rule)
    return {name: converter or "default" for converter, name in found}


def real_values(world: World, rule, name: str) -> list[str]:
    """Values for a URL argument that lead somewhere: tokens, slugs, player keys, join codes."""
    if converters(rule)[name] == "token":
        return [*world.tokens.values(), NO_TABLE]
    if name == "slug":
        return [g.SLUG for g in all_games()]
    if name == "key":
        return ["ann", "bo", "sid", "dee", "lou"]
    if name == "code":  # a join code
        return [token[:8] for token in world.tokens.values()]
    return ["x"]


def takes_text(rule, name: str) -> bool:
    """Whether the argument's converter accepts any text (hostile values reach the view)."""
    return converters(rule)[name] in ("default", "string", "path", "player")


def path_of(rule, args: dict[str, str], *, encode: bool = True) -> str:
    """The rule's path with the arguments filled in, percent-encoded as a browser would
    (``encode=False``: as they are, for bytes no browser would send)."""
    fill = (lambda v: quote(v, safe="")) if encode else (lambda v: v)
    return re.sub(r"<(?:[^:<>]+:)?([^<>]+)>", lambda m: fill(args[m.group(1)]), rule.rule)


def send(
    world: World,
    who: str,
    rule,
    method: str,
    args,
    query,
    form,
    csrf: str = "valid",
    host: str | None = None,
    raw: bytes | None = None,
):
    """Make one request and check it: no 5xx, nothing changed when it was refused, and
    each table a write changed still exporting as strict JSON.  ``raw``: the body as bytes (a
    urlencoded form, the CSRF token added), with the URL arguments as they are."""
    client, token = world.clients[who]
    with client.session_transaction() as session:  # a fuzzed /house or /house/leave
        if who != "house":  # may have given a phone the PIN, or made it forget
            session.pop("house", None)
        elif "house" not in session:
            session["house"] = house_grant(world.app)
    url = path_of(rule, args, encode=raw is None)
    table = args.get("token")
    headers = {"Host": host} if host else {}
    before = world.state(table)
    world.known = None  # until the request is known to have changed nothing
    if method == "GET":
        response = client.get(url, query_string=query, headers=headers)
    elif raw is not None:
        body = raw + b"&csrf_token=" + token.encode()
        kind = "application/x-www-form-urlencoded"
        response = client.post(url, query_string=query, data=body, content_type=kind)
    else:
        data = dict(form)
        if data.get("seq") is REAL_SEQ:
            data["seq"] = str(len(before[1] or ()))
        if csrf == "valid":
            data["csrf_token"] = token
        elif csrf == "forged":
            data["csrf_token"] = token[:-4] + "AAAA"
        response = client.post(url, query_string=query, data=data, headers=headers)
    described = f"{method} {url} ({who}, Host {host!r:.80}) query={query!r:.300} form={form!r:.600}"
    assert response.status_code < 500, described + "\n" + response.text[:2000]
    if 400 <= response.status_code < 500:
        after = world.state(table)
        assert after == before, "a refused request changed a table: " + described
        world.known = after[0]
    elif method == "POST":
        world.changed_export_strictly(before[0])
    return response


def test_every_route_is_fuzzed(app):
    """The fuzz covers every route, and knows each URL argument's converter: a new kind of
    argument needs real values in ``real_values``."""
    rules = routes(app)
    assert len(rules) >= 20
    assert {m for _, m in rules} == {"GET", "POST"}
    for rule, _ in rules:
        assert set(converters(rule)) == set(rule.arguments), rule.rule
        assert set(converters(rule).values()) <= {"token", "player", "default"}, rule.rule


@pytest.mark.long(150)
def test_every_route_with_every_hostile_value(world, stored):
    """Each hostile value in every text URL argument, every query field and every form field
    at once (with the table's real sequence number); and in a few fields of a form that
    would otherwise pass, each field group in turn."""
    for rule, method in routes(world.app):
        for n, value in enumerate(HOSTILE):
            world.restock(stored)
            real = {arg: real_values(world, rule, arg)[0] for arg in rule.arguments}
            hostile = {a: value if takes_text(rule, a) else real[a] for a in rule.arguments}
            form = {name: value for name in FORM_FIELDS} | {"seq": REAL_SEQ}
            query = {name: value for name in QUERY_FIELDS}
            for args in (real, hostile) if hostile != real else (real,):
                send(world, "house", rule, method, args, query, form)
            group = GROUPS[n % len(GROUPS)]
            form = BASELINE | {name: value for name in group}
            query = {name: value for name in (*QUERY_TRAPS, QUERY_FIELDS[n % len(QUERY_FIELDS)])}
            send(world, "house", rule, method, real, query, form if method == "POST" else {})
        if method == "POST" and rule.rule == "/import":
            for content in LOG_FILES:
                upload = {"log": (io.BytesIO(content), "log.json")}
                send(world, "house", rule, method, {}, {}, upload)
    assert export_is_strict_json(world.house()) >= len(world.logs)


@pytest.mark.long(10)
def test_every_route_with_raw_bytes_and_hostile_hosts(world, stored):
    """Bytes that are no UTF-8 text, or the UTF-8 of a lone surrogate, in every text URL
    argument, query field and form field at once; and every route under each hostile (and a
    few usable) Host headers.  The house's export still parses as strict JSON afterwards."""
    for rule, method in routes(world.app):
        world.restock(stored)
        real = {arg: real_values(world, rule, arg)[0] for arg in rule.arguments}
        for raw in RAW_TEXT:
            text = raw.decode("latin-1")  # as a WSGI server hands bytes on
            args = {a: text if takes_text(rule, a) else real[a] for a in rule.arguments}
            query = "&".join(f"{name}={text}" for name in QUERY_FIELDS)
            body = b"&".join(name.encode() + b"=" + raw for name in FORM_FIELDS)
            send(world, "house", rule, method, args, query, {}, raw=body)
        for host in HOSTS:
            form = BASELINE if method == "POST" else {}
            response = send(world, "house", rule, method, real, {}, form, host=host)
            if host in UNUSABLE_HOSTS:
                assert response.status_code == 400, (rule.rule, host)
            assert response.headers["X-Content-Type-Options"] == "nosniff"
    assert export_is_strict_json(world.house()) >= len(world.logs)


@pytest.mark.long(40)
@ONE_DATABASE
@settings(
    max_examples=int(os.environ.get("REFEREE_FUZZ_EXAMPLES", examples(1500))),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_random_hostile_requests(world, stored, data):
    """Random mixes of real and hostile values, any phone, with or without a valid token.
    On SQLite only: the sweeps above send every hostile value, raw byte and host through
    every route to both databases; what the mixes add is combinations, which the validation
    judges before anything is stored."""
    with printed_when_failing():
        send_random_request(world, stored, data)


@contextmanager
def printed_when_failing() -> Iterator[None]:
    """Print an example's error as it fails.  Should a replay of the example go another way,
    Hypothesis reports a flaky test in its place and the first error is lost; pytest still
    shows what the failing test printed."""
    try:
        yield
    except Exception:
        traceback.print_exc(file=sys.stdout)
        raise


def send_random_request(world: World, stored, data) -> None:
    """Draw one request of any route, mixing real and hostile values, and send it."""
    world.restock(stored)
    rule, method = data.draw(st.sampled_from(routes(world.app)), label="route")
    args = {}
    for name in sorted(rule.arguments):
        choices = st.sampled_from(real_values(world, rule, name))
        if takes_text(rule, name):
            choices = st.one_of(choices, values)
        args[name] = data.draw(choices, label=name)
    keys = st.one_of(st.sampled_from(QUERY_FIELDS + QUERY_TRAPS), st.text(max_size=20))
    query = data.draw(st.dictionaries(keys, values, max_size=8), label="query")
    who = data.draw(st.sampled_from(["house", "house", "stranger"]), label="phone")
    form: dict = {}
    csrf = "valid"
    if method == "POST":
        base = data.draw(st.sampled_from([BASELINE, BASELINE, {}]), label="base")
        names = st.one_of(
            st.sampled_from(FORM_FIELDS),
            st.sampled_from("dkgp").flatmap(lambda c: values.map(lambda v: c + v[:50])),
            st.text(max_size=20),
        )
        hostile = st.dictionaries(names, values, max_size=8)
        form = base | data.draw(hostile, label="form")
        if not base:
            form["seq"] = data.draw(st.one_of(st.just(REAL_SEQ), values), label="seq")
            form["action"] = data.draw(st.one_of(st.sampled_from(ACTIONS), values))
        if data.draw(st.booleans(), label="several picks"):
            form["pick"] = data.draw(st.lists(values, max_size=8), label="pick")
        if rule.rule == "/import" and data.draw(st.booleans(), label="upload"):
            content = data.draw(st.sampled_from(LOG_FILES), label="log")
            form["log"] = (io.BytesIO(content), "log.json")
        csrf = data.draw(st.sampled_from(["valid", "valid", "valid", "missing", "forged"]))
    host = data.draw(st.one_of(st.none(), st.sampled_from(HOSTS)), label="host")
    send(world, who, rule, method, args, query, form, csrf, host)
