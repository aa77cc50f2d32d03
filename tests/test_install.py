"""The project installs as a package and serves from it, with no source checkout around.

Issue 38: a wheel built from the repository held no templates, static files or example games.
Here the sdist is built from the checkout and the wheel from the sdist (as ``python -m build``
and ``pip install <sdist>`` do), the wheel installed into a new venv, and ``referee serve``
started from a folder outside the repository: the help page, a new table's page and a static
file load.  The new venv sees the project venv's site-packages through a ``.pth`` line (the
dependencies are not installed again) but not its editable install of this repository, so
``referee`` is the wheel's.  ``referee.files.folders`` is tested both ways below as well.
"""

from __future__ import annotations

import os
import re
import signal
import sqlite3
import subprocess
import sys
import sysconfig
import tarfile
import zipfile
from pathlib import Path

import pytest

from referee.files import Folders, folders
from referee.games import get_game
from tests.conftest import HOUSE_PIN, wait_until
from tests.ports import free_port
from tests.realserver import Phone, csrf_of

ROOT = Path(__file__).resolve().parents[1]
SEEDS = sorted(path.name for path in (ROOT / "seeds").glob("*.json"))
# Everything the app reads from disk, by where the wheel holds it.
HELD = {
    "pages": "referee/_bundled/templates/base.html",
    "static files": "referee/_bundled/static/css/app.css",
    "example games": "referee/_bundled/seeds/",
    "migrations": "referee/web/migrations/versions/",
    "vision models": "referee/vision/model/dice.onnx",
    "odds tables": "referee/games/solitaire/data/q.bin",
    "compiled German catalogue": "referee/translations/de/LC_MESSAGES/messages.mo",
}
# Building, installing and starting take about 15 s alone; the outer limit is generous for a
# busy machine, and nothing waits longer than it takes.
LIMIT = 180


def run(command: list[str], cwd: Path) -> str:
    """Run ``command``; its output, or the test fails with it."""
    done = subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=LIMIT)
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done.stdout


def test_a_wheel_takes_the_apps_files_from_inside_the_package(tmp_path):
    bundled, checkout = tmp_path / "site" / "referee" / "_bundled", tmp_path / "checkout"
    bundled.mkdir(parents=True)
    found = folders(bundled, checkout)
    assert found.templates == bundled / "templates"
    assert found.static == bundled / "static"
    assert found.seeds == bundled / "seeds"
    assert found.instance == Path.cwd() / "instance"  # no checkout to keep it in


def test_a_checkout_takes_them_from_its_top_level(tmp_path):
    checkout = tmp_path / "checkout"
    assert folders(tmp_path / "no" / "_bundled", checkout) == Folders(
        checkout / "templates", checkout / "static", checkout / "seeds", checkout / "instance"
    )


def test_this_checkout_finds_its_own_folders():
    found = folders()
    assert (found.templates / "base.html").is_file()
    assert (found.static / "css" / "app.css").is_file()
    assert [path.name for path in sorted(found.seeds.glob("*.json"))] == SEEDS
    assert found.instance == ROOT / "instance"


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    """The sdist built from this checkout, then the wheel built from the sdist."""
    out = tmp_path_factory.mktemp("dist")
    build_sdist = f"from hatchling.build import build_sdist; print(build_sdist({str(out)!r}))"
    sdist = out / run([sys.executable, "-c", build_sdist], ROOT).strip()
    with tarfile.open(sdist) as archive:
        names = archive.getnames()
    for folder in ("templates", "static", "seeds", "referee", "printables"):
        assert any(f"/{folder}/" in name for name in names), f"the sdist has no {folder}/"
    pip = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q"]
    run([*pip, "--no-index", "-w", str(out), str(sdist)], out)
    (built,) = out.glob("referee-*.whl")
    return built


