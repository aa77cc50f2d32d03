"""A throwaway Redis for the tests: Debian's ``redis-server`` on a free loopback port.

Nothing is kept on disk (no snapshots, no append-only file) and no service is touched: the
server runs in the foreground as the test's child, in its own temp folder, until ``stop``.
``stop`` and ``start`` again on the same port play Redis going away and coming back;
``hung`` plays it hanging.
"""

from __future__ import annotations

import shutil
import signal
import socket
import subprocess
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from tests.ports import free_port

SERVER = "redis-server"
TIMEOUT = 10


class Unavailable(Exception):
    """Debian's ``redis-server`` is not installed here."""


def answers(port: int) -> bool:
    """Whether a Redis on 127.0.0.1:``port`` answers PING."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=1) as conn:
            conn.sendall(b"PING\r\n")
            return conn.recv(16).startswith(b"+PONG")
    except OSError:
        return False


@dataclass
class Redis:
    """A redis-server of our own: its folder, port and process."""

    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="referee-redis-")))
    port: int = field(default_factory=free_port)
    process: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        """Start it (again, on the same port) and wait until it answers."""
        binary = shutil.which(SERVER) or f"/usr/bin/{SERVER}"
        if not Path(binary).exists():
            raise Unavailable(f"{SERVER} not found: install Debian's redis-server")
        options = ["--port", str(self.port), "--bind", "127.0.0.1", "--save", ""]
        options += ["--appendonly", "no", "--dir", str(self.folder), "--loglevel", "warning"]
        with (self.folder / "redis.log").open("a") as log:
            self.process = subprocess.Popen([binary, *options], stdout=log, stderr=log)
        deadline = time.monotonic() + TIMEOUT
        while not answers(self.port):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"redis-server did not start: {self.log()}")
            time.sleep(0.02)
        return self

    def log(self) -> str:
        return (self.folder / "redis.log").read_text(errors="replace")[-2000:]

    def keys(self) -> list[str]:
        """The keys Redis holds now."""
        import redis

        client = redis.Redis.from_url(self.url)
        try:
            return sorted(key.decode() for key in client.keys("*"))
        finally:
            client.close()

    def stop(self) -> None:
        """Stop it at once (SIGKILL: as good as a crash, nothing is kept anyway)."""
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(TIMEOUT)

    @contextmanager
    def hung(self) -> Iterator[None]:
        """Within the block the server hangs (SIGSTOP): connections are still taken by the
        kernel, and nothing answers; it goes on (SIGCONT) as the block ends."""
        assert self.process is not None
        self.process.send_signal(signal.SIGSTOP)
        try:
            yield
        finally:
            self.process.send_signal(signal.SIGCONT)

    def remove(self) -> None:
        """Stop it and delete its folder."""
        if self.process is not None:
            self.process.send_signal(signal.SIGCONT)
        self.stop()
        shutil.rmtree(self.folder, ignore_errors=True)
