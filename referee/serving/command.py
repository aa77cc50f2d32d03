"""Serve the app for phones on the same network: print the address, then run gunicorn with
workers that read each request whole before a thread takes it (``referee serve``, ``make
run``)."""

from __future__ import annotations

import importlib.util
import os
import socket
import subprocess
import sys
from collections.abc import Mapping
from pathlib import Path


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


def main(host: str | None = None, port: str | None = None) -> None:
    """Print where to point a phone and the house PIN, then serve: replace this process with
    gunicorn, or serve with waitress alone, in one process, where gunicorn cannot run (not
    installed, Windows).

    Either way each request is read whole before a thread takes it
    (``referee.serving.buffering_worker``): a slow or stalled client holds a socket, not a
    thread.  ``host`` and ``port`` stand over ``BIND`` and ``PORT``.  The first
    LAN address becomes ``BASE_URL`` (printed on PDFs) unless it is set already.
    """
    from referee.web import create_app

    port = port or os.environ.get("PORT", "5000")
    env = {**os.environ, **({"BIND": host} if host else {})}
    bind = env.get("BIND", "0.0.0.0")
    everywhere = bind in ("0.0.0.0", "::", "")
    addresses = (lan_addresses() or ["127.0.0.1"]) if everywhere else [bind]
    os.environ.setdefault("BASE_URL", f"http://{addresses[0]}:{port}")
    app = create_app()
    pin = app.config["HOUSE_PIN"]  # made on first start, kept in instance/
    print("Referee is starting.")
    if everywhere:
        for address in addresses:
            print(f"  On a phone on the same network, open: http://{address}:{port}/")
        print(f"  On this computer: http://127.0.0.1:{port}/")
    else:
        print(f"  Listening on {bind} only: http://{bind}:{port}/")
    print(f"  House PIN (to start tables, see every table, import and export): {pin}")
    print(
        "  On an open network, put a TLS reverse proxy in front (see docs/operating.md).",
        flush=True,
    )
    if not has_gunicorn():
        import waitress

        from referee.serving.request_limits import waitress_settings
        from referee.web import serving_app

        threads = int(env.get("THREADS", THREADS))
        waitress.serve(serving_app(), host=bind, port=int(port), **waitress_settings(threads))
        return
    # ``python -m gunicorn``, not the gunicorn script beside this Python: an installed app's
    # environment may take gunicorn from another one (pipx's injected packages, a venv
    # that sees the system's site-packages).
    options = [*gunicorn_args(port, env), *control_socket(Path(app.instance_path))]
    command = [sys.executable, "-m", "gunicorn", *options, "referee.web:serving_app()"]
    os.execv(sys.executable, command)


def has_gunicorn() -> bool:
    """Whether gunicorn can serve here: it is installed, on a system with fork (not Windows)."""
    return os.name == "posix" and importlib.util.find_spec("gunicorn") is not None


# Threads a worker: a page that waits its turn at the heavy-work gate still holds one, so a
# worker keeps plenty for light pages while the worst pages queue (16 loads at once, 8 threads:
# a plain page waited up to 1.9 s for a free thread; 16 threads: 0.84 s at most).
THREADS = 16


def gunicorn_args(port: str, env: Mapping[str, str] = os.environ) -> list[str]:
    """gunicorn's options: workers that read each request whole before one of their threads
    takes it, the bind address, timeouts, the access log with table links cut short
    (``WORKERS``, ``THREADS`` and ``BIND`` read from ``env``)."""
    return [
        "--workers",
        env.get("WORKERS", "2"),
        "--worker-class",
        "referee.serving.buffering_worker.BufferingWorker",
        "--threads",
        env.get("THREADS", str(THREADS)),
        "--bind",
        f"{env.get('BIND', '0.0.0.0')}:{port}",
        "--timeout",
        "30",
        "--graceful-timeout",
        "10",
        # No proxy's X-Forwarded-* believed by gunicorn's own request parser (its default
        # believes 127.0.0.1's), should another worker class be given: the app's ProxyFix
        # believes as many proxies as REFEREE_PROXIES says.
        "--forwarded-allow-ips",
        "",
        "--access-logfile",
        "-",
        "--access-logformat",
        '%(h)s "%(m)s %(U)s" %(s)s %(b)s %(L)ss',
        "--logger-class",
        "referee.serving.access_log.RedactingLogger",
    ]


def control_socket(instance: Path) -> list[str]:
    """gunicorn's control socket in the server's own instance folder: since gunicorn 25.1
    every server opens one, by default at one fixed path for the user ($XDG_RUNTIME_DIR or
    ~/.gunicorn), where two servers on one machine (or parallel tests) would unlink each
    other's."""
    import gunicorn

    if gunicorn.version_info < (25, 1):
        return []
    return ["--control-socket", str(instance / "gunicorn.ctl")]


if __name__ == "__main__":
    main()
