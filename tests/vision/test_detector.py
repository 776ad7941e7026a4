"""Corner merging, class mapping, letterbox and decoding of the runtime (no model needed)."""

from __future__ import annotations

import numpy as np

from vision.cards import BACK, CLASSIFIER_CLASSES, DET_BACK, DET_CARD, DET_INDEX
from vision.detections import Detections, letterbox, nms
from vision.detector import (
    SUIT_P,
    SUIT_SURE,
    TURNED_P,
    TURNED_SURE,
    TWIN_TORN,
    WEAKER,
    WHOLE_DET,
    WHOLE_P,
    CardDetection,
    IndexRead,
    box_owners,
    merge_corners,
    settle_turned,
    settle_twins,
    to_read_whole,
    whole_card_reads,
)


def _dets(boxes: list[list[float]], cls: int, conf: float = 0.9) -> Detections:
    n = len(boxes)
    return Detections(
        np.array(boxes, np.float32).reshape(n, 4),
        np.full(n, cls, np.int32),
        np.full(n, conf, np.float32),
    )


def _read(box: list[float], card: str, det: float = 0.9, cls: float = 0.95) -> IndexRead:
    return IndexRead(np.array(box, np.float32), det, card, cls)


def test_two_corners_of_one_card_merge_into_its_card_box() -> None:
    cards = _dets([[100, 100, 200, 250], [300, 100, 400, 250]], DET_CARD)
    reads = [_read([102, 102, 118, 140], "Ts"), _read([182, 210, 198, 248], "Ts", cls=0.7)]
    (found,) = merge_corners(reads, cards, Detections.empty())
    assert found.card == "Ts" and found.corners == 2
    assert found.box == (100, 100, 200, 250)
    assert abs(found.confidence - (1 - (1 - 0.9 * 0.95) * (1 - 0.9 * 0.7))) < 1e-6


def test_two_weak_corners_of_one_card_together_pass_the_threshold() -> None:
    one = [_read([102, 102, 118, 140], "Ts", det=0.3, cls=0.4)]
    two = [*one, _read([182, 210, 198, 248], "Ts", det=0.3, cls=0.4)]
    assert merge_corners(one, Detections.empty(), Detections.empty(), min_conf=0.15) == []
    (found,) = merge_corners(two, Detections.empty(), Detections.empty(), min_conf=0.15)
    assert found.card == "Ts" and found.confidence > 0.15


def test_a_card_box_goes_to_one_card_only() -> None:
    cards = _dets([[100, 100, 200, 250]], DET_CARD)
    top = [_read([102, 102, 118, 140], "Ks"), _read([182, 210, 198, 248], "Ks")]
    under = [_read([150, 120, 166, 158], "6h", cls=0.99)]  # the covered card's corner
    found = {d.card: d for d in merge_corners(top + under, cards, Detections.empty())}
    assert found["Ks"].box == (100, 100, 200, 250)
    assert found["6h"].box == (150, 120, 166, 158)


def test_a_cards_own_corners_outrank_faint_reads_of_one_identity_scattered_over_cards() -> None:
    # eval30 game 27 (bellot): figures' ornaments in the Q♣ and the J♣ read as the K♣; three
    # corners in all, but at most two in one card box
    cards = _dets([[425, 189, 533, 344], [617, 162, 722, 310]], DET_CARD)
    queen = [
        _read([503, 306, 526, 343], "Qc", 0.68, 1.0),
        _read([442, 193, 473, 231], "Qc", 0.35, 0.47),
    ]
    jack = [_read([705, 264, 724, 303], "Jc"), _read([619, 170, 635, 208], "Jc")]
    ornaments = [
        _read([468, 313, 510, 341], "Kc", 0.48, 0.54),
        _read([674, 274, 712, 305], "Kc", 0.29, 0.38),
        _read([640, 168, 669, 191], "Kc", 0.28, 0.21),
    ]
    found = {d.card: d for d in merge_corners(queen + jack + ornaments, cards, Detections.empty())}
    assert found["Qc"].box == (425, 189, 533, 344)
    assert found["Jc"].box == (617, 162, 722, 310)
    assert "Kc" not in found  # no card has corners inside two other cards


