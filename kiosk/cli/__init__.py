"""Command-line entry points, one module per `python -m kiosk` command."""
