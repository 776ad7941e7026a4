"""The live session against the real referee: a whole simulated game through camera-like
observations, uncertain moves held for confirmation, auto-accept, corrections and undo, and the
archive carrying a game in progress across a restart."""

from __future__ import annotations

import json

import pytest
from server_helpers import Observed, simulated_game

from companion.archive import Archive
from companion.hub import Hub
from companion.session import LiveSession, NotFound, SessionError, TableSetup
from referee.cards import Card
from referee.errors import InvalidMove
from referee.moves import Defend, format_move, move_cards, parse_move, with_card_read_as
from referee.record import effective_moves
from referee.setup import deck_of


class Clock:
    def __init__(self) -> None:
        self.now = 100.0

    def __call__(self) -> float:
        return self.now


def test_a_whole_simulated_game_observed_by_the_camera_ends_as_it_was_played(tmp_path):
    table, moves, final = simulated_game(seed=3)
    session = LiveSession(Hub(), Archive(tmp_path / "games.sqlite3"))
    session.setup(table)
    for move in moves:
        session.observe(Observed(move))
    record = session.record
    assert record is not None
    assert [format_move(e.move) for e in record.events] == [format_move(m) for m in moves]
    assert all(e.verdict and e.verdict["legal"] for e in record.events)
    assert record.state.is_over and record.state.fool == final.fool
    snapshot = session.snapshot()
    assert snapshot["table"]["over"] is True
    assert snapshot["table"]["result"]["fool"] == "ABC"[final.fool]
    games = session.archive.list_games()
    assert games[0].status == "over" and games[0].events == len(moves)


def test_an_uncertain_move_waits_for_confirmation_and_later_moves_wait_behind_it(tmp_path):
    table, moves, _ = simulated_game(seed=3)
    session = LiveSession(Hub(), Archive(tmp_path / "g.sqlite3"))
    session.setup(table)
    for move in moves[:4]:
        session.observe(Observed(move))
    defend = next(m for m in moves[4:] if isinstance(m, Defend))
    index = moves.index(defend)
    for move in moves[4:index]:
        session.observe(Observed(move))
    misread = Defend(defend.player, defend.covers, parse_move("A:attack As").cards[0])
    session.observe(Observed(misread, confidence=0.41, uncertain=True, alternatives=(defend,)))
    session.observe(Observed(moves[index + 1]))  # certain, but behind the uncertain one
    assert session.record is not None
    assert len(session.record.events) == index  # neither is played yet
    pending = session.snapshot()["pending"]
    assert [p["uncertain"] for p in pending] == [True, False]
    assert pending[0]["candidates"] == [format_move(misread), format_move(defend)]
    # the camera chain compares against the table as it looks (best readings applied)
    assert session.pipeline_state() is not session.record.state
    with pytest.raises(SessionError):
        session.confirm(pending[1]["id"])  # not the head of the queue
    session.confirm(pending[0]["id"], choice=1)
    events = session.record.events
    assert format_move(events[index].move) == format_move(defend)
    assert events[index].source == "manual" and events[index].note.startswith("confirmed")
    assert format_move(events[index + 1].move) == format_move(moves[index + 1])
    assert events[index + 1].source == "camera"
    assert session.snapshot()["pending"] == []
    assert all(e.verdict["legal"] for e in events)


def test_an_unattended_uncertain_move_is_auto_accepted_after_the_timeout_with_a_note(tmp_path):
    table, moves, _ = simulated_game(seed=4)
    clock = Clock()
    session = LiveSession(Hub(), None, auto_accept_after=20.0, clock=clock)
    session.setup(table)
    session.observe(Observed(moves[0], uncertain=True, confidence=0.5))
    clock.now += 19.0
    assert session.tick() is False and len(session.record.events) == 0
    clock.now += 1.5
    assert session.tick() is True
    event = session.record.events[0]
    assert event.note.startswith("auto-accepted") and "20 s" in event.note
    assert event.source == "camera"


def test_no_auto_accept_without_the_option(tmp_path):
    table, moves, _ = simulated_game(seed=4)
    clock = Clock()
    session = LiveSession(Hub(), None, clock=clock)
    session.setup(table)
    session.observe(Observed(moves[0], uncertain=True))
    clock.now += 3600
    assert session.tick() is False and session.record.events == []


