"""A word list for adjudicating challenges: pure, built from text, words upper case.

A club's own list is plain text, one word per line, any case, UTF-8 (a BOM and CRLF
line ends are fine, blank lines are skipped). An empty list, a binary file or an entry
that is not a single word of letters is rejected with an InputError naming the file
and line. Reading files is `kiosk.lexicon_files`' job.

Any language: with a tile set, words are kept in the set's board characters, so that a
word read off the board is found as is. Multi-letter tiles are written as their letters
(Spanish CHICO, Catalan COL·LEGI or COL.LEGI, QUATRE) and become one tile each, longest
name first, as the federations' rules require (two L tiles are never an LL). A word
holding a letter the set has no tile for cannot be played and is left out (counted in
`Lexicon.skipped`); in Catalan, where Q is only the QU tile, a bare Q is such a letter.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from kiosk.errors import InputError
from kiosk.rules.tiles import TileSet


@dataclass(frozen=True)
class Lexicon:
    name: str
    words: frozenset[str]
    skipped: int = 0  # words with a letter the tile set has no tile for

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.words

    def __len__(self) -> int:
        return len(self.words)

    @classmethod
    def from_lines(cls, lines: Sequence[str], source: str, name: str | None = None,
                   tileset: TileSet | None = None) -> Lexicon:
        if tileset is not None and _needs_mapping(tileset):
            return cls._from_lines_in(tileset, lines, source, name)
        words = frozenset(word for word in map(str.upper, map(str.strip, lines)) if word)
        if not "".join(words).isalpha():  # one check over everything; find the line only on failure
            _first_non_word(lines, source, str.isalpha)
        if not words:
            raise InputError(source, "empty word list: no words in the file")
        skipped = 0
        if tileset is not None:
            letters = set(tileset.chars)
            if not set("".join(words)) <= letters:
                playable = frozenset(w for w in words if set(w) <= letters)
                skipped, words = len(words) - len(playable), playable
        return cls(name or source, words, skipped)

    @classmethod
    def _from_lines_in(cls, tileset: TileSet, lines: Sequence[str], source: str, name: str | None) -> Lexicon:
        """Words of a set with multi-letter tiles, mapped to board characters with whole-text
        replacements (fast on a Pi: the work is in str.replace, not per word)."""
        text = "\n".join(lines).upper()
        for variant, standard in _SPELLINGS:
            text = text.replace(variant, standard)
        names = sorted((n for n in tileset.letters if len(n) > 1), key=len, reverse=True)
        allowed = set(tileset.chars) | {"\n", " ", "\t", "\r"}
        # a board character that is also a letter of a tile's name (Catalan QU -> Q): a bare
        # Q in the text must not pass for the QU tile
        shared = {tileset.board_char[n] for n in names} & set("".join(names))
        raw_bare = {ch for ch in set(text) if ch in shared} if shared else set()
        for tile_name in names:
            text = text.replace(tile_name, tileset.board_char[tile_name])
        if _INNER_SPACE.search(text):  # one word per line
            _first_non_word(lines, source, lambda w: w.replace("·", "").replace(".", "").isalpha())
        words = text.split()
        if not words:
            raise InputError(source, "empty word list: no words in the file")
        unplayable = set(text) - allowed
        if unplayable:  # one C-level search over the text finds the lines to leave out
            if any(not ch.isalpha() for ch in unplayable):
                _first_non_word(lines, source, lambda w: w.replace("·", "").replace(".", "").isalpha())
            pattern = re.compile("^.*[" + re.escape("".join(sorted(unplayable))) + "].*$", re.MULTILINE)
            playable = set(words) - {w.strip() for w in pattern.findall(text)}
        else:
            playable = set(words)
        if raw_bare:
            original = [w for w in (line.strip().upper() for line in lines) if w]
            if len(original) == len(words):
                playable -= {m for o, m in zip(original, words) if _has_bare(o, raw_bare, names)}
        unique = frozenset(playable)
        return cls(name or source, unique, len(set(words)) - len(unique))


_INNER_SPACE = re.compile(r"\S[ \t]+\S")
_SPELLINGS = (("L.L", "L·L"), ("ĿL", "L·L"), ("L•L", "L·L"))  # ways the Catalan L·L is typed


def _needs_mapping(tileset: TileSet) -> bool:
    return any(len(n) > 1 for n in tileset.letters)


def _has_bare(word: str, bare: set[str], names: list[str]) -> bool:
    """True if `word` (as written) holds a letter of `bare` outside every multi-letter name."""
    for tile_name in names:
        word = word.replace(tile_name, "")
    return any(ch in bare for ch in word)


def _first_non_word(lines: Sequence[str], source: str, ok: Callable[[str], bool]) -> None:
    for number, line in enumerate(lines, start=1):
        word = line.strip()
        if word and not ok(word):
            raise InputError(source, f"{word[:40]!r} is not a word (letters only, one word per line)", number, "word")


def parse_word_list(data: bytes, source: str, name: str | None = None, tileset: TileSet | None = None) -> Lexicon:
    """A Lexicon from the bytes of a word-list file (in `tileset`'s board characters when
    given; see the module doc)."""
    if not data.strip():
        raise InputError(source, "empty word list: the file has no words")
    if b"\x00" in data:
        raise InputError(source, "not a text file (it contains binary data); expected one word per line")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise InputError(source, f"not UTF-8 text (byte 0x{data[exc.start]:02x}); expected one word per line",
                         line) from None
    lines = text.split("\n")
    del text  # keep the peak small on a Pi
    return Lexicon.from_lines(lines, source, name, tileset)
