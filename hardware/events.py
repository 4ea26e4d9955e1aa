"""The one input event every button source (GPIO, keyboard) produces."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, TypeGuard, get_args

Button = Literal["p1", "p2", "pause", "challenge", "confirm", "cancel"]
BUTTONS: tuple[Button, ...] = get_args(Button)
Kind = Literal["press", "long_press"]


@dataclass(frozen=True)
class ButtonEvent:
    """`press` fires on the press edge (so a clock switches at once); `long_press` fires
    once the button has been held for the configured time. `t` is monotonic seconds of
    the edge (for `long_press`: of the moment the hold was recognised)."""

    button: Button
    kind: Kind
    t: float


def is_button(name: object) -> TypeGuard[Button]:
    return name in BUTTONS
