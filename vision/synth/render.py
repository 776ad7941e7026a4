"""Render one synthetic Durak table photo with exact labels.

Each card is warped from its deck image through (card -> table -> image) homographies; a per-pixel
id map records which card (or hand) is on top, so the visible fraction of every card and of each of
its two index corners is measured from what was actually drawn, not guessed from the layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import cv2
import numpy as np

from vision.cards import BACK
from vision.synth import photo
from vision.synth.decks import Deck, IndexLayout
from vision.synth.homography import card_window, project, rotate, scale, translate
from vision.synth.layout import Layout, make_layout
from vision.synth.textures import table_texture

INDEX_VISIBLE = 0.7  # an index corner counts as readable when this fraction of it shows
CARD_VISIBLE = 0.5  # a whole-card box is labelled when this fraction of the card shows
MIN_INDEX_PX = 7  # shorter side of a readable index corner's box, in pixels of the frame


@dataclass(slots=True)
class IndexLabel:
    polygon: list[list[float]]
    visible: float
    box: list[float]


@dataclass(slots=True)
class CardLabel:
    card: str
    face_up: bool
    role: str
    polygon: list[list[float]]
    box: list[float]
    visible: float
    in_frame: float
    covered: bool
    indices: list[IndexLabel] = field(default_factory=list)

    @property
    def identifiable(self) -> bool:
        """Face up with a readable index corner, or a face-down card that mostly shows."""
        if not self.face_up:
            return self.visible >= CARD_VISIBLE
        return any(readable(i) for i in self.indices)


@dataclass(slots=True)
class Scene:
    image: np.ndarray
    deck: str
    cards: list[CardLabel]


def readable(index: IndexLabel) -> bool:
    """Whether an index corner is visible enough, and big enough, to be read."""
    return readable_at(index.visible, index.box)


def readable_at(visible: float, box: list[float]) -> bool:
    """Whether an index corner of which ``visible`` shows, boxed by ``box`` (x1, y1, x2, y2 in
    frame pixels), can be read (as a ground-truth record stores it)."""
    return visible >= INDEX_VISIBLE and min(box[2] - box[0], box[3] - box[1]) >= MIN_INDEX_PX


def _camera(rng: np.random.Generator, layout: Layout, w: int, h: int) -> np.ndarray:
    """Table -> image homography: in-plane turn, scale, shift, then a tilt (far side shrinks)."""
    card_px = rng.uniform(80, 250) if rng.random() < 0.8 else rng.uniform(55, 80)
    card_px *= w / 640  # the same framing at any resolution
    if rng.random() < 0.5:
        turn = rng.uniform(0, 360)
    else:
        turn = 90 * int(rng.integers(4)) + rng.normal(0, 6)
    off = rng.normal(0, 0.12, 2) * [w, h]
    flat = translate(w / 2 + off[0], h / 2 + off[1]) @ scale(card_px) @ rotate(turn)
    tilt = rng.uniform(0, 0.45) if rng.random() < 0.8 else 0.0
    src = np.array([[0, 0], [w, 0], [w, h], [0, h]], np.float32)
    dx = tilt * w / 2
    dst = np.array([[dx, tilt * h * 0.15], [w - dx, tilt * h * 0.15], [w, h], [0, h]], np.float32)
    persp = cv2.getPerspectiveTransform(src, dst).astype(np.float64)
    # keep the average scale: shrink-free tilt would make far cards smaller only
    zoom = 1 + tilt * 0.6
    out: np.ndarray = (
        translate(w / 2, h / 2) @ scale(zoom) @ translate(-w / 2, -h / 2) @ persp @ flat
    )
    return out


def index_quads(deck: Deck, cw: int, ch: int) -> list[np.ndarray]:
    """The card's printed indices in its own pixels (see :class:`IndexLayout`)."""
    x0, y0, x1, y1 = deck.index_box

    def across(left: float, right: float) -> np.ndarray:  # a box of the index's height, at the top
        return np.array([[left, y0], [right, y0], [right, y1], [left, y1]]) * [cw, ch]

    def turned(quad: np.ndarray) -> np.ndarray:  # the same box turned by 180 degrees
        out: np.ndarray = np.array([[cw, ch]]) - quad
        return out

    if deck.index_layout is IndexLayout.BAND:  # rank and suit sign across the top, printed once
        return [across(x0, 1 - x0)]
    tl = across(x0, x1)
    if deck.index_layout is IndexLayout.TWO:
        return [tl, turned(tl)]
    tr = across(1 - x1, 1 - x0)
    return [tl, turned(tl), tr, turned(tr)]


def polygon_fraction(ids: np.ndarray, poly: np.ndarray, value: int) -> tuple[float, float]:
    """(fraction of the polygon's full area where ``ids == value``, fraction inside the frame)."""
    full = abs(cv2.contourArea(poly.astype(np.float32)))
    if full < 1:
        return 0.0, 0.0
    h, w = ids.shape
    x0, y0 = np.floor(poly.min(0)).astype(int)
    x1, y1 = np.ceil(poly.max(0)).astype(int)
    cx0, cy0, cx1, cy1 = max(x0, 0), max(y0, 0), min(x1 + 1, w), min(y1 + 1, h)
    if cx1 <= cx0 or cy1 <= cy0:
        return 0.0, 0.0
    mask = np.zeros((cy1 - cy0, cx1 - cx0), np.uint8)
    cv2.fillConvexPoly(mask, np.round(poly - [cx0, cy0]).astype(np.int32), 1)
    inside = mask.sum()
    hit = np.count_nonzero((ids[cy0:cy1, cx0:cx1] == value) & (mask > 0))
    return float(min(1.0, hit / full)), float(min(1.0, int(inside) / full))


