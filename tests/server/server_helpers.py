"""What the server tests share: a real simulated game in the table view, camera-like
observations, and a real uvicorn server on a free port in a thread."""

from __future__ import annotations

import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import uvicorn

from companion.server import ServerSettings, create_app
from companion.session import LiveSession, TableSetup
from referee.game import State
from referee.moves import Move
from referee.simulate import random_game
from referee.variants import find_variant

ROOT = Path(__file__).resolve().parents[2]
PIN = "482913"
NAMES = ("Anna", "Boris", "Vera")


@dataclass(frozen=True)
class Observed:
    """Shaped as ``vision.pipeline.Observed``."""

    move: Move
    time: float = 0.0
    confidence: float = 0.97
    uncertain: bool = False
    alternatives: tuple[Move, ...] = ()


def simulated_game(
    seed: int = 3, variant: str = "podkidnoy"
) -> tuple[TableSetup, list[Move], State]:
    """A random legal game: the table setup a referee would enter (trump card, dealer, first
    attacker as the deal made them), its moves, and its final full-information state."""
    rules = find_variant(variant).configure({})
    start, moves, final = random_game(rules, len(NAMES), seed)
    table = TableSetup(
        variant=variant,
        names=NAMES,
        dealer=start.dealer,
        trump_card=start.trump_card,
        first_attacker=start.attacker,
    )
    return table, moves, final


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(session: LiveSession, pin: str = PIN, **settings: object) -> Iterator[str]:
    """Serve ``session`` with uvicorn on 127.0.0.1 in a thread; yields the base URL."""
    port = free_port()
    app = create_app(ServerSettings(pin=pin, **settings), session)  # type: ignore[arg-type]
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("uvicorn did not start")
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(10)


def start_bito(*args: str, port: int, wait_s: float = 60.0) -> subprocess.Popen[bytes]:
    """``bito ARGS --host 127.0.0.1 --port PORT`` as a real process, once it answers."""
    command = [sys.executable, "-m", "companion.cli", *args, "--host", "127.0.0.1"]
    command += ["--port", str(port), "--no-qr"]
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    deadline = time.monotonic() + wait_s
    while time.monotonic() < deadline:
        if process.poll() is not None:
            out = process.stdout.read().decode() if process.stdout else ""
            raise AssertionError(f"bito {args[0]} exited: {out}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/state", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.1)
    process.kill()
    raise AssertionError(f"bito {args[0]} did not start")
