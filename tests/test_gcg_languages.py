"""GCG records in every language: the set chosen from #tile-distribution / #lexicon /
--tileset, bracketed multi-letter tiles, repeated #description and #tile, time-penalty
checks, and every problem of a file reported. Small records of our own making, each with
its worked numbers."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from kiosk.cli.verify_gcg import Tally, verify_file
from kiosk.errors import InputError
from kiosk.rules.gcg import game_started, parse_gcg
from kiosk.rules.gcg_syntax import GcgProblems
from kiosk.rules.gcg_verify import check_moves

DEV = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "gcg" / "dev"
PLAYERS = "#player1 a Ana\n#player2 b Bea\n"


def parsed(text: str, **kw: str):
    game = parse_gcg(text.encode("utf-8"), "t.gcg", **kw)
    checks = check_moves(game)
    return game, [(c.computed_score, c.computed_total) for c in checks], all(c.matches for c in checks)


def problems(text: str, **kw: str) -> list[InputError]:
    with pytest.raises(InputError) as err:
        parse_gcg(text.encode("utf-8"), "t.gcg", **kw)
    return err.value.problems if isinstance(err.value, GcgProblems) else [err.value]


def test_spanish_ch_ll_rr_in_brackets_score_as_one_tile_each():
    # CH 5 + I 1 + C 3 + O 1 = 10, x2 on the star = 20. O 1 + RR 8 + A 1 x3 (TL J10) = 12.
    # a blank CH [ch] scores 0: ch 0 + I 1 + A 1 = 2. LL 8 + A 1 on K11..L11 (no premium) via J11? see below.
    text = ("#lexicon FILE2017\n" + PLAYERS
            + ">a: [CH]ICOAE? 8G [CH]ICO +20 20\n"
            + ">b: [RR]ADEIO J8 .[RR]A +12 12\n"
            + ">a: ?AEILMN 10H [ch]I. +2 22\n")
    game, scores, ok = parsed(text)
    assert game.tileset == "spanish" and game_started(game).tileset == "spanish"
    assert scores == [(20, 20), (12, 12), (2, 22)] and ok
    assert game.moves[0].rack == "ÇICOAE?" and game.moves[2].word == "çI."


def test_catalan_qu_ny_and_l_l():
    # QU 8 + E 1 = 9, x2 (star) = 18; E 1 + NY 10 = 11; NY 10 + L·L 10 x2 (DL I9) + A 1 = 31.
    text = ("#character-encoding UTF-8\n#tile-distribution catalan\n" + PLAYERS
            + ">a: [QU]EAIRST 8G [QU]E +18 18\n"
            + ">b: [NY]AEIOST H8 .[NY] +11 11\n"
            + ">a: [L·L]AEIRS 9H .[L·L]A +31 49\n")
    game, scores, ok = parsed(text)
    assert game.tileset == "catalan" and scores == [(18, 18), (11, 11), (31, 49)] and ok


def test_polish_and_german_letters_and_values():
    # Polish: Ź 9 + L 2 + E 1 = 12, x2 = 24.  German: Ö 8 + L 2 = 10, x2 = 20.
    _, scores, ok = parsed("#lexicon OSPS49\n" + PLAYERS + ">a: ŹLEAIOW 8G ŹLE +24 24\n")
    assert scores == [(24, 24)] and ok
    _, scores, ok = parsed("#lexicon RD28\n" + PLAYERS + ">a: ÖLAEINS 8H ÖL +20 20\n")
    assert scores == [(20, 20)] and ok


# DOG = (2 + 1 + 2) x2 = 10; AT under it: AT 1 + 1x2 (DL I9) = 3, DA 2 + 1 = 3, OT 1 + 1x2 = 3: 9
ENGLISH_GAME = PLAYERS + ">a: DOGAEIR 8H DOG +10 10\n>b: CATEIRS 9H AT +9 9\n"


def test_an_english_game_headed_polish_is_never_matched_under_english():
    # DOG: English D2 O1 G2 = 5, x2 = 10; Polish D2 O1 G3 = 6, x2 = 12: replayed under Polish, it differs.
    _, scores, ok = parsed(ENGLISH_GAME)
    assert ok
    game, scores, ok = parsed("#tile-distribution polish\n" + ENGLISH_GAME)
    assert game.tileset == "polish" and scores == [(12, 12), (13, 13)] and not ok  # T is 2 in Polish
    # an English lexicon with a Polish distribution: the record contradicts itself, a line says so
    [problem] = problems("#lexicon NWL20\n#tile-distribution polish\n" + ENGLISH_GAME)
    assert problem.line == 2 and "NWL20 is English" in problem.message and "--tileset" in problem.message
    # --tileset overrides what the record names
    game, _, ok = parsed("#lexicon NWL20\n#tile-distribution polish\n" + ENGLISH_GAME, tileset="english")
    assert game.tileset == "english" and ok


def test_unknown_names_are_a_clear_line():
    [problem] = problems("#tile-distribution klingon\n" + ENGLISH_GAME)
    assert problem.line == 1 and problem.field == "#tile-distribution" and "'klingon'" in problem.message
    [problem] = problems("#lexicon ZZ99\n" + ENGLISH_GAME)
    assert problem.line == 1 and problem.field == "#lexicon" and "--tileset" in problem.message
    [problem] = problems("#lexicon FILE2017\n" + PLAYERS + ">a: [QU]E 8H [QU]E +20 20\n")
    assert problem.line == 4 and "no tile [QU]" in problem.message


def test_repeated_description_joined_and_repeated_tile_accepted():
    game, _, ok = parsed("#description first part\n#description second part\n#tile a\n#tile b\n" + ENGLISH_GAME)
    assert ok and game.pragmas["description"] == "first part\nsecond part" and game.pragmas["tile"] == "a\nb"


def test_every_problem_of_a_file_is_reported_and_the_file_still_rejected(tmp_path: Path):
    text = PLAYERS + ">a: DOGAEIR 8H DOG +10 10\n>b: CATEIR5 9H AT +9 9\n>a: AEIRX 9 X +1 11\n>b: ZZZ - +0 9\n"
    found = problems(text)
    assert [p.line for p in found] == [4, 5]  # the bad rack and the move without a position
    path = tmp_path / "two.gcg"
    path.write_text(text, encoding="utf-8")
    tally = Tally()
    verify_file(path, tally)
    assert tally.rejected == 1 and len(tally.lines) == 2 and tally.lines[0].endswith("(file rejected, 2 problems)")
    assert tally.lines[1].startswith(f"  {path}:5: ")  # the further problem, indented under the file's line
    # replay problems that leave the board as it is are all reported too (two racks not drawable)
    found = problems(PLAYERS + ">a: DOGQQAE 8H DOG +10 10\n>b: ZZATEIR 9H AT +9 9\n")
    assert [p.line for p in found] == [3, 4] and all("not drawable" in p.message for p in found)


def _time_game(tail: str) -> str:
    text = (DEV / "magpie__success_standard.gcg").read_text(encoding="utf-8")
    lines = text.rstrip("\n").split("\n")
    assert lines[-2:] == [">RightBehindYou: (I) +2 378", ">RightBehindYou:  (time) -20 358"]
    return "\n".join(lines[:-2]) + "\n" + tail


@pytest.mark.skipif(not DEV.exists(), reason="needs ../shared/datasets/gcg/dev")
def test_time_penalties_once_per_player_after_the_out_points_within_the_profile():
    _, scores, ok = parsed(_time_game(">RightBehindYou: (I) +2 378\n>RightBehindYou:  (time) -20 358\n"))
    assert ok and scores[-1] == (-20, 358)
    [twice] = problems(_time_game(">RightBehindYou: (I) +2 378\n>RightBehindYou:  (time) -20 358\n"
                                  ">RightBehindYou:  (time) -10 348\n"))
    assert "second time penalty" in twice.message and "TIME-04" in twice.message
    [early] = problems(_time_game(">RightBehindYou:  (time) -20 356\n>RightBehindYou: (I) +2 358\n"))
    assert "before the end-of-game rack points" in early.message and "TIME-04" in early.message
    [over] = problems(_time_game(">RightBehindYou: (I) +2 378\n>RightBehindYou:  (time) -120 258\n"))
    assert "at most -100" in over.message and "TIME-05" in over.message
    _, _, ok = parsed(_time_game(">RightBehindYou: (I) +2 378\n>RightBehindYou:  (time) -120 258\n"), profile="msa")
    assert ok  # MSA states no maximum overtime


FOREIGN = os.environ.get("GCG_FOREIGN")


@pytest.mark.skipif(not FOREIGN, reason="set GCG_FOREIGN to a folder of real records, one subfolder per tile set")
def test_real_foreign_records_from_a_folder():
    """Real German and Polish records kept outside the repository (see its README): every
    move of a record whose own numbers are consistent matches. The expected outcome per
    file is in EXPECTED; a file not listed must match completely."""
    expected = {"nu19_stefan-hanns.gcg": "differs", "nu19_johannes-stefan.gcg": "rejected"}
    root = Path(str(FOREIGN))
    seen = 0
    for folder in sorted(p for p in root.iterdir() if p.is_dir()):
        for path in sorted(folder.glob("*.gcg")):
            tally = Tally()
            verify_file(path, tally, tileset=folder.name)
            outcome = "rejected" if tally.rejected else ("differs" if tally.moves_differing else "matched")
            assert outcome == expected.get(path.name, "matched"), tally.lines
            seen += 1
    assert seen > 0


def test_the_writer_names_the_set_and_brackets_multi_letter_tiles_so_the_record_reads_back():
    from kiosk.rules import events as ev
    from kiosk.rules.gcg import gcg_to_events
    from kiosk.rules.gcg_export import events_to_gcg

    events = [ev.GameStarted(("Ana", "Bea"), tileset="spanish"),
              ev.PlayMade(0, (("G8", "Ç"), ("H8", "I"), ("I8", "C"), ("J8", "O")), "ÇICOAE?"),
              ev.PlayMade(1, (("J9", "Ř"), ("J10", "a")), "ŘA?EIOS")]
    text = events_to_gcg(events)
    assert "#tile-distribution spanish" in text and ">Ana: [CH]ICOAE? 8G [CH]ICO +20 20" in text
    assert ">Bea: [RR]A?EIOS J8 .[RR]a +9 9" in text  # O 1 + RR 8 + blank 0
    game = parse_gcg(text.encode("utf-8"), "back.gcg")
    assert game.tileset == "spanish" and all(m.matches for m in game.moves)
    assert events_to_gcg(gcg_to_events(game)) == text