def test_a_covered_cards_lone_corner_inside_one_named_card_is_kept() -> None:
    cards = _dets([[100, 100, 200, 250], [300, 100, 400, 250]], DET_CARD)
    top = [_read([102, 102, 118, 140], "Ks"), _read([180, 205, 198, 248], "Ks")]
    other = [_read([302, 102, 318, 140], "7d"), _read([380, 205, 398, 248], "7d")]
    under = [_read([150, 120, 166, 158], "6h"), _read([160, 200, 176, 238], "6h", cls=0.5)]
    found = {d.card for d in merge_corners(top + other + under, cards, Detections.empty())}
    assert found == {"Ks", "7d", "6h"}


def test_a_misread_second_corner_inside_a_named_card_is_dropped() -> None:
    cards = _dets([[100, 100, 200, 250]], DET_CARD)
    top = [_read([102, 102, 118, 140], "Ks"), _read([180, 205, 198, 248], "Ks")]
    misread = IndexRead(np.array([104, 104, 120, 142], np.float32), 0.8, "As", 0.5, {"Ks": 0.3})
    names = [d.card for d in merge_corners([*top, misread], cards, Detections.empty())]
    assert names == ["Ks"]


def test_a_card_whose_corners_disagree_keeps_the_dropped_reading_as_disputed() -> None:
    cards = _dets([[100, 100, 200, 250]], DET_CARD)
    bottom = IndexRead(np.array([180, 205, 198, 248], np.float32), 0.85, "9c", 0.98)
    top = IndexRead(np.array([102, 102, 118, 140], np.float32), 0.84, "6c", 0.83, {"9c": 0.07})
    (found,) = merge_corners([bottom, top], cards, Detections.empty())
    assert (found.card, found.disputed) == ("9c", "6c")


def test_a_disputed_card_box_is_read_whole() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD, conf=0.9)
    sure = CardDetection("9c", 0.83, (300, 100, 400, 250), 1)
    assert to_read_whole([sure], cards).tolist() == []
    disputed = CardDetection("9c", 0.83, (300, 100, 400, 250), 1, None, "6c")
    assert to_read_whole([disputed], cards).tolist() == [0]


def test_a_whole_reading_of_the_disputed_identity_names_the_card() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD, conf=0.9)
    disputed = CardDetection("9c", 0.83, (300, 100, 400, 250), 1, None, "6c")
    (found,) = whole_card_reads([disputed], cards, np.stack([_reading("6c", 0.93)]))
    assert (found.card, found.box) == ("6c", (300, 100, 400, 250))
    (kept,) = whole_card_reads([disputed], cards, np.stack([_reading("7c", 0.93)]))
    assert kept == disputed  # a third identity, not far surer, does not


def test_a_covered_corner_unlike_the_top_card_is_kept() -> None:
    cards = _dets([[100, 100, 200, 250]], DET_CARD)
    top = [_read([102, 102, 118, 140], "Ks"), _read([180, 205, 198, 248], "Ks")]
    under = IndexRead(np.array([150, 120, 166, 158], np.float32), 0.8, "6h", 0.9, {"8h": 0.06})
    names = sorted(d.card for d in merge_corners([*top, under], cards, Detections.empty()))
    assert names == ["6h", "Ks"]


def test_a_cards_runner_up_is_the_identity_its_corners_gave_most_after_its_own() -> None:
    box = np.array([102, 102, 118, 140], np.float32)
    reads = [
        IndexRead(box, 0.8, "8h", 0.5, {"Jh": 0.2, "none": 0.25}),
        IndexRead(box + 80, 0.8, "8h", 0.6, {"Jh": 0.3, "Qh": 0.1}),
    ]
    (found,) = merge_corners(reads, Detections.empty(), Detections.empty())
    assert found.runner_up == ("Jh", 0.3)  # the best over its corners; "none" is no card
    (sure,) = merge_corners([_read([10, 10, 30, 50], "6h")], Detections.empty(), Detections.empty())
    assert sure.runner_up is None


def test_a_covered_card_with_one_corner_gets_the_corner_box() -> None:
    reads = [_read([10, 10, 30, 50], "6h")]
    (found,) = merge_corners(reads, Detections.empty(), Detections.empty())
    assert found.card == "6h" and found.box == (10, 10, 30, 50)


