"""Game records: JSONL round trips, corrections and undo, damage, and the text export."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.referee_commands import simulate_record
from referee.cards import Card
from referee.errors import InvalidNotation, InvalidRecord
from referee.export import export_text, parse_text
from referee.moves import parse_move
from referee.record import GameRecord, Header, read_record, replay
from referee.variants import find_variant, playable_variants

VARIANTS = [v.slug for v in playable_variants()]


def _seats(variant: str, players: int) -> int:
    """``players``, within the variant's range (`czech` and `armenian_2` are for two)."""
    rules = find_variant(variant).rules
    assert rules is not None
    return min(max(players, rules.min_players), rules.max_players)


def _write(tmp_path: Path, variant: str, players: int, seed: int, deck: str = "36") -> Path:
    sizes = find_variant(variant).deck_sizes
    options = {"deck": deck} if len(sizes) > 1 and int(deck) in sizes else {}
    header, record = simulate_record(variant, options, _seats(variant, players), seed, None)
    path = tmp_path / f"{variant}.jsonl"
    saved = GameRecord.create(header, path)
    for event in record.events:
        assert event.move is not None
        saved.play(event.move, source="simulation", confidence=0.9)
    return path


@pytest.mark.parametrize("variant", VARIANTS)
def test_record_round_trip_gives_the_same_game(tmp_path: Path, variant: str) -> None:
    path = _write(tmp_path, variant, players=3, seed=11, deck="52")
    loaded = GameRecord.load(path)
    header, events = read_record(path)
    assert loaded.state.is_over
    for event, step in zip(events, replay(header, events), strict=True):
        assert event.verdict == step.verdict.to_dict()  # same verdicts when re-refereed
        assert event.confidence == 0.9 and event.source == "simulation"


@pytest.mark.parametrize("variant", VARIANTS)
def test_text_export_parses_back_to_the_same_export(variant: str) -> None:
    players = _seats(variant, 4 if variant != "s_par" else 5)
    header, record = simulate_record(variant, {}, players, 5, None)
    text = export_text(header, record.events)
    header2, moves, _ = parse_text(text)
    again = GameRecord.create(header2)
    for move in moves:
        assert again.play(move).ok
    assert again.state.is_over
    assert export_text(header2, again.events) == text


def _small_record(tmp_path: Path) -> GameRecord:
    header, _ = simulate_record("podkidnoy", {}, 2, 3, ("Anna", "Boris"))
    return GameRecord.create(header, tmp_path / "game.jsonl")


def _first_legal(record: GameRecord) -> str:
    from referee.movegen import legal_moves
    from referee.moves import format_move

    return format_move(legal_moves(record.state)[0])


def test_correction_is_a_new_event_and_replaces_the_move(tmp_path: Path) -> None:
    record = _small_record(tmp_path)
    first = _first_legal(record)
    record.play(parse_move(first))
    lines_before = (tmp_path / "game.jsonl").read_text().splitlines()
    from referee.movegen import legal_moves

    start = record.header.start_state()
    other = next(m for m in legal_moves(start) if m != parse_move(first))
    record.correct(1, other, note="misread card")
    lines_after = (tmp_path / "game.jsonl").read_text().splitlines()
    assert lines_after[: len(lines_before)] == lines_before  # nothing rewritten
    assert json.loads(lines_after[-1])["corrects"] == 1
    reloaded = GameRecord.load(tmp_path / "game.jsonl")
    assert reloaded.state == record.state
    assert [s.event.move for s in reloaded.steps()] == [other]


def test_undo_cancels_an_event_and_undo_of_undo_restores_it(tmp_path: Path) -> None:
    record = _small_record(tmp_path)
    start = record.state
    move = parse_move(_first_legal(record))
    record.play(move)
    after_move = record.state
    assert record.undo() == start
    assert record.undo(2) == after_move  # undoing the undo restores the move
    assert GameRecord.load(tmp_path / "game.jsonl").state == after_move


