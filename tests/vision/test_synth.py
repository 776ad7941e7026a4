"""The generator's labels match what it drew."""

from __future__ import annotations

import numpy as np

from vision.synth.dataset import gt_record, yolo_lines
from vision.synth.decks import Deck
from vision.synth.layout import Layout, Placement, make_layout
from vision.synth.render import readable, render_scene

# table units -> pixels: 150 px per card height, table origin at the image centre
CAMERA = np.array([[150.0, 0, 320], [0, 150.0, 240], [0, 0, 1]])


def _blue_fraction(image: np.ndarray, box: list[float]) -> float:
    x0, y0, x1, y1 = (round(v) for v in box)
    patch = image[y0:y1, x0:x1].astype(int)
    blue = (patch[:, :, 0] > 200) & (patch[:, :, 1] < 60) & (patch[:, :, 2] < 60)
    return float(blue.mean())


def _scene(deck: Deck, placements: list[Placement]):  # type: ignore[no-untyped-def]
    layout = Layout(placements, 2.0, 1.5)
    return render_scene(np.random.default_rng(0), deck, layout=layout, camera=CAMERA, effects=False)


def test_a_lone_card_has_its_box_and_two_readable_corners(toy_deck: Deck) -> None:
    scene = _scene(toy_deck, [Placement("Ts", True, 0.0, 0.0, 0.0, "attack")])
    (card,) = scene.cards
    assert card.card == "Ts" and card.face_up and not card.covered
    assert card.visible > 0.97
    # 150 px tall, 105 px wide, centred at (320, 240)
    assert np.allclose(card.box, [267.5, 165, 372.5, 315], atol=1.5)
    assert len(card.indices) == 2 and all(readable(i) for i in card.indices)
    for index in card.indices:  # the labelled corner boxes sit on the drawn blue corners
        assert _blue_fraction(scene.image, index.box) > 0.8


def test_a_deck_printing_four_indices_has_all_four_corners_labelled(
    four_index_deck: Deck,
) -> None:
    scene = _scene(four_index_deck, [Placement("7d", True, 0.0, 0.0, 0.4, "attack")])
    (card,) = scene.cards
    assert len(card.indices) == 4 and all(readable(i) for i in card.indices)
    for index in card.indices:
        assert _blue_fraction(scene.image, index.box) > 0.6


def test_a_deck_printing_one_band_has_it_labelled_once_rank_and_suit(
    band_index_deck: Deck,
) -> None:
    """tango_nuevo's layout: no index at the bottom; the label spans the rank and the suit."""
    scene = _scene(band_index_deck, [Placement("7d", True, 0.0, 0.0, 0.0, "attack")])
    (card,) = scene.cards
    (index,) = card.indices
    assert readable(index)
    x0, _, x1, y1 = index.box
    assert x1 - x0 > 0.8 * (card.box[2] - card.box[0])  # from the rank to the suit sign
    assert y1 < (card.box[1] + card.box[3]) / 2  # at the top only


def test_a_card_laid_across_covers_the_one_below(toy_deck: Deck) -> None:
    scene = _scene(
        toy_deck,
        [
            Placement("6h", True, 0.0, 0.0, 0.0, "attack"),
            Placement("Ks", True, 0.0, 0.15, 90.0, "defend"),
        ],
    )
    under, over = scene.cards
    assert under.card == "6h" and under.covered and under.visible < 0.8
    assert over.card == "Ks" and not over.covered
    # the top corner of the covered card still shows; what the labels call readable is blue
    readable_corners = [i for i in under.indices if readable(i)]
    assert readable_corners
    for index in readable_corners:
        assert _blue_fraction(scene.image, index.box) > 0.6


def test_a_hidden_corner_is_not_labelled_readable(toy_deck: Deck) -> None:
    scene = _scene(
        toy_deck,
        [
            Placement("7c", True, 0.0, 0.0, 0.0, "attack"),
            Placement("back", False, -0.2, -0.25, 0.0, "stock"),  # over the top-left corner
        ],
    )
    card = scene.cards[0]
    top_left, bottom_right = card.indices
    assert not readable(top_left) and top_left.visible < 0.1
    assert readable(bottom_right)
    assert _blue_fraction(scene.image, top_left.box) < 0.05


def test_yolo_lines_and_gt_agree(toy_deck: Deck) -> None:
    scene = _scene(
        toy_deck,
        [
            Placement("Ah", True, -0.6, 0.0, 20.0, "attack"),
            Placement("back", False, 0.7, 0.0, 0.0, "discard"),
        ],
    )
    lines = [ln.split() for ln in yolo_lines(scene)]
    classes = sorted(int(ln[0]) for ln in lines)
    assert classes == [0, 0, 1, 2]  # two corners, one face-up card, one back
    for ln in lines:
        assert all(0.0 <= float(v) <= 1.0 for v in ln[1:])
    gt = gt_record(scene, "x.jpg")
    assert [c["card"] for c in gt["cards"]] == ["Ah", "back"]  # type: ignore[index]
    assert all(c["identifiable"] for c in gt["cards"])  # type: ignore[index]


def test_random_scenes_label_only_what_shows(toy_deck: Deck) -> None:
    rng = np.random.default_rng(7)
    for _ in range(5):
        scene = render_scene(rng, toy_deck)
        assert scene.image.shape == (480, 640, 3)
        names = [c.card for c in scene.cards if c.face_up]
        assert len(names) == len(set(names))  # one deck: no card twice
        for card in scene.cards:
            assert 0.0 <= card.visible <= card.in_frame + 1e-6 <= 1.0 + 1e-6
            for index in card.indices:
                if readable(index):
                    assert index.visible >= 0.7


def test_layouts_are_durak_tables_or_scatters(toy_deck: Deck) -> None:
    rng = np.random.default_rng(3)
    roles: set[str] = set()
    for _ in range(40):
        layout = make_layout(rng, set(toy_deck.images), 0.7)
        roles |= {p.role for p in layout.placements}
    assert {"attack", "defend", "trump", "stock", "discard", "hand", "stray"} <= roles
