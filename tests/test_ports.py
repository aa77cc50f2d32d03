"""The tests' servers' ports (tests/ports.py): below the outgoing connections' range, in a
block of this process's own, and free when handed out."""

from __future__ import annotations

import socket

from tests.ports import BLOCK, ephemeral_start, free_port, worker_number


def test_ports_lie_below_outgoing_connections_in_this_processs_block():
    top = ephemeral_start() - worker_number() * BLOCK
    ports = [free_port() for _ in range(20)]
    assert all(top - BLOCK <= port < top for port in ports)
    assert len(set(ports)) == len(ports)


def test_a_port_listened_on_is_not_handed_out():
    with socket.socket() as held:
        held.bind(("127.0.0.1", free_port()))
        held.listen()
        taken = held.getsockname()[1]
        assert taken not in {free_port() for _ in range(BLOCK - 1)}