def test_corrections_undo_and_who_played_are_events_and_nothing_is_rewritten(tmp_path):
    table, moves, _ = simulated_game(seed=3)
    archive = Archive(tmp_path / "g.sqlite3")
    session = LiveSession(Hub(), archive)
    session.setup(table)
    for move in moves[:6]:
        session.observe(Observed(move))
    first = session.record.events[0]
    stored_before = archive.raw_game(session.game_id)[1]
    text = format_move(first.move)
    other = "B" if text[0] != "B" else "C"
    session.correct(first.seq, parse_move(other + text[1:]))  # "say who played": another seat
    steps = session.record.steps()
    assert format_move(steps[0].event.move).startswith(other)
    assert steps[0].verdict.code == "out_of_turn"  # the first attacker was set up
    session.correct(first.seq, first.move)  # back to the truth
    session.undo()
    _header, events = archive.load_game(session.game_id)
    assert [e.kind for e in events[-3:]] == ["correction", "correction", "undo"]
    assert archive.raw_game(session.game_id)[1][: len(stored_before)] == stored_before
    effective = effective_moves(events)
    assert [format_move(e.move) for e in effective] == [format_move(m) for m in moves[:5]]
    with pytest.raises(NotFound):
        session.correct(999, first.move)
    with pytest.raises(InvalidMove):  # a card that is not in a 36-card deck
        session.correct(first.seq, parse_move("A:attack 2s"))
    with pytest.raises(InvalidMove):  # a seat that is not at this table
        session.play(parse_move("F:attack 6s"))
    assert len(archive.load_game(session.game_id)[1]) == len(events)


def test_a_restarted_session_carries_on_the_game_and_its_waiting_moves(tmp_path):
    table, moves, _ = simulated_game(seed=5)
    path = tmp_path / "g.sqlite3"
    session = LiveSession(Hub(), Archive(path))
    session.setup(table)
    for move in moves[:10]:
        session.observe(Observed(move))
    session.observe(Observed(moves[10], uncertain=True, alternatives=(moves[11],)))
    session.observe(Observed(moves[11]))
    before = session.snapshot()
    session.archive.close()

    again = LiveSession.resume(Archive(path), Hub())
    after = again.snapshot()
    for key in ("table", "verdict", "pending", "history", "recent", "game"):
        assert after[key] == before[key], key
    again.confirm(after["pending"][0]["id"], choice=0)
    for move in moves[12:]:
        again.observe(Observed(move))
    assert again.record.state.is_over
    assert again.archive.list_games()[0].status == "over"


def test_a_new_setup_abandons_the_unfinished_game(tmp_path):
    table, moves, _ = simulated_game(seed=3)
    session = LiveSession(Hub(), Archive(tmp_path / "g.sqlite3"))
    session.setup(table)
    session.observe(Observed(moves[0]))
    session.setup(table)
    games = session.archive.list_games()
    assert [g.status for g in games] == ["live", "abandoned"]
    assert session.archive.latest_live_game() == games[0].id


def test_every_change_is_published_as_the_whole_table(tmp_path):
    table, moves, _ = simulated_game(seed=3)
    hub = Hub()
    session = LiveSession(hub, None)
    session.setup(table)
    session.observe(Observed(moves[0]))
    message = json.loads(hub.latest or "")
    assert message["version"] == session.version
    assert message["verdict"]["move"] == format_move(moves[0])
    assert message["table"]["table"][0]["attack"] == str(moves[0].cards[0])
    assert message["published"] > 0


def test_a_backlog_of_uncertain_moves_is_auto_accepted_from_arrival_each_shown_a_moment():
    table, moves, _ = simulated_game(seed=4)
    clock = Clock()
    session = LiveSession(Hub(), None, auto_accept_after=5.0, clock=clock)
    session.setup(table)
    start = clock.now
    session.observe(Observed(moves[0], uncertain=True))
    clock.now = start + 1.0
    session.observe(Observed(moves[1], uncertain=True))
    clock.now = start + 5.0
    assert session.tick() is True and len(session.record.events) == 1
    clock.now = start + 6.9  # overdue since 6.0, but shown at the head only since 5.0
    assert session.tick() is False
    clock.now = start + 7.0
    assert session.tick() is True and len(session.record.events) == 2


