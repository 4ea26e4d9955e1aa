"""The director's dashboard: every table of the club room live, from the MQTT broker.

`python -m kiosk dashboard` (kiosk.cli.dashboard) starts it: `room.Room` keeps what the
tables published (refusing anything malformed, with a log line), `results` writes each
round's GCG files, CSV and TSH division file, `server` serves the pages and pushes
changes to the browsers with server-sent events.
"""
