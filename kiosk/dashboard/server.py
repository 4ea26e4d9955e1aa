"""The dashboard's web service (Starlette + uvicorn) and its MQTT subscriber (paho).

Pages: `/` the spectators' view (read-only, for phones and the projector), `/director`
the director's view behind HTTP Basic auth (acknowledge alerts, results files, the raw
event lists). Both update by server-sent events from `/events`: each change of a table is
pushed as that table's JSON, never by reloading the page.

Nothing here listens on the kiosks' side: the kiosks only connect out to the broker.
"""
from __future__ import annotations

import asyncio
import base64
import binascii
import hmac
import json
import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, AsyncIterator

import paho.mqtt.client as mqtt
from paho.mqtt.enums import CallbackAPIVersion
from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from kiosk.dashboard.results import GameResult, ResultsFolder, results_csv, standings
from kiosk.dashboard.room import Room
from kiosk.network import messages as msg
from kiosk.network.login import log_in

log = logging.getLogger(__name__)
STATIC = Path(__file__).with_name("static")
CLIENT_QUEUE = 500


@dataclass
class DashboardSettings:
    broker: str = "localhost"
    port: int = 1883
    username: str = "director"
    password: str = ""
    ca_file: Path | None = None
    cert_file: Path | None = None
    key_file: Path | None = None
    director_password: str = ""
    results_dir: Path = Path("results")
    tsh_base: Path | None = None
    title: str = "Club room"
    client_id: str = "scrabble-dashboard"
    https: tuple[str, str] | None = None      # (certificate file, key file): serve HTTPS


class Hub:
    """Server-sent-event clients; `changed(name)` may be called from any thread."""

    def __init__(self) -> None:
        self.loop: asyncio.AbstractEventLoop | None = None
        self.clients: set[asyncio.Queue[str]] = set()
        self.pushed = 0
        self.events_pushed: dict[str, tuple[str, int]] = {}   # table -> (game_id, events) last pushed

    def changed(self, room: Room, name: str) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._push, room, name)

    def _push(self, room: Room, name: str) -> None:
        view = room.view(name)
        if view is None:
            return
        mark = (view["game_id"], view["events"])
        if self.events_pushed.get(name) == mark:
            del view["moves"]          # unchanged: the page keeps the list it has (clock ticks stay small)
        self.events_pushed[name] = mark
        text = f"event: table\ndata: {json.dumps(view, separators=(',', ':'))}\n\n"
        for queue in list(self.clients):
            try:
                queue.put_nowait(text)
            except asyncio.QueueFull:
                self.clients.discard(queue)        # too slow: it reconnects and gets a snapshot
        self.pushed += 1

    def push_results(self, room: Room) -> None:
        if self.loop is not None:
            self.loop.call_soon_threadsafe(self._push_text, f"event: results\ndata: {json.dumps(results_view(room))}\n\n")

    def _push_text(self, text: str) -> None:
        for queue in list(self.clients):
            try:
                queue.put_nowait(text)
            except asyncio.QueueFull:
                self.clients.discard(queue)


def results_view(room: Room) -> dict[str, Any]:
    games = room.game_results()
    return {
        "games": [{"round": g.round, "table": g.table, "players": list(g.players), "scores": list(g.scores),
                   "winner": g.winner, "final": g.final} for g in sorted(games, key=lambda g: (g.round, g.table))],
        "standings": [{"name": s.name, "wins": s.wins, "losses": s.losses, "spread": s.spread}
                      for s in standings(games)],
    }


def premium_layout() -> list[str]:
    """The premium squares, one letter each (T/D word, t/d letter, '.' plain), from the rules' one table."""
    from kiosk.rules.board import SIZE, letter_multiplier, word_multiplier

    def code(sq: tuple[int, int]) -> str:
        word, letter = word_multiplier(sq), letter_multiplier(sq)
        return {3: "T", 2: "D"}.get(word) or {3: "t", 2: "d"}.get(letter) or "."

    return ["".join(code((r, c)) for c in range(SIZE)) for r in range(SIZE)]


