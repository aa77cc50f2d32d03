"""A throwaway PostgreSQL cluster for the tests: initdb in a temp folder, serve on loopback.

Debian's server binaries (``/usr/lib/postgresql/N/bin``, package ``postgresql``) are used
directly, newest version first; nothing is installed system-wide and no service is touched.
The cluster trusts every connection from 127.0.0.1 (superuser ``postgres``), skips fsync and
full-page writes (a crash loses the cluster, which is thrown away anyway) and listens on a
free port and on a Unix socket inside its own folder.  PostgreSQL refuses to run as root:
as root the folder is handed to the ``postgres`` user and the binaries run as that user.

Each pytest process (each xdist worker of a parallel run) starts its own cluster on its own
port (``tests/ports.py``).  Its tests share one database migrated once and ``empty``-ed
before each test (every row deleted and the sequences restarted, after closing stray
connections: about 1 ms, where a fresh ``CREATE DATABASE ... TEMPLATE`` copy took 40-80 ms);
``create_database`` makes others.
"""

from __future__ import annotations

import glob
import itertools
import os
import re
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.ports import free_port

SERVER_GLOB = "/usr/lib/postgresql/*/bin/initdb"
SUPERUSER = "postgres"
# Speed over durability: the cluster lives for one test session.
FAST = ("-F", "-c", "synchronous_commit=off", "-c", "full_page_writes=off")


class Unavailable(Exception):
    """PostgreSQL's server binaries are not installed here."""


def server_bindir() -> Path | None:
    """The newest ``/usr/lib/postgresql/N/bin`` holding initdb and pg_ctl, or None."""

    def version(path: str) -> tuple[int, ...]:
        number = Path(path).parent.parent.name
        return tuple(int(part) for part in re.findall(r"\d+", number))

    for initdb in sorted(glob.glob(SERVER_GLOB), key=version, reverse=True):
        bindir = Path(initdb).parent
        if (bindir / "pg_ctl").exists():
            return bindir
    return None


def as_server_user(command: list[str]) -> list[str]:
    """The command as the ``postgres`` user when we are root (PostgreSQL refuses root)."""
    if os.geteuid() == 0:
        return ["runuser", "-u", SUPERUSER, "--", *command]
    return command


def run(command: list[str]) -> None:
    """Run a server command; on failure raise with its output."""
    done = subprocess.run(as_server_user(command), capture_output=True, text=True, check=False)
    if done.returncode != 0:
        raise RuntimeError(f"{' '.join(command)} failed:\n{done.stdout}{done.stderr}")


TABLES_TO_EMPTY = (
    "SELECT quote_ident(tablename) FROM pg_tables"
    " WHERE schemaname = 'public' AND tablename <> 'alembic_version'"
)
SEQUENCES_TO_RESTART = (
    "SELECT quote_literal(quote_ident(sequencename)) FROM pg_sequences WHERE schemaname = 'public'"
)


