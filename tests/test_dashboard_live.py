"""Done-when, end to end: two recorded games on two simulated tables, a real Mosquitto, the
dashboard process, and Debian's Chromium (Playwright) looking at it. Screenshots go to
tests/output/ (looked at by a person: see the README's club-room section)."""
from __future__ import annotations

import base64
import csv
import io
import time
import urllib.error
import urllib.request

import pytest

from kiosk.network import messages as msg
from kiosk.network.publisher import MqttSink
from kiosk.rules.gcg import parse_gcg
from tests.test_network_support import (CHROMIUM_FLAGS, NEVER_WAITS_S, OUTPUT, DashboardProcess, RunningBroker, tape,
                                        wait_for)

pytestmark = pytest.mark.timeout(420)


@pytest.fixture
def room(tmp_path):
    broker = RunningBroker(tmp_path / "broker")
    dashboard = DashboardProcess(tmp_path / "dashboard", broker)
    yield broker, dashboard
    dashboard.stop()
    broker.stop()


@pytest.fixture
def browser():
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_FLAGS, headless=True)
        yield chromium
        chromium.close()


def _scores_on_page(page, table: str) -> tuple[str, str]:
    return (page.text_content(f"#table-{table} [data-testid=score-{table}-0]") or "",
            page.text_content(f"#table-{table} [data-testid=score-{table}-1]") or "")


def _request(url: str, *, method: str = "GET", password: str | None = None, origin: str | None = None) -> int:
    request = urllib.request.Request(url, method=method, data=b"" if method == "POST" else None)
    if password is not None:
        request.add_header("Authorization", "Basic " + base64.b64encode(f"director:{password}".encode()).decode())
    if origin is not None:
        request.add_header("Origin", origin)
    try:
        with urllib.request.urlopen(request, timeout=5) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code


