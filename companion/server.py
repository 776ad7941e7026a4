"""The table's web server: the live page, its push channel, the referee's actions, the archive.

``create_app(settings, session)`` builds the FastAPI app. Phones get updates by server-sent
events (``/api/events``): the whole table in each message, one latest-wins slot per phone
(:mod:`companion.hub`), the current table at once on (re)connection. Referee actions need the
PIN (header ``X-Bito-Pin``); a missing or wrong PIN is refused with 403 and changes nothing.
Bad input of any kind gets a 4xx answer with a readable ``detail`` and changes nothing.

The camera worker (``bito run``/``bito demo``) is started and stopped by the app's lifespan and
runs in its own thread; nothing blocking runs inside ``async def``.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Header, HTTPException, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field
from starlette.responses import StreamingResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from companion.archive import Archive
from companion.session import LiveSession, SessionError, TableSetup
from companion.table_view import replay_bouts
from referee.cards import Card, Suit
from referee.errors import BitoError
from referee.export import export_text
from referee.moves import parse_move, parse_seat
from referee.variants import playable_variants

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
MAX_BODY = 64 * 1024
KEEPALIVE_S = 15.0


@dataclass(frozen=True, slots=True)
class ServerSettings:
    pin: str
    max_body: int = MAX_BODY
    tick_interval: float = 0.5
    """How often the auto-accept timer of uncertain moves is looked at."""
    max_wrong_pins: int = 20
    """Wrong PINs from one address per minute before it is told to wait (guessing)."""


Worker = Callable[[threading.Event], None]
"""The camera worker: runs until the event is set."""


# --- wire models -------------------------------------------------------------------------------


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SetupBody(_Body):
    variant: str = Field(max_length=64)
    options: dict[str, str] = Field(default_factory=dict, max_length=32)
    names: list[str] = Field(min_length=1, max_length=10)
    dealer: str = Field(default="A", max_length=1)
    trump_card: str | None = Field(default=None, max_length=4)
    trump_suit: str | None = Field(default=None, max_length=2)
    first_attacker: str | None = Field(default=None, max_length=1)


class ConfirmBody(_Body):
    pending: int
    choice: int | None = None
    move: str | None = Field(default=None, max_length=80)


class PendingBody(_Body):
    pending: int


class CorrectBody(_Body):
    seq: int
    move: str = Field(max_length=80)


class MoveBody(_Body):
    move: str = Field(max_length=80)


class EmptyBody(_Body):
    pass


# --- body size limit ---------------------------------------------------------------------------


class BodyLimit:
    """Refuse request bodies over ``limit`` bytes with 413, declared or streamed (chunked)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        seen = 0
        refused = False

        async def limited() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request" and not refused:
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    refused = True
                    await _too_large(send, self.limit)
                    return {"type": "http.disconnect"}
            return message

        async def guarded(message: Message) -> None:
            if not refused:  # the app's own answer is dropped once 413 has gone out
                await send(message)

        try:
            await self.app(scope, limited, guarded)
        except Exception:
            if not refused:
                raise


async def _too_large(send: Send, limit: int) -> None:
    body = f'{{"detail":"request body over {limit // 1024} KiB: refused"}}'.encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


# --- the app -----------------------------------------------------------------------------------


