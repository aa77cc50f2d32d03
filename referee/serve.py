"""Serve the app for phones on the same network: print the address, then run gunicorn."""

from __future__ import annotations

import os
import socket
import subprocess
import sys


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses that a phone on the same network could reach."""
    found: set[str] = set()
    try:
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2).stdout
        found.update(a for a in out.split() if "." in a)
    except (OSError, subprocess.SubprocessError):
        pass
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET):
            found.add(str(info[4][0]))
    except OSError:
        pass
    return sorted(a for a in found if not a.startswith("127."))


def main() -> None:
    """Print where to point a phone, then replace this process with gunicorn."""
    port = os.environ.get("PORT", "5000")
    print("Referee is starting.")
    for address in lan_addresses() or ["127.0.0.1"]:
        print(f"  On a phone on the same network, open: http://{address}:{port}/")
    print(f"  On this computer: http://127.0.0.1:{port}/", flush=True)
    gunicorn = os.path.join(os.path.dirname(sys.executable), "gunicorn")
    os.execv(
        gunicorn,
        [
            gunicorn,
            "--workers",
            os.environ.get("WORKERS", "2"),
            "--bind",
            f"0.0.0.0:{port}",
            "--access-logfile",
            "-",
            "referee.web:create_app()",
        ],
    )


if __name__ == "__main__":
    main()
