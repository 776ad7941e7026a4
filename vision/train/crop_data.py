"""Cut classifier crops from a rendered dataset's ground truth.

Every readable index corner gives a crop of its card (box jittered as a detector would place it);
corners of face-down cards give ``back``; random boxes away from readable indices give ``none``.
Output: ``crops.npz`` with ``x`` (N, S, S, 3) uint8 BGR and ``y`` (N,) class numbers of
:data:`vision.cards.CLASSIFIER_CLASSES`.

``python -m vision.train.crop_data DATASET SPLIT OUT.npz [--jitter 2] [--size 48]
[--shrink LO HI] [--whole]``

``--whole`` cuts crops of whole cards for the whole-card reader instead (a card's box, see
:func:`whole_card_crops`).

``--shrink`` first scales each image down by a factor drawn from ``[LO, HI]`` and passes it through
JPEG at a random quality, so the corners are as small and as coarse as the camera chain sees them
in a video frame (cards 90-130 px long in 1280x720, against a median of 226 px in synth-v2).
"""

from __future__ import annotations

import argparse
import json
import logging
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from vision.cards import BACK, CLASSIFIER_INDEX, NONE
from vision.crops import CARD_CROP_SIZE, CROP_SIZE, crop_card, crop_square

log = logging.getLogger(__name__)

BACK_CORNER = (0.03, 0.03, 0.19, 0.27)  # a generic index-sized corner for face-down cards


def _jitter(rng: np.random.Generator, box: list[float], amount: float) -> list[float]:
    x1, y1, x2, y2 = box
    w, h = x2 - x1, y2 - y1
    cx = (x1 + x2) / 2 + rng.normal(0, amount * w)
    cy = (y1 + y2) / 2 + rng.normal(0, amount * h)
    s = float(np.exp(rng.normal(0, amount)))
    return [cx - w * s / 2, cy - h * s / 2, cx + w * s / 2, cy + h * s / 2]


def _corner_boxes(polygon: list[list[float]]) -> list[list[float]]:
    """Axis-aligned boxes of the two index-sized corners of a card polygon."""
    quad = np.array(polygon, np.float32)
    src = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], np.float32)
    m = cv2.getPerspectiveTransform(src, quad)
    x0, y0, x1, y1 = BACK_CORNER
    out = []
    for corner in (
        [[x0, y0], [x1, y0], [x1, y1], [x0, y1]],
        [[1 - x1, 1 - y1], [1 - x0, 1 - y1], [1 - x0, 1 - y0], [1 - x1, 1 - y0]],
    ):
        pts = cv2.perspectiveTransform(np.array([corner], np.float32), m)[0]
        out.append([*pts.min(0).tolist(), *pts.max(0).tolist()])
    return out


def _iou(a: list[float], b: list[float]) -> float:
    ix = max(0.0, min(a[2], b[2]) - max(a[0], b[0]))
    iy = max(0.0, min(a[3], b[3]) - max(a[1], b[1]))
    inter = ix * iy
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union if union > 0 else 0.0


def crops_for_image(
    rng: np.random.Generator,
    image: np.ndarray,
    gt: dict[str, Any],
    jitter: int,
    none_per_image: int = 3,
    size: int = CROP_SIZE,
) -> tuple[list[np.ndarray], list[int]]:
    """Crops and class numbers for one rendered image."""
    from vision.synth.render import INDEX_VISIBLE, MIN_INDEX_PX

    xs: list[np.ndarray] = []
    ys: list[int] = []
    h, w = image.shape[:2]
    index_boxes: list[list[float]] = []
    sizes: list[float] = []
    for card in gt["cards"]:
        for idx in card["indices"]:
            box = idx["box"]
            bw, bh = box[2] - box[0], box[3] - box[1]
            if min(bw, bh) < MIN_INDEX_PX:
                continue
            index_boxes.append(box)
            if idx["visible"] < INDEX_VISIBLE:
                continue
            sizes.append(max(bw, bh))
            for j in range(jitter):
                jb = _jitter(rng, box, 0.1 if j else 0.03)
                xs.append(crop_square(image, jb, size))
                ys.append(CLASSIFIER_INDEX[card["card"]])
        if not card["face_up"] and card["visible"] >= 0.95 and card["in_frame"] >= 0.99:
            for box in _corner_boxes(card["polygon"]):
                if min(box[2] - box[0], box[3] - box[1]) >= MIN_INDEX_PX:
                    xs.append(crop_square(image, _jitter(rng, box, 0.1), size))
                    ys.append(CLASSIFIER_INDEX[BACK])
    typical = float(np.median(sizes)) if sizes else 30.0
    tries = 0
    made = 0
    while made < none_per_image and tries < 50:
        tries += 1
        side = typical * float(np.exp(rng.normal(0, 0.4)))
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        if gt["cards"] and rng.random() < 0.6:  # on a card: pips, pictures, edges
            poly = np.array(gt["cards"][int(rng.integers(len(gt["cards"])))]["polygon"])
            cx, cy = (
                poly.mean(0) + (poly[int(rng.integers(4))] - poly.mean(0)) * rng.uniform(0, 1.1)
            ).tolist()
        aspect = rng.uniform(0.4, 1.0)
        box = [cx - side * aspect / 2, cy - side / 2, cx + side * aspect / 2, cy + side / 2]
        if any(_iou(box, b) > 0.05 for b in index_boxes):
            continue
        xs.append(crop_square(image, box, size))
        ys.append(CLASSIFIER_INDEX[NONE])
        made += 1
    return xs, ys


