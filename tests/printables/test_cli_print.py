"""`referee print`: rule sheets, scorepads, every game's documents, and a stored table's sheet."""

from __future__ import annotations

import pytest

from referee.cli import main
from tests.printables.support import PAPERS, SEEDS, page_sizes, text_of


@pytest.fixture
def database(tmp_path, monkeypatch):
    """Point the CLI at a fresh SQLite file through DATABASE_URL."""
    monkeypatch.setenv("REFEREE_INSTANCE", str(tmp_path))
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'print.sqlite3'}")
    return tmp_path


def test_print_rules_writes_the_games_rule_sheet(tmp_path):
    out = tmp_path / "rules.pdf"
    assert main(["print", "rules", "sb", "--paper", "letter", "-o", str(out)]) == 0
    data = out.read_bytes()
    assert set(page_sizes(data)) == {PAPERS["letter"]}
    assert "Full Sandwich" in text_of(data)


def test_print_writes_the_language_asked_for(tmp_path, capsys):
    out = tmp_path / "regeln.pdf"
    assert main(["print", "rules", "tenk", "--language", "de", "-o", str(out)]) == 0
    assert "Spielregeln" in text_of(out.read_bytes())
    assert main(["print", "rules", "tenk", "--language", "xx-nowhere", "-o", str(out)]) == 2
    assert "Unknown language 'xx-nowhere'" in capsys.readouterr().err


def test_print_scorepad_takes_the_number_of_players(tmp_path):
    out = tmp_path / "pad.pdf"
    assert main(["print", "scorepad", "solitaire", "--players", "6", "-o", str(out)]) == 0
    assert len(page_sizes(out.read_bytes())) == 3


def test_print_to_standard_output(capsysbinary):
    assert main(["print", "scorepad", "tenk", "-o", "-"]) == 0
    assert capsysbinary.readouterr().out.startswith(b"%PDF-")


def test_print_all_writes_rules_and_a_scorepad_for_every_game(tmp_path, capsys):
    folder = tmp_path / "docs"
    assert main(["print", "all", str(folder), "--paper", "letter"]) == 0
    names = sorted(p.name for p in folder.iterdir())
    assert names == sorted(
        f"{slug}-{kind}.pdf"
        for slug in (
            "tenk",
            "sb",
            "solitaire",
            "lucky7",
            "sixd-one",
            "sixd-two",
            "sixd-three",
            "sixd-four",
            "sixd-five",
            "sixd-six",
        )
        for kind in ("rules", "scorepad")
    )
    assert str(folder / "tenk-rules.pdf") in capsys.readouterr().out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["rules", "yahtzee"], "Unknown game 'yahtzee'"),
        (["scorepad", "tenk", "--players", "9"], "1 to 8 players"),
    ],
)
def test_print_refuses_what_it_cannot_make(args, message, tmp_path, capsys):
    out = tmp_path / "x.pdf"
    assert main(["print", *args, "-o", str(out)]) == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_print_sheet_of_a_stored_table(database, capsys, tmp_path):
    assert main(["import", str(SEEDS / "tenk-finished.json")]) == 0
    link = capsys.readouterr().out.split()[-1]
    out = tmp_path / "sheet.pdf"
    args = ["print", "sheet", link, "-o", str(out), "--base-url", "https://dice.example/"]
    assert main(args) == 0
    text = text_of(out.read_bytes())
    assert f"https://dice.example{link}" in text
    assert "Winner: Cy with 12,200." in text
    assert "Started 20" in text  # the table's creation date


def test_print_sheet_of_an_unknown_table_fails_cleanly(database, capsys, tmp_path):
    assert main(["print", "sheet", "/t/" + "0" * 32, "-o", str(tmp_path / "x.pdf")]) == 2
    assert "no table at /t/000" in capsys.readouterr().err
