"""A database that answers but cannot write, under the real app (gunicorn), on SQLite and
PostgreSQL: the database file read-only, its folder read-only, its disk full, a read-only
database or server (``referee/web/guard/unwritable.py``).

While the fault lasts, a move and the house PIN (each a write) are a 503 with a sentence
that says what to fix, pages that only read are served where the database can be read,
and ``/healthz/database`` is 503 with a sentence; nothing stored is lost; once the fault
is gone every page is right again without a restart (connections that kept the fault,
such as an SQLite connection opened while its file was read-only, are thrown away).

Faults are made as root makes them: ``chattr +i`` (root ignores a file's mode) for a
read-only file or folder, a small tmpfs filled up for a full disk (SQLite's file, or a
PostgreSQL tablespace); without root the tests that need them are skipped, saying why.
"""

from __future__ import annotations

import html
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from referee.web.guard.unwritable import FULL, READ_ONLY, Fault
from tests import pgserver
from tests.conftest import HOUSE_PIN, wait_until
from tests.realserver import (
    BUSTS,
    Gunicorn,
    Phone,
    csrf_of,
    flask_db_upgrade,
    import_table,
    roll_fields,
)

pytestmark = pytest.mark.race

TMPFS_BYTES = 16 * 1024 * 1024


@contextmanager
def tmpfs(folder: Path, owner: str | None = None) -> Iterator[Path]:
    """A small tmpfs mounted on ``folder`` (made), owned by ``owner``, unmounted at the end;
    the test is skipped where it cannot be mounted (not root, or no CAP_SYS_ADMIN)."""
    folder.mkdir(parents=True, exist_ok=True)
    mount = ["mount", "-t", "tmpfs", "-o", f"size={TMPFS_BYTES},mode=0700", "tmpfs", str(folder)]
    done = subprocess.run(mount, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        pytest.skip(f"a full disk is a small tmpfs, and it cannot be mounted here: {done.stderr}")
    try:
        if owner:
            shutil.chown(folder, owner, owner)
        yield folder
    finally:
        subprocess.run(["umount", "--lazy", str(folder)], check=True)


@contextmanager
def filled(folder: Path) -> Iterator[None]:
    """Within the block the file system under ``folder`` has no byte left (a filler file
    written until the disk refuses it); the filler goes as the block ends."""
    filler = folder / "filler"
    try:
        with filler.open("wb") as out:
            while True:
                out.write(bytes(64 * 1024))
                out.flush()
    except OSError as exc:
        assert exc.errno == 28, exc  # ENOSPC: the disk is full
    try:
        yield
    finally:
        filler.unlink()


@contextmanager
def read_only(path: Path) -> Iterator[None]:
    """Within the block ``path`` (a file, or a folder: nothing can be made or removed in
    it) cannot be written, even by root: ``chattr +i``."""
    done = subprocess.run(["chattr", "+i", str(path)], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip(f"chattr +i, which stops root writing, is refused here: {done.stderr}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def said(text: str) -> str:
    """A page's words, as a phone shows them."""
    return " ".join(html.unescape(text).split())


def roll(phone: Phone, token: str, seq: int, csrf: str) -> tuple[int, str]:
    """Post a bust roll at the table, at ``seq`` with the page's ``csrf``."""
    fields = {"seq": str(seq), "csrf_token": csrf, **roll_fields(BUSTS[seq % len(BUSTS)])}
    return phone.send(phone.connect(), "POST", f"/t/{token}/move", fields)


def enter_pin(phone: Phone) -> tuple[int, str]:
    """Type the house PIN into ``phone`` (a write: the house grant is stored)."""
    status, page = phone.get("/house")
    assert status == 200, (status, page[:300])
    fields = {"csrf_token": csrf_of(page), "pin": HOUSE_PIN}
    return phone.send(phone.connect(), "POST", "/house", fields)


def moves_of(phone: Phone, token: str) -> int:
    """How many moves the table's stored log holds."""
    status, text = phone.get(f"/t/{token}/log.json")
    assert status == 200, text[:300]
    return text.count('"type"')


def refused(answer: tuple[int, str], fault: Fault) -> bool:
    """Whether ``answer`` is the 503 that names ``fault``."""
    status, text = answer
    return status == 503 and fault.page in said(text)


def health(port: int) -> tuple[int, str]:
    """The balancer's check of the server on ``port``."""
    return Phone(port).get("/healthz/database")


def check_refused(phone: Phone, token: str, form: tuple[int, str], fault: Fault) -> None:
    """While the fault lasts: a move of ``phone`` at its page's ``form`` and the house PIN
    are refused with the fault's sentence, and the balancer's check says it."""
    assert refused(roll(phone, token, *form), fault)
    pin = enter_pin(Phone(phone.port))
    # On a full disk a house grant may still find room in a page of its own table.
    assert refused(pin, fault) or (fault is FULL and pin[0] == 302), pin
    assert health(phone.port) == (503, fault.health + "\n")


def rolled_till_full(
    phone: Phone, token: str, stored: int, most: int
) -> tuple[tuple[int, str], int]:
    """On a disk just filled, with ``stored`` moves at the table: ``phone`` rolls until a
    move is refused (within ``most``), which must be the full disk's 503; reading still
    works, the fault is checked (``check_refused``), and the moves that fitted are stored.
    The refused move's page ``form`` and the moves stored."""
    for _ in range(most):
        form = phone.form(token)
        answer = roll(phone, token, *form)
        if answer[0] != 302:
            break
        stored += 1
    assert refused(answer, FULL), (answer[0], said(answer[1])[:300])
    assert phone.get(f"/t/{token}")[0] == 200  # reading needs no room
    check_refused(phone, token, form, FULL)
    assert moves_of(phone, token) == stored
    return form, stored


def check_mended(phone: Phone, token: str, form: tuple[int, str], stored: int) -> None:
    """Once the fault is gone, without a restart: the balancer's check passes, the move
    refused before (``phone``'s, at its page's ``form``) goes through, the PIN is taken, and
    the ``stored`` moves are all there with the new one after them."""
    assert wait_until(lambda: health(phone.port) == (200, "The database answers.\n"))
    assert roll(phone, token, *form)[0] == 302
    assert enter_pin(phone)[0] == 302
    assert phone.get(f"/t/{token}")[0] == 200
    assert moves_of(phone, token) == stored + 1


def migrated(url: str, folder: Path) -> str:
    """The database at ``url`` migrated, a 10K table of two turns stored in it: its token."""
    upgrade = flask_db_upgrade(url, folder)
    output, _ = upgrade.communicate(timeout=120)
    assert upgrade.returncode == 0, output
    return import_table(url, folder)


@pytest.fixture
def sqlite_on_tmpfs(tmp_path):
    """A migrated SQLite file, a table in it, alone in a folder on a small tmpfs: (its URL,
    its folder, the table's token, the instance folder)."""
    with tmpfs(tmp_path / "disk") as disk:
        folder = disk / "database"
        folder.mkdir()
        url = f"sqlite:///{folder / 'referee.sqlite3'}"
        instance = tmp_path / "instance"
        yield url, folder, migrated(url, instance), instance


def test_sqlite_read_only_file_is_a_503_that_says_so_and_mends_without_a_restart(
    sqlite_on_tmpfs,
):
    """The server started on a read-only file: its connections open read-only, read, and
    keep refusing writes after the file is writable again unless thrown away."""
    url, folder, token, instance = sqlite_on_tmpfs
    server = Gunicorn(url, instance)
    try:
        with read_only(folder / "referee.sqlite3"):
            server.start()
            phone = Phone(server.port)
            form = phone.form(token)  # reading is no write
            check_refused(phone, token, form, READ_ONLY)
        check_mended(phone, token, form, 2)
    finally:
        server.stop()


def test_sqlite_read_only_folder_is_a_503_that_says_so_and_mends_without_a_restart(
    sqlite_on_tmpfs,
):
    """The server started on a read-only folder: SQLite cannot make the ``-wal`` and
    ``-shm`` files a database in WAL mode needs, so nothing is read either."""
    url, folder, token, instance = sqlite_on_tmpfs
    server = Gunicorn(url, instance)
    try:
        with read_only(folder):
            server.start()
            phone = Phone(server.port)
            for path in (f"/t/{token}", "/"):
                assert refused(phone.get(path), READ_ONLY)
            assert refused(enter_pin(phone), READ_ONLY)
            assert health(server.port) == (503, READ_ONLY.health + "\n")
        check_mended(phone, token, phone.form(token), 2)
    finally:
        server.stop()


def test_sqlite_full_disk_is_a_503_that_says_so_and_mends_without_a_restart(sqlite_on_tmpfs):
    url, folder, token, instance = sqlite_on_tmpfs
    server = Gunicorn(url, instance).start()
    try:
        phone = Phone(server.port).enter_house_pin()
        with filled(folder):
            # A move needs room in the WAL file: the first or one of the next few is
            # refused, the ones before it stored (an SQLite page may still have room).
            form, stored = rolled_till_full(phone, token, 2, most=20)
        check_mended(phone, token, form, stored)
    finally:
        server.stop()


# A PostgreSQL cluster of this module's own: its settings and tablespaces change.
cluster = pytest.fixture(scope="module")(pgserver.own_cluster)


def close_servers_connections(cluster: pgserver.Cluster) -> None:
    """End every client connection but the caller's: the app's next ones are new sessions."""
    cluster.execute(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"
        " WHERE backend_type = 'client backend' AND pid <> pg_backend_pid()"
    )


@pytest.mark.parametrize("where", ["database", "server"])
def test_postgresql_read_only_is_a_503_that_says_so_and_mends_without_a_restart(
    cluster, tmp_path, where
):
    """``default_transaction_read_only`` set on the database (new sessions take it, and
    keep it after it is reset: the server's must be thrown away) or on the whole server
    (every session takes it on a reload, as a server in recovery would refuse writes)."""
    name = cluster.create_database()
    url = cluster.url(name)
    token = migrated(url, tmp_path)
    server = Gunicorn(url, tmp_path).start()
    try:
        phone = Phone(server.port)
        stored = moves_of(phone, token)
        form = phone.form(token)
        if where == "database":
            cluster.execute(f"ALTER DATABASE {name} SET default_transaction_read_only = on")
            close_servers_connections(cluster)
        else:
            cluster.execute(
                "ALTER SYSTEM SET default_transaction_read_only = on", "SELECT pg_reload_conf()"
            )
        assert phone.get(f"/t/{token}")[0] == 200  # reading is no write
        check_refused(phone, token, form, READ_ONLY)
        if where == "database":
            cluster.execute(f"ALTER DATABASE {name} RESET default_transaction_read_only")
        else:
            cluster.execute(
                "ALTER SYSTEM RESET default_transaction_read_only", "SELECT pg_reload_conf()"
            )
        check_mended(phone, token, form, stored)
    finally:
        server.stop()


def test_postgresql_full_disk_is_a_503_that_says_so_and_mends_without_a_restart(cluster, tmp_path):
    """The database's tablespace on a small tmpfs, filled (its WAL on another disk, so the
    server keeps answering; a full disk under the WAL stops it, which is an outage)."""
    # A folder the server's user can reach (pytest's own are root's alone).
    place = Path(tempfile.mkdtemp(prefix="referee-tablespace-"))
    try:
        with tmpfs(place, owner=pgserver.SUPERUSER) as disk:
            space = f"small{os.getpid()}"
            cluster.execute(f"CREATE TABLESPACE {space} LOCATION '{disk}'")
            name = f"full{os.getpid()}"
            cluster.execute(f"CREATE DATABASE {name} TABLESPACE {space}")
            url = cluster.url(name)
            try:
                token = migrated(url, tmp_path / "instance")
                server = Gunicorn(url, tmp_path / "instance").start()
                try:
                    phone = Phone(server.port).enter_house_pin()
                    stored = moves_of(phone, token)
                    with filled(disk):
                        # A move needs a new page for one of its rows sooner or later.
                        form, stored = rolled_till_full(phone, token, stored, most=500)
                    check_mended(phone, token, form, stored)
                finally:
                    server.stop()
            finally:
                cluster.drop_database(name)
                cluster.execute(f"DROP TABLESPACE {space}")
    finally:
        place.rmdir()
