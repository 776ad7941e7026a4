"""The torch-free card detector: YOLO (index corners, face-up cards, backs) + index classifier.

``frame -> YOLO boxes -> crops of index corners -> card identities -> one entry per card``.
Every network runs without torch (``vision.runtime``: OpenVINO, else onnxruntime). Each
physical card is listed once: the corners read as the same card are merged (one deck per table,
so one identity is one card), and the merged card takes the box of the detected whole card that
holds its corners, else the union of its corner boxes.
Then the whole-card reader reads the face-up card boxes that no corner explains, or that one
corner named weakly (a deck whose court cards carry no rank index), and names the sure ones; and
the boxes of cards whose corners were torn between two suits of one colour, where its suits
decide (a deck that prints the suit away from the rank).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from vision.cards import (
    BACK,
    CLASSIFIER_CLASSES,
    CLASSIFIER_INDEX,
    DET_BACK,
    DET_CARD,
    DET_INDEX,
    NONE,
    SUITS,
    turned,
    twin,
)
from vision.crops import CARD_CROP_SIZE, CROP_SIZE, crop_card, crop_square, to_tensor
from vision.detections import Detections, box_iou, letterbox
from vision.runtime import Network, load

log = logging.getLogger(__name__)

MODELS_DIR = Path(__file__).resolve().parent.parent / "models"
DETECTOR_FILE = "detector.onnx"
CLASSIFIER_FILE = "classifier.onnx"
WHOLE_CARD_FILE = "whole_card.onnx"
WHOLE_P = 0.7
"""The whole-card reader names a face-up card box only when it gives one card at least this
probability (chosen with whole-v2; whole-v4 on validation crops: 97.2 % of the cards it names at
0.7 are right, 99.5 % at 0.9, but at 0.9 it names 28 court cards right against 76 at 0.7; see the
model card)."""
WHOLE_DET = 0.3
"""... and when the YOLO stage is at least this sure that the box is a face-up card."""
WEAKER = 2.0
"""A card named by its corners gives up its box to the whole-card reading of it when that reading
is at least this many times as sure (see :func:`whole_card_reads`)."""
TWIN_TORN = 0.3
"""A card's corners are torn between it and its twin (:func:`vision.cards.twin`) when they gave
the twin at least this many times the probability they gave the card (eval25 game 17,
``aisleriot-tango_nuevo``, whose index corner holds the rank and no suit: J♠ 0.47 against J♣
0.45, 7♥ 0.29 against 7♦ 0.11)."""
SUIT_SURE = 2.0
"""The whole-card reader settles a torn card's suit when it gives the twin's suit (summed over
the ranks) at least this many times the probability it gives the card's own suit (its big pips
show the suit: on the same frames it gave the right suit 0.71-0.82, at least 3.5 times the
twin's) ..."""
SUIT_P = 0.5
"""... and gives the twin's suit at least this probability (a whole reading of a covered card's
box that sees mostly the card on top of it gives each suit little)."""
TURNED_SURE = 2.0
"""A card read by one corner, whose box holds a lone corner read as it turned (the other of 6
and 9: ``kde-ancient-egyptians`` prints its bottom index upright), is the one of the two that the
whole-card reader gives at least this many times the other's probability ..."""
TURNED_P = 0.2
"""... and at least this probability (eval26 game 4: the whole card gave the right one 0.26-0.83,
the other at most 0.05)."""
UNSURE_P = 0.8
"""Below this top probability a crop is read again turned three ways and the four readings
averaged (validation crops: 90.0 % -> 91.9 % right, for about a quarter of the crops read again)."""


@dataclass(frozen=True, slots=True)
class CardDetection:
    """One physical card: notation (``Ts``, ``XR``, ``back``), confidence, xyxy box in pixels."""

    card: str
    confidence: float
    box: tuple[float, float, float, float]
    corners: int = 0  # how many index corners were read as this card
    runner_up: tuple[str, float] | None = None
    """The card its corners gave the most probability after this one (the best over its
    corners), when one got at least ``ALTERNATIVE_P``: what it is if this reading is wrong."""
    disputed: str | None = None
    """What another corner in its box read, dropped as a misread of this card's own corner
    (:func:`_second_reading`): the whole-card reader decides between the two."""
    torn: str | None = None
    """Its twin, when its corners gave the twin nearly as much probability (``TWIN_TORN``):
    the whole-card reader's suits decide between the two (:func:`settle_twins`)."""
    turned: str | None = None
    """What a lone corner inside its box read, when that is this card turned upside down (the
    other of 6 and 9): the whole-card reader decides between the two (:func:`settle_turned`)."""
    read_as: tuple[tuple[str, float], ...] = ()
    """What its corners read: the classifier's probability of each identity it gave at least
    ``ALTERNATIVE_P`` (the best over its corners), its own first. Empty for a card not named by
    its corners."""

    def to_json(self) -> dict[str, object]:
        return {
            "card": self.card,
            "confidence": round(self.confidence, 4),
            "box": [round(v, 1) for v in self.box],
        }


