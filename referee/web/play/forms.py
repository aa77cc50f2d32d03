"""WTForms forms (CSRF via Flask-WTF); the engine stays the judge of the rules."""

from __future__ import annotations

import secrets

from flask import Flask, g, session
from flask_wtf.csrf import generate_csrf
from wtforms import FieldList, IntegerField, SelectField, StringField
from wtforms.fields.choices import SelectChoice
from wtforms.validators import InputRequired, Length, NumberRange, Optional, ValidationError

from referee.core.contract import Game
from referee.core.engine import SetupError
from referee.core.moves import MAX_NAME_LENGTH, check_players
from referee.core.names import check_names
from referee.core.sentences import said_by
from referee.web.base.form_messages import Form
from referee.web.base.languages import spoken, thousands
from referee.web.base.weighed import WeighedCache


class NewTableForm(Form):
    """Players in seating order; option fields are added per game by ``new_table_form``."""

    players = FieldList(
        StringField("Player", validators=[Optional(), Length(max=MAX_NAME_LENGTH)]),
        min_entries=8,
        max_entries=8,
    )

    def player_names(self) -> list[str]:
        """The names typed in, blanks skipped, in seating order."""
        return [p.strip() for p in self.players.data if p and p.strip()]

    def validate_players(self, field: FieldList) -> None:
        """Let the engine say whether this seating works for the game, and the name rules
        whether a stored table takes these names (no two of them one player)."""
        try:
            check_players(self.game, self.player_names())
            check_names(self.player_names())
        except SetupError as exc:
            raise ValidationError(said_by(exc)) from None

    def option_values(self) -> dict[str, int]:
        """The chosen options by name."""
        return {o.name: getattr(self, f"opt_{o.name}").data for o in self.game.OPTIONS}

    def setting_values(self) -> dict[str, str]:
        """The chosen table settings by name (``TABLE_SETTINGS``)."""
        return {s.name: getattr(self, f"set_{s.name}").data for s in self.game.TABLE_SETTINGS}


def new_table_form(game: Game) -> NewTableForm:
    """A new-table form for ``game`` with one field per table option and per table setting."""

    class GameTableForm(NewTableForm):
        pass

    for option in game.OPTIONS:
        if option.choices:
            field = SelectField(
                option.label,
                choices=[SelectChoice(c, thousands(c)) for c in option.choices],
                coerce=int,
                default=option.default,
                description=option.help,
            )
        else:
            field = IntegerField(
                option.label,
                default=option.default,
                validators=[InputRequired(), NumberRange(option.minimum, option.maximum)],
                description=option.help,
            )
        setattr(GameTableForm, f"opt_{option.name}", field)
    for setting in game.TABLE_SETTINGS:
        chosen = SelectField(
            setting.label,
            choices=[SelectChoice(c, spoken(c)) for c in setting.choices],
            default=setting.default,
            description=setting.help,
        )
        setattr(GameTableForm, f"set_{setting.name}", chosen)
    form = GameTableForm()
    form.game = game
    return form


PAGE_MARK_BYTES = 8  # 16 hex digits: pages of one table never share one
KEPT_TOKENS = 1024  # signed tokens kept per process, each of the session that holds it


def register_page_token(app: Flask) -> None:
    """Give the templates a ``csrf_token()`` that signs a session's token once.

    Flask-WTF's own signs the session's raw token anew for every request (a timed HMAC: a
    tenth of a table page's time) and reads four settings on every call.  With no time
    limit on tokens (``WTF_CSRF_TIME_LIMIT`` None, this app's setting) any token signed for
    the raw token is as good as another, so the last ``KEPT_TOKENS`` sessions' signed
    tokens are kept, by their raw token.  With a time limit every request signs its own.
    The request's token is where Flask-WTF keeps it (``g.csrf_token``), so forms that ask
    Flask-WTF get the same one."""
    field = app.config.get("WTF_CSRF_FIELD_NAME", "csrf_token")
    kept: WeighedCache[str, str] = WeighedCache(KEPT_TOKENS)

    def csrf_token() -> str:
        """The session's signed CSRF token, as Flask-WTF's ``generate_csrf`` signs it."""
        here = g._get_current_object()  # one look through the proxy, not one per use
        token: str | None = getattr(here, field, None)
        if token is not None:
            return token
        timeless = app.config["WTF_CSRF_TIME_LIMIT"] is None
        raw = session.get(field)
        token = kept.get(raw) if timeless and isinstance(raw, str) else None
        if token is None:
            token = generate_csrf()
            if timeless:
                kept.put(session[field], token, 1)
        setattr(here, field, token)
        return token

    app.jinja_env.globals["csrf_token"] = csrf_token
    app.jinja_env.globals["page_mark"] = page_mark


def page_mark() -> str:
    """This page's own mark, random and one per page rendered: its move forms post it as
    ``page``, and the moves they store keep it, so that a second post of the same moves from
    the same page (a double tap) is known for this phone's own."""
    here = g._get_current_object()
    mark: str | None = getattr(here, "page_mark", None)
    if mark is None:
        mark = here.page_mark = secrets.token_hex(PAGE_MARK_BYTES)
    return mark


class MoveForm(Form):
    """The sequence number the page was showing and the page's mark (``page_mark``); the
    dice come from the page's own fields.

    The form checks no CSRF token of its own: ``CSRFProtect`` has checked the token of
    every POST before any view runs, and the page sends it as ``csrf_token()``.
    """

    class Meta:
        """No second check of the token ``CSRFProtect`` checked already."""

        csrf = False

    seq = IntegerField(validators=[InputRequired()])
    page = StringField(validators=[Optional(), Length(max=2 * PAGE_MARK_BYTES)])
