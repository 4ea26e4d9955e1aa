"""Lexicon: the default kjxqz list and a club's own word list by path."""
from __future__ import annotations

from pathlib import Path

import pytest

from kiosk.errors import InputError
from kiosk.lexicon_files import default_lexicon, load_word_list
from kiosk.rules.lexicon import Lexicon, parse_word_list


def test_words_are_upper_case_and_membership_ignores_case():
    lexicon = Lexicon.from_lines(["qi", "Za", "XU"], "t")
    assert lexicon.words == frozenset({"QI", "ZA", "XU"})
    assert "qi" in lexicon and "QI" in lexicon and "Qi" in lexicon
    assert "QX" not in lexicon and 5 not in lexicon


def test_default_list_installs_with_the_project():
    lexicon = default_lexicon()
    assert len(lexicon) > 100_000
    assert {"QI", "ZA", "AA", "QUIXOTIC"} <= lexicon.words
    assert "ZZZZ" not in lexicon


def test_club_list_with_bom_crlf_blank_lines_and_any_case(tmp_path: Path):
    path = tmp_path / "club.txt"
    path.write_bytes(b"\xef\xbb\xbfqi\r\nZA\r\n\r\nx\xc3\xa4u \r\n")
    lexicon = load_word_list(path)
    assert lexicon.words == frozenset({"QI", "ZA", "XÄU"})
    assert lexicon.name == "club"


def test_german_letters_are_words():
    assert "ÄRGER" in parse_word_list("ärger\nöl\n".encode(), "de.txt")


@pytest.mark.parametrize("data,line,words", [
    (b"", None, "empty"),
    (b"\r\n  \n", None, "empty"),
    (b"\xef\xbb\xbf", None, "empty"),
    (b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR", None, "binary"),
    (b"QI\nZA\n\xff\xfe\n", 3, "not UTF-8"),
    (b"QI\nTWO WORDS\nZA\n", 2, "not a word"),
    (b"QI\nR2D2\n", 2, "not a word"),
])
def test_bad_lists_are_rejected_naming_file_and_line(tmp_path: Path, data: bytes, line: int | None, words: str):
    path = tmp_path / "bad.txt"
    path.write_bytes(data)
    with pytest.raises(InputError) as info:
        load_word_list(path)
    assert info.value.source == str(path) and info.value.line == line
    assert words in str(info.value)


def test_missing_file_is_an_input_error(tmp_path: Path):
    with pytest.raises(InputError, match="cannot read"):
        load_word_list(tmp_path / "nope.txt")


# ----- a club's own list in any language (multi-letter tiles written as their letters) -----

def test_spanish_list_reads_ch_ll_rr_as_one_tile_and_finds_the_boards_words():
    from kiosk.rules import events as ev
    from kiosk.rules import game
    from kiosk.rules.tiles import load_tileset

    es = load_tileset("spanish")
    lexicon = parse_word_list("chico\nCarro\nllama\nkiwi\nñandu\n".encode(), "fise.txt", tileset=es)
    assert lexicon.words == {"ÇICO", "CAŘO", "ĿAMA", "ÑANDU"} and lexicon.skipped == 1  # no K or W tile
    state = game.replay([ev.GameStarted(("Ana", "Bea"), tileset="spanish"),
                         ev.PlayMade(0, (("G8", "Ç"), ("H8", "I"), ("I8", "C"), ("J8", "O")))])
    assert state.scores == (20, 0)  # CH 5 + I 1 + C 3 + O 1 = 10, x2
    assert state.challengeable_words == ("ÇICO",) and all(w in lexicon for w in state.challengeable_words)
    assert "CHICO" not in lexicon  # C + H tiles never stand for CH


def test_catalan_list_l_l_spellings_qu_and_a_bare_q():
    from kiosk.rules.tiles import load_tileset

    ca = load_tileset("catalan")
    lexicon = Lexicon.from_lines(["col·legi", "PAL.LID", "quatre", "qatar", "any", "Ça"], "disc.txt", tileset=ca)
    assert lexicon.words == {"COĿEGI", "PAĿID", "QATRE", "AÑ", "ÇA"}  # QU and NY are one tile each
    assert lexicon.skipped == 1  # QATAR: Catalan has no Q tile without its U


def test_german_list_and_a_list_without_a_tile_set_are_as_before():
    from kiosk.rules.tiles import load_tileset

    de = Lexicon.from_lines(["Äpfel", "ohne", "façade"], "de.txt", tileset=load_tileset("german"))
    assert de.words == {"ÄPFEL", "OHNE"} and de.skipped == 1
    assert Lexicon.from_lines(["chico"], "t").words == {"CHICO"}


def test_a_foreign_list_names_the_line_that_is_not_a_word(tmp_path):
    from kiosk.rules.tiles import load_tileset

    path = tmp_path / "club.txt"
    path.write_text("chico\ntwo words\n", encoding="utf-8")
    with pytest.raises(InputError) as err:
        load_word_list(path, load_tileset("spanish"))
    assert err.value.line == 2 and err.value.field == "word"
