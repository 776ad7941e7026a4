"""Procedural table surfaces: plain desks, felt, wood, cloth patterns, blotchy noise."""

from __future__ import annotations

from collections.abc import Callable

import cv2
import numpy as np


def _noise(rng: np.random.Generator, h: int, w: int, scale: int) -> np.ndarray:
    """Smooth value noise in [0, 1] with features about ``scale`` pixels wide."""
    small = rng.random((max(2, h // scale + 2), max(2, w // scale + 2))).astype(np.float32)
    out: np.ndarray = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC).clip(0, 1)
    return out


def _colour(rng: np.random.Generator, kind: str) -> np.ndarray:
    palettes = {
        "desk": [
            (235, 235, 235),
            (210, 210, 205),
            (180, 182, 185),
            (245, 240, 230),
            (150, 150, 150),
            (60, 60, 60),
            (30, 30, 32),
        ],
        "felt": [(40, 110, 40), (30, 80, 140), (120, 30, 30), (20, 70, 50), (60, 60, 90)],
        "wood": [(70, 110, 160), (40, 70, 110), (90, 140, 190), (30, 50, 80)],  # BGR browns
    }
    base = np.array(palettes[kind][int(rng.integers(len(palettes[kind])))], np.float32)
    out: np.ndarray = (base + rng.normal(0, 12, 3)).clip(0, 255)
    return out


def desk(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A plain white, grey or dark desk with faint unevenness: cards barely stand out on it."""
    base = _colour(rng, "desk")
    img: np.ndarray = np.ones((h, w, 3), np.float32) * base
    img *= (0.92 + 0.08 * _noise(rng, h, w, 120))[..., None]
    return img


def felt(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    base = _colour(rng, "felt")
    img: np.ndarray = np.ones((h, w, 3), np.float32) * base
    img *= (0.85 + 0.15 * _noise(rng, h, w, 60))[..., None]
    img += rng.normal(0, 6, (h, w, 1)).astype(np.float32)
    return img


def wood(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    base = _colour(rng, "wood")
    ys = np.mgrid[0:h, 0:w][0].astype(np.float32)
    warp = _noise(rng, h, w, 80) * rng.uniform(10, 40)
    freq = rng.uniform(0.05, 0.25)
    grain = 0.5 + 0.5 * np.sin((ys + warp) * freq + 3 * _noise(rng, h, w, 200))
    img: np.ndarray = base * (0.75 + 0.3 * grain)[..., None]
    if rng.random() < 0.5:
        img = cv2.rotate(img, cv2.ROTATE_90_CLOCKWISE)
        img = cv2.resize(img, (w, h))
    return img.astype(np.float32)


def cloth(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """Checks, stripes or dots in two random colours."""
    c1 = rng.uniform(0, 255, 3).astype(np.float32)
    c2 = rng.uniform(0, 255, 3).astype(np.float32)
    period = int(rng.integers(8, 60))
    ys, xs = np.mgrid[0:h, 0:w]
    kind = rng.integers(3)
    if kind == 0:
        mask = ((xs // period + ys // period) % 2).astype(np.float32)
    elif kind == 1:
        mask = ((xs + ys) // period % 2).astype(np.float32)
    else:
        mask = (
            ((xs % period) - period / 2) ** 2 + ((ys % period) - period / 2) ** 2
            < (period / 4) ** 2
        ).astype(np.float32)
    img = c1 * (1 - mask[..., None]) + c2 * mask[..., None]
    out: np.ndarray = cv2.GaussianBlur(img, (0, 0), rng.uniform(0.5, 2.0))
    return out


def blotches(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """Low-frequency colour noise: carpets, patterned cloths, clutter."""
    layers = [_noise(rng, h, w, int(rng.integers(20, 150))) for _ in range(3)]
    img = np.stack(layers, -1) * rng.uniform(80, 255) + rng.uniform(0, 120)
    return img.astype(np.float32)


_Texture = Callable[[np.random.Generator, int, int], np.ndarray]
_KINDS: tuple[tuple[_Texture, float], ...] = (
    (desk, 0.35),
    (felt, 0.2),
    (wood, 0.2),
    (cloth, 0.12),
    (blotches, 0.13),
)


def table_texture(rng: np.random.Generator, h: int, w: int) -> np.ndarray:
    """A random table surface, float32 BGR in [0, 255]."""
    fns = [fn for fn, _ in _KINDS]
    weights = [weight for _, weight in _KINDS]
    fn = fns[int(rng.choice(len(fns), p=np.array(weights) / sum(weights)))]
    return fn(rng, h, w).clip(0, 255)
