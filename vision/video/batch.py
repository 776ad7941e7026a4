"""A varied set of game videos: variants, player counts, decks, tables and cameras drawn from a
seed; a few with the held-out deck design. Each game folder is written once (a folder that
already holds a game is kept, so an interrupted batch resumes)."""

from __future__ import annotations

import json
import logging
import random
from collections.abc import Sequence
from pathlib import Path

from vision.video.game import simulate
from vision.video.make import DECKS_DIR, HELD_OUT_DECK, Made, VideoSpec, make_video

log = logging.getLogger(__name__)

#: Variants the batches draw from, with weights: the two main ones most often.
BATCH_VARIANTS: tuple[tuple[str, float], ...] = (
    ("podkidnoy", 4.0),
    ("perevodnoy", 4.0),
    ("perevodnoy_2", 1.0),
    ("simple", 1.0),
    ("american", 1.0),
    ("royal", 0.7),
    ("boring", 0.7),
    ("pogonny", 0.7),
    ("treshka", 0.5),
    ("pustoy", 0.7),
    ("beskozyrny", 0.5),
    ("japanese", 0.5),
)
PLAYER_WEIGHTS = {2: 3.0, 3: 3.0, 4: 2.0, 5: 1.0, 6: 1.0}


def available_decks(root: Path = DECKS_DIR) -> list[str]:
    return sorted(p.parent.name for p in root.glob("*/deck.json"))


def plan(
    count: int, seed: int, held_out: int, max_moves: int, decks: Sequence[str] = ()
) -> list[VideoSpec]:
    """The specs of a batch: deterministic for (count, seed, held_out, max_moves, decks).
    ``decks`` narrows the designs drawn from (default: every training deck); the videos of the
    held-out deck stay as many as ``held_out`` says."""
    rng = random.Random(seed)
    present = available_decks()
    if not present:
        raise FileNotFoundError(f"no rasterised decks under {DECKS_DIR}")
    unknown = sorted(set(decks) - set(present))
    if unknown:
        raise ValueError(f"no such deck under {DECKS_DIR}: {', '.join(unknown)}")
    drawable = [d for d in (decks or present) if d != HELD_OUT_DECK]
    if not drawable:
        raise ValueError(f"no deck to draw from but the held-out {HELD_OUT_DECK}")
    names, weights = zip(*BATCH_VARIANTS, strict=True)
    held = set(rng.sample(range(count), min(held_out, count)))
    specs: list[VideoSpec] = []
    game_seed = seed
    for i in range(count):
        variant = rng.choices(names, weights)[0]
        players = rng.choices(list(PLAYER_WEIGHTS), list(PLAYER_WEIGHTS.values()))[0]
        if i < 5:  # the first ones cover 2..6 players whatever the draw
            players = 2 + i
        deck = HELD_OUT_DECK if i in held else rng.choice(drawable)
        camera = "top" if rng.random() < 0.55 else "angled"
        illegal = rng.choice((2, 3, 3, 4))
        while True:  # a complete game, not too long for a video
            game_seed += 1
            moves = len(simulate(variant, players, game_seed).steps)
            if moves <= max_moves:
                break
        specs.append(VideoSpec(variant, players, game_seed, deck, camera, illegal))
    return specs


def make_batch(
    out: Path,
    count: int,
    seed: int,
    size: tuple[int, int],
    held_out: int,
    max_moves: int,
    decks: Sequence[str] = (),
    only: Sequence[int] = (),
) -> list[Made]:
    """Render the batch into ``out`` (``only``: just these game numbers of the plan, which
    stays the whole batch's, so a game rendered alone equals the same game of a full run)."""
    specs = plan(count, seed, held_out, max_moves, decks)
    outside = sorted(set(only) - set(range(count)))
    if outside:
        raise ValueError(f"no game {', '.join(map(str, outside))} in a batch of {count}")
    out.mkdir(parents=True, exist_ok=True)
    index = [
        {
            "folder": f"game-{i:03d}",
            "variant": s.variant,
            "players": s.players,
            "seed": s.seed,
            "deck": s.deck,
            "camera": s.camera,
            "illegal": s.illegal,
        }
        for i, s in enumerate(specs)
    ]
    (out / "index.json").write_text(json.dumps(index, indent=1))
    made: list[Made] = []
    for i, spec in enumerate(specs):
        if only and i not in only:
            continue
        folder = out / f"game-{i:03d}"
        if (folder / "meta.json").exists():
            log.info("%s exists, kept", folder)
            continue
        if folder.exists():  # an interrupted render: start it again
            for f in folder.iterdir():
                f.unlink()
        sized = VideoSpec(
            spec.variant, spec.players, spec.seed, spec.deck, spec.camera, spec.illegal, size
        )
        made.append(make_video(sized, folder))
    return made
