"""Overdraw and underdraw procedures: the exact counts each profile prescribes
(DRAW-03..DRAW-11). The rules core computes them; the players move the tiles."""
from __future__ import annotations

from dataclasses import dataclass

from kiosk.rules.profiles import Profile


@dataclass(frozen=True)
class OverdrawFix:
    excess: int  # X: tiles drawn beyond those due
    expose: int  # tiles the opponent takes out (X+1, X+2, or X when simply removed)
    to_bag: int  # tiles going back into the bag (always X)
    to_player: int  # of the exposed tiles, how many the overdrawn player keeps
    pool: str  # "new" (the new tiles, kept apart) or "rack" (the whole mixed rack)
    chosen_by: str  # "random" (face down) or "opponent" (seen, the opponent chooses)
    rule: str  # SCENARIOS id
    instructions: str


def overdraw_fix(profile: Profile, excess: int, rack_tiles: int, mixed: bool, found_by_opponent: bool,
                 bag_before_draw: int, player: str, opponent: str) -> OverdrawFix:
    """The procedure for an overdraw of `excess` tiles (rack now holds `rack_tiles`).

    `bag_before_draw` is the bag count before the faulty draw (NSA's example counts
    "seven or fewer" before it)."""
    x = excess
    pool = "rack" if mixed else "new"
    where = f"all {rack_tiles} tiles of {player}'s rack" if mixed else f"the tiles {player} just drew"
    if profile.overdraw_procedure == "nsa":
        low = bag_before_draw <= profile.overdraw_low_bag
        extra = profile.overdraw_extra_low_bag if low else profile.overdraw_extra
        rule = "DRAW-05" if low else ("DRAW-04" if mixed else "DRAW-03")
        return OverdrawFix(x, x + extra, x, extra, pool, "random", rule,
                           f"{opponent} takes {x + extra} at random, face down, from {where}; both players see them; "
                           f"{opponent} returns {x} to the bag and gives {extra} to {player}.")
    if profile.overdraw_procedure == "msa":
        if found_by_opponent:
            how = "shows the whole rack face up" if mixed else "puts the new tiles face up"
            return OverdrawFix(x, x, x, 0, pool, "opponent", "DRAW-07",
                               f"{player} {how}; {opponent} chooses {x} to go back to the bag (MSA 7.2b/7.3).")
        if mixed:
            return OverdrawFix(x, x + 1, x, 1, pool, "random", "DRAW-07",
                               f"{player} puts all tiles face down; {opponent} picks {x + 1} at random, inspects "
                               f"them, returns 1 to {player} and {x} to the bag (MSA 7.2a).")
        return OverdrawFix(x, x, x, 0, pool, "random", "DRAW-07",
                           f"{player} puts the new tiles face down; {opponent} removes {x} at random to the bag "
                           f"(MSA 7.1).")
    return OverdrawFix(x, x, x, 0, "rack", "random", "DRAW-08",
                       f"{opponent} removes {x} tile{'s' if x > 1 else ''} from {player}'s rack, face down at "
                       f"random, to the bag.")


@dataclass(frozen=True)
class UnderdrawFix:
    missing: int
    from_bag: int  # tiles to draw from the bag now
    from_opponent: int  # tiles the opponent hands over (the opponent emptied the bag)
    rule: str
    instructions: str


def underdraw_fix(missing: int, bag_count: int, player: str, opponent: str,
                  opponent_drew_since: bool = True) -> UnderdrawFix:
    """A player short of `missing` tiles. `bag_count` is the bag as the record stands,
    which already counts the missing tiles as drawn: if it is not empty, or the opponent
    has not drawn since the short player's turn, they are still in the bag (DRAW-10); else
    the opponent may have drawn them (DRAW-11)."""
    if bag_count > 0 or not opponent_drew_since:
        return UnderdrawFix(missing, missing, 0, "DRAW-10",
                            f"{player} draws {missing} from the bag now; no penalty.")
    return UnderdrawFix(missing, 0, missing, "DRAW-11",
                        f"{player} draws any tiles still in the bag; for the rest, {opponent} hands over the last "
                        f"tiles drawn if still apart, or else chooses them from his rack within one minute.")
