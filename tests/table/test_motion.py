"""Hands and arms over the table: where the arm came from."""

from __future__ import annotations

import numpy as np

from vision.table.geometry import Geometry
from vision.table.motion import Motion, distance_from_arm, moving_over, pile_grown, small_grey

W, H = 1280, 720
SEATS = ((150.0, 720.0), (600.0, 720.0), (640.0, 0.0))  # two seats share the bottom edge
BATTLE = (100.0, 150.0, 980.0, 570.0)


def _table() -> np.ndarray:
    image = np.full((H, W, 3), 150, np.uint8)
    image[::40, :] = 140  # a faint weave, so that the table is not one flat grey
    return image


def _entry(frames: list[np.ndarray]) -> tuple[int, float]:
    motion = Motion(Geometry((W, H), SEATS, BATTLE))
    for image in frames:
        motion.update(image)
    point, touched = motion.end_spell()
    assert touched and point is not None
    return motion.geometry.seat_at(point)


def _arm_reaching(step: int, shadow: bool) -> np.ndarray:
    """An arm from the bottom-left seat reaching up-right; a soft shadow sweeping over the
    bottom right of the table (the light changing) while it does."""
    image = _table()
    if shadow and step >= 2:
        image[250:, 450:] = (image[250:, 450:] * (0.85 if step < 5 else 0.75)).astype(np.uint8)
    x = 120 + (step % 4) * 12  # the arm sways a little at the border
    image[H - 80 - step * 40 : H, x : x + 90] = (60, 110, 200)
    return image


def test_the_arm_names_its_seat_though_a_shadow_sweeps_the_border_beside_it() -> None:
    frames = [_arm_reaching(step, shadow=True) for step in range(8)]
    seat, certainty = _entry(frames)
    assert seat == 0 and certainty > 0.5


def test_the_arm_names_its_seat_on_a_steady_light() -> None:
    frames = [_arm_reaching(step, shadow=False) for step in range(8)]
    seat, certainty = _entry(frames)
    assert seat == 0 and certainty > 0.5


def test_the_pile_grown_by_a_bito_is_found_apart_from_the_swept_places() -> None:
    before, after = _table(), _table()
    before[300:420, 400:480] = 240  # a beaten pair on the table ...
    after[200:330, 1000:1120] = 60  # ... swept onto the discard pile (backs, dark)
    swept = (390.0, 290.0, 490.0, 430.0)
    pile = pile_grown(small_grey(before), small_grey(after), [swept], min_area=0.3 * 120**2)
    assert pile is not None
    x1, y1, x2, y2 = pile
    assert abs(x1 - 1000) <= 16 and abs(y1 - 200) <= 16 and abs(x2 - 1120) <= 16
    assert abs(y2 - 330) <= 16


def test_no_pile_is_found_when_only_the_swept_places_changed() -> None:
    before, after = _table(), _table()
    before[300:420, 400:480] = 240
    swept = (390.0, 290.0, 490.0, 430.0)
    assert pile_grown(small_grey(before), small_grey(after), [swept], 0.3 * 120**2) is None


def test_an_arm_resting_from_the_border_over_the_battle_area_is_over_the_table() -> None:
    motion = Motion(Geometry((W, H), SEATS, BATTLE))
    before = small_grey(_table())
    resting = _table()
    resting[H - 300 : H, 600:690] = (60, 110, 200)  # from the bottom edge into the battle area
    motion.update(resting)
    assert motion.arm_over_table(before)


def test_cards_laid_apart_from_the_border_are_no_arm_over_the_table() -> None:
    motion = Motion(Geometry((W, H), SEATS, BATTLE))
    before = small_grey(_table())
    laid = _table()
    laid[300:420, 500:580] = 240  # a card in the battle area
    laid[H - 60 : H, 20:200] = 90  # a player's hand changed at the edge, outside the battle area
    motion.update(laid)
    assert not motion.arm_over_table(before)
    assert motion.arm_over_table(None)  # nothing to compare with: assume an arm


def test_an_arm_is_on_a_box_it_covers_or_comes_within_the_margin_of() -> None:
    motion = Motion(Geometry((W, H), SEATS, BATTLE))
    before = small_grey(_table())
    resting = _table()
    resting[H - 300 : H, 600:690] = (60, 110, 200)  # from the bottom edge up to y = 420
    motion.update(resting)
    assert motion.arm_on(before, [(620.0, 420.0, 640.0, 450.0)])  # on its fingertips
    # the small picture's blob starts at y = 432 (its ragged outline is opened away): a box
    # ending at 424 is one small pixel short of it, one ending at 380 six
    short = (620.0, 400.0, 640.0, 424.0)
    assert not motion.arm_on(before, [short])
    assert motion.arm_on(before, [short], margin=2)
    assert not motion.arm_on(before, [(620.0, 340.0, 640.0, 380.0)], margin=2)
    assert not motion.arm_on(None, [short], margin=2)  # nothing to compare with: no arm seen


