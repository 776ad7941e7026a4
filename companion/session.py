"""The live game at one table: the record, the camera's moves waiting for a person, the latest
camera frame, and what every phone is shown.

The camera worker hands in observed moves (:meth:`LiveSession.observe`) and frames
(:meth:`LiveSession.show_frame`); the referee's phone sets the game up, confirms uncertain moves,
corrects misread cards, says who played a card and undoes. Each of those is one event of the
:class:`~referee.record.GameRecord` (nothing is rewritten) and is stored in the archive as it
happens, and every change publishes the whole table to the phones.

Uncertain moves: an observed move marked uncertain waits for a one-tap confirmation, and every
later observation waits behind it (in order), so the record never gets ahead of what people
agreed. With ``auto_accept_after`` set (``bito demo``), an unattended uncertain move is accepted
with its best candidate after that many seconds, with a note saying so.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

import numpy as np

from companion.archive import Archive
from companion.hub import Hub
from companion.table_view import table_view
from referee.cards import UNKNOWN_CARD, Card, CardSet, Suit
from referee.errors import InvalidMove, InvalidRecord
from referee.export import export_steps
from referee.game import State, check_and_apply, outcome
from referee.moves import (
    Defend,
    Move,
    format_move,
    move_cards,
    parse_move,
    seat_letter,
    with_card_read_as,
)
from referee.record import Event, GameRecord, Header, kept_moves, move_seq
from referee.rules import Rules
from referee.setup import deck_of, for_players
from referee.variants import find_variant

log = logging.getLogger(__name__)

AUTO_ACCEPT_GRACE = 2.0
"""With auto-accept on, an uncertain move is shown at the head of the queue for at least this
long (or the whole timeout when shorter) before it is accepted, even when it has waited longer
than the timeout behind others."""

RECENT_EVENTS = 12
"""How many of the last effective moves the referee's page lists for corrections."""


class ObservedLike(Protocol):
    """What the camera chain reports for one move (``vision.pipeline.Observed``)."""

    @property
    def move(self) -> Move: ...
    @property
    def time(self) -> float: ...
    @property
    def confidence(self) -> float: ...
    @property
    def uncertain(self) -> bool: ...
    @property
    def alternatives(self) -> tuple[Move, ...]: ...


class SessionError(Exception):
    """A request that does not fit the session's state (no game yet, no such pending move)."""

    status = 409


class NotFound(SessionError):
    status = 404


@dataclass(frozen=True, slots=True)
class TableSetup:
    """What the referee sets up before a game: variant and options, players by seat (A, B, ...
    clockwise), dealer, the trump card seen under the stock, and the first attacker if known."""

    variant: str
    options: dict[str, str] = field(default_factory=dict)
    names: tuple[str, ...] = ("Player A", "Player B")
    dealer: int = 0
    trump_card: Card | None = None
    trump_suit: Suit | None = None
    first_attacker: int | None = None

    def rules(self) -> Rules:
        """The variant's rules with the options (``BitoError`` for an unknown or unplayable
        variant, a bad option, a player count the variant does not allow, a seat not at the
        table)."""
        variant = find_variant(self.variant)
        if not variant.playable:
            raise InvalidRecord(f"{variant.slug} is not playable: {variant.why_not_playable}")
        rules = variant.configure(self.options)
        players = len(self.names)
        if not rules.min_players <= players <= rules.max_players:
            raise InvalidRecord(
                f"{variant.slug} is played by {rules.min_players} to {rules.max_players} "
                f"players, not {players}"
            )
        for seat in (self.dealer, self.first_attacker):
            if seat is not None and not 0 <= seat < players:
                raise InvalidRecord(f"seat {seat_letter(seat)} is not at this table")
        return rules

    def header(self) -> Header:
        """The record header (``BitoError`` when :meth:`rules` refuses, or the table view
        cannot start from this setup: a trump card that is needed and missing, or not in the
        deck)."""
        variant = find_variant(self.variant)
        self.rules()
        header = Header(
            variant=variant.slug,
            options=dict(self.options),
            players=self.names,
            dealer=self.dealer,
            trump_card=self.trump_card,
            trump_suit=self.trump_suit,
            first_attacker=self.first_attacker,
        )
        header.start_state()  # the table view must start from this setup
        return header


