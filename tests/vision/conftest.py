"""What the vision tests that need the ``train`` extra share: PyTorch, and a test's process
with no network (the pretrained weights come from their package, never from a download)."""

from __future__ import annotations

import socket

import pytest


@pytest.fixture(scope="module")
def torch():
    """PyTorch, from the train extra (imported only by the tests marked ``train``)."""
    import torch

    return torch


def refuse(*args, **kwargs):
    """A socket that never connects."""
    raise OSError("no network in this test")


@pytest.fixture
def no_network(monkeypatch):
    """Every socket this test opens or connects is refused."""
    monkeypatch.setattr(socket, "socket", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)