def card_box_crops(
    rng: np.random.Generator,
    image: np.ndarray,
    labelled: list[tuple[str, list[float], int]],
    size: int,
    nones: int,
    empty_side: float,
) -> tuple[list[np.ndarray], list[int]]:
    """Whole-card crops at labelled card boxes and ``none`` crops away from them.

    ``labelled`` holds (label, box, copies): each box is cut ``copies`` times, jittered by 2 %
    the first time and 6 % after, as a detector would place it. Then up to ``nones`` card-sized
    boxes (the boxes' median side, or ``empty_side`` times the image's shorter side when there is
    none, varied) that overlap no labelled box by more than 0.2 IoU give ``none`` crops."""
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for label, box, copies in labelled:
        for j in range(copies):
            xs.append(crop_card(image, _jitter(rng, box, 0.06 if j else 0.02), size))
            ys.append(CLASSIFIER_INDEX[label])
    h, w = image.shape[:2]
    boxes = [box for _, box, _ in labelled]
    sides = [max(b[2] - b[0], b[3] - b[1]) for b in boxes]
    typical = float(np.median(sides)) if sides else empty_side * min(w, h)
    made = 0
    for _ in range(30):
        if made >= nones:
            break
        side = typical * float(np.exp(rng.normal(0, 0.3)))
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        box = [cx - side / 2, cy - side / 2, cx + side / 2, cy + side / 2]
        if any(_iou(box, b) > 0.2 for b in boxes):
            continue
        xs.append(crop_card(image, box, size))
        ys.append(CLASSIFIER_INDEX[NONE])
        made += 1
    return xs, ys


def whole_card_crops(
    rng: np.random.Generator,
    image: np.ndarray,
    gt: dict[str, Any],
    jitter: int,
    none_per_image: int = 2,
    size: int = CARD_CROP_SIZE,
) -> tuple[list[np.ndarray], list[int]]:
    """Whole-card crops and class numbers for one rendered image, as the whole-card reader takes
    them: each face-up card whose box the YOLO stage is taught (half of it or more shows, in the
    frame) gives its identity ``jitter`` times, each such face-down card ``back`` once, and
    card-sized boxes that hold no labelled card box ``none`` (:func:`card_box_crops`)."""
    from vision.synth.render import CARD_VISIBLE

    labelled = [
        (card["card"], card["box"], jitter) if card["face_up"] else (BACK, card["box"], 1)
        for card in gt["cards"]
        if card["visible"] >= CARD_VISIBLE and card["in_frame"] >= 0.9
    ]
    return card_box_crops(rng, image, labelled, size, none_per_image, empty_side=0.25)


def shrunk(
    rng: np.random.Generator, image: np.ndarray, gt: dict[str, Any], scale: float
) -> tuple[np.ndarray, dict[str, Any]]:
    """The image scaled down by ``scale`` and JPEG-coded at a random quality (40-90), and its
    ground truth's boxes and polygons scaled with it."""
    h, w = image.shape[:2]
    small = cv2.resize(
        image, (max(round(w * scale), 1), max(round(h * scale), 1)), interpolation=cv2.INTER_AREA
    )
    quality = int(rng.integers(40, 91))
    ok, buf = cv2.imencode(".jpg", small, [cv2.IMWRITE_JPEG_QUALITY, quality])
    coded = cv2.imdecode(buf, cv2.IMREAD_COLOR) if ok else None
    if coded is not None:
        small = coded

    def scaled(part: dict[str, Any]) -> dict[str, Any]:
        return {
            **part,
            "box": [v * scale for v in part["box"]],
            "polygon": [[x * scale, y * scale] for x, y in part["polygon"]],
        }

    cards = [
        {**scaled(card), "indices": [scaled(idx) for idx in card["indices"]]}
        for card in gt["cards"]
    ]
    return small, {**gt, "cards": cards}


