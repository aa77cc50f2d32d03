"""Who may change what: a table's link for its players, the house PIN for everything else.

A table is reached only through its unguessable link (``/t/<token>``): whoever was
given the link plays at the table.  House-wide pages (every table's history, players
and their merges, import, export of everything, starting or deleting a table) need
the house PIN, entered once per phone: the phone's sealed session keeps a random grant
id, the database the grant (``HouseGrant``), which "Forget it" deletes.  A finished
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
from flask_babel import gettext
from sqlalchemy import delete, select
from werkzeug.routing import BaseConverter
from wtforms import PasswordField
from wtforms.validators import InputRequired, Length

from referee.core.sentences import say
from referee.web.base.extensions import db
from referee.web.base.form_messages import Form
from referee.web.base.inputs import has_control
from referee.web.base.models import HouseGrant, TableFacts, utcnow
from referee.web.guard.limits import limiter
from referee.web.guard.security import private_file, unshared
from referee.web.guard.stale import once_more_if_stale
from referee.web.storage.loading import Loaded, load, table_with_claims

bp = Blueprint("access", __name__)

PIN_DIGITS = 8
REMEMBERED_TABLES = 20
HOUSE = "house"  # the session key of this phone's house grant id
HOUSE_CHECKED = "referee.is_house"  # this request's answer, kept in its WSGI environ
View = TypeVar("View", bound=Callable[..., Any])


class TokenConverter(BaseConverter):
    """A table token in a URL: 32 hex digits, nothing else."""

    regex = r"[0-9a-f]{32}"


def house_pin(app: Flask) -> str:
    """The house PIN: ``HOUSE_PIN`` from the config or environment, else a random one
    created on first start and kept in ``instance/house_pin`` (mode 0600; a warning in the
    log when the database is shared: other servers will not have it)."""
    if pin := app.config.get("HOUSE_PIN") or os.environ.get("HOUSE_PIN"):
        return str(pin)
    path = Path(app.instance_path) / "house_pin"
    unshared(app, "HOUSE_PIN", path)
    return private_file(path, lambda: f"{secrets.randbelow(10**PIN_DIGITS):0{PIN_DIGITS}d}")


def register(app: Flask) -> None:
    """Settle the PIN, teach the URL map the token converter, keep sessions for a year."""
    app.config["HOUSE_PIN"] = house_pin(app)
    app.config.setdefault("PERMANENT_SESSION_LIFETIME", timedelta(days=365))
    app.url_map.converters["token"] = TokenConverter
    app.jinja_env.globals["is_house"] = is_house


def pin_fingerprint(app: Flask) -> str:
    """What a house grant keeps of the PIN it was made with: changing the PIN forgets every
    phone."""
    key = str(app.secret_key).encode()
    return hmac.new(key, app.config["HOUSE_PIN"].encode(), hashlib.sha256).hexdigest()


def grant_digest(grant: str) -> str:
    """What the database keeps of a grant id (a stolen database opens no house)."""
    return hashlib.sha256(grant.encode()).hexdigest()


def grant_house() -> str:
    """A new house grant for the current PIN, added to the database session (the caller
    commits), and its id for the phone's session.  Grants of an earlier PIN go."""
    grant = secrets.token_urlsafe(32)
    pin = pin_fingerprint(current_app)
    db.session.execute(delete(HouseGrant).where(HouseGrant.pin != pin))
    db.session.add(HouseGrant(digest=grant_digest(grant), pin=pin))
    return grant


def revoke_house(grant: Any) -> None:
    """Delete the house grant a session held (nothing for None or a value not a grant id);
    the caller commits."""
    if isinstance(grant, str):
        db.session.execute(delete(HouseGrant).where(HouseGrant.digest == grant_digest(grant)))


def is_house() -> bool:
    """Whether this phone holds a house grant made with the current PIN (one read a request,
    none for a phone that never entered it)."""
    if HOUSE_CHECKED not in request.environ:
        request.environ[HOUSE_CHECKED] = _holds_house_grant()
    return bool(request.environ[HOUSE_CHECKED])


def _holds_house_grant() -> bool:
    grant = session.get(HOUSE)
    if not isinstance(grant, str) or not grant:
        return False
    query = select(HouseGrant.pin).where(HouseGrant.digest == grant_digest(grant))
    # A blueprint's guard (the player pages') asks before the view, out of its retry.
    pin = once_more_if_stale(lambda: db.session.scalar(query))
    return pin is not None and hmac.compare_digest(pin, pin_fingerprint(current_app))


def house_only(view: View) -> View:
    """Guard a house-wide view: a page asks for the PIN, a post is refused with 403."""

    @wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if is_house():
            return view(*args, **kwargs)
        if request.method in ("GET", "HEAD"):
            return redirect(url_for("access.house", next=request.full_path.rstrip("?")))
        abort(
            403,
            say("Only a phone that has entered the house PIN can do that; nothing was changed."),
        )

    return guarded  # type: ignore[return-value]


def grace_over(table: TableFacts) -> bool:
    """Whether a finished table has turned read-only for its link."""
    if table.finished_at is None:
        return False
    grace = timedelta(seconds=current_app.config["FINISHED_GRACE_SECONDS"])
    return utcnow() - table.finished_at > grace


def check_can_change(table: TableFacts) -> None:
    """403 when the table's link may no longer change it (finished, grace period over)."""
    if grace_over(table) and not is_house():
        abort(
            403,
            say(
                "This game is finished and its scoresheet is now closed; "
                "only a phone with the house PIN can change it. Nothing was changed."
            ),
        )


def load_to_change(token: str) -> Loaded:
    """The table behind a link, loaded for a change (the first step of a move's way: load,
    judge, store, answer) with its seat claims, read in one statement: a 404 page when
    there is no such table, a 403 when this phone may no longer change it
    (``check_can_change``)."""
    found = table_with_claims(token)
    if found is None:
        abort(404)
    table, claims = found
    check_can_change(table)
    return load(table, claims)


def remember(table: TableFacts) -> None:
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


class PinForm(Form):
    """The house PIN, typed on the number pad."""

    pin = PasswordField(say("House PIN"), validators=[InputRequired(), Length(max=64)])


@bp.route("/house", methods=["GET", "POST"])
@limiter.limit(lambda: current_app.config["PIN_LIMIT"], methods=["POST"])
def house() -> Any:
    """Enter the house PIN once on this phone."""
    form = PinForm()
    target = safe_next(request.args.get("next"))
    if form.validate_on_submit():
        typed = (form.pin.data or "").strip().encode()
        if hmac.compare_digest(typed, current_app.config["HOUSE_PIN"].encode()):
            revoke_house(session.get(HOUSE))  # a copy of the cookie before holds it no more
            session[HOUSE] = grant_house()
            db.session.commit()
            session.permanent = True
            flash(gettext("This phone now has the house PIN."))
            return redirect(target)
        form.pin.errors = [say("That is not the house PIN.")]
    status = 422 if request.method == "POST" else 200
    return render_template("access/house.html", form=form, target=target), status


@bp.post("/house/leave")
def leave() -> Any:
    """Forget the house PIN on this phone, and on every copy of its cookie: the grant goes."""
    revoke_house(session.pop(HOUSE, None))
    db.session.commit()
    flash(gettext("This phone has forgotten the house PIN."))
    return redirect(url_for("tables.index"))
