"""Table geometry, snapshots and the pairing geometry (which card lies on which)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.cards import Card
from referee.game import apply, table_game
from referee.moves import parse_move
from referee.variants import find_variant
from vision.detector import CardDetection
from vision.table.geometry import (
    CalibrationError,
    auto_seats,
    default_geometry,
    load_calibration,
    with_zone,
)
from vision.table.inference import NewCard, cover_target
from vision.table.snapshot import snapshot


def test_automatic_seats_start_at_the_bottom_and_go_clockwise_on_screen() -> None:
    assert auto_seats(2, 1280, 720) == ((640.0, 720.0), (640.0, 0.0))
    four = auto_seats(4, 1000, 1000)
    assert four == ((500.0, 1000.0), (0.0, 500.0), (500.0, 0.0), (1000.0, 500.0))


def test_the_arm_point_names_the_nearest_seat_with_a_certainty() -> None:
    g = default_geometry(4, 1000, 1000)
    seat, sure = g.seat_at((10.0, 480.0))
    assert seat == 1 and sure > 0.9
    seat, sure = g.seat_at((0.0, 0.0))  # a corner, half-way between B and C
    assert seat in (1, 2) and sure < 0.1


def test_calibration_file_sets_seats_and_zones_scaled_to_the_frames(tmp_path: Path) -> None:
    path = tmp_path / "table.json"
    path.write_text(
        json.dumps(
            {
                "size": [640, 360],
                "seats": [{"seat": "A", "xy": [320, 360]}, {"seat": "B", "xy": [0, 180]}],
                "zones": {"battle": [100, 50, 500, 300], "stock": [520, 120, 600, 240]},
            }
        )
    )
    g = load_calibration(path, 2, 1280, 720)
    assert g.seats == ((640.0, 720.0), (0.0, 360.0))
    assert g.battle == (200.0, 100.0, 1000.0, 600.0)
    assert g.stock == (1040.0, 240.0, 1200.0, 480.0)
    assert with_zone(g, "stock", (0.0, 0.0, 1.0, 1.0)) is g  # a person's zone is kept
    assert g.to_json()["zones"]["stock"] == [1040.0, 240.0, 1200.0, 480.0]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not JSON"),
        ('{"seats": [{"seat": "A", "xy": [0, 0]}]}', "has 1 seats, the game 2"),
        ('{"zones": {"battle": [10, 10, 5, 5]}}', "empty"),
        ('{"seats": [{"seat": "A"}, {"seat": "B", "xy": [1, 1]}]}', "give seat and xy"),
    ],
)
def test_a_bad_calibration_file_is_a_clear_error(
    tmp_path: Path, content: str, message: str
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(CalibrationError, match=message):
        load_calibration(path, 2, 640, 480)


def test_cards_in_a_hand_area_or_the_stock_zone_are_not_on_the_table() -> None:
    g = with_zone(default_geometry(2, 1280, 720), "stock", (1050.0, 250.0, 1200.0, 450.0))
    dets = [
        CardDetection("9s", 0.9, (600.0, 300.0, 660.0, 390.0)),  # battle
        CardDetection("Ts", 0.9, (600.0, 660.0, 660.0, 720.0)),  # hand area at the bottom edge
        CardDetection("6h", 0.9, (1100.0, 300.0, 1180.0, 360.0)),  # the trump card
        CardDetection("back", 0.9, (1060.0, 280.0, 1120.0, 380.0)),
    ]
    snap = snapshot(dets, g)
    assert [d.card for d in snap.battle] == ["9s"]
    assert [d.card for d in snap.backs] == ["back"]


def _state_with(*moves: str):  # type: ignore[no-untyped-def]
    state = table_game(find_variant("podkidnoy").configure({}), 2, trump_card=Card.parse("6h"))
    for m in moves:
        state = apply(state, parse_move(m))
    return state


def test_a_card_laid_across_its_attack_card_covers_it_and_one_apart_does_not() -> None:
    state = _state_with("A:attack 9s", "B:beat 9s/Ts", "A:throw 9c")
    boxes = {
        Card.parse("9s"): (100.0, 100.0, 160.0, 190.0),
        Card.parse("Ts"): (110.0, 120.0, 170.0, 210.0),
        Card.parse("9c"): (300.0, 100.0, 360.0, 190.0),
    }
    across = NewCard(((Card.parse("Jc"), 1.0),), (285.0, 125.0, 375.0, 175.0))  # at right angles
    apart = NewCard(((Card.parse("Jc"), 1.0),), (500.0, 100.0, 560.0, 190.0))
    assert cover_target(state, across, boxes)[0] == Card.parse("9c")
    assert cover_target(state, apart, boxes)[0] is None
    on_covered = NewCard(((Card.parse("Jc"), 1.0),), (105.0, 110.0, 165.0, 200.0))
    assert cover_target(state, on_covered, boxes)[0] is None  # 9s is already beaten
