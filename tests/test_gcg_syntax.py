"""GCG syntax and encodings: small records written here, one feature each."""
from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.errors import InputError
from kiosk.rules.gcg import gcg_to_events, parse_gcg
from kiosk.rules.events import ChallengeBonus, ChallengeJudged, ChallengeMade, Exchanged, Note, Passed, PlayMade

HEAD = "#player1 ann Ann Smith\n#player2 bob Bob\n"


def parse(text: str):
    return parse_gcg(text.encode("utf-8"), "t.gcg")


def rejected(data: bytes | str) -> InputError:
    with pytest.raises(InputError) as info:
        parse_gcg(data if isinstance(data, bytes) else data.encode("utf-8"), "t.gcg")
    assert str(info.value).startswith("t.gcg")
    return info.value


def test_utf8_pragma_decodes_names():
    game = parse_gcg("#character-encoding UTF-8\n#player1 cé César\n#player2 b B\n".encode("utf-8"), "t.gcg")
    assert game.encoding == "utf-8" and game.players[0].name == "César"


def test_no_pragma_latin1_bytes_are_latin1():
    game = parse_gcg("#player1 cé César\n#player2 b B\n".encode("latin-1"), "t.gcg")
    assert game.encoding == "latin-1" and game.players[0].name == "César"


def test_no_pragma_valid_utf8_is_read_as_utf8():
    """Decision: GCG's default is ISO-8859-1, but bytes that are valid UTF-8 are read as
    UTF-8 (what most tools write); Latin-1 names are practically never valid UTF-8."""
    game = parse_gcg("#player1 cé César\n#player2 b B\n".encode("utf-8"), "t.gcg")
    assert game.encoding == "utf-8" and game.players[0].name == "César"


def test_bad_utf8_under_utf8_pragma_names_the_line():
    error = rejected(b"#character-encoding UTF-8\n#player1 a A\n#player2 b \xe9B\n")
    assert error.line == 3


def test_crlf_and_bom_are_tolerated():
    game = parse_gcg(b"\xef\xbb\xbf" + (HEAD + ">ann: AB 8H AB +8 8\n").replace("\n", "\r\n").encode(), "t.gcg")
    assert [m.word for m in game.moves] == ["AB"]


@pytest.mark.parametrize("text,line,words", [
    ("", None, "empty"),
    ("#player1 a A\n#character-encoding UTF-8\n", 2, "first line"),
    ("#character-encoding EBCDIC\n", 1, "unsupported encoding"),
    (HEAD + "#player3 c C\n", 3, "two players"),
    (HEAD + ">carl: AB 8H AB +8 8\n", 3, "unknown player"),
    ("#player1 ann Ann\n>ann: AB 8H AB +8 8\n", 2, "before both"),
    (HEAD + ">ann: AB 8H A1B +8 8\n", 3, "malformed"),
    (HEAD + ">ann: ABCDEFGH 8H AB +8 8\n", 3, "at most 7"),
    (HEAD + ">ann: AB 8H AB 8 8\n", 3, "score"),
    (HEAD + ">ann: AB AB +8 8\n", 3, "unrecognised move"),
    (HEAD + ">ann: AB 8H AB +8 8\nstray text\n", 4, "neither a pragma"),
    (HEAD + ">ann: AB 8H AB +8 8\n#title late\n", 4, "after the moves"),
    (HEAD + "#title a\n#title b\n", 4, "twice"),
    (HEAD + "#game-type bingo\n", 3, "variant"),
    (HEAD + ">ann: AB Z8 AB +8 8\n", 3, "off the board"),
    (HEAD + ">ann: AB 8N ABC +8 8\n", 3, "runs off"),
    (HEAD + ">ann: AB 8H AB +8 8\n>ann: CD 9H CD +8 16\n", 4, "out of turn"),
    (HEAD + ">ann: AB 8H AB +8 8\n>bob: CD 9I CE +8 8\n", 4, "not in rack"),
    (HEAD + ">ann: AB 8H AB +8 8\n>bob: -- -8 0\n", 4, "did not make the play"),
    (HEAD + ">ann: AB 8H AB +8 8\n>ann: (time) -10 -2\n", 4, "before the game ended"),
    (HEAD + ">ann: ZZAB 8H AB +8 8\n", 3, "not drawable"),
    (HEAD + ">ann: AB 8H AB +8 8\n#rack2 QQ\n", 4, "not drawable"),
    (HEAD + ">ann: AB 8H AB +8 8\n#rack2 DE\n>bob: DE 9H DE +5 5\n", 5, "final rack"),
])
def test_malformed_records_name_the_line(text: str, line: int | None, words: str):
    error = rejected(text)
    assert error.line == line
    assert words in str(error)


def test_note_continuation_lines_and_opening_note():
    game = parse(HEAD + "#note before play\n>ann: AB 8H AB +8 8\n#note first\nsecond\n")
    assert game.opening_notes == ("before play",)
    assert game.moves[0].notes == ("first\nsecond",)
    assert Note("first\nsecond") in gcg_to_events(game)


def test_legacy_lowercase_coordinates_and_written_playthrough():
    game = parse(HEAD + ">ann: AB 8h AB +8 8\n>bob: DE h7 DAE +4 4  AD, ABE\n")
    assert game.moves[1].word == "D.E" and game.moves[1].position == "H7"
    assert game.mismatches == ()


def test_moves_map_to_events():
    game = parse(HEAD + ">ann: ?B 8H aB +6 6\n>bob: DE - +0 0\n>ann: CDE -CD +0 6\n>bob: -2 +0 0\n"
                 ">ann: AT 9G AT +4 10\n>ann: -- -4 6\n>bob: RAT H7 R.T +2 2\n>bob: (challenge) +5 7\n")
    events = [e for m in game.moves for e in m.events]
    assert events == [
        PlayMade(0, (("H8", "a"), ("I8", "B")), "?B"), Passed(1, "DE"), Exchanged(0, 2, "CD", "CDE"),
        Exchanged(1, 2, None, None), PlayMade(0, (("G9", "A"), ("H9", "T")), "AT"),
        ChallengeMade(1), ChallengeJudged(acceptable=False), PlayMade(1, (("H7", "R"), ("H9", "T")), "RAT"),
        ChallengeBonus(1, 5),
    ]
    assert game.mismatches == ()


def test_real_records_without_pragma_decode_as_documented():
    malformed = Path(__file__).resolve().parents[2] / "shared" / "datasets" / "gcg" / "malformed"
    utf8 = parse_gcg((malformed / "magpie__name_utf8_noheader.gcg").read_bytes(), "utf8")
    latin1 = parse_gcg((malformed / "magpie__name_iso8859-1.gcg").read_bytes(), "latin1")
    assert (utf8.encoding, latin1.encoding) == ("utf-8", "latin-1")
    assert utf8.players[0].nick == latin1.players[0].nick == "césar"
