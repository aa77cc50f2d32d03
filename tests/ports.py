"""Ports for the servers the tests start themselves (PostgreSQL, gunicorn, Redis, HAProxy).

A port found free by binding to port 0 lies in the range the kernel hands out for outgoing
connections (``/proc/sys/net/ipv4/ip_local_port_range``, 32768-60999 by default).  Between
finding it and the server binding it, another process's outgoing connection (a worker's
client talking to its PostgreSQL, a browser fetching a page) could take it, and the server
would not start: "Address already in use".  So the tests' servers listen below that range,
where no outgoing connection goes, and each pytest process (each xdist worker) has a block of
ports of its own, so that two workers never choose the same one.
"""

from __future__ import annotations

import itertools
import os
import socket
from pathlib import Path

PORT_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
BLOCK = 1000  # ports per pytest process
_turn = itertools.count()


def ephemeral_start() -> int:
    """The first port the kernel hands out for outgoing connections (32768 when unknown)."""
    try:
        return int(PORT_RANGE.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return 32768


def worker_number() -> int:
    """This pytest process's number: N for xdist's worker gwN, 0 for a run in one process."""
    name = os.environ.get("PYTEST_XDIST_WORKER", "")
    return int(name[2:]) if name.startswith("gw") and name[2:].isdigit() else 0


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now, from this process's block
    below the outgoing connections' range, each asked for in turn."""
    top = ephemeral_start() - worker_number() * BLOCK
    for _ in range(BLOCK):
        port = top - 1 - next(_turn) % BLOCK
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:  # taken, or still held by a closed connection
                continue
            return port
    raise RuntimeError(f"no free port on 127.0.0.1 in {top - BLOCK}-{top - 1}")
