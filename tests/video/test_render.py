"""Rendered frames show the cards where the timeline and meta.json say; video folders open and
hold what their meta declares; the bundled demo video is complete."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from referee.record import read_record, replay
from vision.synth.decks import Deck
from vision.video.make import VideoSpec, make_video, meta_of, prepare
from vision.video.render import ARM_ID, Renderer, make_look

DEMO = Path(__file__).resolve().parents[2] / "companion" / "data" / "demo_video"
SIZE = (320, 180)


def _inside(ids: np.ndarray, value: int, box: list[float]) -> float:
    """Fraction of the pixels showing ``value`` that lie inside ``box``."""
    ys, xs = np.nonzero(ids == value)
    if len(xs) == 0:
        return 0.0
    x0, y0, x1, y1 = box
    inside = (xs >= x0 - 1) & (xs <= x1 + 1) & (ys >= y0 - 1) & (ys <= y1 + 1)
    return float(inside.mean())


def test_cards_at_rest_lie_in_the_zones_the_meta_names(flat_deck: Deck) -> None:
    spec = VideoSpec("podkidnoy", 2, 3, "flat", "top", illegal=1, size=SIZE)
    game, table, cam, tl, rng = prepare(spec)
    look = make_look(rng, *SIZE, tl.duration, effects=False)
    renderer = Renderer(tl, flat_deck, cam, look, rng, effects=False, ids=True)
    meta = meta_of(spec, game, table, cam, tl, 0, renderer.texture_name)
    zones = meta["zones"]
    fps = spec.fps
    checks: dict[int, tuple[str, str]] = {0: (tl.start_cards()[0], "stock")}
    attacks = [e for e in meta["events"] if ":attack " in e["move"] and e["legal"]]
    first = attacks[0]
    card = first["move"].split()[-1]
    bito_after = next(
        (c for e in meta["events"] for c in e.get("changes", []) if c["kind"] == "bito"), None
    )
    # after the lead's arm has gone and before anything else moves
    next_t = min(a.t0 for a in tl.actions if a.t0 > first["t_rest"] + 0.01)
    checks[int((first["t_rest"] + next_t) / 2 * fps)] = (card, "battle")
    if bito_after is not None:
        bito = next(a for a in tl.actions if a.kind == "bito")
        later = [a.t0 for a in tl.actions if a.t0 > bito.t1]
        t = (bito.t1 + later[0]) / 2 if later else bito.t1 + 0.5
        checks[int(t * fps)] = (bito.moving[0], "discard")
    seen = 0
    for t, frame, ids in renderer.frames(only=set(checks)):
        assert ids is not None and frame.shape == (SIZE[1], SIZE[0], 3)
        want, zone = checks[round(t * fps)]
        value = renderer.card_index[want]
        assert (ids == value).sum() > 30, (want, zone)
        assert _inside(ids, value, zones[zone]) > 0.95, (want, zone)
        assert not (ids == ARM_ID).any()
        seen += 1
    assert seen == len(checks)


def test_a_rendered_folder_opens_with_its_declared_frames_and_size(
    flat_deck: Deck, tmp_path: Path
) -> None:
    spec = VideoSpec("simple", 2, 4, "flat", "angled", illegal=2, size=SIZE)
    made = make_video(spec, tmp_path / "game", deck=flat_deck)
    meta = json.loads((made.folder / "meta.json").read_text())
    assert meta["frames"] == made.frames and meta["size"] == list(SIZE)
    assert meta["camera"] == "angled" and meta["held_out"] is False
    assert {s["seat"] for s in meta["seats"]} == {"A", "B"}
    cap = cv2.VideoCapture(str(made.folder / "video.mp4"))
    assert cap.isOpened()
    assert int(cap.get(cv2.CAP_PROP_FRAME_COUNT)) == meta["frames"]
    assert (cap.get(cv2.CAP_PROP_FRAME_WIDTH), cap.get(cv2.CAP_PROP_FRAME_HEIGHT)) == SIZE
    ok, frame = cap.read()
    assert ok and frame.shape == (SIZE[1], SIZE[0], 3)
    cap.release()
    with pytest.raises(FileExistsError):
        make_video(spec, made.folder, deck=flat_deck)


def test_bundled_demo_video_matches_its_truth_and_meta() -> None:
    meta = json.loads((DEMO / "meta.json").read_text())
    video = DEMO / "video.mp4"
    assert video.stat().st_size < 20_000_000
    assert meta["held_out"] is False and meta["deck_design"] != "kde-jolly-royal"
    cap = cv2.VideoCapture(str(video))
    assert int(cap.get(cv2.CAP_PROP_FRAME_COUNT)) == meta["frames"]
    size = [int(cap.get(cv2.CAP_PROP_FRAME_WIDTH)), int(cap.get(cv2.CAP_PROP_FRAME_HEIGHT))]
    assert size == meta["size"]
    cap.release()
    header, events = read_record(DEMO / "truth.jsonl")
    steps = list(replay(header, events))
    assert [s.event.seq for s in steps] == [e["seq"] for e in meta["events"]]
    for step, ev in zip(steps, meta["events"], strict=True):
        assert step.verdict.ok == ev["legal"]
        assert (ev["t_rest"] is None) == ev["move"].endswith(":pass")
    assert sum(not s.verdict.ok for s in steps) >= 2
    assert steps[-1].state.is_over
    duration = meta["frames"] / meta["fps"]
    assert all(ev["t_rest"] < duration for ev in meta["events"] if ev["t_rest"] is not None)
