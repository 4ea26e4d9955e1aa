"""What the status line says about the camera's latest reading ('' when it is fine)."""
from __future__ import annotations

from kiosk.vision_worker import Reading


def camera_problem(reading: Reading) -> str:
    """The camera failed, the board is not in view, the reader named a problem, or squares it
    could not read on a board still changing; '' when none of these."""
    obs = reading.observation
    if obs is None:
        return f"camera problem: {reading.error}"
    if not obs.located:  # the reader's words say why (not found, not readable, too small), its most telling first
        return "; ".join(obs.problems) if obs.problems else "board not in view"
    if obs.problems:
        return "; ".join(obs.problems)
    unreadable = sum(1 for cell in obs.cells if cell.state == "unknown")
    return f"{unreadable} squares cannot be read" if unreadable and not obs.stable else ""