@pytest.fixture(scope="module")
def venv(wheel, tmp_path_factory) -> Path:
    """A new venv with the wheel installed (alone: the dependencies are the project venv's)."""
    folder = tmp_path_factory.mktemp("venv")
    run([sys.executable, "-m", "venv", "--without-pip", str(folder)], folder)
    python = folder / "bin" / "python"
    purelib = run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"], folder
    )
    # A plain path line: the project venv's packages, without its .pth files (the editable
    # install of this checkout among them).
    Path(purelib.strip(), "project-venv.pth").write_text(sysconfig.get_path("purelib") + "\n")
    pip = [str(python), "-m", "pip", "install", "-q", "--no-deps", "--ignore-installed"]
    run([*pip, "--no-index", str(wheel)], folder)
    return folder


@pytest.mark.install
def test_the_wheel_holds_every_file_the_app_reads(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for what, path in HELD.items():
        assert any(name.startswith(path) for name in names), f"the wheel holds no {what}"
    seeds = sorted(name.rsplit("/", 1)[1] for name in names if "/_bundled/seeds/" in name)
    assert seeds == SEEDS
    for folder in ("templates", "static"):
        tracked = subprocess.run(
            ["git", "ls-files", folder], cwd=ROOT, capture_output=True, text=True, check=True
        ).stdout.split()
        held = {name.removeprefix("referee/_bundled/") for name in names}
        assert set(tracked) <= held, f"{folder}/ not whole in the wheel"
    tables = [name for name in names if re.fullmatch(r"referee/games/\w+/data/\w+\.bin", name)]
    assert len(tables) >= 2, tables
    assert not [name for name in names if "__pycache__" in name or name.endswith(".pyc")]


@pytest.mark.install
def test_the_installed_package_serves_a_table_page_and_static_files(venv, tmp_path):
    work = tmp_path / "elsewhere"  # outside the repository: nothing found by the way
    work.mkdir()
    python = venv / "bin" / "python"
    where = run([str(python), "-c", "import referee.files as f; print(f.__file__)"], work)
    assert Path(where.strip()).is_relative_to(venv), where
    port = free_port()
    database = work / "installed.sqlite3"
    env = {k: v for k, v in os.environ.items() if not k.startswith(("REFEREE_", "PYTHON"))}
    env.update(
        DATABASE_URL=f"sqlite:///{database}",
        HOUSE_PIN=HOUSE_PIN,
        REFEREE_RATE_LIMITS="off",
        WORKERS="1",
        THREADS="4",
    )
    log = work / "serve.log"
    with log.open("w") as out:
        server = subprocess.Popen(
            [str(venv / "bin" / "referee"), "serve", "--host", "127.0.0.1", "--port", str(port)],
            cwd=work,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        phone = Phone(port)

        def healthy() -> bool:
            assert server.poll() is None, f"referee serve exited:\n{log.read_text()[-3000:]}"
            try:
                return phone.get("/healthz")[0] == 200
            except OSError:
                return False

        assert wait_until(healthy, within=LIMIT, every=0.2), log.read_text()[-3000:]
        started = log.read_text()
        assert all(f"{name}: /t/" in started for name in SEEDS), started  # the example games
        with sqlite3.connect(database) as db:
            assert db.execute("SELECT count(*) FROM game_table").fetchone() == (len(SEEDS),)
        assert (work / "instance" / "secret_key").is_file()  # the instance where it runs

        status, page = phone.get("/games/tenk")
        assert status == 200 and "10K" in page
        phone.enter_house_pin()
        status, form = phone.get("/tables/new/tenk")
        assert status == 200, form[:500]
        fields = {"csrf_token": csrf_of(form), "players-0": "Ann", "players-1": "Bo"}
        fields.update({f"opt_{o.name}": str(o.default) for o in get_game("tenk").OPTIONS})
        status, moved = phone.send(phone.connect(), "POST", "/tables/new/tenk", fields)
        assert status == 302, moved[:1000]
        token = re.search(r"/t/([0-9a-f]{32})", moved).group(1)
        status, table = phone.get(f"/t/{token}")
        assert status == 200 and "Ann" in table and "Bo" in table
        for sheet in ("css/app.css", "games/tenk.css"):  # the shared one, the game's own
            link = re.search(rf'href="(/static/{re.escape(sheet)}[^"]*)"', table)
            assert link, (sheet, table[:2000])
            status, css = phone.get(link.group(1))
            assert status == 200 and "{" in css, (sheet, status)
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(30)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait(30)
