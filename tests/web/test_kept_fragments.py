"""Parts of the table page rendered once and kept (``referee/web/play/kept_fragments.py``): each
is exactly the macro's rendering, kept by what it shows; a move that ends no turn reuses
the turn list, and a finished turn or an undo shows the list and the scores as they are."""

from __future__ import annotations

import gc

from flask import render_template_string

from referee.core.engine import Outcome, TurnLog, TurnRecord
from tests.tiny_game import SLUG

MACRO = "{% import '_macros.html' as m %}{{ m.turn_log(turns, history=history) }}"
KEPT = "{{ turn_log(turns, history=history) }}"


def log_of(*records: TurnRecord) -> TurnLog:
    """A turn log holding ``records``, oldest first."""
    log = TurnLog()
    for record in records:
        log = log.add(record)
    return log


ANN = TurnRecord("Ann", 300, 300)
BO = TurnRecord("Bo", 0, 0, bust=True)


def test_a_kept_turn_list_is_the_macros_rendering(app):
    turns = log_of(*[ANN, BO] * 40)  # past the 12 shown and the 48 folded
    with app.test_request_context("/"):
        for _ in range(2):  # rendered, then kept
            kept = render_template_string(KEPT, turns=turns, history="/h")
            assert kept == render_template_string(MACRO, turns=turns, history="/h")
        assert "move-by-move history" in kept


def test_the_same_log_is_rendered_once_and_another_log_afresh(app):
    turns = log_of(ANN, BO)
    with app.test_request_context("/"):
        turn_log = app.jinja_env.globals["turn_log"]
        first = turn_log(turns, history="/h")
        assert turn_log(turns, history="/h") is first
        assert turn_log(turns, history="/other") is not first
        after = turn_log(turns.add(TurnRecord("Ann", 50, 350)), history="/h")
        assert "350" in after and "350" not in first


def test_a_log_is_found_by_itself_never_by_an_equal_log_or_one_that_took_its_place(app):
    with app.test_request_context("/"):
        turn_log = app.jinja_env.globals["turn_log"]
        turns = log_of(ANN, BO)
        first = turn_log(turns, history="/h")
        equal = log_of(ANN, BO)
        assert turn_log(equal, history="/h") == first
        assert turn_log(equal, history="/h") is not first
        del turns, equal
        gc.collect()
        # New logs may be given the ids of the two that went: each shows its own turns.
        for record in (TurnRecord("Cy", 450, 450), TurnRecord("Di", 600, 600)):
            assert f"<b>{record.player}</b>" in turn_log(log_of(ANN, record), history="/h")


def test_a_sequence_that_is_no_turn_log_is_rendered_each_time(app):
    with app.test_request_context("/"):
        kept = render_template_string(KEPT, turns=(ANN, BO), history="/h")
        assert kept == render_template_string(MACRO, turns=(ANN, BO), history="/h")
        assert render_template_string(KEPT, turns=(), history="/h") == ""


def test_the_page_shows_each_finished_turn_and_forgets_an_undone_one(new_table, tiny_game):
    table = new_table(SLUG, ("Ann", "Bo"), target=100)
    table.roll(6)
    table.roll(6)
    assert "+12" not in table.page()  # a move that ends no turn: the list as it was
    table.post(action="bank")
    assert "+12" in table.page()
    table.roll(1)  # Bo busts
    assert "bust" in table.page().split('id="turns"')[1]
    table.post("undo")
    assert "bust" not in table.page().split('id="turns"')[1]


def test_a_kept_scoreboard_is_the_macros_and_changes_with_what_it_shows(app):
    outcome = Outcome(False, {"Ann": 300, "Bo": -400}, [], "Bo")
    notes = {"Bo": "needs 301 to pass Ann"}
    macro = "{% import '_macros.html' as m %}{{ m.scoreboard(outcome, notes) }}"
    with app.test_request_context("/"):
        scoreboard = app.jinja_env.globals["scoreboard"]
        for _ in range(2):
            shown = render_template_string(macro, outcome=outcome, notes=notes)
            assert scoreboard(outcome, notes) == shown and "−400" in shown
        over = Outcome(True, {"Ann": 300, "Bo": -400}, ["Ann"], None)
        assert "wins" in scoreboard(over, {}) and "wins" not in scoreboard(outcome, notes)
        assert "needs" not in scoreboard(outcome, {})
        assert "350" in scoreboard(Outcome(False, {"Ann": 350, "Bo": -400}, [], "Bo"), notes)


def test_a_kept_join_panel_names_the_address_it_was_asked_at(app, new_table, tiny_game):
    table = new_table(SLUG, ("Ann", "Bo"))
    for host in ("club.example", "other.example"):
        page = table.client.get(table.url, base_url=f"https://{host}").text
        assert f"https://{host}/t/{table.token}</a>" in page