def test_a_card_the_camera_reads_again_as_another_is_corrected_in_every_move_naming_it(tmp_path):
    table, moves, _ = simulated_game(seed=3)
    archive = Archive(tmp_path / "g.sqlite3")
    session = LiveSession(Hub(), archive)
    session.setup(table)
    beats = [k for k, m in enumerate(moves) if isinstance(m, Defend)]
    first, second = beats[0], beats[1]
    card, waiting = moves[first].covers, moves[second].covers
    named = _named(moves[: second + 1]) | {table.trump_card}
    unseen = [c for c in deck_of(session.record.header.rules()) if c not in named]
    misread = [with_card_read_as(m, card, unseen[0]) for m in moves[:second]]
    misread = [with_card_read_as(m, waiting, unseen[1]) for m in misread]
    for move in misread:
        session.observe(Observed(move))
    beat = with_card_read_as(moves[second], waiting, unseen[1])
    session.observe(Observed(beat, uncertain=True, alternatives=()))
    session.reread(unseen[0], card)
    session.reread(unseen[1], waiting)
    _header, events = archive.load_game(session.game_id)
    corrections = [e for e in events if e.kind == "correction"]
    assert len(corrections) == 3  # the lead and the beat naming one, the lead of the other
    assert all(e.source == "camera" and "the camera read" in e.note for e in corrections)
    assert session.snapshot()["pending"][0]["candidates"] == [format_move(moves[second])]
    ((_, stored),) = archive.open_pending(session.game_id)
    assert stored["move"] == format_move(moves[second])  # a restart resumes the corrected move
    session.confirm(session.snapshot()["pending"][0]["id"])
    effective = effective_moves(archive.load_game(session.game_id)[1])
    assert [format_move(e.move) for e in effective] == [format_move(m) for m in moves[: second + 1]]
    assert all(s.verdict.ok for s in session.record.steps())


def _named(moves):
    return {
        c for m in moves for c in (*move_cards(m), *([m.covers] if isinstance(m, Defend) else []))
    }


def _spades_table(path):
    """A live session, archived at ``path``, of three players, spades trump, A leading."""
    session = LiveSession(Hub(), Archive(path))
    session.setup(
        TableSetup(
            "podkidnoy", names=("A", "B", "C"), trump_card=Card.parse("6s"), first_attacker=0
        )
    )
    return session


def test_an_illegal_move_the_table_played_on_is_kept_in_the_record_and_the_archive(tmp_path):
    path = tmp_path / "g.sqlite3"
    session = _spades_table(path)
    for text in ("A:attack 7h", "B:beat 7h/8c"):
        session.observe(Observed(parse_move(text)))
    session.played_on(parse_move("B:beat 9d/Td"))  # no such move: nothing happens
    assert [e.kind for e in session.record.events] == ["move", "move"]
    session.played_on(parse_move("B:beat 7h/8c"))
    session.observe(Observed(parse_move("A:throw 8h")))  # an eight lies on the table now
    assert [
        bool(e.verdict and e.verdict["legal"]) for e in effective_moves(session.record.events)
    ] == [
        True,
        False,
        True,
    ]
    recent = {r["seq"]: r for r in session.snapshot()["recent"]}
    assert recent[2]["played_on"] and not recent[2]["legal"] and not recent[1]["played_on"]
    session.archive.close()
    again = LiveSession.resume(Archive(path), Hub())
    assert again.record.state == session.record.state
    assert again.record.events[2].kind == "played_on"


def test_a_trump_card_the_camera_reads_again_re_referees_the_game_and_is_archived(tmp_path):
    path = tmp_path / "g.sqlite3"
    session = _spades_table(path)
    for text in ("A:attack 7h", "B:beat 7h/8c"):  # illegal with spades trump
        session.observe(Observed(parse_move(text)))
    assert not session.snapshot()["recent"][0]["legal"]
    session.revise_trump(Card.parse("6c"))
    assert session.snapshot()["table"]["trump"] == "6c"
    assert all(s.verdict.ok for s in session.record.steps())
    session.archive.close()
    again = LiveSession.resume(Archive(path), Hub())
    assert again.record.state == session.record.state
    assert [e.kind for e in again.record.events] == ["move", "move", "trump"]