def test_illegal_move_is_recorded_with_its_verdict_and_changes_nothing(tmp_path: Path) -> None:
    record = _small_record(tmp_path)
    before = record.state
    verdict = record.play(parse_move("B:take"))
    assert not verdict.ok
    assert record.state == before
    row = json.loads((tmp_path / "game.jsonl").read_text().splitlines()[-1])
    assert row["verdict"]["legal"] is False and row["verdict"]["code"] == verdict.code


def test_torn_last_line_from_a_crash_is_ignored(tmp_path: Path) -> None:
    record = _small_record(tmp_path)
    record.play(parse_move(_first_legal(record)))
    path = tmp_path / "game.jsonl"
    with path.open("a") as fh:
        fh.write('{"type": "move", "seq": 2, "mo')
    assert GameRecord.load(path).state == record.state


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ('{"type": "move"}\n', "header"),
        ("not json\n", "not JSON"),
    ],
)
def test_damaged_record_is_a_clear_error(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.jsonl"
    path.write_text(text)
    with pytest.raises(InvalidRecord, match=message):
        read_record(path)


def test_bad_event_in_the_middle_is_a_clear_error(tmp_path: Path) -> None:
    record = _small_record(tmp_path)
    record.play(parse_move(_first_legal(record)))
    path = tmp_path / "game.jsonl"
    lines = path.read_text().splitlines()
    lines.insert(1, '{"type": "move", "seq": 7, "move": "Q:fly 7h"}')
    path.write_text("\n".join(lines) + "\n")
    with pytest.raises(InvalidRecord):
        read_record(path)


def test_header_rule_settings_must_match_variant_and_options(tmp_path: Path) -> None:
    record = _small_record(tmp_path)
    path = tmp_path / "game.jsonl"
    row = json.loads(path.read_text().splitlines()[0])
    row["rules"]["attack_cap"] = 3
    path.write_text(json.dumps(row) + "\n")
    with pytest.raises(InvalidRecord, match="rule settings differ"):
        read_record(path)
    assert record.header.variant == "podkidnoy"


def test_create_refuses_to_overwrite_an_existing_record(tmp_path: Path) -> None:
    _small_record(tmp_path)
    header = Header("podkidnoy", {}, ("A", "B"), 0, trump_card=Card.parse("9s"))
    with pytest.raises(InvalidRecord, match="refusing to overwrite"):
        GameRecord.create(header, tmp_path / "game.jsonl")


def test_text_export_rejects_an_illegal_move_with_its_line() -> None:
    text = '[Variant "podkidnoy"]\n[Players "A=a, B=b"]\n[Trump "9s"]\n[FirstAttacker "A"]\n\n'
    text += "1. A>B: 7h/6h | bito\n"
    with pytest.raises(InvalidNotation, match=r"line 6.*does not beat"):
        parse_text(text)


def test_text_export_of_a_table_view_game_round_trips() -> None:
    text = (
        '[Variant "podkidnoy"]\n[Players "A=Anna, B=Boris, C=Vera"]\n[Dealer "C"]\n'
        '[Trump "9s"]\n\n1. A>B: 7h/9h 9c/Qc A:pass C:pass | bito\n2. B>C: 6d/8d 6h | open\n'
    )
    header, moves, _ = parse_text(text)
    record = GameRecord.create(header)
    for move in moves:
        assert record.play(move).ok
    exported = export_text(header, record.events)
    assert "1. A>B: 7h/9h 9c/Qc | bito" in exported
    assert "2. B>C: 6d/8d 6h | open" in exported
    assert record.state.table[1].attack == Card.parse("6h")


@pytest.mark.parametrize("variant", ["ochkovy", "pogonny", "figured", "czech", "armenian_2"])
def test_the_move_that_ends_a_scoring_game_records_the_result_and_scores(
    tmp_path: Path, variant: str
) -> None:
    players = 2 if variant in ("czech", "armenian_2") else 3
    header, record = simulate_record(variant, {}, players, 2, None)
    path = tmp_path / "game.jsonl"
    saved = GameRecord.create(header, path)
    for event in record.events:
        assert event.move is not None
        saved.play(event.move, source="simulation")
    rows = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    ended = [row for row in rows if "result" in row]
    assert len(ended) == 1 and ended[0] is rows[-1]
    assert ended[0]["result"]["scores"]


@pytest.mark.parametrize(
    ("move", "read_as"),
    [
        ("A:attack 8h+8d", "A:attack Jh+8d"),
        ("B:beat 8h/9h", "B:beat Jh/9h"),
        ("B:beat 7h/8h", "B:beat 7h/Jh"),
        ("C:throw 8h", "C:throw Jh"),
        ("B:transfer 8h", "B:transfer Jh"),
        ("B:beat 7h/9h", "B:beat 7h/9h"),
        ("B:take", "B:take"),
        ("A:attack 8h+Jh", "A:attack 8h+Jh"),  # it names the Jh already: no such reading
        ("B:beat Jh/8h", "B:beat Jh/8h"),  # a card cannot beat itself
    ],
)
def test_a_misread_card_is_replaced_wherever_a_move_names_it(move: str, read_as: str) -> None:
    from referee.moves import with_card_read_as

    corrected = with_card_read_as(parse_move(move), Card.parse("8h"), Card.parse("Jh"))
    assert corrected == parse_move(read_as)


def _table_record(tmp_path: Path, trump: str) -> GameRecord:
    """A game seen at a table (no deck order), the trump card as read at the start."""
    header = Header("podkidnoy", {}, ("Anna", "Boris"), 1, trump_card=Card.parse(trump))
    return GameRecord.create(header, tmp_path / "table.jsonl")


def test_a_trump_card_read_again_re_referees_every_move_from_the_start(tmp_path: Path) -> None:
    record = _table_record(tmp_path, "6c")  # misread: the 6h lies under the stock
    record.play(parse_move("A:attack 9s"))
    assert not record.play(parse_move("B:beat 9s/7h")).ok  # no trump with clubs
    lines_before = (tmp_path / "table.jsonl").read_text().splitlines()
    event = record.revise_trump(Card.parse("6h"))
    assert event is not None and event.kind == "trump"
    lines_after = (tmp_path / "table.jsonl").read_text().splitlines()
    assert lines_after[: len(lines_before)] == lines_before  # nothing rewritten
    assert json.loads(lines_after[-1])["card"] == "6h"
    assert record.header.trump_card == Card.parse("6h")
    assert record.state.table[0].cover == Card.parse("7h")  # the beat stands now
    assert [s.verdict.ok for s in record.steps()] == [True, True]
    reloaded = GameRecord.load(tmp_path / "table.jsonl")
    assert reloaded.state == record.state and reloaded.header.trump_card == Card.parse("6h")
    assert '[Trump "6h"]' in export_text(*read_record(tmp_path / "table.jsonl"))
    assert record.revise_trump(Card.parse("6h")) is None  # the same card: nothing written


def test_an_undone_trump_revision_restores_the_trump_read_first(tmp_path: Path) -> None:
    record = _table_record(tmp_path, "6c")
    record.play(parse_move("A:attack 9s"))
    record.play(parse_move("B:beat 9s/7h"))
    before = record.state
    record.revise_trump(Card.parse("6h"))
    assert record.undo(3) == before
    assert record.header.trump_card == Card.parse("6c")


def test_the_trump_card_of_a_known_deal_cannot_be_read_again(tmp_path: Path) -> None:
    record = _small_record(tmp_path)  # a simulation: the deck order fixes the trump
    with pytest.raises(InvalidRecord, match="deal of this record is known"):
        record.revise_trump(
            Card.parse("6h") if record.header.trump_card != Card.parse("6h") else Card.parse("6d")
        )


def test_a_trump_event_without_a_card_is_a_clear_error(tmp_path: Path) -> None:
    record = _table_record(tmp_path, "6c")
    record.play(parse_move("A:attack 9s"))
    with (tmp_path / "table.jsonl").open("a") as fh:
        fh.write('{"type":"trump","seq":2,"source":"camera"}\n')
    with pytest.raises(InvalidRecord, match="trump event 2 has no card"):
        read_record(tmp_path / "table.jsonl")