class Subscriber:
    """The dashboard's MQTT client: a persistent session, so the broker keeps the tables'
    events for it while it is down; it reads every table's topics, writes only `resend`."""

    def __init__(self, settings: DashboardSettings, room: Room, on_status: Any = None) -> None:
        self.room = room
        self.on_status = on_status or (lambda connected: None)
        self.settings = settings
        self.client = mqtt.Client(CallbackAPIVersion.VERSION2, client_id=settings.client_id,
                                  protocol=mqtt.MQTTv311, clean_session=False)
        log_in(self.client, settings.username, settings.password, settings.ca_file, settings.cert_file,
               settings.key_file)
        self.client.reconnect_delay_set(min_delay=1, max_delay=5)
        self.client.on_connect = self._on_connect
        self.client.on_subscribe = self._on_subscribe
        self.client.on_message = self._on_message
        self.client.on_disconnect = self._on_disconnect
        self.connected = threading.Event()

    def start(self) -> None:
        self.client.connect_async(self.settings.broker, self.settings.port, keepalive=15)
        self.client.loop_start()

    def stop(self) -> None:
        self.client.disconnect()
        self.client.loop_stop()

    def _on_connect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        if reason.is_failure:
            log.warning("dashboard: broker refused the connection: %s", reason)
            return
        log.info("dashboard: connected to the broker %s:%s", self.settings.broker, self.settings.port)
        client.subscribe([(f"{msg.ROOT}/+/{kind}", 1) for kind in ("state", "events", "gcg", "online")])

    def _on_subscribe(self, client: mqtt.Client, userdata: Any, mid: int, reasons: Any, properties: Any) -> None:
        # "connected" on the director's page means receiving: the broker delivers nothing published
        # before it has acknowledged the subscription.
        self.connected.set()
        self.on_status(True)

    def _on_disconnect(self, client: mqtt.Client, userdata: Any, flags: Any, reason: Any, properties: Any) -> None:
        self.connected.clear()
        self.on_status(False)
        log.warning("dashboard: lost the broker (%s); reconnecting", reason)

    def _on_message(self, client: mqtt.Client, userdata: Any, message: mqtt.MQTTMessage) -> None:
        self.room.receive(message.topic, message.payload)

    def request_resend(self, table: str, game_id: str, from_seq: int) -> None:
        payload = {"v": msg.FORMAT, "table": table, "game_id": game_id, "from_seq": from_seq}
        self.client.publish(msg.topic(table, "resend"), msg.dumps(payload), qos=1)


def _authorised(request: Request, password: str) -> bool:
    header = request.headers.get("authorization", "")
    if not password or not header.lower().startswith("basic "):
        return False
    try:
        user_pass = base64.b64decode(header[6:], validate=True).decode("utf-8")
    except (binascii.Error, UnicodeDecodeError):
        return False
    _, _, given = user_pass.partition(":")
    return hmac.compare_digest(given.encode("utf-8"), password.encode("utf-8"))


def _challenge() -> Response:
    return Response("The director's view needs the director's password.\n", status_code=401,
                    headers={"WWW-Authenticate": 'Basic realm="scrabble director", charset="UTF-8"'})


SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; "
                               "connect-src 'self'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
}


