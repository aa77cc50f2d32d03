"""Who may change what: a table's link for its players, the house PIN for everything else.

A table is reached only through its unguessable link (``/t/<token>``): whoever was
given the link plays at the table.  House-wide pages (every table's history, players
and their merges, import, export of everything, starting or deleting a table) need
the house PIN, entered once per phone and kept in its signed session.  A finished
table turns read-only for its link after a grace period; the PIN still changes it.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
from collections.abc import Callable
from datetime import timedelta
from functools import wraps
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

from flask import (
    Blueprint,
    Flask,
    abort,
    current_app,
    flash,
    redirect,
    render_template,
    request,
    session,
    url_for,
)
from flask_wtf import FlaskForm
from werkzeug.routing import BaseConverter
from wtforms import PasswordField
from wtforms.validators import InputRequired, Length

from referee.web.inputs import has_control
from referee.web.limits import limiter
from referee.web.models import GameTable, utcnow
from referee.web.security import private_file

bp = Blueprint("access", __name__)

PIN_DIGITS = 8
REMEMBERED_TABLES = 20
View = TypeVar("View", bound=Callable[..., Any])


class TokenConverter(BaseConverter):
    """A table token in a URL: 32 hex digits, nothing else."""

    regex = r"[0-9a-f]{32}"


def house_pin(app: Flask) -> str:
    """The house PIN: ``HOUSE_PIN`` from the config or environment, else a random one
    created on first start and kept in ``instance/house_pin`` (mode 0600)."""
    if pin := app.config.get("HOUSE_PIN") or os.environ.get("HOUSE_PIN"):
        return str(pin)
    path = Path(app.instance_path) / "house_pin"
    return private_file(path, lambda: f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}")


def register(app: Flask) -> None:
    """Settle the PIN, teach the URL map the token converter, keep sessions for a year."""
    app.config["HOUSE_PIN"] = house_pin(app)
    app.config.setdefault("PERMANENT_SESSION_LIFETIME", timedelta(days=365))
    app.url_map.converters["token"] = TokenConverter
    app.jinja_env.globals["is_house"] = is_house


def pin_fingerprint(app: Flask) -> str:
    """What a phone keeps to show it knows the PIN: changing the PIN forgets every phone."""
    key = str(app.secret_key).encode()
    return hmac.new(key, app.config["HOUSE_PIN"].encode(), hashlib.sha256).hexdigest()


def is_house() -> bool:
    """Whether this phone has entered the current house PIN."""
    return hmac.compare_digest(str(session.get("house", "")), pin_fingerprint(current_app))


def house_only(view: View) -> View:
    """Guard a house-wide view: a page asks for the PIN, a post is refused with 403."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if is_house():
            return view(*args, **kwargs)
        if request.method in ("GET", "HEAD"):
            return redirect(url_for("access.house", next=request.full_path.rstrip("?")))
        abort(403, "Only a phone that has entered the house PIN can do that; nothing was changed.")

    return guarded  # type: ignore[return-value]


def grace_over(table: GameTable) -> bool:
    """Whether a finished table has turned read-only for its link."""
    if table.finished_at is None:
        return False
    grace = timedelta(seconds=current_app.config["FINISHED_GRACE_SECONDS"])
    return utcnow() - table.finished_at > grace


def check_can_change(table: GameTable) -> None:
    """403 when the table's link may no longer change it (finished, grace period over)."""
    if grace_over(table) and not is_house():
        abort(
            403,
            "This game is finished and its scoresheet is now closed; "
            "only a phone with the house PIN can change it. Nothing was changed.",
        )


def remember(table: GameTable) -> None:
    """Keep the table on this phone's list of tables (newest first)."""
    if session.get("tables", [None])[:1] == [table.token]:
        return  # already first: leave the cookie as it is
    known = [t for t in session.get("tables", []) if t != table.token]
    session["tables"] = [table.token, *known][:REMEMBERED_TABLES]
    session.permanent = True


def remembered() -> list[str]:
    """The tokens of the tables this phone has opened, newest first."""
    tokens = session.get("tables", [])
    return [t for t in tokens if isinstance(t, str)][:REMEMBERED_TABLES]


def safe_next(target: str | None) -> str:
    """A local path to go on to after the PIN, never another site."""
    parts = urlsplit(target or "")
    if not target or parts.scheme or parts.netloc or not target.startswith("/"):
        return url_for("tables.index")
    if target.startswith("//") or "\\" in target or has_control(target):
        return url_for("tables.index")  # a newline would split the Location header
    return target


class PinForm(FlaskForm):
    """The house PIN, typed on the number pad."""

    pin = PasswordField("House PIN", validators=[InputRequired(), Length(max=64)])


@bp.route("/house", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["PIN_LIMIT"], methods=["POST"])
def house() -> Any:
    """Enter the house PIN once on this phone."""
    form = PinForm()
    target = safe_next(request.args.get("next"))
    if form.validate_on_submit():
        typed = (form.pin.data or "").strip().encode()
        if hmac.compare_digest(typed, current_app.config["HOUSE_PIN"].encode()):
            session["house"] = pin_fingerprint(current_app)
            session.permanent = True
            flash("This phone now has the house PIN.")
            return redirect(target)
        form.pin.errors = ["That is not the house PIN."]
    status = 422 if request.method == "POST" else 200
    return render_template("access/house.html", form=form, target=target), status


@bp.post("/house/leave")
def leave() -> Any:
    """Forget the house PIN on this phone."""
    session.pop("house", None)
    flash("This phone has forgotten the house PIN.")
    return redirect(url_for("tables.index"))