@dataclass(frozen=True, slots=True)
class IndexRead:
    """A detected index corner and what the classifier read in it."""

    box: np.ndarray  # (4,) xyxy
    det_conf: float
    card: str
    cls_conf: float
    alternatives: dict[str, float] = field(default_factory=dict)
    """Other cards the classifier gave some probability (>= ALTERNATIVE_P) to."""


ALTERNATIVE_P = 0.05
INSIDE = 0.7
"""The share of a corner box inside a card box that puts the corner on that card."""


def _containment(inner: np.ndarray, outer: np.ndarray) -> float:
    """Fraction of box ``inner`` that lies inside box ``outer``."""
    ix = max(0.0, min(inner[2], outer[2]) - max(inner[0], outer[0]))
    iy = max(0.0, min(inner[3], outer[3]) - max(inner[1], outer[1]))
    area = max((inner[2] - inner[0]) * (inner[3] - inner[1]), 1e-9)
    return float(ix * iy / area)


def _second_reading(
    read: IndexRead, free_box: int, boxes: np.ndarray, owner: dict[int, str]
) -> str | None:
    # free_box: the best card box still free that holds the corner, or -1
    """The card already named whose other corner a lone corner is, misread; or None.

    That card when the corner lies inside a card box already taken by another identity, the
    classifier gave that identity some probability too, and no free card box holds it better (a
    covered card whose corner shows inside the top card's box would have a box of its own).
    """
    free = _containment(read.box, boxes[free_box]) if free_box >= 0 else 0.0
    for i, card in owner.items():
        inside = _containment(read.box, boxes[i])
        if inside >= 0.9 and card in read.alternatives:
            return card if free <= inside else None
    return None


def _turned_reading(read: IndexRead, boxes: np.ndarray, owner: dict[int, str]) -> str | None:
    """The card named by one corner (``owner``: card box -> card) that a lone corner inside its
    box reads as turned upside down (:func:`vision.cards.turned`, however sure the classifier
    was), or None."""
    for i, card in owner.items():
        if card == turned(read.card) and _containment(read.box, boxes[i]) >= 0.9:
            return card
    return None


def _corners_inside(members: list[IndexRead], box: np.ndarray) -> int:
    """How many of a group's corners lie inside a card box."""
    return sum(_containment(m.box, box) >= INSIDE for m in members)


def _most_in_one_box(members: list[IndexRead], boxes: np.ndarray) -> int:
    """The most of a group's corners that lie inside one card box (0 when none does)."""
    return max((_corners_inside(members, box) for box in boxes), default=0)


def _in_boxes_of_others(members: list[IndexRead], boxes: np.ndarray, owner: dict[int, str]) -> int:
    """How many card boxes already taken by other cards hold one of a group's corners."""
    return sum(_corners_inside(members, boxes[i]) > 0 for i in owner)


def _card_confidence(members: list[IndexRead]) -> float:
    """The chance that at least one corner's reading is right, taken as independent."""
    miss = 1.0
    for m in members:
        miss *= 1.0 - m.det_conf * m.cls_conf
    return 1.0 - miss


def _other_identities(members: list[IndexRead]) -> dict[str, float]:
    """The cards other than the group's own that its corners gave some probability, each with
    the best its corners gave it."""
    best: dict[str, float] = {}
    for m in members:
        for name, p in m.alternatives.items():
            if name not in (NONE, BACK):
                best[name] = max(best.get(name, 0.0), p)
    return best


def _runner_up(members: list[IndexRead]) -> tuple[str, float] | None:
    """The identity after the group's own that its corners gave the most probability."""
    best = _other_identities(members)
    return max(best.items(), key=lambda kv: kv[1]) if best else None


