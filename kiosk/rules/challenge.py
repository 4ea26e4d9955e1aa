"""Challenges: which words are judged, the verdict for a play as a whole, and what an
unsuccessful challenge costs under a profile (CHAL-02, CHAL-03, CHAL-11, CHAL-13)."""
from __future__ import annotations

from collections.abc import Container, Iterable
from dataclasses import dataclass

from kiosk.rules.profiles import Profile


def adjudicate(words: Iterable[str], lexicon: Container[str]) -> bool:
    """True when every word is in the lexicon (one verdict, never per word).

    Words are looked up in upper case, so a designated blank ('cAB') counts as its letter.
    """
    return all(word.upper() in lexicon for word in words)


def judged_words(formed: tuple[str, ...], listed: tuple[str, ...], profile: Profile) -> tuple[str, ...]:
    """The words a judge looks up: those listed (NASPA, MSA), or every word the play
    formed when nothing is listed or the profile judges all (COFFS)."""
    if not listed or profile.words_judged == "all":
        return formed
    return listed


@dataclass(frozen=True)
class ChallengeCost:
    """What an unsuccessful challenge costs (CHAL-13)."""

    loses_turn: bool  # the challenger's turn is over, scoring 0
    bonus_to_player: int  # added to the challenged play's turn
    penalty_to_challenger: int  # taken off the challenger's score


def unsuccessful_challenge_cost(profile: Profile, words_challenged: int, wrong_so_far: int) -> ChallengeCost:
    """`words_challenged`: how many words were on the slip; `wrong_so_far`: this
    challenger's earlier unsuccessful challenges in the game (for dingle)."""
    kind = profile.challenge
    if kind in ("double", "dingle"):
        free = max(profile.free_wrong_challenges, 1 if kind == "dingle" else 0)
        return ChallengeCost(wrong_so_far >= free, 0, 0)
    if kind == "five_per_word":
        return ChallengeCost(False, profile.challenge_points * words_challenged, 0)
    if kind == "penalty":
        if profile.challenge_penalty_to == "opponent":
            return ChallengeCost(False, profile.challenge_points, 0)
        return ChallengeCost(False, 0, profile.challenge_points)
    return ChallengeCost(False, 0, 0)  # single: no penalty
