"""Position notation: writes and reads a whole table-view position; bad positions are refused."""

from __future__ import annotations

import random

import pytest

from referee.engine import check
from referee.errors import InvalidNotation, InvalidPosition, InvalidRules
from referee.moves import parse_move
from referee.position import parse_position, write_position
from referee.setup import deal
from referee.simulate import play
from referee.variants import playable_variants

EXAMPLE = (
    "podkidnoy(deck=52) trump=9s seats=A6:Jh,B4:8h.Kd,C0x1 stock=12 discard=6c.6d "
    "table=7h/9h.9c turn=A>B phase=defence quota=6 bout=5 dealer=C"
)


def test_position_example_reads_and_writes_back() -> None:
    state, options = parse_position(EXAMPLE)
    assert options == {"deck": "52"}
    assert state.hands[1].count == 4 and len(state.hands[1].known) == 2
    assert state.finished == (2,)
    assert write_position(state, options=options) == EXAMPLE


@pytest.mark.parametrize(
    "variant", [v.slug for v in playable_variants() if v.rules and v.rules.engine == "durak"]
)
def test_position_round_trips_through_a_whole_random_game(variant: str) -> None:
    rules = next(v for v in playable_variants() if v.slug == variant).configure({})
    start = deal(rules, 3, seed=4)
    for state, move in play(start, random.Random(4)):
        text = write_position(state, reveal_hands=True)
        parsed, _ = parse_position(text)
        assert write_position(parsed) == text
        # what was legal with every hand known is legal in the position read back
        assert check(parsed, move).ok, (text, move)


def test_position_from_full_information_shows_only_what_the_table_saw() -> None:
    state = deal(playable_variants()[0].configure({}), 2, seed=1)
    text = write_position(state)
    assert ":" not in text.split("seats=")[1].split()[0]  # no hand cards revealed


def test_a_disputed_moment_is_judged_from_a_position() -> None:
    state, _ = parse_position(EXAMPLE)
    assert check(state, parse_move("B:beat 9c/Tc")).ok
    verdict = check(state, parse_move("B:beat 9c/8c"))
    assert verdict.code == "does_not_beat"
    assert check(state, parse_move("B:beat 9c/Jh")).code == "card_in_another_hand"
    assert check(state, parse_move("B:beat 9c/6c")).code == "card_already_played"


@pytest.mark.parametrize(
    ("text", "error"),
    [
        ("", InvalidNotation),
        ("nonsense trump=9s", InvalidRules),
        ("podkidnoy trump=9s seats=A6,B6", InvalidNotation),  # no stock/turn/phase
        (EXAMPLE.replace("discard=6c.6d", "discard=6c.8h"), InvalidPosition),  # 8h twice
        (EXAMPLE.replace("B4:8h.Kd", "B1:Kd.8h"), InvalidPosition),  # more known than held
        (EXAMPLE.replace("stock=12", "stock=40"), InvalidPosition),  # more cards than the deck
        (EXAMPLE.replace("table=7h/9h.9c", "table=-"), InvalidPosition),  # open bout, no table
        (EXAMPLE.replace("phase=defence", "phase=sleeping"), InvalidNotation),
        (EXAMPLE.replace("seats=A6", "seats=Q6"), InvalidNotation),
        (EXAMPLE.replace("9c", "Zz"), InvalidNotation),
        (EXAMPLE.replace("podkidnoy(deck=52)", "podkidnoy(deck=40)"), InvalidRules),
        (EXAMPLE + " bout=6", InvalidNotation),
    ],
)
def test_bad_positions_are_refused_with_a_typed_error(text: str, error: type[Exception]) -> None:
    with pytest.raises(error):
        parse_position(text)
