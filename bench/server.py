"""50 phones at one table: how long a verdict takes from being published to reaching every phone.

A real server runs in its own process; 50 server-sent-event clients (one asyncio process, as
50 phones would be) stay connected to it while a game is played at a table's pace:

* ``--mode demo`` (the default when the bundled rendered video exists): ``bito demo`` plays the
  video through the whole camera chain (detector included) while the phones listen;
* ``--mode feed``: ``bito serve`` with no camera, the moves of a simulated game posted by the
  referee's API at ``--pace`` seconds each.

Every message carries the wall-clock time the server published it (same machine, same clock);
each phone notes when the message arrived. Printed: p50/p95/max over every (verdict, phone)
pair, and how many verdicts some phone never saw (latest-wins: a newer table replaced it).
Target: p95 < 100 ms.

    python bench/server.py [--mode demo|feed] [--phones 50] [--moves 80] [--pace 0.5]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import platform
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Coroutine
from pathlib import Path
from typing import Any

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from companion.run_commands import DEMO_VIDEO  # noqa: E402
from referee.moves import format_move, seat_letter  # noqa: E402
from referee.simulate import random_game  # noqa: E402
from referee.variants import find_variant  # noqa: E402

PIN = "246810"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(command: list[str], url: str) -> subprocess.Popen[bytes]:
    process = subprocess.Popen(command, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise SystemExit(
                f"server exited: {process.stderr.read().decode() if process.stderr else ''}"
            )
        try:
            httpx.get(f"{url}/api/state", timeout=1)
            return process
        except httpx.TransportError:
            time.sleep(0.2)
    process.kill()
    raise SystemExit("server did not start")


class Phone:
    def __init__(self, number: int) -> None:
        self.number = number
        self.arrivals: dict[int, float] = {}  # verdict event seq -> latency (s)
        self.connected = asyncio.Event()
        self.last_seq: int | None = None

    async def listen(self, client: httpx.AsyncClient, stop: asyncio.Event) -> None:
        async with client.stream("GET", "/api/events") as response:
            self.connected.set()
            async for line in response.aiter_lines():
                if stop.is_set():
                    return
                if not line.startswith("data: "):
                    continue
                arrived = time.time()
                message = json.loads(line[6:])
                verdict = message.get("verdict")
                if verdict is None or verdict["seq"] == self.last_seq:
                    continue
                self.last_seq = verdict["seq"]
                self.arrivals[verdict["seq"]] = arrived - message["published"]


async def run_phones(url: str, phones: int, feed: Coroutine[Any, Any, None]) -> list[Phone]:
    stop = asyncio.Event()
    limits = httpx.Limits(max_connections=phones + 10)
    async with httpx.AsyncClient(base_url=url, timeout=None, limits=limits) as client:
        crowd = [Phone(i) for i in range(phones)]
        tasks = [asyncio.create_task(p.listen(client, stop)) for p in crowd]
        await asyncio.gather(*(p.connected.wait() for p in crowd))
        await feed
        await asyncio.sleep(1.0)  # the last verdict reaches everyone
        stop.set()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return crowd


async def feed_moves(url: str, moves: list[str], pace: float) -> None:
    async with httpx.AsyncClient(base_url=url, timeout=10) as client:
        for move in moves:
            await asyncio.sleep(pace)
            answer = await client.post(
                "/api/move", json={"move": move}, headers={"X-Bito-Pin": PIN}
            )
            answer.raise_for_status()


async def wait_for_demo(url: str, seconds: float) -> None:
    """The demo plays by itself: wait until its game is over or ``seconds`` have passed."""
    deadline = time.monotonic() + seconds
    async with httpx.AsyncClient(base_url=url, timeout=10) as client:
        while time.monotonic() < deadline:
            state = (await client.get("/api/state")).json()
            if state.get("table") and state["table"].get("over"):
                return
            await asyncio.sleep(1.0)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    default_mode = "demo" if (DEMO_VIDEO / "video.mp4").exists() else "feed"
    parser.add_argument("--mode", choices=("demo", "feed"), default=default_mode)
    parser.add_argument("--phones", type=int, default=50)
    parser.add_argument("--moves", type=int, default=80, help="feed mode: moves to play")
    parser.add_argument("--pace", type=float, default=0.5, help="feed mode: seconds per move")
    parser.add_argument("--seconds", type=float, default=180, help="demo mode: at most this long")
    parser.add_argument("--seed", type=int, default=3)
    args = parser.parse_args()

    port = free_port()
    url = f"http://127.0.0.1:{port}"
    db = Path(tempfile.mkdtemp(prefix="bito-bench-")) / "games.sqlite3"
    common = ["--db", str(db), "--pin", PIN, "--host", "127.0.0.1", "--port", str(port), "--no-qr"]
    cli = [sys.executable, "-m", "companion.cli"]
    if args.mode == "demo":
        server = start([*cli, "demo", *common], url)
        feed = wait_for_demo(url, args.seconds)
        what = f"bito demo ({DEMO_VIDEO.name}, real time, camera chain running)"
    else:
        server = start([*cli, "serve", *common], url)
        rules = find_variant("podkidnoy").configure({})
        start_state, moves, _ = random_game(rules, 3, args.seed)
        setup = {
            "variant": "podkidnoy",
            "names": ["Anna", "Boris", "Vera"],
            "dealer": seat_letter(start_state.dealer),
            "trump_card": str(start_state.trump_card),
            "first_attacker": seat_letter(start_state.attacker),
        }
        httpx.post(f"{url}/api/setup", json=setup, headers={"X-Bito-Pin": PIN}).raise_for_status()
        texts = [format_move(m) for m in moves[: args.moves]]
        feed = feed_moves(url, texts, args.pace)
        what = f"bito serve, {len(texts)} moves posted every {args.pace:g} s"
    try:
        crowd = asyncio.run(run_phones(url, args.phones, feed))
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(15)
    latencies = sorted(ms for p in crowd for ms in (v * 1000 for v in p.arrivals.values()))
    verdicts = set().union(*(p.arrivals.keys() for p in crowd))
    missed = sum(len(verdicts - p.arrivals.keys()) for p in crowd)
    if not latencies:
        print("no verdict reached the phones")
        return 1
    p95 = latencies[min(len(latencies) - 1, round(0.95 * (len(latencies) - 1)))]
    print(f"{what}; {args.phones} phones (SSE, one asyncio process), {len(verdicts)} verdicts")
    print(
        f"machine: {platform.machine()}, {os.cpu_count()} CPU cores, "
        f"Python {platform.python_version()}"
    )
    print(
        f"verdict published -> on every phone: p50 {statistics.median(latencies):.1f} ms, "
        f"p95 {p95:.1f} ms, max {latencies[-1]:.1f} ms over {len(latencies)} arrivals "
        f"(target p95 < 100 ms)"
    )
    print(f"verdicts a phone never saw (replaced by a newer table): {missed}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