def test_none_and_low_confidence_reads_are_dropped_and_backs_listed() -> None:
    reads = [_read([0, 0, 10, 10], "none"), _read([50, 50, 60, 60], "Qd", det=0.1, cls=0.5)]
    backs = _dets([[400, 300, 500, 450]], DET_BACK, 0.8)
    (found,) = merge_corners(reads, Detections.empty(), backs)
    assert found.card == BACK and found.box == (400, 300, 500, 450)


def test_distinct_cards_stay_distinct() -> None:
    reads = [
        _read([0, 0, 10, 20], "As"),
        _read([50, 0, 60, 20], "Ah"),
        _read([0, 50, 10, 70], "XR"),
    ]
    names = sorted(d.card for d in merge_corners(reads, Detections.empty(), Detections.empty()))
    assert names == ["Ah", "As", "XR"]


def _reading(card: str, p: float) -> np.ndarray:
    probs = np.full(len(CLASSIFIER_CLASSES), (1 - p) / (len(CLASSIFIER_CLASSES) - 1), np.float32)
    probs[CLASSIFIER_CLASSES.index(card)] = p
    return probs


def test_the_card_boxes_read_whole_are_the_free_ones_and_those_of_weakly_named_cards() -> None:
    boxes = [[100, 100, 200, 250], [300, 100, 400, 250], [500, 100, 600, 250], [700, 100, 800, 250]]
    cards = Detections(
        np.array(boxes, np.float32),
        np.full(4, DET_CARD, np.int32),
        np.array([0.9, 0.9, 0.9, WHOLE_DET - 0.01], np.float32),
    )
    sure = _read([102, 102, 118, 140], "Ts")  # 0.9 * 0.95
    weak = _read([302, 102, 318, 140], "Kc", det=0.55, cls=0.3)  # an ornament taken for a corner
    named = merge_corners([sure, weak], cards, Detections.empty())
    assert box_owners(named, cards) == [0, 1, -1, -1]
    assert to_read_whole(named, cards).tolist() == [1, 2]  # the last box is too unsure
    assert to_read_whole([], cards).tolist() == [0, 1, 2]


def test_a_card_box_no_corner_explains_is_named_by_a_sure_whole_card_reading() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD, conf=0.8)
    (found,) = whole_card_reads([], cards, np.stack([_reading("Qh", 0.95)]))
    assert found.card == "Qh" and found.corners == 0
    assert found.box == (300, 100, 400, 250)
    assert abs(found.confidence - 0.8 * 0.95) < 1e-6


def test_a_whole_card_reading_that_is_unsure_or_no_card_or_already_listed_names_nothing() -> None:
    cards = _dets([[300, 100, 400, 250]] * 4, DET_CARD)
    listed = [CardDetection("Ks", 0.9, (100, 100, 200, 250), 2)]
    probs = np.stack(
        [
            _reading("Qh", WHOLE_P - 0.05),
            _reading("none", 0.99),
            _reading(BACK, 0.99),
            _reading("Ks", 0.99),
        ]
    )
    assert whole_card_reads(listed, cards, probs) == listed


def test_one_identity_read_whole_in_two_boxes_is_one_card_in_the_surer_box() -> None:
    cards = _dets([[300, 100, 400, 250], [500, 100, 600, 250]], DET_CARD)
    found = whole_card_reads([], cards, np.stack([_reading("Qh", 0.93), _reading("Qh", 0.99)]))
    assert [(d.card, d.box) for d in found] == [("Qh", (500, 100, 600, 250))]


def test_a_card_named_weakly_by_one_corner_gives_its_box_to_a_far_surer_whole_reading() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD)
    ornament = CardDetection("Kc", 0.17, (300, 100, 400, 250), 1)
    (found,) = whole_card_reads([ornament], cards, np.stack([_reading("Js", 0.95)]))
    assert (found.card, found.box) == ("Js", (300, 100, 400, 250))
    assert found.confidence >= WEAKER * ornament.confidence


def test_a_card_named_by_its_corners_keeps_its_box_against_a_whole_reading_not_far_surer() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD)
    corners = CardDetection("7c", 0.5, (300, 100, 400, 250), 2)
    assert whole_card_reads([corners], cards, np.stack([_reading("8c", 0.99)])) == [corners]