def create_app(settings: DashboardSettings, *, connect: bool = True) -> Starlette:
    hub = Hub()
    results = ResultsFolder(settings.results_dir, settings.tsh_base)
    acked: dict[str, set[str]] = {}
    room: Room

    def on_result(result: GameResult) -> None:
        try:
            results.write(room.game_results(), result)
        except OSError as exc:
            log.error("dashboard: cannot write the results in %s: %s", settings.results_dir, exc)
        hub.push_results(room)

    subscriber: Subscriber | None = None

    def resend(table: str, game_id: str, from_seq: int) -> None:
        if subscriber is not None:
            subscriber.request_resend(table, game_id, from_seq)

    room = Room(on_change=lambda name: hub.changed(room, name), on_result=on_result, request_resend=resend)
    def on_status(connected: bool) -> None:
        if hub.loop is not None:
            hub.loop.call_soon_threadsafe(hub._push_text, f"event: broker\ndata: {json.dumps({'connected': connected})}\n\n")

    if connect:
        subscriber = Subscriber(settings, room, on_status)

    def page(mode: str) -> Response:
        html = (STATIC / "index.html").read_text(encoding="utf-8")
        html = html.replace("{{MODE}}", mode).replace("{{TITLE}}", settings.title)
        return HTMLResponse(html, headers=SECURITY_HEADERS)

    async def spectators(request: Request) -> Response:
        return page("spectator")

    async def director(request: Request) -> Response:
        if not _authorised(request, settings.director_password):
            return _challenge()
        return page("director")

    async def tables(request: Request) -> Response:
        names = sorted(room.tables)
        return JSONResponse({"title": settings.title, "tables": [room.view(n) for n in names],
                             "broker": bool(subscriber and subscriber.connected.is_set()),
                             "results": results_view(room), "layout": premium_layout()})

    async def one_table(request: Request) -> Response:
        view = room.view(request.path_params["name"])
        return JSONResponse(view) if view is not None else JSONResponse({"error": "no such table"}, status_code=404)

    async def events(request: Request) -> Response:
        queue: asyncio.Queue[str] = asyncio.Queue(CLIENT_QUEUE)
        hub.clients.add(queue)

        async def stream() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"
                while True:
                    try:
                        text = await asyncio.wait_for(queue.get(), timeout=15)
                    except asyncio.TimeoutError:
                        text = ": keep-alive\n\n"
                    if queue not in hub.clients:
                        return
                    yield text
            finally:
                hub.clients.discard(queue)

        return StreamingResponse(stream(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-store", "X-Accel-Buffering": "no"})

    async def director_acked(request: Request) -> Response:
        if not _authorised(request, settings.director_password):
            return _challenge()
        return JSONResponse({name: sorted(texts) for name, texts in acked.items()})

    async def acknowledge(request: Request) -> Response:
        if not _authorised(request, settings.director_password):
            return _challenge()
        origin = request.headers.get("origin")
        if origin is not None and origin != f"{request.url.scheme}://{request.url.netloc}":
            return Response("cross-site request refused\n", status_code=403)
        name = request.path_params["name"]
        view = room.view(name)
        if view is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        acked[name] = {a["text"] for a in view["alerts"]}
        return JSONResponse({"acknowledged": sorted(acked[name])})

    async def director_events(request: Request) -> Response:
        if not _authorised(request, settings.director_password):
            return _challenge()
        name = request.path_params["name"]
        view = room.view(name)
        if view is None:
            return JSONResponse({"error": "no such table"}, status_code=404)
        game_id = request.query_params.get("game_id") or view["game_id"]
        return JSONResponse({"table": name, "game_id": game_id, "records": room.events_of(name, game_id)})

    async def director_file(request: Request) -> Response:
        if not _authorised(request, settings.director_password):
            return _challenge()
        relative = request.path_params["path"]
        base = settings.results_dir.resolve()
        path = (base / relative).resolve()
        if not path.is_relative_to(base) or not path.is_file():
            return Response("no such file\n", status_code=404)
        return FileResponse(path)

    async def results_csv_now(request: Request) -> Response:
        if not _authorised(request, settings.director_password):
            return _challenge()
        return Response(results_csv(room.game_results()), media_type="text/csv")

    async def health(request: Request) -> Response:
        return JSONResponse({"broker": bool(subscriber and subscriber.connected.is_set()), "tables": len(room.tables),
                             "refused": room.refused_total, "clients": len(hub.clients), "pushed": hub.pushed})

    async def lifespan_recheck() -> None:
        while True:
            await asyncio.sleep(2.0)
            room.recheck()

    from contextlib import asynccontextmanager

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        hub.loop = asyncio.get_running_loop()
        if subscriber is not None:
            subscriber.start()
        task = asyncio.create_task(lifespan_recheck())
        try:
            yield
        finally:
            task.cancel()
            if subscriber is not None:
                subscriber.stop()

    app = Starlette(routes=[
        Route("/", spectators),
        Route("/director", director),
        Route("/api/tables", tables),
        Route("/api/table/{name}", one_table),
        Route("/events", events),
        Route("/health", health),
        Route("/director/acknowledged", director_acked),
        Route("/director/ack/{name}", acknowledge, methods=["POST"]),
        Route("/director/events/{name}", director_events),
        Route("/director/results.csv", results_csv_now),
        Route("/director/files/{path:path}", director_file),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ], lifespan=lifespan)
    app.state.room = room
    app.state.hub = hub
    return app
