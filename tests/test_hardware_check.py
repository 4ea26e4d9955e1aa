"""`python -m hardware.check` on a machine without Pi hardware, and USB camera discovery."""
import subprocess
import sys
from pathlib import Path

import pytest

import hardware.camera as camera

ROOT = Path(__file__).resolve().parents[1]


def test_check_says_no_pi_hardware_cleanly():
    done = subprocess.run(
        [sys.executable, "-m", "hardware.check"], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0
    assert "Traceback" not in done.stderr + done.stdout
    if not Path("/proc/device-tree/model").exists():
        assert "no Pi hardware" in done.stdout
        assert done.stdout.splitlines()[1].startswith("GPIO: none")


def make_node(root: Path, name: str, device: Path, index: str | None) -> None:
    node = root / name
    node.mkdir()
    device.mkdir(parents=True, exist_ok=True)
    (node / "device").symlink_to(device)
    if index is not None:
        (node / "index").write_text(index + "\n")


def test_usb_camera_devices_lists_only_usb_capture_nodes(tmp_path, monkeypatch):
    sysfs = tmp_path / "video4linux"
    sysfs.mkdir()
    devices = tmp_path / "devices"
    make_node(sysfs, "video0", devices / "platform/soc/bcm2835-codec", "0")  # the Pi's codec
    make_node(sysfs, "video10", devices / "pci0000:00/usb1/1-1/1-1:1.0", "0")  # webcam capture
    make_node(sysfs, "video11", devices / "pci0000:00/usb1/1-1/1-1:1.0", "1")  # its metadata node
    make_node(sysfs, "video2", devices / "pci0000:00/usb2/2-1/2-1:1.0", "0")  # a second webcam
    monkeypatch.setattr(camera, "V4L_ROOT", sysfs)
    assert camera.usb_camera_devices() == ["/dev/video2", "/dev/video10"]


def test_open_gpio_without_pi_hardware_is_none_but_still_checks_the_pin_map(tmp_path):
    from hardware.gpio import open_gpio, pi_model
    from kiosk.errors import InputError

    if pi_model() is not None:
        return
    assert open_gpio(lambda event: None) is None
    bad = tmp_path / "pins.toml"
    bad.write_text("[buttons]\np1 = 17\np2 = 17\n")
    with pytest.raises(InputError, match="already used"):
        open_gpio(lambda event: None, bad)


def test_open_gpio_with_mock_pins_gives_buttons_and_lights():
    from gpiozero.pins.mock import MockFactory

    from hardware.gpio import open_gpio
    from hardware.pins import load_pin_map

    factory = MockFactory()
    events = []
    gpio = open_gpio(events.append, pin_factory=factory)
    try:
        pins = load_pin_map()
        factory.pin(pins.buttons["pause"]).drive_low()
        gpio.lights.show(running=1, neutralized=False, alert=False)
        assert [(e.button, e.kind) for e in events] == [("pause", "press")]
        assert factory.pin(pins.leds["p2"]).state is True
    finally:
        gpio.close()
        factory.reset()
