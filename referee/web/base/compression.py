"""Pages, styles and scripts go out compressed (Flask-Compress), so a table's first load
stays light on a phone's data plan.

Brotli where the phone asks for it (browsers do over HTTPS), else gzip.  A static file is
read into memory, and its file closed, before it is compressed: Flask streams it from an
open file, and a phone that drops the connection mid-file would leave that file to the
garbage collector.  A script goes out without its comment lines (a line that starts with
``//``): they are for the people who read the code, and a quarter of what a phone would
download; and without its lines' indentation (the scripts hold no template literal and no
string continued over a line, so no string loses a space; a line break stays where it was,
so no statement ends elsewhere).
"""

from __future__ import annotations

import re

from flask import Flask, Response, request

from referee.web.base.extensions import compress

COMMENT_LINE = re.compile(rb"^[ \t]*//[^\n]*\n", re.MULTILINE)
INDENTATION = re.compile(rb"^[ \t]+", re.MULTILINE)
SETTINGS = {
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_STREAMS": False,  # nothing streamed is compressed: static files are read first
}


def read_static_file(response: Response) -> Response:
    """A static file's response, its open file read and closed (a script's comment lines
    and indentation left out), ready to be compressed."""
    if request.endpoint == "static" and response.is_streamed:
        stream = response.response
        response.direct_passthrough = False
        body = b"".join(response.iter_encoded())
        close = getattr(stream, "close", None)
        if close is not None:
            close()
        if response.mimetype in ("text/javascript", "application/javascript"):
            body = INDENTATION.sub(b"", COMMENT_LINE.sub(b"", body))
        response.set_data(body)
    return response


def register(app: Flask) -> None:
    """Compress every response worth compressing; static files are read first."""
    for key, value in SETTINGS.items():
        app.config.setdefault(key, value)
    compress.init_app(app)
    # After-request functions run last-registered first: this one before the compression.
    app.after_request(read_static_file)
