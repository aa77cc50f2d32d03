"""A roll read from a photo of the dice: the table's entry form comes back filled in with
what was read, for the table to check and send as usual.  Nothing is stored here, and the
photo is never kept: the move is stored only when the table sends the form.

The photo may be up to ``PHOTO_BYTES`` (every other route keeps the app's smaller limit),
and the reader (``referee.vision``) refuses a decompression bomb before decoding it.  A
photo that shows another number of dice than the roll has, or none the reader can find,
gets a sentence and the form as it was.
"""

from __future__ import annotations

from typing import Any

from flask import Blueprint, Flask, flash, request

from referee.web.access import check_can_change
from referee.web.limits import limit_table_writes
from referee.web.store import load
from referee.web.tables import render_play, table_or_404

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
@limit_table_writes
def photo(token: str) -> Any:
    """The table's page with the roll it waits for filled in from the posted photo; 422 with
    the page as it was and a sentence when the photo cannot be read as that roll."""
    from referee.vision import PhotoError, read_photo  # OpenCV loads with the first photo
    from referee.vision.reader import SURE

    table = table_or_404(token)
    check_can_change(table)
    loaded = load(table)
    game, state = loaded.replay.game, loaded.replay.state
    count = game.dice_to_roll(state)
    if not count or game.keys_to_roll(state):
        why = "no roll to enter now" if not count else "key dice, which a photo does not yet tell"
        return render_play(loaded, status=422, error=f"This roll has {why}: tap it in.")
    upload = request.files.get("photo")
    if upload is None:
        return render_play(loaded, status=400, error="Choose a photo of the dice first.")
    try:
        dice = read_photo(upload.read(), "loose").dice
    except PhotoError as exc:
        return render_play(loaded, status=422, error=f"{exc} Nothing was entered.")
    if len(dice) != count:
        seen = f"{len(dice)} {'die' if len(dice) == 1 else 'dice'}"
        error = f"The photo shows {seen}, and this roll has {count}: take it again, or tap it in."
        return render_play(loaded, status=422, error=error)
    unsure = [str(i + 1) for i, die in enumerate(dice) if die.confidence < SURE]
    check = f" Check {'die' if len(unsure) == 1 else 'dice'} {', '.join(unsure)}." if unsure else ""
    flash(
        f"Read from the photo: {' '.join(str(d.value) for d in dice)}.{check} Then enter the roll."
    )
    return render_play(loaded, entered={f"d{i}": str(die.value) for i, die in enumerate(dice)})
