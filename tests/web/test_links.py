"""The templates' ``url_for`` keeps the links it built (``referee/web/base/links.py``): each is
exactly what Flask's own would build, whatever the script root, and Flask's options still work."""

from __future__ import annotations

import pytest
from flask import render_template_string, url_for

from referee.web import create_app


@pytest.fixture
def app(tmp_path, monkeypatch):
    """An app whose database is never touched: links need none."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.delenv("DATABASE_URL", raising=False)
    return create_app(
        {"TESTING": True, "SECRET_KEY": "test", "SQLALCHEMY_DATABASE_URI": "sqlite://"}
    )


TEMPLATE = "{{ url_for(endpoint, **values) }}"
CASES = [
    ("static", {"filename": "css/app.css"}),
    ("tables.play", {"token": "0123456789abcdef0123456789abcdef"}),
    ("tables.move", {"token": "0123456789abcdef0123456789abcdef"}),
    ("help.game_help", {"slug": "tenk"}),
    ("tables.index", {}),
]


def rendered(endpoint: str, **values: object) -> str:
    """What a template's ``url_for`` gives."""
    return render_template_string(TEMPLATE, endpoint=endpoint, values=values)


@pytest.mark.parametrize(("endpoint", "values"), CASES)
def test_a_kept_link_is_the_one_flask_builds_under_any_script_root(app, endpoint, values):
    for root in ("", "/referee", "/other"):
        for _ in range(2):  # built, then kept
            with app.test_request_context("/", base_url=f"http://localhost{root}/"):
                assert rendered(endpoint, **values) == url_for(endpoint, **values)
                assert rendered(endpoint, **values).startswith(f"{root}/")


def test_flasks_own_options_still_work_in_templates(app):
    token = "0123456789abcdef0123456789abcdef"
    with app.test_request_context("/", base_url="https://club.example"):
        assert rendered("tables.play", token=token, _external=True) == (
            f"https://club.example/t/{token}"
        )
        assert rendered("tables.play", token=token, _anchor="now") == f"/t/{token}#now"


def test_an_unhashable_value_is_built_each_time(app):
    with app.test_request_context("/"):
        assert rendered("tables.index", page=["2"]) == url_for("tables.index", page=["2"])


def test_a_link_outside_a_request_is_built_by_flask(app):
    app.config["SERVER_NAME"] = "club.example"
    with app.app_context():
        assert rendered("static", filename="js/live.js") == url_for("static", filename="js/live.js")


def test_equal_values_of_different_types_are_kept_apart(app):
    with app.test_request_context("/"):
        assert rendered("tables.index", page=1) == url_for("tables.index", page=1)
        assert rendered("tables.index", page=True) == url_for("tables.index", page=True)
        assert rendered("tables.index", page=1.0) == url_for("tables.index", page=1.0)
