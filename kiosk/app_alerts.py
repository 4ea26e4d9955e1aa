"""The alerts a game raises: the rules state's open ones, the app's own (standing until CONFIRM),
the log of every alert raised this game, and how long a new one fills the screen."""
from __future__ import annotations

from typing import Container

from kiosk.display.model import Alert as ScreenAlert
from kiosk.rules.state import Alert as RulesAlert
from kiosk.rules.state import GameState

AlertLine = tuple[str, str, str]   # (title, rule, action)
FRESH_S = 8.0                      # a newly raised alert fills the screen this long


class AppAlerts:
    def __init__(self) -> None:
        self.raised: list[AlertLine] = []   # raised by the app, standing until CONFIRM
        self.log: list[AlertLine] = []      # every alert raised this game, in order
        self._state_seen = 0                # how many of the rules state's alerts were logged
        self._shown_at: float | None = None

    def log_state(self, state: GameState) -> None:
        """Log the rules state's alerts not logged yet; a new one fills the screen again."""
        alerts = list(state.alerts)
        for alert in alerts[self._state_seen:]:
            self.log.append(_line(alert))
            self._shown_at = None
        self._state_seen = len(alerts)

    def raise_alert(self, title: str, rule: str, action: str) -> None:
        self.raised.append((title, rule, action))
        self.log.append((title, rule, action))

    def views(self, state: GameState, players: tuple[str, str], values_entered: Container[int]) -> list[ScreenAlert]:
        """Alerts standing now, as the screen shows them: title, rule, what to do, whom it
        concerns and the rules core's explanation of what happened. `values_entered`: the
        players whose unplayed tiles' value was entered."""
        out = []
        for alert in state.alerts:
            if alert.code == "rack_unknown" and alert.player in values_entered:
                continue   # the value was entered and applied as a correction in the same record
            who = players[alert.player] if alert.player in (0, 1) else ""
            out.append(ScreenAlert(alert.code.replace("_", " "), alert.rule, alert.action, who, alert.message))
        out += [ScreenAlert(title, rule, action) for title, rule, action in self.raised]
        return out

    def standing(self, state: GameState) -> list[AlertLine]:
        """Alerts standing now: the rules state's open ones and the app's own."""
        return [_line(a) for a in state.alerts] + list(self.raised)

    def fresh(self, t: float) -> bool:
        """Show the full alert page for a few seconds after an alert is raised."""
        if self._shown_at is None:
            self._shown_at = t
        return t - self._shown_at < FRESH_S


def _line(alert: RulesAlert) -> AlertLine:
    return (alert.code.replace("_", " "), alert.rule, alert.action or alert.message)
