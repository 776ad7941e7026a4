"""Labelled stills of rendered games, to train the YOLO stage and the index reader at the scale,
framing, arms and light of the game videos the camera chain watches.

Frames are drawn by the video renderer with its id map; each card's visible fraction, and each of
its printed indices', is measured from that map as :mod:`vision.synth.render` measures a photo's,
and written in the layout of :mod:`vision.synth.dataset` (``images/``, ``labels/``, ``gt/``), so
``vision.train.tiles`` and ``vision.train.crop_data`` read them as they read rendered photos.

``python -m vision.video.stills OUT --split train --games 200 --per-game 12 --seed 50000
[--decks NAME...] [--workers 2]``
"""

from __future__ import annotations

import argparse
import logging
from collections.abc import Sequence
from multiprocessing import Pool
from pathlib import Path

import numpy as np

from vision.cards import BACK
from vision.synth.dataset import make_split, write_data_yaml, write_sample
from vision.synth.decks import Deck, load_deck
from vision.synth.render import CardLabel, Scene, measure_card, polygon_fraction
from vision.video.batch import plan
from vision.video.make import DECKS_DIR, VideoSpec, prepare
from vision.video.render import ARM_ID, TABLE_ID, Renderer, make_look

log = logging.getLogger(__name__)

COVERED = 0.03  # a card is covered when other cards hide this fraction of its in-frame area
JPEG_QUALITY = (55, 92)  # a still passes through JPEG at a quality drawn from this range


def frame_scene(renderer: Renderer, deck: Deck, frame: np.ndarray, ids: np.ndarray) -> Scene:
    """The labels of the frame ``renderer`` yielded last (with its id map ``ids``)."""
    cards: list[CardLabel] = []
    for card, pose in renderer.drawn.items():
        art = renderer.art[card] if pose.face_up else renderer.art[BACK]
        k = renderer.card_index[card]
        m = renderer.card_matrix(art, pose)
        name = card if pose.face_up else BACK
        measured = measure_card(ids, k, name, pose.face_up, "video", m, art.shape, deck)
        if measured is None:
            continue
        label, quad = measured
        under_arm, _ = polygon_fraction(ids, quad, ARM_ID)
        bare, _ = polygon_fraction(ids, quad, TABLE_ID)
        under_cards = label.in_frame - label.visible - under_arm - bare
        label.covered = bool(under_cards > COVERED * label.in_frame)
        cards.append(label)
    return Scene(frame, deck.name, cards)


def game_stills(spec: VideoSpec, deck: Deck, per_game: int) -> list[tuple[int, Scene]]:
    """``per_game`` frames of the game ``spec`` (drawn at random over its length, from the
    game's own seed), each with its labels."""
    _, _, cam, timeline, rng = prepare(spec)
    look = make_look(rng, *spec.size, timeline.duration, True, spec.noise)
    renderer = Renderer(timeline, deck, cam, look, rng, fps=spec.fps, ids=True, table=spec.table)
    n = int(np.ceil(timeline.duration * spec.fps))
    chosen = {int(i) for i in rng.choice(n, size=min(per_game, n), replace=False)}
    out: list[tuple[int, Scene]] = []
    for t, frame, ids in renderer.frames(only=chosen):
        assert ids is not None
        out.append((round(t * spec.fps), frame_scene(renderer, deck, frame, ids)))
    return out


def _write_game(job: tuple[Path, str, int, VideoSpec, int]) -> int:
    out, split, number, spec, per_game = job
    deck = load_deck(DECKS_DIR / spec.deck)
    rng = np.random.default_rng([spec.seed, number])
    stills = game_stills(spec, deck, per_game)
    for i, scene in stills:
        quality = int(rng.integers(*JPEG_QUALITY))
        write_sample(out, split, f"{split}_{spec.seed}_{i:05d}", scene, quality)
    return len(stills)


def write_stills(
    out: Path,
    split: str,
    games: int,
    per_game: int,
    seed: int,
    decks: Sequence[str] = (),
    workers: int = 1,
    max_moves: int = 140,
) -> int:
    """Render the stills of ``games`` games planned as a video batch of ``seed`` (no game of the
    held-out deck) into ``out`` under ``split``; returns the number of stills."""
    make_split(out, split)
    specs = plan(games, seed, 0, max_moves, decks)
    jobs = [(out, split, i, spec, per_game) for i, spec in enumerate(specs)]
    if workers > 1:
        with Pool(workers) as pool:
            n = sum(pool.imap_unordered(_write_game, jobs))
    else:
        n = sum(map(_write_game, jobs))
    write_data_yaml(out)
    log.info("%s: %d stills of %d games", split, n, games)
    return n


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(prog="python -m vision.video.stills", description=__doc__)
    ap.add_argument("out", type=Path)
    ap.add_argument("--split", default="train")
    ap.add_argument("--games", type=int, required=True)
    ap.add_argument("--per-game", type=int, default=12)
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--decks", nargs="+", default=(), help="draw only these deck designs")
    ap.add_argument("--workers", type=int, default=1)
    args = ap.parse_args(argv)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")
    write_stills(
        args.out, args.split, args.games, args.per_game, args.seed, args.decks, args.workers
    )


if __name__ == "__main__":
    main()
