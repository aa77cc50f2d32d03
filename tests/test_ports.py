"""The tests' servers' ports (tests/ports.py): below the outgoing connections' range, in a
block of this process's own (another test run's process of the same worker number gets
another), and free when handed out."""

from __future__ import annotations

import os
import socket
import subprocess
import sys

from tests.ports import BLOCK, block_top, ephemeral_start, free_port

OTHER_RUN = "from tests.ports import block_top, free_port; print(block_top(), free_port())"


def test_ports_lie_below_outgoing_connections_in_this_processs_block():
    top = block_top()
    ports = [free_port() for _ in range(20)]
    assert top <= ephemeral_start()
    assert all(top - BLOCK <= port < top for port in ports)
    assert len(set(ports)) == len(ports)


def test_another_runs_process_of_the_same_worker_number_gets_another_block():
    top = block_top()  # claimed by this process
    # A worker of the same number in a second test run at the same time (another clone).
    other = subprocess.run(
        [sys.executable, "-c", OTHER_RUN],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    other_top, other_port = map(int, other.stdout.split())
    assert other_top != top and not top - BLOCK <= other_port < top


def test_a_port_listened_on_is_not_handed_out():
    with socket.socket() as held:
        held.bind(("127.0.0.1", free_port()))
        held.listen()
        taken = held.getsockname()[1]
        assert taken not in {free_port() for _ in range(BLOCK - 1)}
