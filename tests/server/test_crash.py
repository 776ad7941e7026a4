"""A real server process killed with SIGKILL in the middle of a game comes back with the record
and the live table exactly as they were, and the game goes on to its end."""

from __future__ import annotations

import json
import os
import signal
import subprocess
from pathlib import Path

import httpx
from server_helpers import PIN, free_port, simulated_game, start_bito

from referee.moves import format_move

AUTH = {"X-Bito-Pin": PIN}


def start_server(db: Path, port: int) -> subprocess.Popen[bytes]:
    return start_bito("serve", "--db", str(db), "--pin", PIN, port=port, wait_s=30)


def test_a_server_killed_mid_game_restarts_with_the_record_and_the_table_intact(tmp_path):
    db = tmp_path / "games.sqlite3"
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    table, moves, final = simulated_game(seed=6)
    half = len(moves) // 2
    server = start_server(db, port)
    try:
        body = {
            "variant": table.variant,
            "names": list(table.names),
            "dealer": "ABC"[table.dealer],
            "trump_card": str(table.trump_card),
            "first_attacker": "ABC"[table.first_attacker],
        }
        assert httpx.post(f"{url}/api/setup", json=body, headers=AUTH).status_code == 200
        for move in moves[:half]:
            answer = httpx.post(f"{url}/api/move", json={"move": format_move(move)}, headers=AUTH)
            assert answer.status_code == 200
        httpx.post(f"{url}/api/undo", json={}, headers=AUTH)  # an undo, kept as an event
        before = httpx.get(f"{url}/api/state").json()
        record_before = httpx.get(f"{url}/api/games/1/record.jsonl").text
    finally:
        os.kill(server.pid, signal.SIGKILL)
        server.wait(10)
    assert server.returncode == -signal.SIGKILL

    server = start_server(db, port)
    try:
        after = httpx.get(f"{url}/api/state").json()
        for key in ("game", "table", "verdict", "recent", "pending", "history", "events"):
            assert after[key] == before[key], key
        assert httpx.get(f"{url}/api/games/1/record.jsonl").text == record_before
        assert len(record_before.splitlines()) == half + 2  # header, moves, the undo
        for move in moves[half - 1 :]:  # the undone move again, then the rest
            answer = httpx.post(f"{url}/api/move", json={"move": format_move(move)}, headers=AUTH)
            assert answer.status_code == 200
        end = httpx.get(f"{url}/api/state").json()
        assert end["table"]["over"] and end["table"]["result"]["fool"] == "ABC"[final.fool]
        games = httpx.get(f"{url}/api/games").json()
        assert [(g["id"], g["status"]) for g in games] == [(1, "over")]
        lines = httpx.get(f"{url}/api/games/1/record.jsonl").text.splitlines()
        assert all(json.loads(line) for line in lines)
    finally:
        server.terminate()
        server.wait(10)