@dataclass(slots=True)
class Waiting:
    """An observed move held back: uncertain, or behind an uncertain one."""

    id: int
    candidates: tuple[Move, ...]
    """The camera's best reading first, then the other candidates."""
    confidence: float
    uncertain: bool
    frame_time: float
    since: float
    """When it reached the head of the queue (monotonic seconds), for the auto-accept timer."""
    arrived: float = 0.0
    """When the camera reported it (monotonic seconds)."""

    def to_json(self) -> dict[str, Any]:
        return {
            "move": format_move(self.candidates[0]),
            "alternatives": [format_move(m) for m in self.candidates[1:]],
            "confidence": self.confidence,
            "uncertain": self.uncertain,
            "time": self.frame_time,
        }


class LiveSession:
    """The one live game at a table. Every method is thread-safe."""

    def __init__(
        self,
        hub: Hub | None = None,
        archive: Archive | None = None,
        *,
        auto_accept_after: float | None = None,
        clock: Callable[[], float] = time.monotonic,
        frame_interval: float = 0.25,
    ) -> None:
        self.hub = hub or Hub()
        self.archive = archive
        self.auto_accept_after = auto_accept_after
        self.clock = clock
        self.frame_interval = frame_interval
        self._lock = threading.RLock()
        self.record: GameRecord | None = None
        self.game_id: int | None = None
        self._waiting: list[Waiting] = []
        self._next_waiting = 1
        self._version = 0
        self._jpeg: bytes | None = None
        self._frame_version = 0
        self._frame_shown_at = -1e9
        self._occluded = False
        self._camera_problem: str | None = None
        self._changed = threading.Condition(self._lock)

    # --- game lifecycle ----------------------------------------------------------------------

    def setup(self, table: TableSetup) -> int | None:
        """Start a new game from ``table``; the game that was live (if any) is closed as
        abandoned when it is not over. Returns the archive's game id."""
        header = table.header()
        with self._lock:
            self._close_current("abandoned")
            self.record = GameRecord(header)
            self.game_id = self.archive.create_game(header) if self.archive else None
            self._waiting = []
            log.info("new game %s: %s, %s", self.game_id, header.variant, header.players)
        self._publish()
        return self.game_id

    def close_game(self) -> None:
        """End the live game (abandoned when it is not over); no game until the next setup."""
        with self._lock:
            self._close_current("abandoned")
            self.record = None
            self.game_id = None
            self._waiting = []
        self._publish()

    def _close_current(self, status: str) -> None:
        if self.record is None or self.archive is None or self.game_id is None:
            return
        if not self.record.state.is_over:
            self.archive.set_status(self.game_id, status)
        for item in self._waiting:
            self.archive.resolve_pending(self.game_id, item.id, status)

    @classmethod
    def resume(cls, archive: Archive, hub: Hub | None = None, **kwargs: Any) -> LiveSession:
        """A session that carries on the archive's latest live game (after a restart), with its
        moves still waiting for confirmation."""
        session = cls(hub, archive, **kwargs)
        game_id = archive.latest_live_game()
        if game_id is None:
            return session
        header, events = archive.load_game(game_id)
        session.record = GameRecord(header, events)
        session.game_id = game_id
        now = session.clock()
        for pending_id, data in archive.open_pending(game_id):
            moves = [parse_move(data["move"]), *(parse_move(m) for m in data["alternatives"])]
            session._waiting.append(
                Waiting(
                    pending_id,
                    tuple(moves),
                    float(data["confidence"]),
                    bool(data["uncertain"]),
                    float(data["time"]),
                    now,
                    now,
                )
            )
        session._next_waiting = archive.max_pending_id(game_id) + 1
        log.info("resumed game %s with %d events", game_id, len(events))
        session._publish()
        return session

    def _require_game(self) -> GameRecord:
        if self.record is None:
            raise SessionError("no game is set up yet: the referee sets the table up first")
        return self.record

    # --- moves -----------------------------------------------------------------------------

    def _play(
        self, move: Move, *, source: str, confidence: float | None = None, note: str = ""
    ) -> None:
        record = self._require_game()
        was_over = record.state.is_over
        record.play(move, source=source, confidence=confidence, note=note)
        self._store(record.events[-1])
        if record.state.is_over != was_over:
            self._sync_status()

    def _sync_status(self) -> None:
        """The archive's status of the game: over (with its result) or live again (an undo or
        a correction can reopen a finished game)."""
        record = self.record
        if record is None or self.archive is None or self.game_id is None:
            return
        result = outcome(record.state) if record.state.is_over else None
        status = "over" if record.state.is_over else "live"
        self.archive.set_status(self.game_id, status, result.to_dict() if result else None)

    def _store(self, event: Event) -> None:
        if self.archive is not None and self.game_id is not None:
            self.archive.append_event(self.game_id, event)

    def observe(self, observed: ObservedLike) -> None:
        """A move the camera saw: played at once when certain and nothing is waiting; otherwise
        held until a person confirms (or the auto-accept timer runs out)."""
        with self._lock:
            self._require_game()
            candidates = _unique((observed.move, *observed.alternatives))
            if not self._waiting and not observed.uncertain:
                self._play(observed.move, source="camera", confidence=observed.confidence)
            else:
                item = Waiting(
                    self._next_waiting,
                    candidates,
                    float(observed.confidence),
                    bool(observed.uncertain),
                    float(observed.time),
                    self.clock(),
                    self.clock(),
                )
                self._next_waiting += 1
                self._waiting.append(item)
                if self.archive is not None and self.game_id is not None:
                    self.archive.add_pending(self.game_id, item.id, item.to_json())
        self._publish()

    def _require_sensible(self, move: Move) -> None:
        """A move typed by the referee names a seat at this table and cards of this game's deck
        (``InvalidMove`` otherwise: a typo, not a player's illegal move)."""
        record = self._require_game()
        players = len(record.header.players)
        if not 0 <= move.player < players:
            raise InvalidMove(
                f"seat {seat_letter(move.player)} is not at this table ({players} players)"
            )
        deck = CardSet.of(deck_of(for_players(record.header.rules(), players)))
        cards = [*move_cards(move), *([move.covers] if isinstance(move, Defend) else [])]
        for card in cards:
            if card != UNKNOWN_CARD and card not in deck:
                raise InvalidMove(f"{card} is not in this game's {len(deck)}-card deck")

    def play(self, move: Move) -> None:
        """A move the referee enters by hand (the camera missed it)."""
        with self._lock:
            self._require_sensible(move)
            self._play(move, source="manual", note="entered by the referee")
        self._publish()

    def confirm(self, pending_id: int, choice: int | None = None, move: Move | None = None) -> None:
        """The referee confirms the uncertain move at the head of the queue: candidate number
        ``choice`` (0 = the camera's best reading), or ``move`` when none of them was right."""
        with self._lock:
            head = self._head(pending_id)
            if move is None:
                index = choice or 0
                if not 0 <= index < len(head.candidates):
                    raise SessionError(
                        f"move {pending_id} has {len(head.candidates)} candidates, "
                        f"not a number {index}"
                    )
                move = head.candidates[index]
                note = f"confirmed {format_move(move)}"
            else:
                self._require_sensible(move)
                note = f"confirmed {format_move(move)} (entered by the referee)"
            if len(head.candidates) > 1:
                note += "; camera candidates " + ", ".join(format_move(m) for m in head.candidates)
            self._waiting.pop(0)
            self._play(move, source="manual", note=note)
            self._resolve(head, "confirmed")
            self._drain()
        self._publish()

    def dismiss(self, pending_id: int) -> None:
        """Nothing happened: the camera's uncertain reading is dropped (no move is recorded)."""
        with self._lock:
            head = self._head(pending_id)
            self._waiting.pop(0)
            self._resolve(head, "dismissed")
            self._drain()
        self._publish()

    def _head(self, pending_id: int) -> Waiting:
        self._require_game()
        if not any(w.id == pending_id for w in self._waiting):
            raise NotFound(f"no move {pending_id} is waiting for confirmation")
        head = self._waiting[0]
        if head.id != pending_id:
            raise SessionError(f"move {head.id} waits before move {pending_id}: confirm it first")
        return head

    def _resolve(self, item: Waiting, how: str) -> None:
        if self.archive is not None and self.game_id is not None:
            self.archive.resolve_pending(self.game_id, item.id, how)

    def _drain(self) -> None:
        """Play the certain moves that waited behind a resolved one, up to the next uncertain."""
        while self._waiting and not self._waiting[0].uncertain:
            item = self._waiting.pop(0)
            self._play(item.candidates[0], source="camera", confidence=item.confidence)
            self._resolve(item, "played")
        if self._waiting:
            self._waiting[0].since = self.clock()

    def tick(self) -> bool:
        """Accept an unattended uncertain move when its time is up; True when one was."""
        with self._lock:
            if self.auto_accept_after is None or not self._waiting:
                return False
            head = self._waiting[0]
            timeout = self.auto_accept_after
            due = max(head.arrived + timeout, head.since + min(timeout, AUTO_ACCEPT_GRACE))
            if self.clock() < due:
                return False
            self._waiting.pop(0)
            note = (
                f"auto-accepted: nobody confirmed within {timeout:g} s; "
                f"the camera's best reading of {len(head.candidates)} candidate(s)"
            )
            self._play(head.candidates[0], source="camera", confidence=head.confidence, note=note)
            self._resolve(head, "auto-accepted")
            self._drain()
        self._publish()
        return True

    def correct(self, seq: int, move: Move) -> None:
        """Replace the move of event ``seq`` (a misread card, or another player who played it)."""
        with self._lock:
            record = self._require_game()
            old = next((e for e in record.events if e.seq == seq and e.kind == "move"), None)
            if old is None or old.move is None:
                raise NotFound(f"event {seq} is not a move of this game")
            self._require_sensible(move)
            note = f"corrected by the referee: was {format_move(old.move)}"
            record.correct(seq, move, source="manual", note=note)
            self._store(record.events[-1])
            self._sync_status()
        self._publish()

    def reread(self, old: Card, new: Card) -> None:
        """The camera read a card on the table again, clearly, as another: every move that
        names it is corrected (one correction event each), and so are the moves waiting (in
        the archive too)."""
        with self._lock:
            record = self._require_game()
            for event in record.correct_card(old, new, source="camera"):
                self._store(event)
            for item in self._waiting:
                read = _unique([with_card_read_as(m, old, new) for m in item.candidates])
                if read != item.candidates:
                    item.candidates = read
                    if self.archive is not None and self.game_id is not None:
                        self.archive.update_pending(self.game_id, item.id, item.to_json())
            self._sync_status()
        self._publish()

    def revise_trump(self, card: Card) -> None:
        """The camera read the trump card again as ``card`` (its first read was weak, and a
        beat showed another trump suit): the game is re-refereed with it from the start."""
        self._record_event(lambda record: record.revise_trump(card))

    def played_on(self, move: Move) -> None:
        """The camera saw the players leave an illegal move's cards lying and play after it:
        the record makes it as the table made it (:mod:`referee.played_on`). Nothing happens
        when the record holds no such illegal move (a person corrected or undid it)."""
        self._record_event(lambda record: record.play_on_move(move))

    def _record_event(self, write: Callable[[GameRecord], Event | None]) -> None:
        """Let ``write`` add at most one event to the game's record; store and show it if it
        did."""
        with self._lock:
            event = write(self._require_game())
            if event is not None:
                self._store(event)
                self._sync_status()
        self._publish()

    def undo(self) -> None:
        """Cancel the last effective move."""
        with self._lock:
            record = self._require_game()
            record.undo(source="manual", note="undone by the referee")
            self._store(record.events[-1])
            self._sync_status()
        self._publish()

    # --- camera ----------------------------------------------------------------------------

    def pipeline_state(self) -> State | None:
        """The state the camera chain should compare against: the record's, with the moves
        still waiting applied as their best readings (the table already shows them)."""
        with self._lock:
            if self.record is None:
                return None
            state = self.record.state
            for item in self._waiting:
                _, state = check_and_apply(state, item.candidates[0])
            return state

    def show_frame(
        self, image: np.ndarray, cards: Sequence[Any] = (), occluded: bool = False
    ) -> bool:
        """Keep the camera image with the detected cards drawn on it (at most one every
        ``frame_interval`` seconds; the others are skipped). True when this one was kept."""
        now = self.clock()
        if now - self._frame_shown_at < self.frame_interval:
            return False
        self._frame_shown_at = now
        import cv2

        from vision.annotate import annotate

        drawn = annotate(image, list(cards)) if cards else image
        height, width = drawn.shape[:2]
        if width > 960:
            drawn = cv2.resize(drawn, (960, round(height * 960 / width)))
        ok, buffer = cv2.imencode(".jpg", drawn, [cv2.IMWRITE_JPEG_QUALITY, 70])
        if not ok:
            return False
        first = self._jpeg is None
        with self._lock:
            self._jpeg = buffer.tobytes()
            self._frame_version += 1
            changed = first or occluded != self._occluded
            self._occluded = occluded
        if changed:
            self._publish()
        return True

    def camera_event(self, event: Any) -> None:
        """What the capture source reports (``vision.capture.CaptureEvent``): a lost or stalled
        camera is shown on the phones until it comes back."""
        kind = getattr(event, "kind", "")
        with self._lock:
            if kind in ("lost", "stalled", "retry"):
                self._camera_problem = str(getattr(event, "message", kind))
            elif kind == "opened":
                self._camera_problem = None
            else:
                return
        self._publish()

    @property
    def jpeg(self) -> bytes | None:
        return self._jpeg

    # --- what the phones see -----------------------------------------------------------------

    @property
    def version(self) -> int:
        return self._version

    def wait_for_version(self, version: int, timeout: float) -> bool:
        """Block until the published version passes ``version`` (tests, the demo runner)."""
        with self._changed:
            return self._changed.wait_for(lambda: self._version > version, timeout)

    def snapshot(self) -> dict[str, Any]:
        with self._lock:
            return self._snapshot()

    def _snapshot(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "type": "state",
            "version": self._version,
            "game": None,
            "camera": self._jpeg is not None,
            "occluded": self._occluded,
            "camera_problem": self._camera_problem,
            "auto_accept": self.auto_accept_after,
        }
        record = self.record
        if record is None:
            return out
        header = record.header
        steps = record.steps()
        out["game"] = {
            "id": self.game_id,
            "variant": header.variant,
            "title": find_variant(header.variant).title,
            "options": header.options,
            "players": [{"seat": seat_letter(i), "name": n} for i, n in enumerate(header.players)],
            "dealer": seat_letter(header.dealer),
            "created": header.created,
        }
        out["table"] = table_view(record.state, header.players)
        last = steps[-1] if steps else None
        out["verdict"] = None
        if last is not None:
            violation = last.verdict.violation
            out["verdict"] = {
                **last.verdict.to_dict(),
                "seq": last.event.seq,
                "source": last.event.source,
                "note": last.event.note,
                "confidence": last.event.confidence,
                "reason": violation.message("en") if violation else None,
                "reason_ru": violation.message("ru") if violation else None,
                "position_ru": last.verdict.position("ru"),
            }
        kept = kept_moves(record.events)
        out["recent"] = [
            {
                "seq": move_seq(s.event),
                "move": format_move(s.event.move) if s.event.move else "",
                "legal": s.verdict.ok,
                "code": s.verdict.code,
                "played_on": move_seq(s.event) in kept,
                "source": s.event.source,
                "note": s.event.note,
            }
            for s in steps[-RECENT_EVENTS:]
        ][::-1]
        out["pending"] = [
            {
                "id": w.id,
                "candidates": [format_move(m) for m in w.candidates],
                "confidence": round(w.confidence, 3),
                "uncertain": w.uncertain,
            }
            for w in self._waiting
        ]
        text = export_steps(header, steps)
        out["history"] = [line for line in text.split("\n") if line and not line.startswith("[")]
        out["events"] = len(record.events)
        return out

    def publish(self) -> None:
        """Send the current table to every phone."""
        self._publish()

    def _publish(self) -> None:
        # Under the lock, so that phones never get an older table after a newer one.
        with self._lock:
            self._version += 1
            snapshot = self._snapshot()
            snapshot["published"] = time.time()
            self.hub.publish(json.dumps(snapshot, ensure_ascii=False))
            self._changed.notify_all()


def _unique(moves: Sequence[Move]) -> tuple[Move, ...]:
    out: list[Move] = []
    for move in moves:
        if move not in out:
            out.append(move)
    return tuple(out)
