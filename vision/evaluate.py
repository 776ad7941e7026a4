"""Score the detector by card identity per image, whatever the box convention.

Ground truth comes either from the generator's JSON (``gt/<split>/*.json``: every card drawn,
whether it can be identified and whether it is covered) or from a YOLO-format photo set with
whole-card boxes and a ``data.yaml`` of class names (the real photo set).

Per image: predicted identities P (face cards and jokers; backs are counted apart), expected E
(identifiable cards), present A (every face-up card in frame, identifiable or not).
True positives are P & E, false negatives E - P, false positives P - A (naming a card that is on
the table but whose index is hidden is not an error).
"""

from __future__ import annotations

import json
import logging
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from vision.cards import BACK, real_set_card
from vision.detector import CardDetection

log = logging.getLogger(__name__)


@dataclass(slots=True)
class Truth:
    """What one image holds."""

    image: Path
    expected: set[str]  # identifiable face cards
    present: set[str]  # all face cards in frame
    covered: set[str]  # identifiable cards lying under another card
    boxes: dict[str, list[float]]  # identity -> box, for confusion matching
    backs: int = 0


@dataclass(slots=True)
class Score:
    """Counts over a set of images."""

    images: int = 0
    tp: int = 0
    fp: int = 0
    fn: int = 0
    covered_total: int = 0
    covered_found: int = 0
    backs_true: int = 0
    backs_found: int = 0
    perfect_images: int = 0
    seconds: float = 0.0
    confusion: Counter[str] = field(default_factory=Counter)
    missed: Counter[str] = field(default_factory=Counter)
    phantom: Counter[str] = field(default_factory=Counter)

    def to_json(self) -> dict[str, object]:
        p = self.tp / (self.tp + self.fp) if self.tp + self.fp else 1.0
        r = self.tp / (self.tp + self.fn) if self.tp + self.fn else 1.0
        cr = self.covered_found / self.covered_total if self.covered_total else 1.0
        return {
            "images": self.images,
            "precision": round(p, 4),
            "recall": round(r, 4),
            "covered_recall": round(cr, 4),
            "covered_cards": self.covered_total,
            "tp": self.tp,
            "fp": self.fp,
            "fn": self.fn,
            "images_all_correct": self.perfect_images,
            "backs_true": self.backs_true,
            "backs_found": self.backs_found,
            "ms_per_image": round(1000 * self.seconds / max(self.images, 1), 1),
            "top_confusions": dict(self.confusion.most_common(20)),
            "top_missed": dict(self.missed.most_common(10)),
            "top_false": dict(self.phantom.most_common(10)),
        }


def synthetic_truths(root: Path, split: str) -> Iterator[Truth]:
    """Ground truth of a rendered split."""
    for path in sorted((root / "gt" / split).glob("*.json")):
        gt = json.loads(path.read_text())
        expected, present, covered, boxes, backs = set(), set(), set(), {}, 0
        for c in gt["cards"]:
            if not c["face_up"]:
                backs += int(c["identifiable"])
                continue
            present.add(c["card"])
            if c["identifiable"]:
                expected.add(c["card"])
                boxes[c["card"]] = c["box"]
                if c["covered"]:
                    covered.add(c["card"])
        yield Truth(root / "images" / split / gt["image"], expected, present, covered, boxes, backs)


def yolo_truths(root: Path, split: str) -> Iterator[Truth]:
    """Ground truth of a YOLO photo set (whole-card boxes; class names in data.yaml)."""
    names = _yaml_names(root / "data.yaml")
    for image in sorted((root / split / "images").glob("*.jpg")):
        label = root / split / "labels" / (image.stem + ".txt")
        cards, boxes = set(), {}
        if label.exists():
            import cv2

            pixels = cv2.imread(str(image))
            if pixels is None:
                raise OSError(f"cannot read {image}")
            h, w = pixels.shape[:2]
            for line in label.read_text().split("\n"):
                parts = line.split()
                if len(parts) < 5:
                    continue
                card = real_set_card(int(parts[0]), names)
                cx, cy, bw, bh = (float(v) for v in parts[1:5])
                cards.add(card)
                boxes[card] = [
                    (cx - bw / 2) * w,
                    (cy - bh / 2) * h,
                    (cx + bw / 2) * w,
                    (cy + bh / 2) * h,
                ]
        yield Truth(image, cards, set(cards), set(), boxes)


def _yaml_names(path: Path) -> list[str]:
    """The ``names:`` list of a data.yaml (flow-style list), without a YAML dependency."""
    import ast

    for line in path.read_text().split("\n"):
        if line.startswith("names:"):
            return list(ast.literal_eval(line.split(":", 1)[1].strip()))
    raise ValueError(f"no names in {path}")


def _centre_in(box: tuple[float, ...] | list[float], other: list[float]) -> bool:
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    return other[0] <= cx <= other[2] and other[1] <= cy <= other[3]


def score(
    truths: Iterator[Truth],
    detect: Callable[[np.ndarray], Sequence[CardDetection]],
    limit: int | None = None,
    per_image: Callable[[Truth, Sequence[CardDetection]], None] | None = None,
) -> Score:
    """Run ``detect`` (BGR image -> list of CardDetection) over the truths and count."""
    import time

    import cv2

    s = Score()
    for i, t in enumerate(truths):
        if limit is not None and i >= limit:
            break
        image = cv2.imread(str(t.image))
        if image is None:
            log.warning("cannot read %s", t.image)
            continue
        t0 = time.perf_counter()
        found = detect(image)
        s.seconds += time.perf_counter() - t0
        named = {d.card: d for d in found if d.card != BACK}
        pred = set(named)
        tp, fn, fp = pred & t.expected, t.expected - pred, pred - t.present
        s.images += 1
        s.tp += len(tp)
        s.fn += len(fn)
        s.fp += len(fp)
        s.perfect_images += int(not fn and not fp)
        s.covered_total += len(t.covered)
        s.covered_found += len(t.covered & pred)
        s.backs_true += t.backs
        s.backs_found += sum(d.card == BACK for d in found)
        s.missed.update(fn)
        s.phantom.update(fp)
        for wrong in fp:  # a false card where a missed one lies is a confusion
            for miss in fn:
                if _centre_in(named[wrong].box, t.boxes[miss]):
                    s.confusion[f"{miss}->{wrong}"] += 1
                    break
        if per_image is not None:
            per_image(t, found)
    return s
