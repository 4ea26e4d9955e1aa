"""Rule profiles as data: one TOML file per rule set (SCENARIOS.md section 2).

A profile is flat `key = value` TOML; every key is a `Profile` field below. Optional
fields may be left out (meaning "none": no maximum overtime, no hold limit, ...).
Adding a rule set is adding a file to kiosk/rules/data/profiles/.
"""
from __future__ import annotations

import types
import typing
from typing import Any, Literal
from dataclasses import dataclass, fields
from functools import cache

from kiosk.errors import InputError, line_of_key, parse_toml

ZERO_TURN_KINDS = ("pass", "exchange", "challenged_off", "lost_challenge", "zero_play")


@dataclass(frozen=True)
class Profile:
    name: str
    title: str
    sources: str  # where the rules come from (SCENARIOS.md keys)
    word_list: str  # the list the rule set names (informational; the club loads its own)

    # Time (TIME-01..05): whole seconds.
    time_per_player_s: int
    points_per_minute: int  # overtime penalty per minute or part of one
    max_overtime_s: int | None  # more than this over ends the game; None: no maximum
    max_overtime_deduction: int  # points off the forfeiting player (then win-by-one)
    per_move_timer_s: int | None  # sand-timer mode (NSA IX); None: off

    # Challenges (CHAL-04..14).
    challenge: str  # double | single | five_per_word | penalty | dingle
    challenge_points: int  # five_per_word: per word; penalty: the penalty
    challenge_penalty_to: str  # penalty type: "opponent" (added to the play) | "challenger" (deducted)
    free_wrong_challenges: int  # wrong challenges per player that cost nothing (dingle: 1)
    words_judged: str  # listed | all
    hold_window_s: float | None  # None: no timed window
    hold_closes_on_draw: bool
    out_play_window_s: float
    courtesy_draw_s: float | None  # None: no courtesy draw
    courtesy_from: Literal["hold", "turn_end"]
    clock_after_challenge: str  # loser_starts | challenger_restarts | players
    score_check_pause: str | None  # who stops the clocks for a score check: one (either player) | both (TURN-04)

    # End of game (END-02..04, SIXZ-01..04).
    out_bonus: str  # double (2x opponent's rack) | deduct_and_add
    six_zero_trigger: str  # invoked | automatic | none
    six_zero_turns: int
    six_zero_counts: tuple[str, ...]  # subset of ZERO_TURN_KINDS
    tie_rule: str  # half_win | higher_before_adjustment

    # Bag (EXCH-02, DRAW-03..08).
    min_bag_for_exchange: int
    overdraw_procedure: str  # nsa | msa | coffs
    overdraw_extra: int  # the opponent exposes X + this many (NSA: X+1)
    overdraw_extra_low_bag: int  # ... when the bag held overdraw_low_bag or fewer (NSA: X+2)
    overdraw_low_bag: int

    # Display (KIOSK-02, KIOSK-05).
    score_display: str  # immediate | after_press
    show_unseen_tiles: bool


CHOICES: dict[str, tuple[str, ...]] = {
    "challenge": ("double", "single", "five_per_word", "penalty", "dingle"),
    "challenge_penalty_to": ("opponent", "challenger"),
    "words_judged": ("listed", "all"),
    "clock_after_challenge": ("loser_starts", "challenger_restarts", "players"),
    "score_check_pause": ("one", "both"),
    "out_bonus": ("double", "deduct_and_add"),
    "six_zero_trigger": ("invoked", "automatic", "none"),
    "tie_rule": ("half_win", "higher_before_adjustment"),
    "overdraw_procedure": ("nsa", "msa", "coffs"),
    "score_display": ("immediate", "after_press"),
}


def _optional(hint: Any) -> bool:
    return typing.get_origin(hint) in (typing.Union, types.UnionType) and type(None) in typing.get_args(hint)


def parse_profile(text: str, source: str) -> Profile:
    """A Profile from TOML text; InputError naming source, line and field on any fault."""
    data = parse_toml(text, source)
    hints = typing.get_type_hints(Profile)
    names = [f.name for f in fields(Profile)]
    for key in data:
        if key not in hints:
            raise InputError(source, "unknown field", line_of_key(text, key), key)
    values: dict[str, Any] = {}
    for name in names:
        hint = hints[name]
        line = line_of_key(text, name)
        if name not in data:
            if _optional(hint):
                values[name] = None
                continue
            raise InputError(source, "missing", None, name)
        value = data[name]
        base = next(a for a in typing.get_args(hint) if a is not type(None)) if _optional(hint) else hint
        values[name] = _check(value, base, source, line, name)
    profile = Profile(**values)
    if profile.time_per_player_s <= 0:
        raise InputError(source, "must be > 0", line_of_key(text, "time_per_player_s"), "time_per_player_s")
    if profile.six_zero_turns < 1:
        raise InputError(source, "must be >= 1", line_of_key(text, "six_zero_turns"), "six_zero_turns")
    return profile


def _check(value: Any, hint: Any, source: str, line: int | None, name: str) -> Any:
    def bad(expected: str) -> InputError:
        return InputError(source, f"expected {expected}, got {value!r}", line, name)

    if hint is bool:
        if not isinstance(value, bool):
            raise bad("true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool) or value < 0:
            raise bad("a whole number >= 0")
        return value
    if hint is float:
        if not isinstance(value, (int, float)) or isinstance(value, bool) or value < 0:
            raise bad("a number >= 0")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise bad("a string")
        if name in CHOICES and value not in CHOICES[name]:
            raise bad("one of " + ", ".join(repr(c) for c in CHOICES[name]))
        return value
    if typing.get_origin(hint) is Literal:  # the choices are the type's own
        if not isinstance(value, str) or value not in typing.get_args(hint):
            raise bad("one of " + ", ".join(repr(c) for c in typing.get_args(hint)))
        return value
    if typing.get_origin(hint) is tuple:  # six_zero_counts
        if not isinstance(value, list) or not all(v in ZERO_TURN_KINDS for v in value):
            raise bad("a list drawn from " + ", ".join(repr(k) for k in ZERO_TURN_KINDS))
        return tuple(value)
    raise TypeError(f"no check for {hint}")  # a Profile field with a new type


@cache
def load_profile(name: str = "naspa") -> Profile:
    """A bundled profile by name: naspa (default), msa, coffs, iowa."""
    from kiosk.rules import data

    text, source = data.read_text("profiles", name)
    return parse_profile(text, source)


def bundled_profiles() -> tuple[str, ...]:
    from kiosk.rules import data

    return data.available("profiles")


