"""A phone's photo through the web form (issue 49): a 12-megapixel JPEG from the upload's last
byte to the confirm page, and other tables' pages while four phones send photos at once.

What is timed: the server as ``make run`` serves it (``referee.serving.command``'s gunicorn
options: 2 buffering workers, which read each request whole before a thread takes it), on
SQLite, 300-move 10K tables.  The photo is the bench's 12-megapixel JPEG (``vision_bench``:
a real photo scaled to 4000 x 3000 with a sensor's noise, quality 92, 2.2 MB), posted as is
to a table's photo form (``POST /t/<token>/photo``, its CSRF token and session from a read of
the page).  Its time runs from the moment the client has handed the body's last byte to the
socket to the confirm page's last byte (the table's form filled in, answered 200): the
server's time, on loopback.

- **alone**: ``ALONE`` photos one after another, and the CPU the server's processes spent
  on each (its page's read included);
- **under load**: ``SENDERS`` phones each send photos to a table of their own, one after
  another, for ``LOADED_SECONDS``, while another phone reads other tables' pages one after
  another on a keep-alive connection; the p95 of those pages (round trip), and of the photos
  meanwhile.
"""

from __future__ import annotations

import http.client
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from bench import BenchGame, bench_game
from bench.load_bench import percentile, served_as_make_run
from bench.vision_bench import LARGE_PHOTO, SEED
from bench.web_bench import SECRET, Client, build_database, get_all, gunicorn, session_and_token
from referee.vision import read_photo

ALONE = 5
SENDERS = 4
LOADED_SECONDS = 20.0
PAGE_TABLES = 20  # the tables the reading phone reads in turn
BOUNDARY = "----referee-photo-bench"
TARGET_SECONDS = 1.0
TARGET_P95_MS = 100.0


def twelve_megapixels() -> bytes:
    """The bench's 12-megapixel JPEG (as ``vision_bench`` times the reader on it)."""
    large = cv2.resize(cv2.imread(str(LARGE_PHOTO)), (4000, 3000), interpolation=cv2.INTER_CUBIC)
    grain = np.random.default_rng(SEED).normal(0, 4, large.shape)
    large = np.clip(large + grain, 0, 255).astype(np.uint8)
    return cv2.imencode(".jpg", large, [cv2.IMWRITE_JPEG_QUALITY, 92])[1].tobytes()


def photo_game(dice: int) -> BenchGame:
    """The bench's game cut at the first length from 300 moves on that leaves a roll of
    ``dice`` dice to enter (the photo's)."""
    for length in range(300, 400):
        game = bench_game(length=length)
        if game.next_roll == dice:
            return game
    raise RuntimeError(f"No cut of the bench's game waits for a roll of {dice} dice.")


def photo_body(seq: int, csrf: str, photo: bytes) -> bytes:
    """The photo form's multipart body, as a phone sends it."""
    fields = {"seq": str(seq), "csrf_token": csrf}
    parts = [
        f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
        for name, value in fields.items()
    ]
    head = f'--{BOUNDARY}\r\nContent-Disposition: form-data; name="photo"; filename="dice.jpg"'
    parts.append(f"{head}\r\nContent-Type: image/jpeg\r\n\r\n".encode() + photo + b"\r\n")
    return b"".join(parts) + f"--{BOUNDARY}--\r\n".encode()


def send_photo(port: int, table: str, seq: int, photo: bytes) -> float:
    """A new phone reads the table's page and posts ``photo`` from its photo form; the
    seconds from the body's last byte to the answer's last byte (which must be 200)."""
    client = Client.to(port)
    try:
        cookie, csrf = session_and_token(client, table)
        body = photo_body(seq, csrf, photo)
        headers = {
            "Content-Type": f"multipart/form-data; boundary={BOUNDARY}",
            "Cookie": cookie,
        }
        client.conn.request("POST", f"/t/{table}/photo", body, headers)
        sent = time.perf_counter()  # the body handed to the socket whole
        response = client.conn.getresponse()
        page = response.read()
        took = time.perf_counter() - sent
    finally:
        client.close()
    if response.status != 200 or b"Read from the photo" not in page:
        raise RuntimeError(f"The photo was answered {response.status}: {page[:300]!r}")
    return took


def server_cpu(instance: Path) -> float:
    """The CPU seconds (user and system) the server's processes have spent so far: those
    whose environment names ``instance`` as their instance folder (the master, its workers)."""
    mark, tick, used = f"REFEREE_INSTANCE={instance}".encode(), os.sysconf("SC_CLK_TCK"), 0
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            if mark not in (proc / "environ").read_bytes().split(b"\0"):
                continue
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # another user's process, or one that ended meanwhile
        used += int(fields[11]) + int(fields[12])
    return used / tick