def _read_as(card: str, members: list[IndexRead]) -> tuple[tuple[str, float], ...]:
    """What the group's corners read (see :attr:`CardDetection.read_as`)."""
    return ((card, max(m.cls_conf for m in members)), *_other_identities(members).items())


def _torn(card: str, members: list[IndexRead]) -> str | None:
    """The card's twin when its corners gave the twin ``TWIN_TORN`` times their best probability
    of the card, else None."""
    other = twin(card)
    if other is None:
        return None
    own = max(m.cls_conf for m in members)
    given = max(m.alternatives.get(other, 0.0) for m in members)
    return other if given >= TWIN_TORN * own else None


def merge_corners(
    reads: list[IndexRead],
    cards: Detections,
    backs: Detections,
    min_conf: float = 0.15,
    back_conf: float = 0.35,
) -> list[CardDetection]:
    """Turn index reads into one entry per card, and add the backs.

    Reads of ``none`` or ``back`` are dropped; reads of one identity are grouped; a group's
    confidence is the chance that one of its corners is right. Groups with more corners inside one
    card box (then higher confidence) pick first among the face-up card boxes that contain any of
    their corners (most corners inside, then box confidence), so faint reads of one identity
    scattered over several cards' ornaments do not outrank a card's own two corners; such a group,
    left with no card box and its corners inside two or more cards' boxes, is dropped. Each card box
    goes to one group only, so the covered card whose corner lies inside the top card's box keeps
    its corner box (the union of its corner boxes). A lone corner inside a box already named, with
    that name among its alternatives, is taken for the named card's other corner, misread, and
    dropped; the card keeps that reading as ``disputed``. A lone corner with no card box of its own,
    inside the box of a card named by one corner and read as that card turned (6 and 9), is kept,
    and the card keeps its reading as ``turned`` (:func:`settle_turned`).
    """
    groups: dict[str, list[IndexRead]] = {}
    for r in reads:
        if r.card in (NONE, BACK):
            continue
        groups.setdefault(r.card, []).append(r)
    ranked = sorted(
        ((card, members, _card_confidence(members)) for card, members in groups.items()),
        key=lambda g: (-_most_in_one_box(g[1], cards.xyxy), -g[2]),
    )
    used: set[int] = set()
    owner: dict[int, str] = {}  # card box -> the identity that took it
    disputes: dict[str, str] = {}  # card -> the surest other reading dropped in its box
    turns: dict[str, str] = {}  # card -> a lone corner in its box read as it turned
    placed: list[tuple[str, list[IndexRead], float, np.ndarray]] = []
    for card, members, conf in ranked:
        if conf < min_conf:
            continue
        best_key = (0, 0.0)
        best_i = -1
        for i, (box, c) in enumerate(zip(cards.xyxy, cards.confidence, strict=True)):
            if i in used:
                continue
            inside = _corners_inside(members, box)
            key = (inside, float(c))
            if inside and key > best_key:
                best_key, best_i = key, i
        if len(members) == 1:
            named = _second_reading(members[0], best_i, cards.xyxy, owner)
            if named is not None:
                disputes.setdefault(named, card)
                continue
        if best_i < 0 and len(members) == 1:
            by_one = {i: c for i, c in owner.items() if len(groups[c]) == 1}
            named = _turned_reading(members[0], cards.xyxy, by_one)
            if named is not None:  # kept: it may be a covered card; the whole card decides
                turns.setdefault(named, card)
        if best_i < 0 and _in_boxes_of_others(members, cards.xyxy, owner) > 1:
            continue  # no card has corners inside two other cards: ornaments, misread
        if best_i < 0:
            stack = np.stack([m.box for m in members])
            placed.append(
                (card, members, conf, np.concatenate([stack[:, :2].min(0), stack[:, 2:].max(0)]))
            )
            continue
        used.add(best_i)
        owner[best_i] = card
        placed.append((card, members, conf, cards.xyxy[best_i]))
    out: list[CardDetection] = []
    for card, members, conf, box in placed:
        x1, y1, x2, y2 = (float(v) for v in box)
        out.append(
            CardDetection(
                card,
                float(conf),
                (x1, y1, x2, y2),
                len(members),
                _runner_up(members),
                disputes.get(card),
                _torn(card, members),
                turns.get(card),
                _read_as(card, members),
            )
        )
    for box, c in zip(backs.xyxy, backs.confidence, strict=True):
        if c >= back_conf:
            x1, y1, x2, y2 = (float(v) for v in box)
            out.append(CardDetection(BACK, float(c), (x1, y1, x2, y2), 0))
    out.sort(key=lambda d: (d.box[1], d.box[0]))
    return out


