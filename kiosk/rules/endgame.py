"""End of game: unplayed-tile adjustments and the result (END-02..END-04, SIXZ-04)."""
from __future__ import annotations

from dataclasses import dataclass

from kiosk.rules.profiles import Profile


def rack_adjustments(profile: Profile, out_player: int | None, rack_values: tuple[int | None, int | None]
                     ) -> tuple[tuple[int, int], ...]:
    """(player, points) adjustments for the racks left at the end.

    Someone went out: twice the opponent's rack to the out player (NASPA, MSA, IOWA), or
    the rack's value moved from the opponent to the out player (COFFS deduct-and-add).
    Otherwise each player loses his or her own rack's value. An unknown rack (None)
    gives no adjustment.
    """
    if out_player is not None:
        value = rack_values[1 - out_player] or 0
        if profile.out_bonus == "double":
            return ((out_player, 2 * value),)
        return ((out_player, value), (1 - out_player, -value))
    return tuple((p, -v) for p, v in enumerate(rack_values) if v is not None)


@dataclass(frozen=True)
class Result:
    scores: tuple[int, int]
    winner: int | None  # None: a tie (half a win each)
    decided_by: str  # "score" | "tie" | "tie_rule" | "overtime_forfeit" | "forfeit"
    before_adjustment: tuple[int, int]  # scores before the unplayed-tile adjustment
    submitter: int  # hands in the result slip: the winner, or on a tie the first player (RES-01)
    spread: tuple[int, int]  # each player's margin less his spread-only penalties (RES-08)


FORFEIT_SPREAD = 50


def abandoned(scores: tuple[int, int], leaver: int, spread_penalties: tuple[int, int] = (0, 0)) -> Result:
    """A player who left a game that cannot be finished loses by forfeit: -50 spread if
    ahead, -(50 + deficit) if behind; the opponent gets the opposite (RES-06, NSA VII.J.3)."""
    winner = 1 - leaver
    loss = FORFEIT_SPREAD + max(0, scores[winner] - scores[leaver])
    spread = (-loss, loss) if leaver == 0 else (loss, -loss)
    return Result(scores, winner, "forfeit", scores, winner,
                  (spread[0] - spread_penalties[0], spread[1] - spread_penalties[1]))


def decide(profile: Profile, scores: tuple[int, int], before_adjustment: tuple[int, int], first: int,
           forfeiting: int | None = None, spread_penalties: tuple[int, int] = (0, 0)) -> Result:
    if forfeiting is not None:
        winner, how = 1 - forfeiting, "overtime_forfeit"
    elif scores[0] != scores[1]:
        winner, how = (0 if scores[0] > scores[1] else 1), "score"
    elif profile.tie_rule == "higher_before_adjustment" and before_adjustment[0] != before_adjustment[1]:
        winner, how = (0 if before_adjustment[0] > before_adjustment[1] else 1), "tie_rule"
    else:
        winner, how = None, "tie"
    margin = scores[0] - scores[1]
    spread = (margin - spread_penalties[0], -margin - spread_penalties[1])
    return Result(scores, winner, how, before_adjustment, first if winner is None else winner, spread)