def rendered_images(
    dataset: Path, split: str, exclude: frozenset[str] = frozenset(), limit: int | None = None
) -> Iterator[tuple[np.ndarray, dict[str, Any]]]:
    """Each rendered image of a split with its ground truth, in name order, but those of the decks
    in ``exclude``; an unreadable image is logged and skipped."""
    paths = sorted((dataset / "gt" / split).glob("*.json"))[:limit]
    if not paths:
        raise FileNotFoundError(f"no ground truth in {dataset / 'gt' / split}")
    for i, path in enumerate(paths):
        if i % 500 == 0:
            log.info("%s %d/%d images", split, i, len(paths))
        gt = json.loads(path.read_text())
        if gt.get("deck") in exclude:
            continue
        image = cv2.imread(str(dataset / "images" / split / gt["image"]))
        if image is None:
            log.warning("unreadable image for %s, skipped", path.name)
            continue
        yield image, gt


def crops_of_split(
    dataset: Path,
    split: str,
    cut: Callable[[np.ndarray, dict[str, Any]], tuple[list[np.ndarray], list[int]]],
    exclude: frozenset[str] = frozenset(),
    limit: int | None = None,
) -> tuple[np.ndarray, np.ndarray]:
    """The crops ``cut`` makes of each rendered image of a split (see :func:`rendered_images`),
    as a crop file holds them: uint8 crops (N, H, W, 3) and int16 class numbers (N,)."""
    xs: list[np.ndarray] = []
    ys: list[int] = []
    for image, gt in rendered_images(dataset, split, exclude, limit):
        x, y = cut(image, gt)
        xs += x
        ys += y
    return np.stack(xs), np.array(ys, np.int16)


def build(
    dataset: Path,
    split: str,
    jitter: int,
    seed: int = 0,
    limit: int | None = None,
    size: int = CROP_SIZE,
    exclude: frozenset[str] = frozenset(),
    shrink: tuple[float, float] | None = None,
    whole: bool = False,
) -> tuple[np.ndarray, np.ndarray]:
    """All crops of one split, but of the images of the decks in ``exclude``; with ``shrink``,
    of each image scaled down first (see :func:`shrunk`); with ``whole``, whole-card crops
    (:func:`whole_card_crops`) instead of index corners."""
    rng = np.random.default_rng(seed)
    crops = whole_card_crops if whole else crops_for_image

    def cut(image: np.ndarray, gt: dict[str, Any]) -> tuple[list[np.ndarray], list[int]]:
        if shrink is not None:
            image, gt = shrunk(rng, image, gt, float(rng.uniform(*shrink)))
        return crops(rng, image, gt, jitter, size=size)

    return crops_of_split(dataset, split, cut, exclude, limit)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.train.crop_data", description=__doc__)
    ap.add_argument("dataset", type=Path)
    ap.add_argument("split")
    ap.add_argument("out", type=Path)
    ap.add_argument("--jitter", type=int, default=2, help="crops per readable index")
    ap.add_argument("--limit", type=int, default=None)
    ap.add_argument("--size", type=int, help="crop side in pixels (default: the reader's)")
    ap.add_argument("--whole", action="store_true", help="whole-card crops, not index corners")
    ap.add_argument("--exclude", nargs="*", default=[], help="deck names whose images give no crop")
    ap.add_argument(
        "--shrink", type=float, nargs=2, metavar=("LO", "HI"), help="scale images down first"
    )
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    x, y = build(
        args.dataset,
        args.split,
        args.jitter,
        limit=args.limit,
        size=args.size or (CARD_CROP_SIZE if args.whole else CROP_SIZE),
        exclude=frozenset(args.exclude),
        shrink=tuple(args.shrink) if args.shrink else None,
        whole=args.whole,
    )
    np.savez(args.out, x=x, y=y)
    print(f"{len(y)} crops -> {args.out}")


if __name__ == "__main__":
    main()