def test_two_tables_live_in_chromium_through_a_broker_restart(room, browser):
    broker, dashboard = room
    OUTPUT.mkdir(parents=True, exist_ok=True)
    games = {"t01": tape("overdraw"), "t02": tape("normal-out")}
    ids = {"t01": "20261124-190000", "t02": "20261124-190001"}
    sinks = {t: MqttSink(broker.table_config(t)) for t in games}
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    page.goto(dashboard.url + "/")
    page.wait_for_selector(".live:not(.off)")
    worst_call = 0.0
    checked_scores = 0
    play_latency: list[float] = []    # a play handed to the sink -> its score on the page in Chromium
    saw_overdraw = False
    overdraw_cleared = False
    restarted = False
    stop_at = 13        # both games mid-game: t01 with its overdraw standing, its next play made while down
    try:
        cursor = {t: 0 for t in games}
        while any(cursor[t] < len(games[t].steps) for t in games):
            for table, game in games.items():
                if cursor[table] >= len(game.steps):
                    continue
                step = game.steps[cursor[table]]
                cursor[table] += 1
                start = time.perf_counter()
                handed_at = time.monotonic()
                for seq, record in step.records:
                    sinks[table].record(ids[table], seq, record)
                sinks[table].show(step.screen)
                worst_call = max(worst_call, time.perf_counter() - start)
                if table == "t02" and cursor[table] == stop_at:
                    broker.stop()                      # the broker goes away mid-game
                    stopped_at = time.monotonic()
                    page.wait_for_function("() => document.querySelector('#live').textContent.startsWith('broker lost')",
                                           timeout=10_000)
                    page.screenshot(path=str(OUTPUT / "dashboard-broker-down.png"), full_page=True)
                if table == "t02" and cursor[table] == stop_at + 2 and not restarted:
                    assert time.monotonic() - stopped_at < 30
                    broker.start()
                    restarted = True
                    page.wait_for_function("() => document.querySelector('#live').textContent == 'live'", timeout=15_000)
                if not broker.broker.process:          # while it is down the page cannot follow
                    continue
                expected = tuple(str(p.score) for p in step.screen.players)
                if step.records and any("play_made" in str(r) for _, r in step.records) or \
                        step.screen.players != (game.steps[cursor[table] - 2].screen.players if cursor[table] > 1 else None):
                    page.wait_for_function(
                        "([t, a, b]) => { const e = document.querySelectorAll(`#table-${t} .score`);"
                        " return e.length == 2 && e[0].textContent == a && e[1].textContent == b; }",
                        arg=[table, *expected], timeout=10_000)
                    checked_scores += 1
                    if any("play_made" in str(r) for _, r in step.records) and restarted == (cursor[table] > stop_at):
                        play_latency.append(time.monotonic() - handed_at)
                if table == "t01" and any(a.title.lower() == "overdraw" for a in step.screen.alerts):
                    page.wait_for_selector("#table-t01 .alert.overdraw", timeout=10_000)
                    if not saw_overdraw:
                        page.screenshot(path=str(OUTPUT / "dashboard-overdraw.png"), full_page=True)
                    saw_overdraw = True
                elif table == "t01" and saw_overdraw and not overdraw_cleared:
                    page.wait_for_selector("#table-t01 .alert.overdraw", state="detached", timeout=10_000)
                    overdraw_cleared = True
        assert restarted and saw_overdraw and overdraw_cleared
        assert worst_call < NEVER_WAITS_S, f"the table waited {worst_call:.3f} s for the network"
        assert checked_scores >= 30
        play_latency.sort()
        (OUTPUT / "dashboard-play-latency.txt").write_text(
            f"plays {len(play_latency)}; median {play_latency[len(play_latency) // 2]:.3f} s; "
            f"max {play_latency[-1]:.3f} s (sink -> broker -> dashboard -> SSE -> Chromium DOM)\n")
        assert len(play_latency) >= 20
        assert play_latency[int(0.95 * (len(play_latency) - 1))] < 1.0, play_latency
        # the dashboard ends complete: every event, in order, none twice
        for table, game in games.items():
            want = [msg.public_record(r) for r in game.records]
            wait_for(lambda: dashboard.get_json(f"/director/events/{table}?game_id={ids[table]}", auth=True)["records"]
                     == want, 30, f"{table} complete")
            assert _scores_on_page(page, table) == tuple(str(s) for s in game.final_scores)
        page.screenshot(path=str(OUTPUT / "dashboard-end.png"), full_page=True)
        # the round's results: CSV and TSH, from the GCG each kiosk published
        csv_path = dashboard.results / "round-1" / "results.csv"
        wait_for(lambda: csv_path.exists() and len(list(csv.DictReader(io.StringIO(csv_path.read_text())))) == 2,
                 15, "both results in the CSV")
        rows = {r["table"]: r for r in csv.DictReader(io.StringIO(csv_path.read_text()))}
        assert (rows["t01"]["player1"], rows["t01"]["score1"], rows["t01"]["player2"], rows["t01"]["score2"]) == \
            ("Ann", "15", "Bob", "9")
        final2 = games["t02"].final_scores
        assert (int(rows["t02"]["score1"]), int(rows["t02"]["score2"])) == final2
        tsh = (dashboard.results / "division.t").read_text().splitlines()
        assert len(tsh) == 4
        assert tsh[0].split() == ["Ann", "0", "2;", "15;"] and tsh[1].split() == ["Bob", "0", "1;", "9;"]
        p2 = rows["t02"]["player1"]
        line = next(l for l in tsh if l.startswith(p2))
        assert line.split(";")[1].strip() == str(final2[0])
        for table in games:
            gcg_files = list((dashboard.results / "round-1").glob(f"{table}-*.gcg"))
            assert len(gcg_files) == 1
            parsed = parse_gcg(gcg_files[0].read_text(), str(gcg_files[0]))
            assert not parsed.mismatches
        # the page's results view and the other screens a director looks at
        page.goto(dashboard.url + "/#results")
        page.wait_for_selector("#standings tbody tr")
        page.screenshot(path=str(OUTPUT / "dashboard-results.png"), full_page=True)
        page.goto(dashboard.url + "/#table=t02")
        page.wait_for_selector("#detail .moves tr")
        assert page.locator("#detail .moves tr").count() >= 20
        page.screenshot(path=str(OUTPUT / "dashboard-table-t02.png"), full_page=True)
        phone = browser.new_page(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        phone.goto(dashboard.url + "/")
        phone.wait_for_selector("#table-t02")
        phone.screenshot(path=str(OUTPUT / "dashboard-phone.png"))
        assert phone.evaluate("document.documentElement.scrollWidth") <= 390
        projector = browser.new_page(viewport={"width": 1920, "height": 1080})
        projector.goto(dashboard.url + "/")
        projector.wait_for_selector("#table-t02")
        projector.screenshot(path=str(OUTPUT / "dashboard-projector.png"))
        # spectators see no director controls and can change nothing
        assert page.locator(".director-only").first.is_hidden()
        director = browser.new_context(http_credentials={"username": "director", "password": dashboard.password},
                                       viewport={"width": 1280, "height": 900}).new_page()
        director.goto(dashboard.url + "/director#table=t01")
        director.wait_for_selector("#detail")
        director.screenshot(path=str(OUTPUT / "dashboard-director.png"), full_page=True)
        assert director.locator(".director-only").first.is_visible()
    finally:
        for sink in sinks.values():
            sink.close()


def test_director_view_needs_the_password_and_spectators_change_nothing(room):
    broker, dashboard = room
    url = dashboard.url
    assert _request(url + "/") == 200
    assert _request(url + "/director") == 401
    assert _request(url + "/director", password="wrong") == 401
    assert _request(url + "/director", password=dashboard.password) == 200
    for path in ("/director/results.csv", "/director/acknowledged", "/director/events/t01",
                 "/director/files/results.csv"):
        assert _request(url + path) == 401, path
    assert _request(url + "/director/ack/t01", method="POST") == 401
    assert _request(url + "/api/tables", method="POST") == 405
    assert _request(url + "/", method="POST") == 405
    # another site's page cannot make a logged-in director's browser acknowledge alerts
    sink = MqttSink(broker.table_config("t01"))
    try:
        sink.show(tape("overdraw").steps[0].screen)
        wait_for(lambda: dashboard.get_json("/api/tables")["tables"], 10, "table seen")
    finally:
        sink.close()
    assert _request(url + "/director/ack/t01", method="POST", password=dashboard.password,
                    origin="http://evil.example") == 403
    assert _request(url + "/director/ack/t01", method="POST", password=dashboard.password, origin=url) == 200
    # files only from the results folder
    assert _request(url + "/director/files/..%2f..%2fdirector-password", password=dashboard.password) == 404
    assert _request(url + "/director/files/../director-password", password=dashboard.password) == 404


def test_hostile_messages_through_the_broker_leave_the_dashboard_running(room):
    import paho.mqtt.client as mqtt
    from paho.mqtt.enums import CallbackAPIVersion

    broker, dashboard = room
    evil = mqtt.Client(CallbackAPIVersion.VERSION2, client_id="evil-t03")
    evil.username_pw_set("t03", broker.users["t03"])
    evil.connect("127.0.0.1", broker.port)
    evil.loop_start()
    try:
        for payload in (b"{", b"\x00\xff", b"[]", b'{"v":1,"table":"t01","online":true}',
                        b'{"v":1,"table":"t03","online":"maybe"}', b"x" * 200_000,
                        b'{"v":1,"table":"t03","game_id":"g","seq":"one","record":{}}'):
            for kind in ("state", "events", "online", "gcg"):
                evil.publish(msg.topic("t03", kind), payload, qos=1).wait_for_publish(5)
        wait_for(lambda: dashboard.get_json("/health")["refused"] >= 20, 10, "refusals counted")
    finally:
        evil.disconnect()
        evil.loop_stop()
    health = dashboard.get_json("/health")
    assert health["broker"] and dashboard.process.poll() is None
    assert "refused a message" in dashboard.log.read_text()
    assert all(t["state"] is None for t in dashboard.get_json("/api/tables")["tables"])


def test_a_kiosk_that_vanishes_shows_offline_by_the_brokers_last_will(room, tmp_path):
    import os
    import signal
    import subprocess
    import sys

    broker, dashboard = room
    script = tmp_path / "vanishing_table.py"
    script.write_text(
        "import time\n"
        "from kiosk.display.model import ScreenModel\n"
        "from kiosk.network.config import NetworkConfig\n"
        "from kiosk.network.publisher import MqttSink\n"
        f"sink = MqttSink(NetworkConfig(broker='127.0.0.1', port={broker.port}, table='t03', username='t03',"
        f" password={broker.users['t03']!r}, keepalive=5))\n"
        "sink.show(ScreenModel())\n"
        "time.sleep(120)\n")
    kiosk = subprocess.Popen([sys.executable, str(script)], cwd=str(OUTPUT.parent.parent))
    try:
        wait_for(lambda: (dashboard.get_json("/api/table/t03") if any(
            t["name"] == "t03" for t in dashboard.get_json("/api/tables")["tables"]) else {}).get("online") is True,
            20, "t03 online")
        os.kill(kiosk.pid, signal.SIGKILL)              # power cut: no goodbye
        kiosk.wait(10)
        wait_for(lambda: dashboard.get_json("/api/table/t03")["online"] is False, 20, "t03 offline")
        assert dashboard.get_json("/api/table/t03")["alerts"][0] == {"kind": "offline", "text": "Kiosk offline"}
    finally:
        if kiosk.poll() is None:
            kiosk.kill()
            kiosk.wait()


class _Stop(Exception):
    pass


def test_a_replay_through_the_assembly_reaches_the_dashboard_across_a_kiosk_restart(room, tmp_path):
    """The real assembly feeds the real sink: a kiosk stops mid-game and starts again from its
    journal; the assembly hands the journal's records again and the dashboard ends with every
    event once, in order, and the game's result."""
    import json as _json

    from kiosk.journal import FINISHED_SUFFIX
    from kiosk.replay.driver import ReplayRun
    from tests.test_network_support import GAMES

    broker, dashboard = room
    games_dir = tmp_path / "games"

    def stop_midway(index, step):
        if index == 6:
            raise _Stop

    first_sink = MqttSink(broker.table_config("t01"))
    with pytest.raises(_Stop):
        ReplayRun(GAMES / "overdraw", games_dir=games_dir, sinks=(first_sink,), step_hook=stop_midway).run()
    first_sink.close()
    partial = dashboard.get_json("/api/table/t01")["events"]
    assert partial >= 3
    second_sink = MqttSink(broker.table_config("t01"))
    run = ReplayRun(GAMES / "overdraw", games_dir=games_dir, sinks=(second_sink,))
    result = run.run()
    second_sink.close()
    assert result.scores == (15, 9)
    journal = next(games_dir.glob("*" + FINISHED_SUFFIX))
    records = [_json.loads(line) for line in journal.read_text().splitlines()]
    game_id = journal.name.removesuffix(FINISHED_SUFFIX)
    wait_for(lambda: dashboard.get_json(f"/director/events/t01?game_id={game_id}", auth=True)["records"]
             == [msg.public_record(r) for r in records], 20, "every journal record once, in order")
    view = dashboard.get_json("/api/table/t01")
    assert [p["score"] for p in view["state"]["players"]] == [15, 9]
    csv_path = dashboard.results / "round-1" / "results.csv"
    wait_for(lambda: csv_path.exists() and game_id in csv_path.read_text(), 15, "the result in the CSV")


def test_the_dashboard_serves_https_with_a_club_certificate(tmp_path):
    import ssl
    import urllib.request

    from kiosk.network.broker import make_test_ca

    broker = RunningBroker(tmp_path / "broker")
    tls = make_test_ca(tmp_path / "ca")
    try:
        folder = tmp_path / "dash"
        folder.mkdir()
        (folder / "mqtt-password").write_text(broker.users["director"])
        (folder / "director-password").write_text("s3cret")
        from kiosk.network.broker import free_port
        port = free_port()
        import subprocess
        import sys
        log = open(folder / "log", "wb")
        process = subprocess.Popen([sys.executable, "-m", "kiosk", "dashboard", "--broker", "127.0.0.1",
                                    "--port", str(broker.port), "--password-file", str(folder / "mqtt-password"),
                                    "--director-password-file", str(folder / "director-password"),
                                    "--http-port", str(port), "--results-dir", str(folder / "results"),
                                    "--https-cert-file", str(tls.cert_file), "--https-key-file", str(tls.key_file)],
                                   stdout=log, stderr=subprocess.STDOUT)
        context = ssl.create_default_context(cafile=str(tls.ca_file))

        def up():
            try:
                with urllib.request.urlopen(f"https://localhost:{port}/health", context=context, timeout=2) as r:
                    return r.status == 200
            except OSError:
                return False
        try:
            wait_for(up, 30, "HTTPS dashboard")
            with pytest.raises(OSError):      # a browser that does not trust the club CA is warned off
                urllib.request.urlopen(f"https://localhost:{port}/health", context=ssl.create_default_context(), timeout=2)
        finally:
            process.terminate()
            process.wait(10)
            log.close()
    finally:
        broker.stop()
