"""Results out: CSV, standings and the TSH division file (name rating opponents; scores)."""
from __future__ import annotations

from kiosk.dashboard.results import GameResult, parse_tsh, results_csv, standings, tsh_division


def game(rnd, table, a, sa, b, sb):
    return GameResult(rnd, table, f"g{rnd}{table}", (a, b), (sa, sb), True, "#character-encoding UTF-8\n")


GAMES = [game(1, "t01", "Ann", 400, "Bob", 350), game(1, "t02", "Cy", 380, "Di", 380),
         game(2, "t01", "Ann", 300, "Cy", 420), game(2, "t02", "Bob", 410, "Di", 390)]


def test_tsh_division_file_from_scratch():
    lines = tsh_division(GAMES).splitlines()
    assert [l.split() for l in lines] == [
        ["Ann", "0", "2", "3;", "400", "300;"],
        ["Bob", "0", "1", "4;", "350", "410;"],
        ["Cy", "0", "4", "1;", "380", "420;"],
        ["Di", "0", "3", "2;", "380", "390;"],
    ]
    assert parse_tsh("\n".join(lines))[2].opponents == [4, 1]


def test_tsh_base_file_keeps_numbers_ratings_and_earlier_rounds():
    base = parse_tsh("Zed, Zoe      1820 2; 455; p12 1\nDoe, Ann      1500 1; 300;\nNew, Bob 900 ;\n")
    games = [GameResult(2, "t01", "g", ("Doe, Ann", "New, Bob"), (401, 399), True, "")]
    lines = tsh_division(games, base).splitlines()
    assert lines[0].split() == ["Zed,", "Zoe", "1820", "2;", "455;", "p12", "1"]
    assert lines[1].split() == ["Doe,", "Ann", "1500", "1", "3;", "300", "401;"]
    assert lines[2].split() == ["New,", "Bob", "900", "0", "2;", "0", "399;"]


def test_results_csv_and_standings():
    text = results_csv(GAMES)
    assert text.splitlines()[0] == "round,table,game_id,player1,score1,player2,score2,winner,spread,final"
    assert "1,t02,g1t02,Cy,380,Di,380,,0,yes" in text
    table = [(s.name, s.wins, s.spread) for s in standings(GAMES)]
    assert table == [("Cy", 1.5, 120), ("Bob", 1.0, -30), ("Ann", 1.0, -70), ("Di", 0.5, -20)]