def box_owners(found: list[CardDetection], cards: Detections) -> list[int]:
    """For each face-up card box, the index in ``found`` of the card that took it as its box
    (merged corners take the card box that holds them), or -1."""
    named = [i for i, d in enumerate(found) if d.card != BACK]
    if len(cards) == 0 or not named:
        return [-1] * len(cards)
    iou = box_iou(cards.xyxy, np.array([found[i].box for i in named], np.float32))
    return [named[int(row.argmax())] if row.max() >= 0.9 else -1 for row in iou]


def to_read_whole(found: list[CardDetection], cards: Detections) -> np.ndarray:
    """Indices of the card boxes worth reading whole: sure enough to be a face-up card, and
    free, or taken by a card named so weakly that a whole-card reading could outweigh it, or
    by a card whose corners disagree or are torn between it and its twin."""
    owners = box_owners(found, cards)
    return np.array(
        [
            i
            for i, (c, j) in enumerate(zip(cards.confidence, owners, strict=True))
            if c >= WHOLE_DET
            and (
                j < 0
                or WEAKER * found[j].confidence <= c
                or found[j].disputed is not None
                or found[j].torn is not None
                or found[j].turned is not None
            )
        ],
        np.int64,
    )


def whole_card_reads(
    found: list[CardDetection], cards: Detections, probs: np.ndarray, min_p: float = WHOLE_P
) -> list[CardDetection]:
    """``found`` with what the whole-card reader read in the boxes ``cards`` (``probs``).

    A reading counts when it gives one card at least ``min_p`` and no other listed card has
    that identity (one deck); its confidence is the box's times the reading's. In a free box
    it is a card of its own; in a box a card took by its corners, it replaces that card when
    its confidence is at least ``WEAKER`` times that card's and it outweighs what the corners
    read (:func:`_outweighs`; a corner misread: a deck whose court cards carry no rank index, a
    figure's ornament taken for a corner), or when it is what
    the card's other corner read (``disputed``: a deck whose bottom index is printed upright reads
    there as the other of 6 and 9). The surest reading of an identity wins."""
    owners = box_owners(found, cards)
    out = list(found)
    listed = {d.card for d in found}
    for i in np.argsort(-probs.max(1), kind="stable") if len(probs) else []:
        k = int(probs[i].argmax())
        card = CLASSIFIER_CLASSES[k]
        confidence = float(cards.confidence[i] * probs[i, k])
        if card in (NONE, BACK) or card in listed or probs[i, k] < min_p:
            continue
        x1, y1, x2, y2 = (float(v) for v in cards.xyxy[i])
        j = owners[i]
        if j < 0:
            out.append(CardDetection(card, confidence, (x1, y1, x2, y2)))
        elif card == out[j].disputed or (
            confidence >= WEAKER * out[j].confidence and _outweighs(probs[i], card, out[j])
        ):
            log.debug("card box read whole as %s, not %s by a corner", card, out[j].card)
            listed.discard(out[j].card)
            out[j] = CardDetection(card, confidence, (x1, y1, x2, y2))
        else:
            continue
        listed.add(card)
    out.sort(key=lambda d: (d.box[1], d.box[0]))
    return out


def _outweighs(whole: np.ndarray, card: str, named: CardDetection) -> bool:
    """Whether the whole-card reading ``whole`` of ``named``'s box, ``card``, outweighs what its
    corners read, the two readers' probabilities of each identity multiplied (a corner's
    unlisted identity counted at ``ALTERNATIVE_P``, the most it can have). The box's confidence,
    which weighs the two readings first (``WEAKER``), is mostly how sure the detector is that a
    corner is there: eval29 game 12's K♣ was read by both its corners as the K♣ at 0.93, in
    corner boxes detected at 0.33 and 0.09, and by the whole-card reader as the J♣ at 0.83 (the
    K♣ 0.16); the J♣ was taken. A card with no corner readings (``read_as`` empty) is
    outweighed."""
    if not named.read_as:
        return True
    corners = dict(named.read_as)
    new = float(whole[CLASSIFIER_INDEX[card]]) * corners.get(card, ALTERNATIVE_P)
    old = float(whole[CLASSIFIER_INDEX[named.card]]) * corners[named.card]
    return new > old


