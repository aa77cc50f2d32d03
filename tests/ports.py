"""Ports for the servers the tests start themselves (PostgreSQL, gunicorn, Redis, HAProxy).

A port found free by binding to port 0 lies in the range the kernel hands out for outgoing
connections (``/proc/sys/net/ipv4/ip_local_port_range``, 32768-60999 by default).  Between
finding it and the server binding it, another process's outgoing connection (a worker's
client talking to its PostgreSQL, a browser fetching a page) could take it, and the server
would not start: "Address already in use".  So the tests' servers listen below that range,
where no outgoing connection goes, and each pytest process (each xdist worker) has a block of
ports of its own, so that two workers never choose the same one.

Two test runs at once on one machine (two clones' ``make test``) have workers of the same
numbers: had their blocks been the worker's number's, the other run's worker could choose
a port between this one choosing it and its server binding it, and its test would then talk
to this run's server (a table that is not there, a CSRF token from another app).  So a
process claims its block, for as long as it lives, by a lock on a file of the block's own
(``CLAIMS``): the block of its worker's number when no other process holds it, else the
next free one.
"""

from __future__ import annotations

import fcntl
import itertools
import os
import socket
import tempfile
from pathlib import Path

PORT_RANGE = Path("/proc/sys/net/ipv4/ip_local_port_range")
BLOCK = 1000  # ports per pytest process
LOWEST = 1024  # the ports below are the system's
CLAIMS = Path(tempfile.gettempdir()) / "referee-test-ports"
_turn = itertools.count()
_block: list[tuple[int, int]] = []  # (its top, the descriptor of its claim's lock)


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


def block_top() -> int:
    """The port just above this process's block: the first block from its worker's number
    on that no other process has claimed, claimed till this process ends."""
    if _block:
        return _block[0][0]
    CLAIMS.mkdir(exist_ok=True)
    blocks = (ephemeral_start() - LOWEST) // BLOCK
    for turn in range(blocks):
        number = (worker_number() + turn) % blocks
        lock = os.open(CLAIMS / f"block-{number}", os.O_RDWR | os.O_CREAT, 0o666)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the descriptor is not inherited
        except OSError:  # another process's
            os.close(lock)
            continue
        _block.append((ephemeral_start() - number * BLOCK, lock))
        return _block[0][0]
    raise RuntimeError(f"every block of {BLOCK} test ports is claimed ({CLAIMS})")


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now, from this process's block
    below the outgoing connections' range, each asked for in turn."""
    top = block_top()
    for _ in range(BLOCK):
        port = top - 1 - next(_turn) % BLOCK
        with socket.socket() as sock:
            try:
                sock.bind(("127.0.0.1", port))
            except OSError:  # taken, or still held by a closed connection
                continue
            return port
    raise RuntimeError(f"no free port on 127.0.0.1 in {top - BLOCK}-{top - 1}")
