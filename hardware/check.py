"""`python -m hardware.check`: what this machine has for the kiosk. Always exits 0.

Prints the GPIO backend (real or none) and the cameras found, with resolution and
frame rate. Cameras are found from sysfs and libcamera, not by probing device indices.
"""
from __future__ import annotations

import sys

from hardware.camera import CameraError, PiCamera, UsbCamera, picamera2_installed, pi_cameras, usb_camera_devices
from hardware.gpio import pi_model


def gpio_line(model: str | None) -> str:
    if model is None:
        return "GPIO: none (no Pi hardware; use the keyboard for the buttons)"
    try:
        from gpiozero import Device

        Device.ensure_pin_factory()
        return f"GPIO: {type(Device.pin_factory).__name__} on {model}"
    except Exception as exc:  # gpiozero raises several types when no backend loads
        return f"GPIO: none on {model}: no GPIO library works ({exc}); install python3-lgpio"


def describe(camera) -> str:
    info = camera.info
    fps = f"{info.fps:g} fps" if info.fps else "frame rate unknown"
    return f"{info.name}: {info.resolution[0]}x{info.resolution[1]}, {fps}"


def camera_lines() -> list[str]:
    lines = []
    if not picamera2_installed():
        lines.append("Pi camera: none (picamera2 not installed)")
    else:
        cameras = pi_cameras()
        if not cameras:
            lines.append("Pi camera: none (libcamera sees no camera; check the ribbon cable)")
        for index in range(len(cameras)):
            lines.append("Pi camera: " + _probe(lambda: PiCamera(index)))
    devices = usb_camera_devices()
    if not devices:
        lines.append("USB camera: none")
    for device in devices:
        lines.append("USB camera: " + _probe(lambda: UsbCamera(device)))
    return lines


def _probe(open_source) -> str:
    try:
        camera = open_source()
    except CameraError as exc:
        return str(exc)
    try:
        return describe(camera)
    finally:
        camera.close()


def main() -> int:
    model = pi_model()
    print(f"Machine: {model or 'no Pi hardware'}")
    print(gpio_line(model))
    for line in camera_lines():
        print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