_SUIT_CLASSES = {s: [i for i, c in enumerate(CLASSIFIER_CLASSES) if c[1:] == s] for s in SUITS}


def settle_twins(
    found: list[CardDetection], cards: Detections, probs: np.ndarray
) -> list[CardDetection]:
    """``found`` with each card torn between it and its twin (``torn``) turned into the twin when
    the whole-card reading of its box (``probs``, of the boxes ``cards``) gives the twin's suit
    ``SUIT_SURE`` times the probability of the card's own and at least ``SUIT_P``, and the twin
    is not listed already.
    The card keeps its box and confidence; its runner-up becomes the identity it was read as."""
    owners = box_owners(found, cards)
    out = list(found)
    listed = {d.card for d in found}
    for i, j in enumerate(owners):
        if j < 0:
            continue
        card, other, runner_up = out[j].card, out[j].torn, out[j].runner_up
        if other is None or other in listed:
            continue
        own, given = (float(probs[i][_SUIT_CLASSES[c[1]]].sum()) for c in (card, other))
        if given >= max(SUIT_SURE * own, SUIT_P):
            log.debug("%s read as %s by the suits of its whole card", card, other)
            listed.discard(card)
            listed.add(other)
            # its corners gave it at least what they gave the twin
            p = runner_up[1] if runner_up else ALTERNATIVE_P
            out[j] = replace(out[j], card=other, runner_up=(card, p), torn=None)
    return out


def settle_turned(
    found: list[CardDetection], cards: Detections, probs: np.ndarray
) -> list[CardDetection]:
    """``found`` with each card read by one corner whose box holds a lone corner read as it
    turned (``turned``) made one card: the one of the two that the whole-card reading of its box
    (``probs``, of the boxes ``cards``) gives ``TURNED_SURE`` times the other's probability and at
    least ``TURNED_P``. The card keeps its box; the lone corner's entry is dropped. When the
    reading decides neither, both stay."""
    owners = box_owners(found, cards)
    out = list(found)
    dropped: set[int] = set()
    for i, j in enumerate(owners):
        if j < 0:
            continue
        card, other = out[j].card, out[j].turned
        if other is None or other != turned(card):
            continue  # (not turned, or a twin settled since: not the lone corner's card)
        lone = _lone_corner_inside(out, other, cards.xyxy[i])
        p_card, p_other = (float(probs[i][CLASSIFIER_INDEX[c]]) for c in (card, other))
        if lone < 0 or max(p_card, p_other) < TURNED_P:
            continue
        if p_other >= TURNED_SURE * p_card:
            log.debug("%s read as %s, turned, by its whole card", card, other)
            runner_up = (card, out[j].confidence)
            out[j] = replace(out[j], card=other, runner_up=runner_up, turned=None)
        elif p_card < TURNED_SURE * p_other:
            continue
        dropped.add(lone)
    return [d for n, d in enumerate(out) if n not in dropped]


def _lone_corner_inside(found: list[CardDetection], card: str, box: np.ndarray) -> int:
    """The index in ``found`` of ``card`` named by one corner that lies inside ``box``, or -1."""
    for n, d in enumerate(found):
        if d.card == card and d.corners == 1 and _containment(np.array(d.box), box) >= 0.9:
            return n
    return -1


