"""Hands and arms over the table, found by frame differencing on a small grey copy of each frame.

A pixel moves when it differs from the previous frame brought to the same light; the battle area
is occluded while enough of it moves. While it is occluded, the points where moving pixels touch
the frame's border are kept: the seat whose border is touched in the most frames is the side the
arm came from; without a border touch (a camera that sees the whole arm) the first moving blob's
centre, pushed out from the frame's centre to the border, stands for it. Table regions are
compared with the last stable picture to tell whether a remembered card still lies there.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from vision.table.geometry import Box, Geometry

SCALE = 8  # the small copy is 1/SCALE of the frame on each side
DIFF = 14  # grey levels: a pixel moves when it changes more than this between frames
MOVING_SHARE = 0.004  # share of the battle area's small pixels that must move to occlude it
LIGHT_AREA = 0.1  # a moving blob over this share of the frame ...
LIGHT_DIFF = 2 * DIFF  # ... whose mean change is under this is light or a shadow, not an arm
# (measured: a shadow sweeping in 30 % of the frame, mean 17-27; arms 47-80)
STEADY_LIGHT = 0.02  # the whole frame's brightness changing less than this share is steady ...
DARK = 8.0  # ... (grey levels under this count as this in the ratio: noise in the dark)
CHANGED = 5.0  # mean grey difference over a card's box, each side's mean taken off, that means
# it is no longer as it was (measured: a card gone from a pale cloth 9.6, one lying still 0.4)


@dataclass(frozen=True)
class MotionReading:
    moving: bool  # something moves over the battle area
    mask: np.ndarray  # small boolean mask of moving pixels
    entry: tuple[float, float] | None  # full-resolution point where motion touched the border


def small_grey(image: np.ndarray) -> np.ndarray:
    h, w = image.shape[:2]
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY) if image.ndim == 3 else image
    small = cv2.resize(grey, (max(w // SCALE, 1), max(h // SCALE, 1)), interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(small, (3, 3), 0)


class Motion:
    """Frame differencing with a per-spell entry point."""

    def __init__(self, geometry: Geometry) -> None:
        self.geometry = geometry
        self.previous: np.ndarray | None = None
        self.current: np.ndarray | None = None
        self.touches: list[tuple[float, float]] = []
        self.spell_first: tuple[float, float] | None = None

    def _battle_slice(self, shape: tuple[int, ...]) -> tuple[slice, slice]:
        x1, y1, x2, y2 = (int(v / SCALE) for v in self.geometry.battle)
        return slice(max(y1, 0), min(y2, shape[0])), slice(max(x1, 0), min(x2, shape[1]))

    def update(self, image: np.ndarray) -> MotionReading:
        grey = small_grey(image)
        self.previous, self.current = self.current, grey
        if self.previous is None or self.previous.shape != grey.shape:
            empty = np.zeros(grey.shape, bool)
            return MotionReading(False, empty, None)
        diff = cv2.absdiff(grey, relit(self.previous, grey))
        mask = diff > DIFF
        ys, xs = self._battle_slice(mask.shape)
        area = max(mask[ys, xs].size, 1)
        moving = bool(mask[ys, xs].sum() > MOVING_SHARE * area) or bool(mask.mean() > 0.02)
        entry = self._border_touch(mask, diff)
        if moving:
            if entry is not None:
                self.touches.append(entry)
            elif not self.touches and self.spell_first is None:
                self.spell_first = self._pushed_out(mask)
        return MotionReading(moving, mask, entry)

    def end_spell(self) -> tuple[tuple[float, float] | None, bool]:
        """Where the arm of the spell of movement that just ended came from (:meth:`entry`),
        and start a new spell."""
        out = self.entry()
        self.touches = []
        self.spell_first = None
        return out

    def entry(self) -> tuple[tuple[float, float] | None, bool]:
        """Where the arm of this spell of movement came from: the seat whose border the moving
        pixels touched in the most frames while the battle area was occluded (an arm reaching
        in stays longest; another's retreat is short), and whether it was seen at the border
        (else the point is the first blob pushed out)."""
        point: tuple[float, float] | None = self.spell_first
        if self.touches:
            by_seat: dict[int, list[tuple[float, float]]] = {}
            for touch in self.touches:
                by_seat.setdefault(self.geometry.seat_at(touch)[0], []).append(touch)
            best = max(by_seat.values(), key=len)
            point = (
                float(np.mean([p[0] for p in best])),
                float(np.mean([p[1] for p in best])),
            )
        return point, bool(self.touches)

    def _border_touch(self, mask: np.ndarray, diff: np.ndarray) -> tuple[float, float] | None:
        """Where the moving blob that touches the border most lies along it. A large blob of
        faint change (a shadow or the light changing over much of the table) is no arm."""
        band = np.zeros_like(mask)
        band[:2, :] = band[-2:, :] = True
        band[:, :2] = band[:, -2:] = True
        if not (mask & band).any():
            return None
        _, labels, stats, _ = cv2.connectedComponentsWithStats(
            mask.astype(np.uint8), connectivity=8
        )
        best: tuple[int, np.ndarray, np.ndarray] | None = None
        for k in np.unique(labels[mask & band]):  # only the blobs that touch the border
            blob = labels == k
            if (
                stats[k, cv2.CC_STAT_AREA] > LIGHT_AREA * mask.size
                and float(diff[blob].mean()) < LIGHT_DIFF
            ):
                continue
            ys, xs = np.nonzero(blob & band)
            if len(xs) >= 3 and (best is None or len(xs) > best[0]):
                best = (len(xs), xs, ys)
        if best is None:
            return None
        _, xs, ys = best
        return float(xs.mean() * SCALE), float(ys.mean() * SCALE)

    def _pushed_out(self, mask: np.ndarray) -> tuple[float, float] | None:
        ys, xs = np.nonzero(mask)
        if len(xs) == 0:
            return None
        w, h = self.geometry.size
        cx, cy = w / 2, h / 2
        dx, dy = xs.mean() * SCALE - cx, ys.mean() * SCALE - cy
        if abs(dx) < 1e-6 and abs(dy) < 1e-6:
            return None
        t = min(cx / abs(dx) if dx else np.inf, cy / abs(dy) if dy else np.inf)
        return float(cx + dx * t), float(cy + dy * t)

    def battle_unchanged(self, before: np.ndarray | None) -> bool:
        """Whether the battle area looks as in ``before`` (an earlier small grey picture)."""
        if before is None or self.current is None or before.shape != self.current.shape:
            return False
        ys, xs = self._battle_slice(before.shape)
        diff = _changed_mask(before[ys, xs], self.current[ys, xs])
        return bool(diff.mean() < MOVING_SHARE) if diff.size else True

    def changed_box(self, before: np.ndarray | None) -> Box | None:
        """The full-resolution box around what changed in the battle area since ``before``."""
        if before is None or self.current is None or before.shape != self.current.shape:
            return None
        ys, xs = self._battle_slice(before.shape)
        points = cv2.findNonZero(_opened(_changed_mask(before[ys, xs], self.current[ys, xs])))
        if points is None:
            return None
        x, y, w, h = cv2.boundingRect(points)
        return _frame_box(xs.start + x, ys.start + y, w, h)

    def arm_over_table(self, before: np.ndarray | None) -> bool:
        """Whether something that has changed since ``before`` (an earlier small grey picture)
        reaches from the frame's border into the battle area: an arm resting over the table
        (a hand pausing on its way is still for a frame), not cards laid, which lie apart from
        the border. Without a picture to compare, assume so."""
        arm = self._arm(before)
        return arm is None or bool(arm.any())

    def arm_on(self, before: np.ndarray | None, boxes: list[Box], margin: int = 0) -> bool:
        """Whether an arm over the table (:meth:`arm_over_table`) covers part of one of
        ``boxes`` (full-resolution), or comes within ``margin`` small pixels of it; False with
        no picture to compare."""
        arm = self._arm(before)
        if arm is None:
            return False
        for x1, y1, x2, y2 in boxes:
            ys = slice(max(int(y1 / SCALE) - margin, 0), max(int(np.ceil(y2 / SCALE)) + margin, 0))
            xs = slice(max(int(x1 / SCALE) - margin, 0), max(int(np.ceil(x2 / SCALE)) + margin, 0))
            if arm[ys, xs].any():
                return True
        return False

    def _arm(self, before: np.ndarray | None) -> np.ndarray | None:
        """The small pixels changed since ``before`` that belong to something reaching from the
        frame's border into the battle area (None with no picture to compare)."""
        if before is None or self.current is None or before.shape != self.current.shape:
            return None
        mask = _opened(_changed_mask(before, self.current))
        count, labels = cv2.connectedComponents(mask, connectivity=8)
        if count < 2:
            return np.zeros(mask.shape, bool)
        ys, xs = self._battle_slice(mask.shape)
        arms = np.intersect1d(_border_labels(labels), np.unique(labels[ys, xs]))
        arm: np.ndarray = np.isin(labels, arms)
        return arm

    def arm_apart(
        self, before: np.ndarray | None, mask: np.ndarray, gap: float, min_area: float
    ) -> np.ndarray | None:
        """While something moves: the distance of every small pixel from the arm (the blobs
        that differ clearly from ``before`` or move now, and reach the frame's border or move),
        when the battle area holds a change of at least ``min_area`` small pixels at ``gap`` or
        more from it (a card the arm laid and left behind); else None (nothing apart from the
        arm, or no picture to compare). Within a uniform arm sliding along itself nothing moves
        between frames, but all of it differs from ``before``: the two together are the whole
        arm. A faint change is no arm: the soft shadow it casts across the table under a low
        light (eval game 1, angled: a shadow from the border to a card just laid)."""
        if before is None or self.current is None or before.shape != self.current.shape:
            return None
        diff = cv2.absdiff(before, self.current)
        changes = _opened((diff > DIFF).astype(np.uint8)) > 0
        strong = _opened((diff > LIGHT_DIFF).astype(np.uint8)) > 0
        _, labels = cv2.connectedComponents((strong | mask).astype(np.uint8), connectivity=8)
        moving = np.unique(labels[_opened(mask.astype(np.uint8)) > 0])
        arm_blobs = np.union1d(_border_labels(labels), moving)
        arm = np.isin(labels, arm_blobs[arm_blobs > 0])
        if not arm.any():
            return None
        distance: np.ndarray = cv2.distanceTransform(
            (~arm).astype(np.uint8), cv2.DIST_L2, cv2.DIST_MASK_PRECISE
        )
        ys, xs = self._battle_slice(changes.shape)
        apart = changes[ys, xs] & (distance[ys, xs] >= gap)
        return distance if int(apart.sum()) >= min_area else None

    def region(self, box: Box) -> np.ndarray | None:
        """The small grey pixels of ``box`` in the latest frame."""
        return region_of(self.current, box)


def region_of(picture: np.ndarray | None, box: Box) -> np.ndarray | None:
    """The pixels of ``box`` (full-resolution coordinates) in a small grey ``picture``."""
    if picture is None:
        return None
    x1, y1, x2, y2 = (round(v / SCALE) for v in box)
    h, w = picture.shape
    x1, x2 = max(x1, 0), min(max(x2, x1 + 1), w)
    y1, y2 = max(y1, 0), min(max(y2, y1 + 1), h)
    if x2 <= x1 or y2 <= y1:
        return None
    return picture[y1:y2, x1:x2].copy()


def relit(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """``before`` under ``after``'s light: scaled by the median ratio of their pixels.

    Light that dims or brightens the whole frame then moves nothing, while an arm, over less
    than half of the frame, leaves the median alone (eval3 game 1: the light dimming by a tenth
    made the bright stripes of a cloth "move" in blobs too small to be taken for light, and the
    spell was read as the defender's gesture of a take)."""
    ratio = float(np.median(after.astype(np.float32) / np.maximum(before, DARK)))
    if abs(ratio - 1.0) < STEADY_LIGHT:
        return before
    out: np.ndarray = np.clip(before * np.float32(ratio), 0, 255).astype(np.uint8)
    return out


def changed(before: np.ndarray | None, after: np.ndarray | None) -> bool:
    """Whether a remembered region no longer looks as it did (a card went away or was covered).

    Each picture's own mean is taken off first: light that dims or brightens the whole region
    changes nothing, while a card's pips and edges leaving a plain table do (a cream card on a
    pale grey cloth differs from it by 2 grey levels on average, by 10 after the means)."""
    return difference(before, after) > CHANGED


def difference(before: np.ndarray | None, after: np.ndarray | None) -> float:
    """The mean grey difference of two pictures of one region, each picture's own mean taken
    off (:func:`changed`); infinite when either is missing or their sizes differ."""
    if before is None or after is None or before.shape != after.shape:
        return float("inf")
    a = before.astype(np.float32)
    b = after.astype(np.float32)
    return float(np.abs((a - a.mean()) - (b - b.mean())).mean())


def distance_from_arm(distance: np.ndarray, box: Box) -> float:
    """The least distance (small pixels) from the arm of a box (full resolution), given the
    distance map of :meth:`Motion.arm_apart` (0: the arm covers part of it)."""
    region = region_of(distance, box)
    return 0.0 if region is None or region.size == 0 else float(region.min())


def moving_over(mask: np.ndarray, box: Box) -> bool:
    """Whether any moving pixel of a small ``mask`` lies in ``box`` (full resolution) or next
    to it (one small pixel around: a hand that just uncovered a card)."""
    x1, y1, x2, y2 = (int(v // SCALE) for v in box)
    h, w = mask.shape
    region = mask[max(y1 - 1, 0) : min(y2 + 2, h), max(x1 - 1, 0) : min(x2 + 2, w)]
    return bool(region.any())


def pile_grown(
    before: np.ndarray | None, after: np.ndarray | None, away: list[Box], min_area: float
) -> Box | None:
    """Where cards came to rest between two small grey pictures, outside the boxes ``away``
    (the places the cards were swept from, the stock): the box of the largest changed blob of
    at least ``min_area`` full-resolution pixels, or None (the discard pile after a bito)."""
    if before is None or after is None or before.shape != after.shape:
        return None
    mask = _changed_mask(before, after)
    for box in away:
        x1, y1, x2, y2 = (round(v / SCALE) for v in box)
        mask[max(y1, 0) : max(y2, 0), max(x1, 0) : max(x2, 0)] = 0
    count, _, stats, _ = cv2.connectedComponentsWithStats(_opened(mask), connectivity=8)
    if count < 2:
        return None
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    if stats[k, cv2.CC_STAT_AREA] * SCALE * SCALE < min_area:
        return None
    x, y, w, h = (int(v) for v in stats[k, :4])
    return _frame_box(x, y, w, h)


def _changed_mask(before: np.ndarray, after: np.ndarray) -> np.ndarray:
    """The small pixels that differ by more than ``DIFF`` grey levels (0/1, uint8)."""
    mask: np.ndarray = (cv2.absdiff(before, after) > DIFF).astype(np.uint8)
    return mask


def _border_labels(labels: np.ndarray) -> np.ndarray:
    """The labels (not the background's 0) of the connected components on the frame's border."""
    border = np.unique(np.concatenate([labels[0], labels[-1], labels[:, 0], labels[:, -1]]))
    return border[border > 0]


def _opened(mask: np.ndarray) -> np.ndarray:
    """The mask without specks of one small pixel (noise, not cards)."""
    out: np.ndarray = cv2.morphologyEx(mask, cv2.MORPH_OPEN, np.ones((2, 2), np.uint8))
    return out


def _frame_box(x: int, y: int, w: int, h: int) -> Box:
    """A rectangle of small pixels as a full-resolution box."""
    return (float(x * SCALE), float(y * SCALE), float((x + w) * SCALE), float((y + h) * SCALE))