def loaded(port: int, senders: Sequence[str], readers: Sequence[str], seq: int) -> dict[str, Any]:
    """``SENDERS`` phones sending photos for ``LOADED_SECONDS`` while another reads pages."""
    photo, done = twelve_megapixels(), threading.Event()
    photos: list[float] = []
    failures: list[BaseException] = []

    def sender(table: str) -> None:
        try:
            while not done.is_set():
                photos.append(send_photo(port, table, seq, photo))
        except (RuntimeError, OSError, http.client.HTTPException) as failed:
            failures.append(failed)

    client = Client.to(port)
    pages = [(f"/t/{table}", session_and_token(client, table)[0]) for table in readers]
    threads = [threading.Thread(target=sender, args=(table,)) for table in senders]
    for thread in threads:
        thread.start()
    page_times: list[float] = []
    ends = time.perf_counter() + LOADED_SECONDS
    while time.perf_counter() < ends:
        for page in pages:
            page_times.append(get_all(client, [page], 200))
    done.set()
    for thread in threads:
        thread.join(60)
    client.close()
    if failures:
        raise RuntimeError(f"A phone's photo failed under load: {failures[0]}")
    return {
        "pages": len(page_times),
        "page_p95_ms": percentile(page_times, 0.95) * 1e3,
        "page_median_ms": statistics.median(page_times) * 1e3,
        "photos": len(photos),
        "photo_median_s": statistics.median(photos),
        "photo_p95_s": percentile(photos, 0.95),
    }


def run() -> dict[str, Any]:
    """The photo alone and under load, through the server as ``make run`` serves it."""
    photo = twelve_megapixels()
    game = photo_game(len(read_photo(photo).dice))
    with tempfile.TemporaryDirectory(prefix="referee-photo-") as tmp:
        root = Path(tmp)
        instance = root / "instance"
        instance.mkdir()
        url = f"sqlite:///{root / 'photo.sqlite3'}"
        tables = build_database(instance, url, game, 1 + SENDERS + PAGE_TABLES)
        env = {
            **{key: value for key, value in os.environ.items() if key != "DATABASE_URL"},
            "REFEREE_INSTANCE": str(instance),
            "DATABASE_URL": url,
            "SECRET_KEY": SECRET,
            "HOUSE_PIN": "2828",
            "REFEREE_RATE_LIMITS": "off",  # one phone per table, more photos than a minute's
        }
        app, options = "referee.web:serving_app()", served_as_make_run()
        with gunicorn(app, env, root / "photo.log", options) as port:
            seq = len(game.moves)
            for _ in range(2):  # each worker's first photo loads the reader
                send_photo(port, tables[0], seq, photo)
            cpu = server_cpu(instance)
            alone = [send_photo(port, tables[0], seq, photo) for _ in range(ALONE)]
            cpu = (server_cpu(instance) - cpu) / ALONE  # its page's read included
            busy = loaded(port, tables[1 : 1 + SENDERS], tables[1 + SENDERS :], seq)
    return {
        "load_before": os.getloadavg()[0],
        "alone_median_s": statistics.median(alone),
        "alone_worst_s": max(alone),
        "alone_server_cpu_s": cpu,
        "loaded": busy,
        "server": " ".join(options),
    }


def line(result: dict[str, Any]) -> str:
    """The figures in one line for the bench's table."""
    busy = result["loaded"]
    alone_met = "met" if result["alone_median_s"] <= TARGET_SECONDS else "NOT met"
    p95_met = "met" if busy["page_p95_ms"] < TARGET_P95_MS else "NOT met"
    return (
        f"photo: a 12-MP JPEG, last byte to confirm page, median {result['alone_median_s']:.2f} s "
        f"(worst {result['alone_worst_s']:.2f} s; target {TARGET_SECONDS:g} s: {alone_met}; "
        f"{result['alone_server_cpu_s']:.2f} s of the server's CPU a photo); "
        f"{SENDERS} phones sending at once: other pages p95 {busy['page_p95_ms']:.0f} ms "
        f"(target {TARGET_P95_MS:g} ms: {p95_met}), photos median {busy['photo_median_s']:.2f} s"
    )


if __name__ == "__main__":
    import json

    measured = run()
    print(json.dumps(measured, indent=2))
    print(line(measured))