def test_a_box_is_moved_over_when_a_moving_pixel_lies_in_it_or_beside_it() -> None:
    mask = np.zeros((H // 8, W // 8), bool)
    mask[50, 50] = True  # a moving small pixel at (400, 400) full resolution
    assert moving_over(mask, (380.0, 380.0, 420.0, 420.0))
    assert moving_over(mask, (410.0, 380.0, 450.0, 420.0))  # beside it, one small pixel off
    assert not moving_over(mask, (440.0, 380.0, 480.0, 420.0))


def _arm_from_bottom(image: np.ndarray, top: int, x: int) -> None:
    image[top:H, x : x + 90] = (30, 60, 90)  # skin in a sleeve, far darker than the cloth


def _withdrawing(hand_top: int, shadow: bool = False) -> tuple[Motion, np.ndarray, np.ndarray]:
    """A card laid at (500-580, 200-320) and the arm that laid it withdrawing to ``hand_top``
    (it moved 40 px down and 12 px aside since the frame before); optionally a soft shadow
    from the bottom border up to the card's side."""
    motion = Motion(Geometry((W, H), SEATS, BATTLE))
    before = small_grey(_table())
    frames = []
    for step, top in enumerate((hand_top - 40, hand_top)):
        image = _table()
        image[200:320, 500:580] = 240
        if shadow:
            image[330:H, 420:640] = (image[330:H, 420:640] * 0.85).astype(np.uint8)
        _arm_from_bottom(image, top, 560 + 12 * step)
        frames.append(image)
    motion.update(frames[0])
    mask = motion.update(frames[1]).mask
    return motion, before, mask


def test_a_card_left_by_the_withdrawing_arm_lies_apart_from_it() -> None:
    motion, before, mask = _withdrawing(hand_top=460)  # the hand 140 px below the card
    distance = motion.arm_apart(before, mask, gap=5.0, min_area=20.0)
    assert distance is not None
    assert distance_from_arm(distance, (500.0, 200.0, 580.0, 320.0)) >= 5.0
    assert distance_from_arm(distance, (560.0, 600.0, 600.0, 700.0)) == 0.0  # the arm itself


def test_a_card_beside_the_withdrawing_hand_is_not_apart_from_it() -> None:
    motion, before, mask = _withdrawing(hand_top=340)  # 20 px below the card
    assert motion.arm_apart(before, mask, gap=5.0, min_area=20.0) is None


def test_the_soft_shadow_of_the_arm_is_no_part_of_it() -> None:
    motion, before, mask = _withdrawing(hand_top=460, shadow=True)  # a shadow up to the card
    distance = motion.arm_apart(before, mask, gap=5.0, min_area=20.0)
    assert distance is not None
    assert distance_from_arm(distance, (500.0, 200.0, 580.0, 320.0)) >= 5.0


def test_nothing_lies_apart_from_an_arm_without_a_picture_to_compare() -> None:
    motion, _, mask = _withdrawing(hand_top=460)
    assert motion.arm_apart(None, mask, gap=5.0, min_area=20.0) is None


def _striped_table(light: float) -> np.ndarray:
    """A cloth of bright and dark stripes (eval3 game 1) under a light of this strength."""
    image = np.full((H, W, 3), 60, np.uint8)
    for x in range(0, W, 48):
        image[:, x : x + 24] = 230
    return (image * light).astype(np.uint8)


def test_the_light_dimming_over_the_whole_table_moves_nothing() -> None:
    motion = Motion(Geometry((W, H), SEATS, BATTLE))
    readings = [motion.update(_striped_table(light)) for light in (1.0, 1.0, 0.9, 0.8, 0.9, 1.0)]
    assert not any(r.moving for r in readings)
    assert motion.end_spell() == (None, False)


def test_an_arm_moves_while_the_light_dims() -> None:
    motion = Motion(Geometry((W, H), SEATS, BATTLE))
    readings = []
    for step, light in enumerate((1.0, 0.9, 0.8, 0.8)):
        image = _striped_table(light)
        image[H - 120 - step * 60 : H, 120:210] = (60, 110, 200)
        readings.append(motion.update(image))
    assert all(r.moving for r in readings[1:])
    point, touched = motion.end_spell()
    assert touched and point is not None and motion.geometry.seat_at(point)[0] == 0