def test_a_card_its_corners_read_surely_keeps_its_box_against_a_whole_reading_giving_it_some() -> (
    None
):
    # eval29 game 12: both the K♣'s corners read as the K♣ at 0.93, in faintly detected corner
    # boxes; the whole card read as the J♣ at 0.83, the K♣ 0.16
    cards = _dets([[300, 100, 400, 250]], DET_CARD, conf=0.88)
    reads = [
        IndexRead(np.array([302, 102, 318, 140], np.float32), 0.3, "Kc", 0.93),
        IndexRead(np.array([382, 210, 398, 248], np.float32), 0.05, "Kc", 0.94),
    ]
    (named,) = merge_corners(reads, cards, Detections.empty())
    assert named.read_as == (("Kc", 0.94),)
    whole = _reading("Jc", 0.83)
    whole[CLASSIFIER_CLASSES.index("Kc")] = 0.16
    assert WEAKER * named.confidence <= 0.88 * 0.83  # far surer: the old rule took the J♣
    assert whole_card_reads([named], cards, np.stack([whole])) == [named]


def test_a_figures_ornament_read_as_a_corner_gives_its_box_to_the_whole_reading() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD)
    reads = [IndexRead(np.array([302, 102, 318, 140], np.float32), 0.3, "9h", 0.6, {"6h": 0.2})]
    (ornament,) = merge_corners(reads, cards, Detections.empty())
    (found,) = whole_card_reads([ornament], cards, np.stack([_reading("Kh", 0.95)]))
    assert found.card == "Kh"


def _torn_read(card: str, own: float, other: str, given: float) -> IndexRead:
    return IndexRead(np.array([302, 102, 318, 140], np.float32), 0.9, card, own, {other: given})


def _suits(**p: float) -> np.ndarray:
    """A whole-card reading that gives each suit ``p[suit]``, spread over its 13 ranks."""
    probs = np.zeros(len(CLASSIFIER_CLASSES), np.float32)
    for i, c in enumerate(CLASSIFIER_CLASSES):
        if c[1:] in p:
            probs[i] = p[c[1:]] / 13
    return probs


def test_a_corner_that_gives_the_twin_nearly_as_much_marks_the_card_torn() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD)
    (torn,) = merge_corners([_torn_read("Js", 0.47, "Jc", 0.45)], cards, Detections.empty())
    assert torn.torn == "Jc"
    assert to_read_whole([torn], cards).tolist() == [0]  # though sure enough to keep its box
    far = TWIN_TORN * 0.9 - 0.01
    (sure,) = merge_corners([_torn_read("Js", 0.9, "Jc", far)], cards, Detections.empty())
    assert sure.torn is None
    (other,) = merge_corners([_torn_read("Js", 0.47, "Js", 0.45)], cards, Detections.empty())
    assert other.torn is None  # not its twin


TORN = CardDetection("Ah", 0.39, (300, 100, 400, 250), 1, ("Ad", 0.42), None, "Ad")  # by one corner


def test_a_card_torn_between_it_and_its_twin_takes_the_suit_its_whole_card_shows() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD)
    (found,) = settle_twins([TORN], cards, np.stack([_suits(h=0.1, d=0.82, c=0.08)]))
    assert (found.card, found.box, found.confidence) == ("Ad", TORN.box, TORN.confidence)
    assert found.runner_up == ("Ah", 0.42) and found.torn is None


def test_a_torn_card_keeps_its_suit_when_the_whole_card_does_not_clearly_show_the_twins() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD)
    not_twice = _suits(h=0.3, d=SUIT_SURE * 0.3 - 0.02, c=0.12)
    too_faint = _suits(h=0.04, d=SUIT_P - 0.02, s=0.5)  # mostly the black card on top of it
    for probs in (not_twice, too_faint):
        assert settle_twins([TORN], cards, np.stack([probs])) == [TORN]


def test_a_torn_card_does_not_become_a_twin_already_listed() -> None:
    cards = _dets([[300, 100, 400, 250]], DET_CARD)
    listed = CardDetection("Ad", 0.9, (100, 100, 200, 250), 2)
    found = settle_twins([TORN, listed], cards, np.stack([_suits(d=0.9)]))
    assert found == [TORN, listed]


