"""Classifier crops are cut from the generator's ground truth, deck by deck."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import cv2
import numpy as np

from vision.cards import BACK, CLASSIFIER_INDEX, NONE
from vision.crops import crop_card, crop_square
from vision.synth.dataset import gt_record
from vision.synth.decks import Deck
from vision.synth.layout import Layout, Placement
from vision.synth.render import render_scene
from vision.train.crop_data import build, shrunk, whole_card_crops

CAMERA = np.array([[150.0, 0, 320], [0, 150.0, 240], [0, 0, 1]])


def _write(
    dataset: Path, deck: Deck, card: str, name: str, more: tuple[Placement, ...] = ()
) -> None:
    layout = Layout([Placement(card, True, 0.0, 0.0, 0.0, "attack"), *more], 2.0, 1.5)
    scene = render_scene(np.random.default_rng(0), deck, layout=layout, camera=CAMERA)
    (dataset / "images" / "train").mkdir(parents=True, exist_ok=True)
    (dataset / "gt" / "train").mkdir(parents=True, exist_ok=True)
    cv2.imwrite(str(dataset / "images" / "train" / f"{name}.jpg"), scene.image)
    record = gt_record(scene, f"{name}.jpg")
    (dataset / "gt" / "train" / f"{name}.json").write_text(json.dumps(record))


def test_an_excluded_decks_images_give_no_crop(toy_deck: Deck, tmp_path: Path) -> None:
    _write(tmp_path, toy_deck, "7c", "a")
    _write(tmp_path, replace(toy_deck, name="suitless"), "Qh", "b")
    _, every = build(tmp_path, "train", jitter=1, size=32)
    _, kept = build(tmp_path, "train", jitter=1, size=32, exclude=frozenset({"suitless"}))
    assert {CLASSIFIER_INDEX["7c"], CLASSIFIER_INDEX["Qh"]} <= set(every.tolist())
    assert CLASSIFIER_INDEX["7c"] in kept.tolist()
    assert CLASSIFIER_INDEX["Qh"] not in kept.tolist()


def test_a_shrunk_image_keeps_its_labels_on_what_was_drawn(toy_deck: Deck, tmp_path: Path) -> None:
    _write(tmp_path, toy_deck, "7c", "a")
    image = cv2.imread(str(tmp_path / "images" / "train" / "a.jpg"))
    gt = json.loads((tmp_path / "gt" / "train" / "a.json").read_text())
    small, small_gt = shrunk(np.random.default_rng(0), image, gt, 0.5)
    assert small.shape[:2] == (image.shape[0] // 2, image.shape[1] // 2)
    index = gt["cards"][0]["indices"][0]["box"]
    small_index = small_gt["cards"][0]["indices"][0]["box"]
    assert small_index == [v * 0.5 for v in index]
    grey = [
        cv2.cvtColor(crop_square(img, box, 32), cv2.COLOR_BGR2GRAY).astype(float).ravel()
        for img, box in ((image, index), (small, small_index), (small, index))
    ]
    same_place = np.corrcoef(grey[0], grey[1])[0, 1]
    old_box = np.corrcoef(grey[0], grey[2])[0, 1]
    assert same_place > 0.8
    assert same_place > old_box + 0.2


def test_whole_card_crops_name_each_card_drawn_and_its_back(toy_deck: Deck, tmp_path: Path) -> None:
    down = Placement("Kd", False, 0.6, 0.0, 0.0, "stock")
    _write(tmp_path, toy_deck, "7c", "a", (down,))
    image = cv2.imread(str(tmp_path / "images" / "train" / "a.jpg"))
    gt = json.loads((tmp_path / "gt" / "train" / "a.json").read_text())
    xs, ys = whole_card_crops(np.random.default_rng(0), image, gt, jitter=2, size=32)
    assert ys.count(CLASSIFIER_INDEX["7c"]) == 2
    assert ys.count(CLASSIFIER_INDEX[BACK]) == 1
    assert CLASSIFIER_INDEX["Kd"] not in ys  # a face-down card is a back, whatever it is
    assert all(x.shape == (32, 32, 3) for x in xs)
    # the toy deck's faces are white, its backs red: each crop shows what its label says
    by_label = {y: x for x, y in zip(xs, ys, strict=True)}
    face, back = by_label[CLASSIFIER_INDEX["7c"]], by_label[CLASSIFIER_INDEX[BACK]]
    f, b = face[12:20, 12:20].mean((0, 1)), back[12:20, 12:20].mean((0, 1))
    assert f.min() > 140 and f[2] - f[0] < 30  # white (lit)
    assert b[2] - b[0] > 80  # red
    for x, y in zip(xs, ys, strict=True):
        if y == CLASSIFIER_INDEX[NONE]:
            assert not np.array_equal(x, crop_card(image, gt["cards"][0]["box"], 32))
