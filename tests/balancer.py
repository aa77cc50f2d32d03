"""A real load balancer for the cluster test: Debian's HAProxy in front of app servers.

The configuration is the one docs/operating.md gives ("Several app servers"), with the
checks made quick for a test: each server's ``/healthz/database`` asked every 200 ms, out
after 2 failures, back after 2 successes.  A connection a dead server refuses is tried
again on another (``retries``, ``option redispatch``); ``option forwardfor`` tells the app
the phone's address (``REFEREE_PROXIES=1``).  A request reaches a server only once its
headers, and its body up to HAProxy's buffer (16 kB), have come in, within 10 s
(``option http-buffer-request``, ``timeout http-request``).  What HAProxy thinks of each
server is read from its admin socket (``show stat``).
"""

from __future__ import annotations

import csv
import socket
import subprocess
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.ports import free_port

BINARY = "/usr/sbin/haproxy"
TIMEOUT = 10
CONFIG = """\
global
    maxconn {maxconn}
    stats socket {admin} mode 600 level admin

defaults
    mode http
    timeout connect 1s
    timeout client 30s
    timeout server 30s
    timeout check 1s
    timeout http-request 10s
    retries 3
    option redispatch
    option forwardfor
    option http-buffer-request

frontend phones
    bind 127.0.0.1:{port}
    default_backend referee

backend referee
    balance roundrobin
    option httpchk GET /healthz/database
    http-check expect status 200
    default-server inter 200ms fall 2 rise 2
{servers}
"""


class Unavailable(Exception):
    """Debian's ``haproxy`` is not installed here."""


@dataclass
class HAProxy:
    """HAProxy balancing ``backends`` (name: port on 127.0.0.1), run from ``folder``."""

    folder: Path
    backends: dict[str, int]
    port: int = field(default_factory=free_port)
    maxconn: int = 512  # phones' connections at once (the capacity bench holds thousands)
    process: subprocess.Popen | None = None

    @property
    def admin(self) -> Path:
        return self.folder / "haproxy.sock"

    def config(self) -> str:
        servers = "\n".join(
            f"    server {name} 127.0.0.1:{port} check" for name, port in self.backends.items()
        )
        return CONFIG.format(
            admin=self.admin, port=self.port, servers=servers, maxconn=self.maxconn
        )

    def start(self) -> HAProxy:
        """Write the configuration, start HAProxy and wait until every server is up."""
        if not Path(BINARY).exists():
            raise Unavailable(f"{BINARY} not found: install Debian's haproxy")
        self.folder.mkdir(parents=True, exist_ok=True)
        config = self.folder / "haproxy.cfg"
        config.write_text(self.config())
        log = (self.folder / "haproxy.log").open("a")
        with log:
            self.process = subprocess.Popen(
                [BINARY, "-db", "-f", str(config)], stdout=log, stderr=log
            )
        for name in self.backends:
            self.wait_for(name, "UP")
        return self

    def states(self) -> dict[str, str]:
        """Each server's status as HAProxy sees it now: "UP", "DOWN", "UP 1/2" (failing)..."""
        return {name: row["status"] for name, row in self.stats().items()}

    def times_taken_out(self) -> dict[str, int]:
        """How many times HAProxy has taken each server out of service (UP to DOWN)."""
        return {name: int(row["chkdown"] or 0) for name, row in self.stats().items()}

    def stats(self) -> dict[str, dict[str, str]]:
        """HAProxy's statistics row of each server, by name."""
        with socket.socket(socket.AF_UNIX) as admin:
            admin.settimeout(TIMEOUT)
            admin.connect(str(self.admin))
            admin.sendall(b"show stat\n")
            chunks = []
            while chunk := admin.recv(65536):
                chunks.append(chunk)
        lines = b"".join(chunks).decode().lstrip("# ").splitlines()
        return {
            row["svname"]: row
            for row in csv.DictReader(lines)
            if row["pxname"] == "referee" and row["svname"] in self.backends
        }

    def wait_for(self, name: str, status: str, timeout: float = TIMEOUT) -> float:
        """Wait until HAProxy gives server ``name`` the ``status``; the monotonic time then."""
        deadline = time.monotonic() + timeout
        while True:
            assert self.process is not None and self.process.poll() is None, self.log()
            try:
                if self.states().get(name) == status:
                    return time.monotonic()
            except OSError:  # the admin socket is not there yet
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"{name} never {status}: {self.states()}\n{self.log()}")
            time.sleep(0.02)

    def log(self) -> str:
        path = self.folder / "haproxy.log"
        return path.read_text(errors="replace")[-2000:] if path.exists() else ""

    def stop(self) -> None:
        """Stop it (and forget its folder's socket)."""
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(TIMEOUT)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(TIMEOUT)
        self.admin.unlink(missing_ok=True)
