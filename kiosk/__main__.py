"""`python -m kiosk [COMMAND] ...` — one entry point for every kiosk command.

Each command lives in its own module and is imported only when used, so a
command that needs OpenCV or pygame never slows down one that does not.

No command shows a traceback for something a person did: Ctrl-C, a bad file (InputError)
or a path the system refuses (OSError naming a file) each end with one line on stderr.
"""
from __future__ import annotations

import importlib
import os
import signal
import sys
from collections.abc import Callable

# One OpenBLAS thread for the board reader's small MLPs (see vision/__init__.py); it must
# be set before anything imports NumPy.
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

# command name -> (module, function, one-line help)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "run": ("kiosk.cli.run", "main", "the live kiosk on a Pi; elsewhere the bundled demo game (default)"),
    "replay": ("kiosk.cli.replay", "main", "replay a recorded game folder through the real app"),
    "check-config": ("kiosk.cli.check_config", "main", "print a config file's settings and every problem in it"),
    "verify-gcg": ("kiosk.cli.verify_gcg", "main", "replay GCG records and report every score that differs"),
    "calibrate": ("vision.calibrate", "main", "learn a club's board and tiles from a few camera frames"),
    "bench": ("kiosk.cli.bench", "main", "rules-core benchmark: moves verified per second, lexicon load"),
    "dashboard": ("kiosk.cli.dashboard", "main", "the director's dashboard for a club room of kiosks (MQTT)"),
}
INTERRUPTED = 130  # the shell's status for a command ended by Ctrl-C


def usage() -> str:
    lines = ["usage: python -m kiosk [COMMAND] [ARGS...]", "", "commands:"]
    for name, (_, _, text) in COMMANDS.items():
        lines.append(f"  {name:<12} {text}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("-h", "--help", "help"):
        print(usage())
        return 0
    name = args.pop(0) if args and not args[0].startswith("-") else "run"
    if name not in COMMANDS:
        print(f"kiosk: unknown command {name!r}\n\n{usage()}", file=sys.stderr)
        return 2
    module_name, func_name, _ = COMMANDS[name]
    return run_command(f"kiosk {name}", lambda: _call(module_name, func_name, args))


def _call(module_name: str, func_name: str, args: list[str]) -> int:
    func: Callable[[list[str]], int | None] = getattr(importlib.import_module(module_name), func_name)
    return int(func(args) or 0)


def run_command(label: str, body: Callable[[], int]) -> int:
    """Run a command; Ctrl-C, a bad file or a refused path end it with one line on stderr."""
    from kiosk.errors import InputError

    try:
        return body()
    except KeyboardInterrupt:
        signal.signal(signal.SIGINT, signal.SIG_IGN)  # a second Ctrl-C must not cut the last word short
        print(f"{label}: interrupted", file=sys.stderr)
        return INTERRUPTED
    except InputError as exc:
        print(f"{label}: {exc}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        # the reader went away (`... | head`): nothing more to say, and nowhere to say it
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1
    except OSError as exc:
        if exc.filename is None:
            raise
        print(f"{label}: {exc.filename}: {exc.strerror or exc}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
