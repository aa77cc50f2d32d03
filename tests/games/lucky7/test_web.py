"""Lucky Sevens through the play page: grouping sevens, stealing, the exact finish."""

from __future__ import annotations

import html

from referee.web.storage.loading import table_by_token


def roll(table, *values):
    return table.post(action="roll", **{f"d{i}": str(v) for i, v in enumerate(values)})


def group(table, bank=False, **letters):
    """letters: g0="A", g1="A" ... by die position on the table."""
    return table.post(action="score_bank" if bank else "score", **letters)


def stored(app, table_id):
    with app.app_context():
        return [m.data for m in table_by_token(table_id).moves]


def test_grouped_dice_score_as_sevens(new_table, app):
    table = new_table("lucky7", ("Lou", "Max"))
    roll(table, 3, 4, 2, 2, 3, 6, 6, 6)
    assert group(table, g0="A", g1="A", g2="B", g3="B", g4="B").status_code == 302
    assert stored(app, table.token)[-1]["sevens"] == [["3", "4"], ["2", "2", "3"]]
    assert "Lou scored 3 4 and 2 2 3: +3" in html.unescape(table.ruling())


def test_group_that_is_not_seven_is_refused(new_table, app):
    table = new_table("lucky7", ("Lou", "Max"))
    roll(table, 3, 4, 2, 2, 3, 6, 6, 6)
    response = group(table, g0="A", g2="A")
    assert response.status_code == 422 and "adds up to 5, not 7" in html.unescape(response.text)
    assert len(stored(app, table.token)) == 1


def test_empty_grouping_is_refused(new_table):
    table = new_table("lucky7", ("Lou", "Max"))
    roll(table, 3, 4, 2, 2, 3, 6, 6, 6)
    response = table.post(action="score")
    assert response.status_code == 422 and "group (A to D)" in response.text


def test_steal_offered_after_a_bank_then_taken(new_table):
    table = new_table("lucky7", ("Lou", "Max"))
    roll(table, 3, 4, 2, 2, 3, 6, 6, 6)
    group(table, bank=True, g0="A", g1="A")
    page = html.unescape(table.page())
    assert "Steal 1 point and roll 6 dice" in page
    assert table.post(action="steal").status_code == 302
    assert "Max steals Lou's 1 point: roll 6 dice." in html.unescape(table.ruling())
    assert table.page().count('name="d5"') == 6 and 'name="d6"' not in table.page()


def test_no_steal_after_a_bust(new_table):
    table = new_table("lucky7", ("Lou", "Max"))
    roll(table, 1, 1, 1, 1, 2, 2, 2, 2)  # 1+2+2+2 = 7: not a bust
    roll_page = table.page()
    assert "score one or more sevens" in html.unescape(table.ruling())
    assert "Steal" not in roll_page
    response = table.post(action="steal")
    assert response.status_code == 422


def test_bust_when_no_seven(new_table):
    table = new_table("lucky7", ("Lou", "Max"))
    roll(table, 6, 6, 6, 6, 6, 6, 6, 6)
    assert "Bust: no seven in 6 6 6 6 6 6 6 6" in html.unescape(table.ruling())


def test_exact_finish_advice_lists_legal_and_refused_choices(new_table):
    table = new_table("lucky7", ("Lou", "Max"), target=10)
    roll(table, 1, 1, 1, 1, 1, 1, 1, 6)
    page = html.unescape(table.page())
    assert "Near the end: Lou needs exactly 10" in page
    assert "1 + 6: +1 → 1" in page
    assert "✗ 1 + 1 + 1 + 1 + 1 + 1 + 1: it would reach 12, past 10" in page
    response = table.post(action="score", sevens="1,1,1,1,1,1,1")
    assert response.status_code == 422 and "past 10" in html.unescape(response.text)
    assert table.post(action="score", sevens="1,6").status_code == 302


def test_reaching_exactly_the_target_wins(new_table):
    table = new_table("lucky7", ("Lou", "Max"), target=10)
    roll(table, 3, 4, 6, 6, 6, 6, 6, 6)
    group(table, bank=True, g0="A", g1="A")
    roll(table, 2, 2, 3, 2, 2, 3, 1, 6)  # Max starts fresh instead of stealing
    group(table, g0="A", g1="A", g2="A", g3="B", g4="B", g5="B", g6="C", g7="C")
    ruling = html.unescape(table.ruling())
    assert "+10 including the Completed Set bonus of 5, exactly 10." in ruling
    assert "Game over: Max wins with 10." in ruling


def test_lucky7_help_page_states_the_rulings(client):
    page = html.unescape(client.get("/games/lucky7").text)
    for words in ("Exactly 100", "steal", "completed the set", "bust", "12", "leave no seven"):
        assert words.lower() in page.lower()


def test_choices_the_finish_refuses_are_flagged_for_the_tapped_groups(new_table):
    """Near the end the grouping form carries, per choice of sevens, why the finish rule
    refuses it (static/games/lucky7.js flags it while tapped); the post is refused alike."""
    table = new_table("lucky7", ("Lou", "Max"), target="2")
    roll(table, 3, 4, 2, 2, 3, 6, 6, 6)
    page = html.unescape(table.page())
    assert '"2,2,3": "it reaches 2 but leaves a seven among the dice not scored"' in page
    assert '"2,2,3|3,4": "it would reach 3, past 2"' in page
    assert '"3,4":' not in page  # 1 point, within the target
    response = group(table, g0="A", g1="A", g2="B", g3="B", g4="B")
    assert response.status_code == 422
    assert "Lou cannot score that: it would reach 3, past 2." in html.unescape(response.text)


def test_no_choice_is_flagged_far_from_the_target(new_table):
    table = new_table("lucky7", ("Lou", "Max"))
    roll(table, 3, 4, 2, 2, 3, 6, 6, 6)
    assert "data-problems='{}'" in table.page()


def test_the_grouping_form_carries_what_a_seven_of_each_size_scores(new_table):
    """The page's script adds up the tapped groups with these points, read from the view."""
    table = new_table("lucky7", ("Lou", "Max"))
    roll(table, 3, 4, 2, 2, 3, 6, 6, 6)
    assert 'data-points=\'{"2": 1, "3": 2, "4": 3, "5": 5, "6": 8, "7": 12}\'' in table.page()


def test_lucky7_help_page_says_scores_after_one_roll_combine(client):
    page = html.unescape(client.get("/games/lucky7").text)
    assert "All the sevens scored from one roll count as one choice" in page
    assert "look at everything scored from the roll" in page
