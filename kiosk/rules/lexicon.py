"""A word list for adjudicating challenges: pure, built from text, words upper case.

A club's own list is plain text, one word per line, any case, UTF-8 (a BOM and CRLF
line ends are fine, blank lines are skipped). An empty list, a binary file or an entry
that is not a single word of letters is rejected with an InputError naming the file
and line. Reading files is `kiosk.lexicon_files`' job.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from kiosk.errors import InputError


@dataclass(frozen=True)
class Lexicon:
    name: str
    words: frozenset[str]

    def __contains__(self, word: object) -> bool:
        return isinstance(word, str) and word.upper() in self.words

    def __len__(self) -> int:
        return len(self.words)

    @classmethod
    def from_lines(cls, lines: Sequence[str], source: str, name: str | None = None) -> Lexicon:
        words = frozenset(word for word in map(str.upper, map(str.strip, lines)) if word)
        if not "".join(words).isalpha():  # one check over everything; find the line only on failure
            for number, line in enumerate(lines, start=1):
                word = line.strip()
                if word and not word.isalpha():
                    raise InputError(source, f"{word[:40]!r} is not a word (letters only, one word per line)",
                                     number, "word")
        if not words:
            raise InputError(source, "empty word list: no words in the file")
        return cls(name or source, words)


def parse_word_list(data: bytes, source: str, name: str | None = None) -> Lexicon:
    """A Lexicon from the bytes of a word-list file."""
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
    return Lexicon.from_lines(lines, source, name)
