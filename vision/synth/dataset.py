"""Write rendered scenes as an ultralytics dataset plus one ground-truth JSON per image.

Layout under OUT: ``images/<split>/<name>.jpg``, ``labels/<split>/<name>.txt`` (YOLO boxes of
the three detector classes) and ``gt/<split>/<name>.json`` (every card drawn: identity, polygon,
box, visible fraction, whether another card covers it, and its two index corners).
"""

from __future__ import annotations

import json
import logging
from collections.abc import Sequence
from dataclasses import asdict
from functools import lru_cache
from multiprocessing import Pool
from pathlib import Path

import cv2
import numpy as np

from vision.cards import DET_BACK, DET_CARD, DET_INDEX, DETECTOR_CLASSES
from vision.synth.decks import Deck, load_deck
from vision.synth.render import CARD_VISIBLE, Scene, readable, render_scene

log = logging.getLogger(__name__)


def yolo_line(cls: int, box: Sequence[float], w: int, h: int) -> str:
    """One YOLO label line (class cx cy w h, normalised) for pixel box ``box`` in a ``w`` x ``h``
    image, clipped to it."""
    x0, y0 = max(0.0, float(box[0])), max(0.0, float(box[1]))
    x1, y1 = min(float(w), float(box[2])), min(float(h), float(box[3]))
    return (
        f"{cls} {(x0 + x1) / 2 / w:.6f} {(y0 + y1) / 2 / h:.6f} "
        f"{(x1 - x0) / w:.6f} {(y1 - y0) / h:.6f}"
    )


def yolo_lines(scene: Scene) -> list[str]:
    """YOLO label lines for one scene."""
    h, w = scene.image.shape[:2]
    lines: list[str] = []

    def add(cls: int, box: list[float]) -> None:
        x0, y0, x1, y1 = box
        if x1 - x0 < 2 or y1 - y0 < 2:
            return
        lines.append(yolo_line(cls, box, w, h))

    for card in scene.cards:
        if card.visible >= CARD_VISIBLE:
            add(DET_CARD if card.face_up else DET_BACK, card.box)
        for index in card.indices:
            if readable(index):
                add(DET_INDEX, index.box)
    return lines


def gt_record(scene: Scene, image_name: str) -> dict[str, object]:
    """The ground-truth JSON object for one scene."""
    h, w = scene.image.shape[:2]
    cards = []
    for c in scene.cards:
        d = asdict(c)
        d["identifiable"] = c.identifiable
        cards.append(d)
    return {"image": image_name, "deck": scene.deck, "width": w, "height": h, "cards": cards}


def make_split(out: Path, split: str) -> None:
    """The folders of ``split`` under ``out``: ``images/``, ``labels/`` and ``gt/``."""
    for sub in ("images", "labels", "gt"):
        (out / sub / split).mkdir(parents=True, exist_ok=True)


def write_sample(out: Path, split: str, name: str, scene: Scene, quality: int = 92) -> None:
    """One scene as ``name``: its image (JPEG at ``quality``), YOLO labels and ground truth."""
    cv2.imwrite(
        str(out / "images" / split / f"{name}.jpg"),
        scene.image,
        [cv2.IMWRITE_JPEG_QUALITY, quality],
    )
    (out / "labels" / split / f"{name}.txt").write_text("\n".join(yolo_lines(scene)) + "\n")
    (out / "gt" / split / f"{name}.json").write_text(json.dumps(gt_record(scene, f"{name}.jpg")))


@lru_cache(maxsize=64)
def _deck(path: str) -> Deck:
    return load_deck(Path(path))


def _render_one(job: tuple[Path, str, int, int, list[str], tuple[int, int]]) -> int:
    out, split, seed, i, deck_dirs, (width, height) = job
    rng = np.random.default_rng([seed, i])
    deck = _deck(deck_dirs[int(rng.integers(len(deck_dirs)))])
    scene = render_scene(rng, deck, width, height)
    write_sample(out, split, f"{split}_{seed}_{i:06d}", scene)
    return len(scene.cards)


def write_split(
    out: Path,
    split: str,
    count: int,
    seed: int,
    deck_dirs: list[Path],
    workers: int = 1,
    start: int = 0,
    size: tuple[int, int] = (640, 480),
) -> None:
    """Render ``count`` scenes into ``out`` under ``split``, numbered from ``start``."""
    make_split(out, split)
    dirs = [str(d) for d in deck_dirs]
    jobs = [(out, split, seed, i, dirs, size) for i in range(start, start + count)]
    if workers > 1:
        with Pool(workers) as pool:
            n = sum(pool.imap_unordered(_render_one, jobs, chunksize=8))
    else:
        n = sum(map(_render_one, jobs))
    log.info("%s: %d images, %d cards drawn", split, count, n)


def write_data_yaml(out: Path) -> Path:
    """Write ``out/data.yaml`` for ultralytics with the splits present."""
    splits = {s: f"images/{s}" for s in ("train", "val", "test") if (out / "images" / s).is_dir()}
    lines = [f"path: {out.resolve()}"]
    lines += [f"{k}: {v}" for k, v in splits.items()]
    lines.append(f"nc: {len(DETECTOR_CLASSES)}")
    lines.append("names: [" + ", ".join(DETECTOR_CLASSES) + "]")
    path = out / "data.yaml"
    path.write_text("\n".join(lines) + "\n")
    return path
