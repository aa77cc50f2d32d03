"""gunicorn's logger, with table links and join codes cut out of every line it writes.

``make run`` passes ``--logger-class referee.serving.access_log.RedactingLogger``: the access log
shows ``"GET /t/3f2a…/move" 302``, and so does the error log (a request that failed, a
request line refused as malformed).
"""

from __future__ import annotations

from typing import Any

from gunicorn.glogging import Logger

from referee.web.guard.redaction import guard


class RedactingLogger(Logger):
    """gunicorn's own logger, its access and error logs redacted
    (``referee.web.guard.redaction``)."""

    def setup(self, cfg: Any) -> None:
        """Set the logs up as gunicorn does, then guard both."""
        super().setup(cfg)
        guard(self.error_log)
        guard(self.access_log)