def create_app(
    settings: ServerSettings,
    session: LiveSession,
    *,
    worker: Worker | None = None,
) -> FastAPI:
    archive = session.archive
    wrong_pins: dict[str, list[float]] = {}

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        stop = threading.Event()
        threads: list[threading.Thread] = []
        if worker is not None:
            thread = threading.Thread(target=worker, args=(stop,), name="camera", daemon=True)
            thread.start()
            threads.append(thread)
        session.publish()
        ticker = asyncio.create_task(_tick(session, settings.tick_interval))
        try:
            yield
        finally:
            ticker.cancel()
            stop.set()
            for thread in threads:
                await asyncio.to_thread(thread.join, 5.0)

    app = FastAPI(title="Bito", lifespan=lifespan, docs_url=None, redoc_url=None)

    @app.exception_handler(BitoError)
    async def bito_error(request: Request, exc: BitoError) -> JSONResponse:
        return JSONResponse({"detail": str(exc), "error": type(exc).__name__}, status_code=400)

    @app.exception_handler(SessionError)
    async def session_error(request: Request, exc: SessionError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=exc.status)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        errors = exc.errors()
        if any(e.get("type") == "json_invalid" for e in errors):
            return JSONResponse({"detail": "the request body is not valid JSON"}, 400)
        parts = []
        for e in errors:
            where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "body"
            parts.append(f"{where}: {e.get('msg', 'invalid')}")
        return JSONResponse({"detail": "bad request: " + "; ".join(parts)}, 422)

    def require_pin(request: Request, pin: str | None) -> None:
        client = request.client.host if request.client else "?"
        now = time.monotonic()
        recent = [t for t in wrong_pins.get(client, []) if now - t < 60]
        wrong_pins[client] = recent
        if len(recent) >= settings.max_wrong_pins:
            raise HTTPException(429, "too many wrong PINs from this address: wait a minute")
        if not pin:
            raise HTTPException(403, "referee actions need the PIN: open the referee link")
        if not secrets.compare_digest(pin.encode(), settings.pin.encode()):
            recent.append(now)
            raise HTTPException(403, "wrong PIN: nothing was changed")

    async def act(request: Request, pin: str | None, action: Callable[[], object]) -> Any:
        require_pin(request, pin)
        await asyncio.to_thread(action)
        return {"ok": True, "version": session.version}

    # --- pages and live data ---

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/archive", include_in_schema=False)
    async def archive_page() -> FileResponse:
        return FileResponse(STATIC / "archive.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.get("/api/state")
    async def state() -> JSONResponse:
        return JSONResponse(await asyncio.to_thread(session.snapshot))

    @app.get("/api/events")
    async def events(request: Request) -> StreamingResponse:
        sub = session.hub.subscribe()

        async def stream() -> AsyncIterator[str]:
            try:
                yield "retry: 1000\n\n"
                while True:
                    try:
                        message = await asyncio.wait_for(sub.next(), KEEPALIVE_S)
                    except TimeoutError:
                        yield ": keepalive\n\n"
                        continue
                    yield f"data: {message}\n\n"
            finally:
                session.hub.unsubscribe(sub)

        return StreamingResponse(
            stream(),
            media_type="text/event-stream",
            headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"},
        )

    @app.get("/api/frame.jpg")
    async def frame() -> Response:
        jpeg = session.jpeg
        if jpeg is None:
            return Response(status_code=204)
        return Response(jpeg, media_type="image/jpeg", headers={"Cache-Control": "no-store"})

    @app.get("/api/variants")
    async def variants() -> list[dict[str, Any]]:
        out = []
        for v in playable_variants():
            rules = v.configure({})
            out.append(
                {
                    "slug": v.slug,
                    "title": v.title,
                    "min_players": rules.min_players,
                    "max_players": rules.max_players,
                    "options": sorted(v.allowed_options()),
                }
            )
        return out

    # --- referee actions ---

    @app.post("/api/pin")
    async def check_pin(request: Request, x_bito_pin: str | None = Header(None)) -> Any:
        require_pin(request, x_bito_pin)
        return {"ok": True}

    @app.post("/api/setup")
    async def setup(
        body: SetupBody, request: Request, x_bito_pin: str | None = Header(None)
    ) -> Any:
        require_pin(request, x_bito_pin)
        table = TableSetup(
            variant=body.variant,
            options=dict(body.options),
            names=tuple(
                n.strip()[:40] or f"Player {chr(65 + i)}" for i, n in enumerate(body.names)
            ),
            dealer=parse_seat(body.dealer),
            trump_card=Card.parse(body.trump_card) if body.trump_card else None,
            trump_suit=Suit.parse(body.trump_suit) if body.trump_suit else None,
            first_attacker=parse_seat(body.first_attacker) if body.first_attacker else None,
        )
        game_id = await asyncio.to_thread(session.setup, table)
        return {"ok": True, "game": game_id, "version": session.version}

    @app.post("/api/confirm")
    async def confirm(
        body: ConfirmBody, request: Request, x_bito_pin: str | None = Header(None)
    ) -> Any:
        move = body.move
        return await act(
            request,
            x_bito_pin,
            lambda: session.confirm(body.pending, body.choice, parse_move(move) if move else None),
        )

    @app.post("/api/dismiss")
    async def dismiss(
        body: PendingBody, request: Request, x_bito_pin: str | None = Header(None)
    ) -> Any:
        return await act(request, x_bito_pin, lambda: session.dismiss(body.pending))

    @app.post("/api/correct")
    async def correct(
        body: CorrectBody, request: Request, x_bito_pin: str | None = Header(None)
    ) -> Any:
        return await act(
            request, x_bito_pin, lambda: session.correct(body.seq, parse_move(body.move))
        )

    @app.post("/api/move")
    async def play(body: MoveBody, request: Request, x_bito_pin: str | None = Header(None)) -> Any:
        return await act(request, x_bito_pin, lambda: session.play(parse_move(body.move)))

    @app.post("/api/undo")
    async def undo(body: EmptyBody, request: Request, x_bito_pin: str | None = Header(None)) -> Any:
        return await act(request, x_bito_pin, session.undo)

    # --- archive ---

    def need_archive() -> Archive:
        if archive is None:
            raise HTTPException(404, "this server keeps no archive")
        return archive

    def need_game(game_id: int) -> Archive:
        found = need_archive()
        if not found.game_exists(game_id):
            raise HTTPException(404, f"no game {game_id} in the archive")
        return found

    @app.get("/api/games")
    async def games() -> list[dict[str, Any]]:
        found = need_archive()
        rows = await asyncio.to_thread(found.list_games)
        return [g.to_dict() for g in rows]

    @app.get("/api/games/{game_id}")
    async def game(game_id: int) -> Any:
        found = need_game(game_id)

        def build() -> dict[str, Any]:
            header, events = found.load_game(game_id)
            summary = found.list_games(1, game_id=game_id)[0]
            return {**summary.to_dict(), "bouts": replay_bouts(header, events)}

        return await asyncio.to_thread(build)

    @app.get("/api/games/{game_id}/record.jsonl")
    async def game_record(game_id: int) -> PlainTextResponse:
        text = await asyncio.to_thread(need_game(game_id).jsonl, game_id)
        return PlainTextResponse(
            text,
            media_type="application/x-ndjson",
            headers={"Content-Disposition": f'attachment; filename="bito-game-{game_id}.jsonl"'},
        )

    @app.get("/api/games/{game_id}/export.txt")
    async def game_export(game_id: int) -> PlainTextResponse:
        found = need_game(game_id)

        def build() -> str:
            header, events = found.load_game(game_id)
            return export_text(header, events)

        return PlainTextResponse(
            await asyncio.to_thread(build),
            headers={"Content-Disposition": f'attachment; filename="bito-game-{game_id}.txt"'},
        )

    app.add_middleware(BodyLimit, limit=settings.max_body)
    return app


async def _tick(session: LiveSession, interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        try:
            await asyncio.to_thread(session.tick)
        except Exception:  # pragma: no cover - keep the timer alive, say why
            log.exception("auto-accept timer")
