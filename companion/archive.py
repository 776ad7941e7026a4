"""The game archive: every game in one SQLite file (write-ahead log), stored as it happens.

A game is its record header plus an append-only list of events (the same JSON objects as a
``.jsonl`` record line), so a killed server reopens the game in progress exactly where it was,
and any game downloads as its JSONL record. Uncertain camera moves waiting for a person's
confirmation are kept too (``pending``), so they survive a restart as well; a pending move is
never deleted, only marked resolved.
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from referee.record import Event, Header

_SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    created TEXT NOT NULL,
    header TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'live',
    result TEXT
);
CREATE TABLE IF NOT EXISTS events (
    game_id INTEGER NOT NULL REFERENCES games(id),
    seq INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE IF NOT EXISTS pending (
    game_id INTEGER NOT NULL REFERENCES games(id),
    id INTEGER NOT NULL,
    data TEXT NOT NULL,
    resolved TEXT,
    PRIMARY KEY (game_id, id)
);
"""


def default_db_path() -> Path:
    """``$XDG_DATA_HOME/bito/games.sqlite3`` (``~/.local/share`` when unset)."""
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "bito" / "games.sqlite3"


@dataclass(frozen=True, slots=True)
class GameSummary:
    id: int
    created: str
    variant: str
    players: tuple[str, ...]
    status: str
    events: int
    result: dict[str, Any] | None

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "created": self.created,
            "variant": self.variant,
            "players": list(self.players),
            "status": self.status,
            "events": self.events,
            "result": self.result,
        }


class Archive:
    """One SQLite file; safe to use from several threads (one connection behind a lock)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute("PRAGMA synchronous=FULL")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    # --- writing ---------------------------------------------------------------------------

    def create_game(self, header: Header) -> int:
        with self._lock:
            cursor = self._db.execute(
                "INSERT INTO games (created, header) VALUES (?, ?)",
                (header.created, json.dumps(header.to_json(), ensure_ascii=False)),
            )
            assert cursor.lastrowid is not None
            return cursor.lastrowid

    def append_event(self, game_id: int, event: Event) -> None:
        """Store one event; an event number is written once (the table has no UPDATE path)."""
        data = json.dumps(event.to_json(), ensure_ascii=False)
        with self._lock:
            self._db.execute(
                "INSERT INTO events (game_id, seq, data) VALUES (?, ?, ?)",
                (game_id, event.seq, data),
            )

    def set_status(self, game_id: int, status: str, result: dict[str, Any] | None = None) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE games SET status = ?, result = ? WHERE id = ?",
                (status, None if result is None else json.dumps(result), game_id),
            )

    def add_pending(self, game_id: int, pending_id: int, data: dict[str, Any]) -> None:
        with self._lock:
            self._db.execute(
                "INSERT INTO pending (game_id, id, data) VALUES (?, ?, ?)",
                (game_id, pending_id, json.dumps(data, ensure_ascii=False)),
            )

    def update_pending(self, game_id: int, pending_id: int, data: dict[str, Any]) -> None:
        """Replace what an open pending move holds (its candidates read anew)."""
        with self._lock:
            self._db.execute(
                "UPDATE pending SET data = ? WHERE game_id = ? AND id = ? AND resolved IS NULL",
                (json.dumps(data, ensure_ascii=False), game_id, pending_id),
            )

    def resolve_pending(self, game_id: int, pending_id: int, how: str) -> None:
        with self._lock:
            self._db.execute(
                "UPDATE pending SET resolved = ? WHERE game_id = ? AND id = ? AND resolved IS NULL",
                (how, game_id, pending_id),
            )

    # --- reading ---------------------------------------------------------------------------

    def list_games(self, limit: int = 200, game_id: int | None = None) -> list[GameSummary]:
        """The latest games first (or only game ``game_id``)."""
        where = "" if game_id is None else "WHERE g.id = ?"
        params = (limit,) if game_id is None else (game_id, limit)
        with self._lock:
            rows = self._db.execute(
                "SELECT g.id, g.created, g.header, g.status, g.result,"
                " (SELECT COUNT(*) FROM events e WHERE e.game_id = g.id)"
                f" FROM games g {where} ORDER BY g.id DESC LIMIT ?",
                params,
            ).fetchall()
        out = []
        for game_id, created, header_text, status, result, count in rows:
            header = json.loads(header_text)
            out.append(
                GameSummary(
                    id=game_id,
                    created=created,
                    variant=header["variant"],
                    players=tuple(p["name"] for p in header["players"]),
                    status=status,
                    events=count,
                    result=None if result is None else json.loads(result),
                )
            )
        return out

    def game_exists(self, game_id: int) -> bool:
        with self._lock:
            row = self._db.execute("SELECT 1 FROM games WHERE id = ?", (game_id,)).fetchone()
        return row is not None

    def load_game(self, game_id: int) -> tuple[Header, list[Event]]:
        header_json, event_rows = self.raw_game(game_id)
        return Header.from_json(header_json), [Event.from_json(row) for row in event_rows]

    def raw_game(self, game_id: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The header and events as stored (the lines of the game's JSONL record)."""
        with self._lock:
            row = self._db.execute("SELECT header FROM games WHERE id = ?", (game_id,)).fetchone()
            if row is None:
                raise KeyError(game_id)
            events = self._db.execute(
                "SELECT data FROM events WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
        return json.loads(row[0]), [json.loads(e[0]) for e in events]

    def jsonl(self, game_id: int) -> str:
        header, events = self.raw_game(game_id)
        lines = [header, *events]
        return "".join(
            json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n" for line in lines
        )

    def latest_live_game(self) -> int | None:
        with self._lock:
            row = self._db.execute(
                "SELECT id FROM games WHERE status = 'live' ORDER BY id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else int(row[0])

    def open_pending(self, game_id: int) -> list[tuple[int, dict[str, Any]]]:
        with self._lock:
            rows = self._db.execute(
                "SELECT id, data FROM pending WHERE game_id = ? AND resolved IS NULL ORDER BY id",
                (game_id,),
            ).fetchall()
        return [(int(pid), json.loads(data)) for pid, data in rows]

    def max_pending_id(self, game_id: int) -> int:
        with self._lock:
            row = self._db.execute(
                "SELECT MAX(id) FROM pending WHERE game_id = ?", (game_id,)
            ).fetchone()
        return int(row[0] or 0)