def clip_box(poly: np.ndarray, w: int, h: int) -> list[float]:
    x0, y0 = poly.min(0)
    x1, y1 = poly.max(0)
    return [float(max(0, x0)), float(max(0, y0)), float(min(w, x1)), float(min(h, y1))]


def measure_card(
    ids: np.ndarray,
    k: int,
    card: str,
    face_up: bool,
    role: str,
    m: np.ndarray,
    art_shape: tuple[int, ...],
    deck: Deck,
) -> tuple[CardLabel, np.ndarray] | None:
    """The label of card ``k`` drawn through ``m`` (its art's pixels -> the frame), measured from
    the id map, with its outline in the frame; None when it lies outside. ``covered`` is left
    False: what covers a card (another card, not a hand) is the caller's to measure."""
    h, w = ids.shape
    ah, aw = art_shape[:2]
    quad = project(m, np.array([[0, 0], [aw, 0], [aw, ah], [0, ah]], np.float64))
    visible, in_frame = polygon_fraction(ids, quad, k)
    if in_frame <= 0:
        return None
    label = CardLabel(
        card=card,
        face_up=face_up,
        role=role,
        polygon=quad.round(1).tolist(),
        box=clip_box(quad, w, h),
        visible=round(visible, 3),
        in_frame=round(in_frame, 3),
        covered=False,
    )
    if face_up:
        for q in index_quads(deck, aw, ah):
            iq = project(m, q)
            shown, _ = polygon_fraction(ids, iq, k)
            label.indices.append(
                IndexLabel(iq.round(1).tolist(), round(shown, 3), clip_box(iq, w, h))
            )
    return label, quad


def _draw_card(
    img: np.ndarray,
    ids: np.ndarray,
    card_img: np.ndarray,
    m: np.ndarray,
    k: int,
    rng: np.random.Generator,
    effects: bool = True,
) -> None:
    h, w = ids.shape
    window = card_window(m, card_img.shape, (h, w), 8)
    if window is None:
        return
    cx0, cy0, cx1, cy1 = window
    local = translate(-cx0, -cy0) @ m
    size = (cx1 - cx0, cy1 - cy0)
    warped = cv2.warpPerspective(
        card_img,
        local,
        size,
        flags=cv2.INTER_LINEAR,
        borderMode=cv2.BORDER_CONSTANT,
        borderValue=(0, 0, 0, 0),
    )
    alpha = warped[:, :, 3:4].astype(np.float32) / 255
    roi = img[cy0:cy1, cx0:cx1]
    # a soft drop shadow just off the card's edge
    if effects and rng.random() < 0.7:
        sh = cv2.GaussianBlur(alpha[:, :, 0], (0, 0), 2.5)
        sh = np.roll(sh, (int(rng.integers(1, 4)), int(rng.integers(-2, 3))), (0, 1))
        roi *= 1 - rng.uniform(0.1, 0.35) * sh[..., None]
    tone = rng.uniform(0.85, 1.08) * (1 + rng.normal(0, 0.02, 3)) if effects else np.ones(3)
    rgb = warped[:, :, :3].astype(np.float32) * tone.astype(np.float32)
    roi[:] = roi * (1 - alpha) + rgb * alpha
    ids[cy0:cy1, cx0:cx1][alpha[:, :, 0] > 0.5] = k


def render_scene(
    rng: np.random.Generator,
    deck: Deck,
    width: int = 640,
    height: int = 480,
    layout: Layout | None = None,
    camera: np.ndarray | None = None,
    effects: bool = True,
) -> Scene:
    """Draw one table scene with ``deck`` and return the image with its labels.

    ``layout`` and ``camera`` (a 3x3 table-to-image homography) are drawn at random unless given;
    ``effects=False`` draws on a flat grey table without shadows, hands, light or JPEG noise.
    """
    back = deck.images.get(BACK)
    sample = deck.images["As"]
    ch, cw = sample.shape[:2]
    aspect = cw / ch
    if layout is None:
        layout = make_layout(rng, set(deck.images), aspect)
    cam = _camera(rng, layout, width, height) if camera is None else camera
    if effects:
        img = table_texture(rng, height, width)
    else:
        img = np.full((height, width, 3), 128, np.float32)
    ids = np.full((height, width), -1, np.int32)
    drawn: list[tuple[int, str, bool, str, np.ndarray]] = []  # k, card, face_up, role, card->image
    for k, p in enumerate(layout.placements):
        face_up = p.face_up and p.card != BACK
        art = deck.images.get(p.card) if face_up else back
        if art is None:
            continue
        ah, aw = art.shape[:2]
        to_table = (
            translate(p.x, p.y) @ rotate(p.angle) @ scale(1.0 / ah) @ translate(-aw / 2, -ah / 2)
        )
        m = cam @ to_table
        _draw_card(img, ids, art, m, k, rng, effects)
        drawn.append((k, p.card if face_up else BACK, face_up, p.role, m))
    cards_only = ids.copy()
    if effects:
        for _ in range(int(rng.random() < 0.35) + int(rng.random() < 0.1)):
            photo.draw_hand(rng, img, ids)
        out = photo.finish(rng, photo.camera(rng, img))
    else:
        out = img.clip(0, 255).astype(np.uint8)

    labels: list[CardLabel] = []
    for k, card, face_up, role, m in drawn:
        art = deck.images[card] if face_up else back
        assert art is not None
        measured = measure_card(ids, k, card, face_up, role, m, art.shape[:2], deck)
        if measured is None:
            continue
        label, quad = measured
        under, in_frame = polygon_fraction(cards_only, quad, k)
        label.covered = bool(under < in_frame * 0.97)
        labels.append(label)
    return Scene(out, deck.name, labels)
