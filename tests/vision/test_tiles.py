"""YOLO training tiles keep their labels on the objects, at the scale asked for."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from vision.train.tiles import tile_split


def _frame(root: Path) -> None:
    (root / "images" / "train2").mkdir(parents=True)
    (root / "labels" / "train2").mkdir(parents=True)
    image = np.zeros((480, 640, 3), np.uint8)
    image[200:280, 300:340] = 255  # one 40x80 px object ...
    cv2.imwrite(str(root / "images" / "train2" / "f.jpg"), image)
    cx, cy, w, h = 320 / 640, 240 / 480, 40 / 640, 80 / 480  # ... labelled as class 1
    (root / "labels" / "train2" / "f.txt").write_text(f"1 {cx} {cy} {w} {h}\n")


def test_a_shrunk_frames_tiles_hold_the_object_at_its_new_size(tmp_path: Path) -> None:
    _frame(tmp_path / "src")
    made = tile_split(
        tmp_path / "src", tmp_path / "dst", "train2", 160, 2, 0, (0.5, 0.5), out_split="train"
    )
    assert made == 2
    tile = tmp_path / "dst" / "labels" / "train" / "f_t0.txt"  # centred near the object
    c, _, _, w, h = (float(v) for v in tile.read_text().split())
    assert c == 1
    assert abs(w * 160 - 20) < 1 and abs(h * 160 - 40) < 1  # 40x80 px at half scale
    image = cv2.imread(str(tmp_path / "dst" / "images" / "train" / "f_t0.jpg"))
    assert image.shape == (160, 160, 3)
