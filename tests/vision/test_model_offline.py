"""The models load from the package itself, with no network and no PyTorch: a process whose
sockets all refuse reads a shipped photo (issue 48), and the shipped models stay small."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from referee.vision import classify, detect
from referee.vision.partners import shipped

SHIPPED = Path(__file__).with_name("real") / "byler" / "images" / "IMG_20191209_100116.jpg"
MODELS_AT_MOST = 10_000_000  # bytes, every model shipped together, partners included
OFFLINE = """
import socket, sys
def refuse(*args, **kwargs):
    raise OSError("no network in this test")
socket.socket = refuse
socket.create_connection = refuse
socket.getaddrinfo = refuse
import referee
from referee.vision import read_photo
reading = read_photo(open(sys.argv[1], "rb").read())
assert "torch" not in sys.modules
print(len(reading.dice))
"""


def test_the_models_are_files_of_the_package_under_10_mb() -> None:
    package = Path(detect.__file__).parent
    models = [
        *shipped(detect.MODEL, detect.PARTNERS),
        *shipped(classify.MODEL, classify.PARTNERS),
    ]
    for model in models:
        assert model.is_relative_to(package) and model.exists()
    assert sum(model.stat().st_size for model in models) < MODELS_AT_MOST


def test_a_photo_is_read_with_every_socket_refused_and_no_pytorch() -> None:
    done = subprocess.run(
        [sys.executable, "-c", OFFLINE, str(SHIPPED)],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert int(done.stdout) > 0
