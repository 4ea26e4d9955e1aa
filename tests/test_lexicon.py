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
