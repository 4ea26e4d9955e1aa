"""Thin adapters for buttons, LEDs and cameras; backends injected from outside.

Import the parts from their modules (`hardware.buttons`, `hardware.camera`, ...): this
package file stays light so that importing `hardware.events` pulls in no gpiozero/OpenCV.
"""
from hardware.events import BUTTONS, ButtonEvent

__all__ = ["BUTTONS", "ButtonEvent"]
