"""Game records: an append-only JSONL file, a header line then one event per line.

Header: schema version, variant, table options and every rule setting, players and seats,
dealer, trump card, the deck order when it is known (simulations), or a start position.
Events: ``move`` (with the verdict given at the time, its source and detector confidence),
``correction`` (replaces the move of an earlier event), ``undo`` (cancels an earlier event,
or an earlier undo), ``played_on`` (see :mod:`referee.played_on`) and ``trump`` (the trump card
read again: the header's was misread; the game is re-refereed from its start with it). Nothing
is ever rewritten: corrections are new lines.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from referee.cards import Card, Suit
from referee.errors import BitoError, InvalidRecord
from referee.game import State, check_and_apply, deal, outcome, table_game
from referee.moves import Move, format_move, parse_move, parse_seat, seat_letter, with_card_read_as
from referee.played_on import play_on
from referee.position import parse_position
from referee.rules import Rules
from referee.variants import find_variant
from referee.verdicts import Verdict

SCHEMA_VERSION = 1
SOURCES = ("camera", "manual", "simulation")
REFERS_KEY = {"correction": "corrects", "undo": "undoes", "played_on": "keeps"}
"""The JSON key naming the event that an event of each kind refers to."""
EVENT_KINDS = ("move", "trump", *REFERS_KEY)


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="milliseconds")


@dataclass(frozen=True, slots=True)
class Header:
    variant: str
    options: dict[str, str]
    players: tuple[str, ...]
    dealer: int
    trump_card: Card | None = None
    trump_suit: Suit | None = None
    deck: tuple[Card, ...] | None = None
    seed: int | None = None
    first_attacker: int | None = None
    start_position: str | None = None
    created: str = field(default_factory=now_iso)

    def rules(self) -> Rules:
        return find_variant(self.variant).configure(self.options)

    def start_state(self) -> State:
        """The game's first state, in full information when the deck is known."""
        rules = self.rules()
        if self.start_position is not None:
            state, _ = parse_position(self.start_position)
            return state
        if self.deck is not None or self.seed is not None:
            return deal(
                rules, len(self.players), self.seed or 0, dealer=self.dealer, order=self.deck
            )
        return table_game(
            rules,
            len(self.players),
            trump_card=self.trump_card,
            trump_suit=self.trump_suit,
            dealer=self.dealer,
            first_attacker_seat=self.first_attacker,
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "header",
            "schema": SCHEMA_VERSION,
            "variant": self.variant,
            "options": dict(self.options),
            "rules": self.rules().to_dict(),
            "players": [{"seat": seat_letter(i), "name": n} for i, n in enumerate(self.players)],
            "dealer": seat_letter(self.dealer),
            "trump_card": None if self.trump_card is None else str(self.trump_card),
            "trump_suit": None if self.trump_suit is None else self.trump_suit.value,
            "deck": None if self.deck is None else [str(c) for c in self.deck],
            "seed": self.seed,
            "first_attacker": None
            if self.first_attacker is None
            else seat_letter(self.first_attacker),
            "start_position": self.start_position,
            "created": self.created,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Header:
        if data.get("type") != "header":
            raise InvalidRecord("the first line of a record must be its header")
        if data.get("schema") != SCHEMA_VERSION:
            raise InvalidRecord(f"record schema {data.get('schema')!r} is not {SCHEMA_VERSION}")
        try:
            header = cls(
                variant=str(data["variant"]),
                options={str(k): str(v) for k, v in (data.get("options") or {}).items()},
                players=tuple(str(p["name"]) for p in data["players"]),
                dealer=parse_seat(data["dealer"]),
                trump_card=Card.parse(data["trump_card"]) if data.get("trump_card") else None,
                trump_suit=Suit.parse(data["trump_suit"]) if data.get("trump_suit") else None,
                deck=tuple(Card.parse(c) for c in data["deck"]) if data.get("deck") else None,
                seed=data.get("seed"),
                first_attacker=parse_seat(data["first_attacker"])
                if data.get("first_attacker")
                else None,
                start_position=data.get("start_position"),
                created=str(data.get("created", "")),
            )
        except (KeyError, TypeError) as exc:
            raise InvalidRecord(f"bad record header: missing or malformed {exc}") from exc
        stored = data.get("rules")
        if stored is not None and stored != header.rules().to_dict():
            raise InvalidRecord(
                "the header's rule settings differ from its variant and options "
                "(written by another version of Bito?)"
            )
        return header


@dataclass(frozen=True, slots=True)
class Event:
    seq: int
    kind: str  # "move", "correction", "undo", "played_on" (see referee.played_on) or "trump"
    move: Move | None = None
    refers_to: int | None = None
    source: str = "manual"
    time: str = field(default_factory=now_iso)
    confidence: float | None = None
    verdict: dict[str, Any] | None = None
    note: str = ""
    result: dict[str, Any] | None = None
    """On the move that ends the game: the outcome (fool, winners, scores), for readers."""
    card: Card | None = None
    """On a ``trump`` event: the trump card as read again."""

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": self.kind, "seq": self.seq}
        if self.move is not None:
            out["move"] = format_move(self.move)
        if self.card is not None:
            out["card"] = str(self.card)
        if self.kind in REFERS_KEY:
            out[REFERS_KEY[self.kind]] = self.refers_to
        out["source"] = self.source
        out["time"] = self.time
        if self.confidence is not None:
            out["confidence"] = self.confidence
        if self.verdict is not None:
            out["verdict"] = self.verdict
        if self.note:
            out["note"] = self.note
        if self.result is not None:
            out["result"] = self.result
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Event:
        kind = data.get("type")
        if kind not in EVENT_KINDS:
            raise InvalidRecord(f"unknown event type {kind!r}")
        try:
            seq = int(data["seq"])
            move = parse_move(data["move"]) if "move" in data else None
            refers = data.get(REFERS_KEY.get(str(kind), ""))
            source = str(data.get("source", "manual"))
            confidence = data.get("confidence")
            card = Card.parse(data["card"]) if "card" in data else None
        except (KeyError, TypeError, ValueError, BitoError) as exc:
            raise InvalidRecord(f"bad event: {exc}") from exc
        if kind in ("move", "correction") and move is None:
            raise InvalidRecord(f"event {seq} has no move")
        if kind == "trump" and card is None:
            raise InvalidRecord(f"trump event {seq} has no card")
        if kind not in ("move", "trump") and not isinstance(refers, int):
            key = REFERS_KEY[str(kind)]
            raise InvalidRecord(f"event {seq} must name the event it refers to in {key!r}")
        if source not in SOURCES:
            raise InvalidRecord(f"event {seq}: unknown source {source!r}")
        return cls(
            seq=seq,
            kind=str(kind),
            move=move,
            refers_to=refers,
            source=source,
            time=str(data.get("time", "")),
            confidence=None if confidence is None else float(confidence),
            verdict=data.get("verdict"),
            note=str(data.get("note", "")),
            result=data.get("result"),
            card=card,
        )


@dataclass(frozen=True, slots=True)
class Step:
    """One effective move of the game, re-refereed: the event, its verdict, the state after."""

    event: Event
    verdict: Verdict
    state: State


def _cancelled(events: Sequence[Event]) -> set[int]:
    """The events undone (an undo that is itself undone cancels nothing)."""
    cancelled: set[int] = set()
    for event in reversed(events):
        if event.kind == "undo" and event.seq not in cancelled:
            assert event.refers_to is not None
            cancelled.add(event.refers_to)
    return cancelled


def move_seq(event: Event) -> int:
    """The number of the move event that ``event`` is (or corrects)."""
    seq = event.refers_to if event.kind == "correction" else event.seq
    assert seq is not None
    return seq


def kept_moves(events: Sequence[Event]) -> set[int]:
    """The move events that the table played on (``played_on`` events not undone)."""
    cancelled = _cancelled(events)
    return {
        e.refers_to
        for e in events
        if e.kind == "played_on" and e.seq not in cancelled and e.refers_to is not None
    }


def effective_moves(events: Sequence[Event]) -> list[Event]:
    """The move events that count, after undos and corrections, in their original order."""
    cancelled = _cancelled(events)
    replaced: dict[int, Event] = {}
    for event in events:
        if event.kind == "correction" and event.seq not in cancelled:
            assert event.refers_to is not None
            replaced[event.refers_to] = event
    out: list[Event] = []
    for event in events:
        if event.kind != "move" or event.seq in cancelled:
            continue
        out.append(replaced.get(event.seq, event))
    return out


def header_in_force(header: Header, events: Sequence[Event]) -> Header:
    """The header with the trump card of the latest ``trump`` event not undone (the card read
    again holds from the first move: the one read at the start was misread)."""
    cancelled = _cancelled(events)
    card = next(
        (e.card for e in reversed(events) if e.kind == "trump" and e.seq not in cancelled), None
    )
    return header if card is None else replace(header, trump_card=card, trump_suit=None)


def replay(header: Header, events: Sequence[Event]) -> Iterator[Step]:
    """Re-referee the effective moves from the start state (of the header in force); an illegal
    move the table played on is made as the table made it (:func:`referee.played_on.play_on`)."""
    state = header_in_force(header, events).start_state()
    kept = kept_moves(events)
    for event in effective_moves(events):
        assert event.move is not None
        verdict, after = check_and_apply(state, event.move)
        if not verdict.ok and move_seq(event) in kept:
            after = play_on(state, event.move) or after
        state = after
        yield Step(event, verdict, state)


def final_state(header: Header, events: Sequence[Event]) -> State:
    """The state after every effective move (the start state when there is none)."""
    state = header_in_force(header, events).start_state()
    for step in replay(header, events):
        state = step.state
    return state


class GameRecord:
    """A record being written (or read back): a header and its events."""

    def __init__(
        self, header: Header, events: Sequence[Event] = (), path: Path | None = None
    ) -> None:
        self.written_header = header
        self.events: list[Event] = list(events)
        self.path = path
        self._state = final_state(header, self.events)

    @property
    def header(self) -> Header:
        """The header in force: as written, with the trump card read again if it was."""
        return header_in_force(self.written_header, self.events)

    @property
    def state(self) -> State:
        return self._state

    @classmethod
    def create(cls, header: Header, path: Path | None = None) -> GameRecord:
        if path is not None and path.exists() and path.stat().st_size > 0:
            raise InvalidRecord(f"{path} already holds a record; refusing to overwrite it")
        record = cls(header, (), path)
        if path is not None:
            _append_line(path, header.to_json())
        return record

    @classmethod
    def load(cls, path: Path) -> GameRecord:
        header, events = read_record(path)
        return cls(header, events, path)

    def _next_seq(self) -> int:
        return self.events[-1].seq + 1 if self.events else 1

    def _append(self, event: Event) -> None:
        if self.path is not None:
            _append_line(self.path, event.to_json())
        self.events.append(event)

    def play(
        self,
        move: Move,
        *,
        source: str = "manual",
        confidence: float | None = None,
        time: str | None = None,
        note: str = "",
    ) -> Verdict:
        """Referee a move, record it with its verdict, and advance when it is legal."""
        if source not in SOURCES:
            raise InvalidRecord(f"unknown source {source!r}; one of {', '.join(SOURCES)}")
        verdict, state = check_and_apply(self._state, move)
        result = outcome(state) if state.is_over and not self._state.is_over else None
        event = Event(
            self._next_seq(),
            "move",
            move,
            source=source,
            time=time or now_iso(),
            confidence=confidence,
            verdict=verdict.to_dict(),
            note=note,
            result=None if result is None else result.to_dict(),
        )
        self._append(event)
        self._state = state
        return verdict

    def correct(self, seq: int, move: Move, *, source: str = "manual", note: str = "") -> State:
        """Replace the move of event ``seq``; the whole game is re-refereed."""
        self._require_move_event(seq)
        event = Event(self._next_seq(), "correction", move, refers_to=seq, source=source, note=note)
        return self._amend(event)

    def correct_card(
        self, old: Card, new: Card, *, source: str = "camera", note: str | None = None
    ) -> list[Event]:
        """Correct every effective move that names card ``old`` (laid it or beat it) to name
        ``new``: a misread card (the note says so unless given). Returns the correction events
        written (none when no move names it)."""
        note = f"the camera read {old} again as {new}" if note is None else note
        written: list[Event] = []
        for event in effective_moves(self.events):
            assert event.move is not None
            fixed = with_card_read_as(event.move, old, new)
            if fixed != event.move:
                self.correct(move_seq(event), fixed, source=source, note=note)
                written.append(self.events[-1])
        return written

    def undo(self, seq: int | None = None, *, source: str = "manual", note: str = "") -> State:
        """Cancel event ``seq`` (by default the last effective move)."""
        if seq is None:
            moves = effective_moves(self.events)
            if not moves:
                raise InvalidRecord("nothing to undo")
            seq = move_seq(moves[-1])
        if seq not in {e.seq for e in self.events}:
            raise InvalidRecord(f"no event {seq} to undo")
        return self._amend(Event(self._next_seq(), "undo", refers_to=seq, source=source, note=note))

    def play_on(self, seq: int, *, source: str = "camera", note: str = "") -> State:
        """The table played on after move ``seq``, judged illegal: its cards stayed where they
        were laid and the game went on with them (:mod:`referee.played_on`)."""
        self._require_move_event(seq)
        state = self.header.start_state()
        for step in replay(self.written_header, self.events):
            if move_seq(step.event) == seq:
                assert step.event.move is not None
                if step.verdict.ok or play_on(state, step.event.move) is None:
                    raise InvalidRecord(
                        f"move {seq} ({format_move(step.event.move)}) cannot be played on: "
                        + ("it is legal" if step.verdict.ok else "the table cannot hold it")
                    )
                break
            state = step.state
        else:
            raise InvalidRecord(f"move {seq} is not an effective move of this record")
        event = Event(self._next_seq(), "played_on", refers_to=seq, source=source, note=note)
        return self._amend(event)

    def play_on_move(self, move: Move, *, source: str = "camera") -> Event | None:
        """The table played on after ``move``: :meth:`play_on` for the latest effective move that
        is ``move`` and was judged illegal. None, and nothing written, when there is none or the
        table cannot hold it (a camera's notice about a move the record does not hold so)."""
        for step in reversed(self.steps()):
            if step.event.move == move and not step.verdict.ok:
                try:
                    self.play_on(move_seq(step.event), source=source)
                except InvalidRecord:
                    return None
                return self.events[-1]
        return None

    def revise_trump(self, card: Card, *, source: str = "camera", note: str = "") -> Event | None:
        """The trump card read again as ``card`` (the one in the header was misread): every
        move is re-refereed with it from the start. None, and nothing written, when it is the
        trump card already. Refused when the deal is known (a deck order or a start position
        fixes the trump)."""
        header = self.header
        if card == header.trump_card:
            return None
        if header.deck is not None or header.seed is not None or header.start_position is not None:
            raise InvalidRecord(
                "the deal of this record is known: its trump card cannot be read again"
            )
        if header.trump_card is None:
            raise InvalidRecord("this record's variant shows no trump card to read again")
        note = note or f"trump card read again: {card}, not {header.trump_card}"
        self._amend(Event(self._next_seq(), "trump", source=source, note=note, card=card))
        return self.events[-1]

    def _require_move_event(self, seq: int) -> None:
        if not any(e.seq == seq and e.kind == "move" for e in self.events):
            raise InvalidRecord(f"event {seq} is not a move of this record")

    def _amend(self, event: Event) -> State:
        state = final_state(self.written_header, [*self.events, event])
        self._append(event)
        self._state = state
        return state

    def steps(self) -> list[Step]:
        return list(replay(self.written_header, self.events))


def _append_line(path: Path, data: dict[str, Any]) -> None:
    line = json.dumps(data, ensure_ascii=False, separators=(",", ":")) + "\n"
    with path.open("a", encoding="utf-8") as fh:
        fh.write(line)
        fh.flush()
        os.fsync(fh.fileno())


def read_record(path: Path) -> tuple[Header, list[Event]]:
    """Read a JSONL record. A torn last line (a crash mid-write) is ignored; other damage is an
    error."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise InvalidRecord(f"cannot read record {path}: {exc.strerror}") from exc
    lines = text.split("\n")
    torn_tail = not text.endswith("\n") and bool(lines[-1])
    rows: list[dict[str, Any]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rows.append(json.loads(line))
        except json.JSONDecodeError as exc:
            if torn_tail and number == len(lines):
                break
            raise InvalidRecord(f"{path}:{number}: not JSON ({exc.msg})") from exc
    if not rows:
        raise InvalidRecord(f"{path} is empty: no header")
    try:
        header = Header.from_json(rows[0])
        events = [Event.from_json(row) for row in rows[1:]]
    except BitoError as exc:
        raise InvalidRecord(f"{path}: {exc}") from exc
    seqs = [e.seq for e in events]
    if seqs != sorted(set(seqs)):
        raise InvalidRecord(f"{path}: event numbers are not increasing")
    return header, events
