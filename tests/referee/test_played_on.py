"""The table played on: an illegal move left lying and played after is made as the table made it,
in the referee's state and in the record's replays; what no table can hold is never kept."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest
from referee_builders import card, play, verdict

from referee import rules_for, table_game
from referee.errors import InvalidRecord
from referee.export import export_text, parse_text
from referee.moves import parse_move
from referee.played_on import play_on
from referee.record import GameRecord, Header, read_record, replay
from referee.state import Hand, Phase


def view(players: int = 3, first: int = 0):  # type: ignore[no-untyped-def]
    return table_game(
        rules_for("podkidnoy"), players, trump_card=card("6s"), first_attacker_seat=first
    )


def kept(state, move: str):  # type: ignore[no-untyped-def]
    after = play_on(state, parse_move(move))
    assert after is not None, f"{move} should be kept"
    return after


def test_played_on_a_beat_that_does_not_beat_lies_on_the_table_and_the_bout_closes_over_it() -> (
    None
):
    state = play(view(), "A:attack 7h")
    assert verdict(state, "B:beat 7h/8c").code == "does_not_beat"
    state = kept(state, "B:beat 7h/8c")
    assert state.table[0].cover == card("8c") and state.all_covered()
    assert state.hands[1].count == 5
    state = play(state, "A:throw 8h", "B:beat 8h/9h", "A:done")
    assert {card("7h"), card("8c"), card("8h"), card("9h")} <= set(state.discard)


def test_played_on_a_lead_out_of_turn_makes_its_leader_the_attacker() -> None:
    state = view(first=1)
    assert verdict(state, "A:attack 7h").code == "out_of_turn"
    state = kept(state, "A:attack 7h")
    assert (state.attacker, state.defender, state.phase) == (0, 1, Phase.DEFENCE)
    assert verdict(state, "B:beat 7h/9h").ok


def test_played_on_a_throw_in_of_a_rank_not_on_the_table_may_be_beaten() -> None:
    state = play(view(), "A:attack 7h", "B:beat 7h/9h")
    state = kept(state, "A:throw Kc")
    assert [p.attack for p in state.table] == [card("7h"), card("Kc")]
    assert verdict(state, "B:beat Kc/Ac").ok


@pytest.mark.parametrize(
    ("before", "move"),
    [
        (("A:attack 7h", "B:beat 7h/9h"), "A:throw 9h"),  # the card lies on the table already
        (("A:attack 7h",), "B:beat 7h/9h"),  # legal: nothing to keep
        (("A:attack 7h",), "B:beat 8d/9d"),  # nothing to beat there
        ((), "A:attack 6s"),  # the trump card lies under the stock
    ],
)
def test_played_on_is_refused_for_what_no_table_can_hold(
    before: tuple[str, ...], move: str
) -> None:
    assert play_on(play(view(), *before), parse_move(move)) is None


def test_played_on_is_refused_for_a_player_without_cards() -> None:
    state = play(view(players=2), "A:attack 7h")
    state = replace(state, hands=(state.hands[0], Hand(0)))
    assert play_on(state, parse_move("B:beat 7h/8c")) is None


def _record(tmp_path: Path) -> GameRecord:
    header = Header("podkidnoy", {}, ("A", "B", "C"), 0, trump_card=card("6s"), first_attacker=0)
    return GameRecord.create(header, tmp_path / "game.jsonl")


def test_played_on_is_recorded_and_replayed(tmp_path: Path) -> None:
    record = _record(tmp_path)
    record.play(parse_move("A:attack 7h"), source="camera")
    assert not record.play(parse_move("B:beat 7h/8c"), source="camera").ok
    record.play_on(2)
    assert record.play(parse_move("A:throw 8h"), source="camera").ok
    header, events = read_record(tmp_path / "game.jsonl")
    assert events[2].kind == "played_on" and events[2].refers_to == 2
    steps = list(replay(header, events))
    assert [s.verdict.ok for s in steps] == [True, False, True]
    assert steps[-1].state == record.state == GameRecord.load(tmp_path / "game.jsonl").state


def test_played_on_undone_leaves_the_illegal_move_off_the_table(tmp_path: Path) -> None:
    record = _record(tmp_path)
    record.play(parse_move("A:attack 7h"))
    record.play(parse_move("B:beat 7h/8c"))
    record.play_on(2)
    record.undo(3)
    assert not record.state.all_covered()


@pytest.mark.parametrize(("seq", "why"), [(1, "it is legal"), (9, "not a move")])
def test_played_on_of_a_legal_or_unknown_move_is_a_clear_error(
    tmp_path: Path, seq: int, why: str
) -> None:
    record = _record(tmp_path)
    record.play(parse_move("A:attack 7h"))
    with pytest.raises(InvalidRecord, match=why):
        record.play_on(seq)
    assert len(record.events) == 1  # nothing written


def test_played_on_named_by_its_move_keeps_the_latest_illegal_one_or_nothing(
    tmp_path: Path,
) -> None:
    record = _record(tmp_path)
    record.play(parse_move("A:attack 7h"))
    record.play(parse_move("B:beat 7h/8c"))
    assert record.play_on_move(parse_move("B:beat 7h/9c")) is None  # not played
    assert record.play_on_move(parse_move("A:attack 7h")) is None  # legal
    event = record.play_on_move(parse_move("B:beat 7h/8c"))
    assert event is not None and event.refers_to == 2 and record.state.all_covered()


def test_played_on_moves_survive_the_text_export_and_its_import(tmp_path: Path) -> None:
    record = _record(tmp_path)
    record.play(parse_move("B:attack 7h"))  # out of turn (A leads), played on
    record.play_on(1)
    record.play(parse_move("C:beat 7h/9h"))
    record.play(parse_move("B:throw 9c"))
    record.play(parse_move("C:beat 9c/8c"))  # does not beat, played on
    record.play_on(5)
    record.play(parse_move("B:throw 8h"))
    text = export_text(record.header, record.events)
    assert "{B:attack 7h? out_of_turn, played on}" in text
    assert "{C:beat 9c/8c? does_not_beat, played on}" in text
    header, moves, kept = parse_text(text)
    assert kept == {0, 3}
    again = GameRecord.create(header)
    for i, move in enumerate(moves):
        again.play(move)
        if i in kept:
            again.play_on(again.events[-1].seq)
    assert again.state == record.state
    assert export_text(header, again.events) == text


def test_played_on_is_refused_for_a_transfer_in_a_game_without_transfers() -> None:
    state = play(view(), "A:attack 7h")
    assert verdict(state, "B:transfer 7c").code == "transfer_not_allowed"
    assert play_on(state, parse_move("B:transfer 7c")) is None