UPRIGHT_BOTTOM = [  # a 6♣ of a deck whose bottom index is printed upright: it reads as a 9♣
    _read([102, 102, 118, 140], "6c", det=0.76, cls=0.94),
    _read([180, 205, 198, 248], "9c", det=0.76, cls=0.96),
]


def test_a_lone_corner_reading_a_card_turned_inside_its_box_marks_the_card_turned() -> None:
    cards = _dets([[100, 100, 200, 250]], DET_CARD)
    found = merge_corners(UPRIGHT_BOTTOM, cards, Detections.empty())
    owner, lone = found  # the surer reading takes the card box
    assert (owner.card, owner.turned, owner.box) == ("9c", "6c", (100, 100, 200, 250))
    assert (lone.card, lone.turned, lone.box) == ("6c", None, (102, 102, 118, 140))
    assert to_read_whole(found, cards).tolist() == [0]


def test_a_card_read_by_a_corner_and_turned_by_another_is_the_one_its_whole_card_shows() -> None:
    cards = _dets([[100, 100, 200, 250]], DET_CARD)
    found = merge_corners(UPRIGHT_BOTTOM, cards, Detections.empty())
    for shown in ("6c", "9c"):
        (card,) = settle_turned(found, cards, np.stack([_reading(shown, 0.78)]))
        assert (card.card, card.box) == (shown, (100, 100, 200, 250))
    faint = _reading("Tc", 0.5)
    faint[CLASSIFIER_CLASSES.index("6c")] = TURNED_P - 0.01
    not_twice = _reading("6c", 0.3)
    not_twice[CLASSIFIER_CLASSES.index("9c")] = 0.3 / TURNED_SURE + 0.01
    for probs in (faint, not_twice):
        assert settle_turned(found, cards, np.stack([probs])) == found


def test_a_covered_6_under_a_9_read_by_both_corners_is_kept() -> None:
    cards = _dets([[100, 100, 200, 250]], DET_CARD)
    top = [_read([102, 102, 118, 140], "9c"), _read([180, 205, 198, 248], "9c")]
    under = [_read([150, 120, 166, 158], "6c", cls=0.99)]
    found = merge_corners(top + under, cards, Detections.empty())
    assert [d.turned for d in found] == [None, None]
    assert settle_turned(found, cards, np.stack([_reading("9c", 0.9)])) == found


def test_class_mapping_covers_every_classifier_output() -> None:
    assert len(CLASSIFIER_CLASSES) == 56
    assert CLASSIFIER_CLASSES.index("Ts") == 8 and CLASSIFIER_CLASSES.index("6h") == 30


def test_letterbox_and_decode_round_trip() -> None:
    image = np.zeros((480, 640, 3), np.uint8)
    blob, lb = letterbox(image, 320, square=True)
    assert blob.shape == (1, 3, 320, 320) and lb.scale == 0.5 and lb.pad_y == 40
    # one anchor predicting a card at (100, 100)-(200, 300) in the original image
    out = np.zeros((1, 7, 3), np.float32)
    cx, cy, w, h = 150 * 0.5, 200 * 0.5 + 40, 100 * 0.5, 200 * 0.5
    out[0, :, 0] = [cx, cy, w, h, 0.05, 0.9, 0.01]
    out[0, :, 1] = [cx + 1, cy, w, h, 0.05, 0.8, 0.01]  # a duplicate, suppressed
    out[0, :, 2] = [10, 10, 5, 5, 0.1, 0.0, 0.0]  # below threshold
    det = Detections.from_yolo_output(out, 0.25, 0.5, lb)
    assert len(det) == 1 and det.class_id[0] == DET_CARD
    assert np.allclose(det.xyxy[0], [100, 100, 200, 300], atol=1e-3)


def test_rect_letterbox_pads_to_the_stride() -> None:
    blob, lb = letterbox(np.zeros((480, 640, 3), np.uint8), 416, square=False)
    assert blob.shape == (1, 3, 320, 416) and lb.pad_y == 4


def test_nms_is_per_class() -> None:
    boxes = np.array([[0, 0, 10, 10], [1, 0, 11, 10], [0, 0, 10, 10]], np.float32)
    keep = nms(boxes, np.array([0.9, 0.8, 0.7]), np.array([DET_INDEX, DET_INDEX, DET_CARD]), 0.5)
    assert sorted(keep.tolist()) == [0, 2]
