"""What a camera adds: hands over the table, light colour and direction, shadows, glare, blur,
sensor noise and JPEG artefacts. Everything works on float32 BGR images in [0, 255]."""

from __future__ import annotations

import cv2
import numpy as np

SKIN_BGR = [
    (120, 150, 210),
    (100, 135, 200),
    (80, 110, 170),
    (60, 85, 130),
    (45, 60, 95),
    (140, 170, 225),
]
OCCLUDER_ID = -2


def draw_hand(rng: np.random.Generator, img: np.ndarray, ids: np.ndarray) -> None:
    """A hand or fingers reaching in from an edge; marks covered pixels in ``ids``."""
    h, w = ids.shape
    mask = np.zeros((h, w), np.uint8)
    edge = rng.integers(4)
    t = rng.uniform(0.1, 0.9)
    start = [(t * w, h + 20), (t * w, -20), (-20, t * h), (w + 20, t * h)][edge]
    reach = rng.uniform(0.15, 0.5) * min(h, w)
    direction = np.array([(0, -1), (0, 1), (1, 0), (-1, 0)][edge], np.float64)
    direction = direction + rng.normal(0, 0.35, 2)
    direction /= np.linalg.norm(direction)
    palm = np.array(start) + direction * reach
    size = rng.uniform(0.05, 0.12) * min(h, w)
    arm_w = int(size * rng.uniform(1.2, 1.8))
    cv2.line(mask, (int(start[0]), int(start[1])), (int(palm[0]), int(palm[1])), 255, arm_w)
    cv2.ellipse(
        mask,
        (int(palm[0]), int(palm[1])),
        (int(size), int(size * 0.8)),
        float(np.degrees(np.arctan2(direction[1], direction[0]))),
        0,
        360,
        255,
        -1,
    )
    for _ in range(int(rng.integers(0, 5))):
        ang = np.arctan2(direction[1], direction[0]) + rng.normal(0, 0.5)
        length = size * rng.uniform(1.0, 2.2)
        tip = palm + length * np.array([np.cos(ang), np.sin(ang)])
        cv2.line(
            mask,
            (int(palm[0]), int(palm[1])),
            (int(tip[0]), int(tip[1])),
            255,
            max(3, int(size * rng.uniform(0.25, 0.4))),
        )
    skin = np.array(SKIN_BGR[int(rng.integers(len(SKIN_BGR)))], np.float32) + rng.normal(0, 10, 3)
    if rng.random() < 0.3:  # a sleeve instead of skin
        skin = rng.uniform(0, 255, 3).astype(np.float32)
    soft = cv2.GaussianBlur(mask.astype(np.float32) / 255, (0, 0), 1.5)[..., None]
    mottle = cv2.GaussianBlur(rng.random((h, w)).astype(np.float32), (0, 0), 15)
    shade = 0.8 + 0.3 * mottle[..., None]
    img[:] = img * (1 - soft) + skin * shade * soft
    ids[mask > 127] = OCCLUDER_ID


def light(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Colour cast, exposure and a light gradient across the frame."""
    h, w = img.shape[:2]
    gain = rng.uniform(0.75, 1.25) * (1 + rng.normal(0, 0.08, 3))
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, 2 * np.pi)
    ramp = ((xs - w / 2) * np.cos(ang) + (ys - h / 2) * np.sin(ang)) / max(h, w)
    grad = 1 + rng.uniform(0, 0.5) * ramp
    out: np.ndarray = img * gain.astype(np.float32) * grad[..., None]
    return out


def shadow(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """A soft-edged polygon of shade (a head, a phone, an arm)."""
    h, w = img.shape[:2]
    mask: np.ndarray = np.zeros((h, w), np.float32)
    pts = rng.random((int(rng.integers(3, 7)), 2)) * [w * 1.4, h * 1.4] - [w * 0.2, h * 0.2]
    cv2.fillPoly(mask, [pts.astype(np.int32)], 1.0)
    mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(5, 30))
    out: np.ndarray = img * (1 - rng.uniform(0.2, 0.55) * mask[..., None])
    return out


def glare(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """A bright specular blob, as on glossy cards under a lamp."""
    h, w = img.shape[:2]
    cx, cy = rng.uniform(0, w), rng.uniform(0, h)
    sx, sy = rng.uniform(10, w / 4), rng.uniform(10, h / 4)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    blob = np.exp(-(((xs - cx) / sx) ** 2 + ((ys - cy) / sy) ** 2))
    out: np.ndarray = img + rng.uniform(60, 200) * blob[..., None]
    return out


def blur(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Defocus, or now and then a little motion blur (a mounted camera, a hand bumping the table).

    Strengths are in pixels of a 640-px-wide frame and scale with the frame's width.
    """
    scale = img.shape[1] / 640
    if rng.random() < 0.8:
        return cv2.GaussianBlur(img, (0, 0), rng.uniform(0.3, 1.2) * scale)
    k = max(3, round(rng.uniform(2.5, 5.5) * scale))
    line = np.zeros((k, k), np.float32)
    line[k // 2, :] = 1.0 / k
    rot = cv2.getRotationMatrix2D((k / 2 - 0.5, k / 2 - 0.5), rng.uniform(0, 180), 1.0)
    kernel: np.ndarray = cv2.warpAffine(line, rot, (k, k))
    kernel /= max(kernel.sum(), 1e-6)
    return cv2.filter2D(img, -1, kernel)


def finish(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Sensor noise, clipping, and a JPEG round trip; returns uint8 BGR."""
    img = img + rng.normal(0, rng.uniform(0, 6), img.shape).astype(np.float32)
    out = img.clip(0, 255).astype(np.uint8)
    quality = int(rng.integers(35, 96))
    ok, buf = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, quality])
    if not ok:
        return out
    decoded = cv2.imdecode(buf, cv2.IMREAD_COLOR)
    return out if decoded is None else decoded


def camera(rng: np.random.Generator, img: np.ndarray) -> np.ndarray:
    """Apply light, shadows, glare and blur with their own probabilities."""
    img = light(rng, img)
    if rng.random() < 0.35:
        img = shadow(rng, img)
    if rng.random() < 0.25:
        img = glare(rng, img)
    if rng.random() < 0.7:
        img = blur(rng, img)
    return img
