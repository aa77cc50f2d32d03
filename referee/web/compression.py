"""Pages, styles and scripts go out compressed (Flask-Compress), so a table's first load
stays light on a phone's data plan.

Brotli where the phone asks for it (browsers do over HTTPS), else gzip.  A static file is
read into memory before it is compressed: Flask streams it from an open file, and
compressing a stream would leave that file to be closed by the garbage collector.
"""

from __future__ import annotations

from flask import Flask, Response, request

from referee.web.extensions import compress

SETTINGS = {
    "COMPRESS_ALGORITHM": ["br", "gzip"],
    "COMPRESS_STREAMS": False,  # nothing streamed is compressed: static files are read first
}


def read_static_file(response: Response) -> Response:
    """A static file's response, its open file read and closed, ready to be compressed."""
    if request.endpoint == "static" and response.is_streamed:
        response.direct_passthrough = False
        response.make_sequence()  # reads the file; the response closes it when it is sent
    return response


def register(app: Flask) -> None:
    """Compress every response worth compressing; static files are read first."""
    for key, value in SETTINGS.items():
        app.config.setdefault(key, value)
    compress.init_app(app)
    # After-request functions run last-registered first: this one before the compression.
    app.after_request(read_static_file)
