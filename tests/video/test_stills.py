"""A still of a game video is labelled with what its frame drew: every card the id map shows has
a box around its pixels, face-down ones as backs, covered ones marked, index corners where the
deck prints them; and the stills land on disk in the rendered-photo dataset's layout."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from vision.cards import BACK
from vision.synth.decks import Deck
from vision.synth.render import polygon_fraction
from vision.video import stills
from vision.video.make import VideoSpec, prepare
from vision.video.render import ARM_ID, Renderer, make_look

SIZE = (480, 270)


def _frames(deck: Deck, frames: set[int]):  # type: ignore[no-untyped-def]
    spec = VideoSpec("podkidnoy", 3, 5, "flat", "top", size=SIZE)
    _, _, cam, tl, rng = prepare(spec)
    look = make_look(rng, *SIZE, tl.duration, effects=False)
    renderer = Renderer(tl, deck, cam, look, rng, effects=False, ids=True)
    for _, frame, ids in renderer.frames(only=frames):
        assert ids is not None
        yield renderer, ids, stills.frame_scene(renderer, deck, frame, ids)


def test_every_card_the_frame_shows_is_labelled_around_its_pixels(flat_deck: Deck) -> None:
    checked = 0
    for renderer, ids, scene in _frames(flat_deck, set(range(0, 3000, 37))):
        faces = {lab.card: lab for lab in scene.cards if lab.face_up}
        back_pixels = 0
        for card, pose in renderer.drawn.items():
            ys, xs = np.nonzero(ids == renderer.card_index[card])
            if not pose.face_up:
                back_pixels += len(xs)
                continue
            if len(xs) == 0:
                continue
            label = faces[card]
            x0, y0, x1, y1 = label.box
            assert x0 - 1 <= xs.min() and xs.max() <= x1 + 1
            assert y0 - 1 <= ys.min() and ys.max() <= y1 + 1
            assert label.visible * _area(label.polygon) == pytest.approx(len(xs), rel=0.1, abs=30)
            checked += 1
        labelled_backs = sum(
            lab.visible * _area(lab.polygon) for lab in scene.cards if not lab.face_up
        )
        assert labelled_backs == pytest.approx(back_pixels, rel=0.05, abs=50)
    assert checked > 50


def _area(polygon: list[list[float]]) -> float:
    x, y = np.array(polygon).T
    return float(abs(np.dot(x, np.roll(y, 1)) - np.dot(y, np.roll(x, 1))) / 2)


def test_face_down_cards_are_backs_and_face_up_ones_carry_the_decks_indices(
    flat_deck: Deck,
) -> None:
    backs = faces = 0
    for _, _, scene in _frames(flat_deck, {0, 600, 1200}):
        for label in scene.cards:
            if label.face_up:
                faces += 1
                assert label.card != BACK and len(label.indices) == 2
            else:
                backs += 1
                assert label.card == BACK and label.indices == []
    assert backs > 10 and faces > 0


def test_a_card_under_an_arm_is_hidden_but_not_covered(flat_deck: Deck) -> None:
    seen = 0
    for renderer, ids, scene in _frames(flat_deck, set(range(0, 3000, 7))):
        for label in scene.cards:
            quad = np.array(label.polygon)
            under_arm, _ = polygon_fraction(ids, quad, ARM_ID)
            others = sum(
                polygon_fraction(ids, quad, renderer.card_index[c])[0]
                for c in renderer.drawn
                if c != label.card
            )
            if label.face_up and under_arm > 0.2 and others == 0:
                assert not label.covered
                assert label.visible == pytest.approx(label.in_frame - under_arm, abs=0.05)
                seen += 1
    assert seen > 0


def test_stills_are_written_as_a_rendered_dataset(
    flat_deck: Deck, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(stills, "load_deck", lambda _path: flat_deck)
    monkeypatch.setattr(stills, "plan", lambda *a: [VideoSpec("simple", 2, 9, "flat", size=SIZE)])
    n = stills.write_stills(tmp_path, "train", 1, 4, 9)
    assert n == 4
    images = sorted((tmp_path / "images" / "train").glob("*.jpg"))
    assert len(images) == 4
    for image in images:
        lines = (tmp_path / "labels" / "train" / f"{image.stem}.txt").read_text().split()
        assert lines and len(lines) % 5 == 0
        gt = json.loads((tmp_path / "gt" / "train" / f"{image.stem}.json").read_text())
        assert gt["image"] == image.name and gt["deck"] == "flat" and gt["cards"]
    assert "names:" in (tmp_path / "data.yaml").read_text()