class CardDetector:
    """Load the ONNX models once; :meth:`detect` a BGR image.

    ``runtime`` and ``precision`` choose how the networks run (:func:`vision.runtime.load`).

    The whole-card reader (``whole_card.onnx``) is optional: without the file, cards are named
    by their index corners alone."""

    def __init__(
        self,
        detector_path: Path | None = None,
        classifier_path: Path | None = None,
        imgsz: int = 640,
        conf: float = 0.05,
        iou: float = 0.5,
        min_conf: float = 0.15,
        threads: int = 2,
        unsure_p: float = UNSURE_P,
        whole_card_path: Path | None = None,
        whole_p: float = WHOLE_P,
        runtime: str | None = None,
        precision: str | None = None,
    ) -> None:
        def network(path: Path) -> Network:
            return load(path, runtime, threads, precision)

        self.detector = network(detector_path or MODELS_DIR / DETECTOR_FILE)
        self.classifier = network(classifier_path or MODELS_DIR / CLASSIFIER_FILE)
        whole = whole_card_path or MODELS_DIR / WHOLE_CARD_FILE
        self.whole_card = network(whole) if whole.exists() else None
        self.runtime, self.precision = self.detector.runtime, self.detector.precision
        self.fixed_size = self.detector.input_shape[2]
        self.crop_size = self.classifier.input_shape[2] or CROP_SIZE
        whole_side = self.whole_card.input_shape[2] if self.whole_card else None
        self.whole_crop_size = whole_side or CARD_CROP_SIZE
        self.imgsz = self.fixed_size or imgsz
        self.conf, self.iou, self.min_conf = conf, iou, min_conf
        self.unsure_p = unsure_p  # 0: every crop is read once (faster, less accurate)
        self.whole_p = whole_p

    def find(self, image: np.ndarray) -> Detections:
        """The YOLO stage: index corners, face-up cards and backs, in image pixels."""
        blob, lb = letterbox(image, self.imgsz, square=self.fixed_size is not None)
        output = self.detector(blob)
        return Detections.from_yolo_output(output, self.conf, self.iou, lb)

    def read(self, image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        """Class probabilities (N, classes) of the index crops at ``boxes``."""
        if len(boxes) == 0:
            return np.zeros((0, len(CLASSIFIER_CLASSES)), np.float32)
        crops = to_tensor(np.stack([crop_square(image, b, self.crop_size) for b in boxes]))
        probs = self._classify(crops)
        unsure = np.flatnonzero(probs.max(1) < self.unsure_p)
        if len(unsure):  # read the unsure crops turned by 90, 180 and 270 degrees too
            turned = np.concatenate([np.rot90(crops[unsure], k, (2, 3)) for k in (1, 2, 3)])
            votes = self._classify(np.ascontiguousarray(turned)).reshape(3, len(unsure), -1)
            probs[unsure] = (probs[unsure] + votes.sum(0)) / 4
        return probs

    def read_whole(self, image: np.ndarray, boxes: np.ndarray) -> np.ndarray:
        """Class probabilities (N, classes) of the whole cards at ``boxes``."""
        if self.whole_card is None or len(boxes) == 0:
            return np.zeros((0, len(CLASSIFIER_CLASSES)), np.float32)
        crops = to_tensor(np.stack([crop_card(image, b, self.whole_crop_size) for b in boxes]))
        return _softmax(self.whole_card(crops))

    def _classify(self, crops: np.ndarray) -> np.ndarray:
        return _softmax(self.classifier(crops))

    def detect(self, image: np.ndarray) -> list[CardDetection]:
        """Every card in a BGR image, each listed once."""
        found = self.find(image)
        cards = found.of_class(DET_CARD)
        listed = self._by_corners(image, found)
        if self.whole_card is None:
            return listed
        keep = np.zeros(len(cards), bool)
        keep[to_read_whole(listed, cards)] = True
        read = cards.where(keep)
        probs = self.read_whole(image, read.xyxy)
        named = whole_card_reads(listed, read, probs, self.whole_p)
        return settle_turned(settle_twins(named, read, probs), read, probs)

    def _by_corners(self, image: np.ndarray, found: Detections) -> list[CardDetection]:
        """The cards named by their index corners, and the backs."""
        index = found.of_class(DET_INDEX)
        # a corner's card confidence is det_conf * cls_conf: below min_conf it can never count
        index = index.where(index.confidence >= self.min_conf)
        probs = self.read(image, index.xyxy)
        reads = [
            IndexRead(
                box,
                float(dc),
                CLASSIFIER_CLASSES[int(p.argmax())],
                float(p.max()),
                {
                    CLASSIFIER_CLASSES[k]: float(p[k])
                    for k in np.flatnonzero(p >= ALTERNATIVE_P)
                    if k != int(p.argmax())
                },
            )
            for box, dc, p in zip(index.xyxy, index.confidence, probs, strict=True)
        ]
        return merge_corners(
            reads, found.of_class(DET_CARD), found.of_class(DET_BACK), self.min_conf
        )


def _softmax(logits: np.ndarray) -> np.ndarray:
    e = np.exp(logits - logits.max(1, keepdims=True))
    probs: np.ndarray = e / e.sum(1, keepdims=True)
    return probs
