"""Flask extensions, created unbound here and bound in ``create_app``."""

from __future__ import annotations

import json
from typing import Any

from flask import Flask
from flask.json.provider import DefaultJSONProvider
from flask_compress import Compress
from flask_migrate import Migrate
from flask_sqlalchemy import SQLAlchemy
from flask_wtf import CSRFProtect
from sqlalchemy.orm import DeclarativeBase


class Base(DeclarativeBase):
    """Declarative base for every model."""


def strict_json(value: Any) -> str:
    """JSON text as the database stores it: NaN and Infinity refused (``ValueError``), as
    they are not JSON and PostgreSQL would refuse them."""
    return json.dumps(value, allow_nan=False)


class StrictJSONProvider(DefaultJSONProvider):
    """Flask's JSON (``jsonify``) without NaN or Infinity: every JSON response parses."""

    def dumps(self, obj: Any, **kwargs: Any) -> str:
        """``obj`` as JSON text; ``ValueError`` for a number that is not finite."""
        kwargs.setdefault("allow_nan", False)
        return super().dumps(obj, **kwargs)


def strict_json_responses(app: Flask) -> None:
    """Make ``app`` write its JSON responses with ``StrictJSONProvider``."""
    app.json = StrictJSONProvider(app)


db = SQLAlchemy(model_class=Base, engine_options={"json_serializer": strict_json})
migrate = Migrate()
csrf = CSRFProtect()
compress = Compress()
