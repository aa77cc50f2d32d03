"""Dice read from a photo: the table's entry form (the roll's tap pad, a board, a pool, as
the game's ``photo_entry`` says) comes back filled in with what was read, for the table to
check and send as usual, with each die read outlined on the phone's own copy of the photo
(its place and size in the photo's pixels: the page draws them).  Nothing is stored here, and the
photo is never kept: the move is stored only when the table sends the form.

The photo may be up to ``PHOTO_BYTES`` (every other route keeps the app's smaller limit),
and the reader (``referee.vision``) refuses a decompression bomb before decoding it.  A
worker reads a few photos at once, each in its turn (``photo_turns``): one that waits too
long for its turn is answered 503 with a sentence, and one whose request runs past its
time limit stops before its next step (503, as any page past it).  A
photo that shows another number of dice than the entry has (or a board of another shape),
or none the reader can find, gets a sentence and the form as it was.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, flash, request

from referee.core.contract import table_settings
from referee.core.sentences import said_by, say
from referee.web.access.rights import check_can_change
from referee.web.base.languages import spoken
from referee.web.guard.limits import limit_client_writes
from referee.web.play.page import render_play
from referee.web.storage.loading import load, table_or_404

bp = Blueprint("photos", __name__)

PHOTO_BYTES = 10 * 1024 * 1024  # a phone's photo as it is, before the page scales it down
ENDPOINT = "photos.photo"


def allow_photos(app: Flask) -> None:
    """Let the photo route take up to ``PHOTO_BYTES``: set before any part of the app reads
    the body (the CSRF check reads the form first), so registered before it."""

    @app.before_request
    def photo_size() -> None:
        if request.endpoint == ENDPOINT:
            request.max_content_length = PHOTO_BYTES


@bp.post("/t/<token:token>/photo")
@limit_client_writes
def photo(token: str) -> Any:
    """The table's page with the entry it waits for (``photo_entry``, given the table's
    settings: a roll on the pad, a board, a pool, one die) filled in from the posted photo;
    422 with the page as it was and a sentence when the photo cannot be read as that entry,
    503 with one when the worker's turns to read photos stayed taken (``photo_turns``).
    Either way the fields the entry keeps from the post (``keep``) come back as posted."""
    from referee.vision import PhotoError  # OpenCV loads with the first photo
    from referee.web.play.photo_fill import NotThatPhoto, kept, read_for, reading_of
    from referee.web.play.photo_turns import BUSY, RETRY_AFTER_SECONDS, PhotosBusy, photo_turn

    table = table_or_404(token)
    check_can_change(table)
    loaded = load(table)
    game = loaded.replay.game
    entry = game.photo_entry(loaded.replay.state, table_settings(game, table.settings))
    if entry is None:
        error = say("There is no roll to enter now from a photo: tap it in.")
        return render_play(loaded, status=422, error=error)
    chosen = kept(entry, request.form)
    upload = request.files.get("photo")
    if upload is None:
        error = say("Choose a photo of the dice first.")
        return render_play(loaded, status=400, error=error, entered=chosen)
    try:
        with photo_turn():  # the photo's bytes are read from its spooled file in turn too
            filled = reading_of(entry, read_for(entry, upload.read()))
    except PhotosBusy:
        page, status = render_play(loaded, status=503, error=BUSY, entered=chosen)
        return page, status, {"Retry-After": str(RETRY_AFTER_SECONDS)}
    except PhotoError as exc:
        error = say("{refusal} Nothing was entered.", refusal=said_by(exc))
        return render_play(loaded, status=422, error=error, entered=chosen)
    except NotThatPhoto as exc:
        return render_play(loaded, status=422, error=said_by(exc), entered=chosen)
    flash(spoken(filled.said))
    return render_play(loaded, entered=chosen | filled.fields, photo=filled.dice)