@dataclass
class Cluster:
    """A running cluster: its binaries, folder and port, and the databases made in it."""

    bindir: Path
    folder: Path
    port: int
    names: itertools.count = field(default_factory=lambda: itertools.count(1))
    _kept_connections: dict = field(default_factory=dict)  # ``empty``'s, by database

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, dbname: str = "postgres") -> str:
        """The SQLAlchemy URL of a database in this cluster."""
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{dbname}"

    def execute(self, *statements: str) -> None:
        """Run statements outside a transaction (CREATE/DROP DATABASE) as the superuser."""
        import psycopg

        conninfo = f"host=127.0.0.1 port={self.port} user={SUPERUSER} dbname=postgres"
        with psycopg.connect(conninfo, autocommit=True) as conn:
            for statement in statements:
                conn.execute(statement)

    def create_database(self, template: str | None = None) -> str:
        """A new database (empty, or a copy of ``template``); returns its name."""
        name = f"t{next(self.names)}"
        copy = f" TEMPLATE {template} STRATEGY FILE_COPY" if template else ""
        self.execute(f"CREATE DATABASE {name}{copy}")
        return name

    def drop_database(self, name: str) -> None:
        """Drop a database, closing whatever connections are left on it."""
        self.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def empty(self, name: str) -> None:
        """Make a database as good as new: close every connection left on it (a killed
        server's, a test's forgotten engine), then delete every row of all its tables but
        the migrations' own and restart their id sequences, as ``TRUNCATE ... RESTART
        IDENTITY`` would: the foreign keys are not checked meanwhile (nothing is left to
        point at anything).  On a connection kept for it: about 1 ms, where a new
        connection and a TRUNCATE took 45."""
        import psycopg

        try:
            self._empty_on(self._kept(name))
        except psycopg.OperationalError:  # the kept connection went (a restart): once more
            self._kept_connections.pop(name).close()
            self._empty_on(self._kept(name))

    def _kept(self, name: str):  # a psycopg connection
        """The superuser's connection to ``name`` that ``empty`` keeps, made on first use."""
        import psycopg

        if name not in self._kept_connections:
            conninfo = f"host=127.0.0.1 port={self.port} user={SUPERUSER} dbname={name}"
            self._kept_connections[name] = psycopg.connect(conninfo, autocommit=True)
        return self._kept_connections[name]

    @staticmethod
    def _empty_on(conn) -> None:
        """``empty``'s statements, on a connection to the database."""
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        tables = [row[0] for row in conn.execute(TABLES_TO_EMPTY)]
        sequences = [row[0] for row in conn.execute(SEQUENCES_TO_RESTART)]
        statements = [
            "SET session_replication_role = replica",  # no foreign key checked
            *(f"DELETE FROM {table}" for table in tables),
            *(f"SELECT setval({sequence}::regclass, 1, false)" for sequence in sequences),
            "SET session_replication_role = DEFAULT",
        ]
        conn.execute("; ".join(statements).encode(), prepare=False)

    def restart(self) -> None:
        """Restart the server (a fast shutdown: every connection is closed), same port."""
        log = str(self.folder / "server.log")  # else its output would hold run's pipe open
        run([str(self.bindir / "pg_ctl"), "restart", "-w", "-m", "fast", "-D", str(self.data)]
            + ["-l", log])  # fmt: skip

    def processes(self) -> list[int]:
        """The server's processes: the postmaster first, then its children."""
        postmaster = int((self.data / "postmaster.pid").read_text().split()[0])
        children = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue  # gone meanwhile
            if int(fields[1]) == postmaster:
                children.append(int(stat.parent.name))
        return [postmaster, *children]

    @contextmanager
    def hung(self) -> Iterator[None]:
        """Within the block the server hangs (SIGSTOP, the postmaster first, so that it
        starts no new process): the kernel still takes connections and data, and nothing
        answers.  It goes on (SIGCONT) as the block ends."""
        stopped = []
        try:
            for pid in self.processes():
                os.kill(pid, signal.SIGSTOP)
                stopped.append(pid)
            yield
        finally:
            for pid in reversed(stopped):
                os.kill(pid, signal.SIGCONT)

    def stop(self) -> None:
        """Stop the server at once and delete its folder."""
        for conn in self._kept_connections.values():
            conn.close()
        try:
            run([str(self.bindir / "pg_ctl"), "stop", "-D", str(self.data), "-m", "immediate"])
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)


def start(attempts: int = 3, *, durable: bool = False) -> Cluster:
    """initdb a cluster in a new temp folder and start it on a free loopback port: fast
    (``FAST``) for tests, or ``durable`` as PostgreSQL's defaults keep a commit (the
    capacity bench, set against SQLite's synchronous commit).

    Raises ``Unavailable`` when the server binaries are missing.
    """
    bindir = server_bindir()
    if bindir is None:
        raise Unavailable("PostgreSQL server binaries not found (" + SERVER_GLOB + ")")
    folder = Path(tempfile.mkdtemp(prefix="referee-pg-"))
    if os.geteuid() == 0:
        shutil.chown(folder, SUPERUSER, SUPERUSER)
    data = folder / "data"
    try:
        run(
            [str(bindir / "initdb"), "-D", str(data), "-A", "trust", "-U", SUPERUSER]
            + ["-E", "UTF8", "--locale=C", "--no-sync", "--no-instructions"]
        )
        for attempt in range(attempts):
            port = free_port()
            options = ["-h", "127.0.0.1", "-p", str(port), "-k", str(folder)]
            options += [] if durable else FAST
            try:
                run(
                    [str(bindir / "pg_ctl"), "start", "-w", "-t", "60", "-D", str(data)]
                    + ["-l", str(folder / "server.log"), "-o", " ".join(options)]
                )
            except RuntimeError as exc:
                if attempt == attempts - 1:  # else the port may have been taken meanwhile
                    log = folder / "server.log"
                    text = log.read_text(errors="replace") if log.exists() else ""
                    raise RuntimeError(f"{exc}\n{text}") from None
                continue
            return Cluster(bindir, folder, port)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    raise AssertionError("unreachable")


def own_cluster() -> Iterator[Cluster]:
    """A cluster of the test module's own, stopped after it (a fixture's body: the tests
    that ask for it are skipped where PostgreSQL's server binaries are not installed)."""
    try:
        started = start()
    except Unavailable:
        pytest.skip("PostgreSQL's server binaries are not installed")
    yield started
    started.stop()
