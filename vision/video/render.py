"""Render a timeline into video frames: a still layer per stable table state, moving parts
(carried cards, an arm with its shadow) composited per frame, then light drift, brief light
changes and sensor noise.

The still layer (table texture, resting cards with their shadows, the light's gradient) is drawn
once for each stretch where the same cards lie still; each frame only warps the few moving cards
and the arm into their own bounding boxes.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import cv2
import numpy as np

from vision.cards import BACK
from vision.synth import photo, textures
from vision.synth.decks import Deck
from vision.synth.homography import card_window, rotate, translate
from vision.video.scene import Camera, Pose
from vision.video.script import Action, Phase, Timeline, _ease

ARM_ID = -2  # id-map value of arm pixels (as photo.OCCLUDER_ID)
TABLE_ID = -1


@dataclass(frozen=True, slots=True)
class Look:
    """Per-video appearance: light, noise, arms, light events."""

    shade: np.ndarray  # float32 (h, w, 3) multiplier: colour cast, gradient, vignette
    noise: list[tuple[np.ndarray, np.ndarray]]  # precomputed (positive, negative) uint8 noise
    drift: tuple[float, float, float]  # amplitude, period, phase of the slow light drift
    events: list[tuple[float, float, float, np.ndarray | None]]  # t0, t1, gain, shadow mask
    skins: list[np.ndarray]
    sleeves: list[np.ndarray]
    shadows: bool


def make_look(
    rng: np.random.Generator,
    w: int,
    h: int,
    duration: float,
    effects: bool = True,
    noise_sigma: float | None = None,
) -> Look:
    if not effects:
        return Look(
            np.ones((h, w, 3), np.float32),
            [],
            (0.0, 1.0, 0.0),
            [],
            _skins(rng, 6),
            _sleeves(rng, 6),
            False,
        )
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    ang = rng.uniform(0, 2 * math.pi)
    ramp = ((xs - w / 2) * math.cos(ang) + (ys - h / 2) * math.sin(ang)) / max(h, w)
    grad = 1 + rng.uniform(0.05, 0.35) * ramp
    r2 = ((xs - w / 2) / (w / 2)) ** 2 + ((ys - h / 2) / (h / 2)) ** 2
    vignette = 1 - rng.uniform(0.05, 0.2) * r2 / 2
    gain = rng.uniform(0.8, 1.15) * (1 + rng.normal(0, 0.05, 3))
    shade = (grad * vignette)[..., None] * gain.astype(np.float32)[None, None, :]
    sigma = rng.uniform(1.5, 4.0)
    if noise_sigma is not None:
        sigma = noise_sigma
    noise = []
    for _ in range(6):
        n = rng.normal(0, sigma, (h, w, 3)).astype(np.float32)
        noise.append((n.clip(0, 255).astype(np.uint8), (-n).clip(0, 255).astype(np.uint8)))
    events: list[tuple[float, float, float, np.ndarray | None]] = []
    for _ in range(int(rng.integers(1, 4))):
        t0 = rng.uniform(3, max(4.0, duration - 3))
        t1 = t0 + rng.uniform(0.4, 1.4)
        mask: np.ndarray | None = None
        if rng.random() < 0.5:  # someone leans over the table: a soft shadow
            mask = np.zeros((h, w), np.float32)
            pts = rng.random((int(rng.integers(3, 6)), 2)) * [w * 1.2, h * 1.2] - [w * 0.1, h * 0.1]
            cv2.fillPoly(mask, [pts.astype(np.int32)], 1.0)
            mask = cv2.GaussianBlur(mask, (0, 0), rng.uniform(20, 50))
            mask = (1 - rng.uniform(0.2, 0.45) * mask)[..., None]
        events.append((t0, t1, float(rng.uniform(0.72, 0.9) if mask is None else 1.0), mask))
    drift = (float(rng.uniform(0.01, 0.04)), float(rng.uniform(8, 30)), float(rng.uniform(0, 6.3)))
    return Look(
        shade.astype(np.float32), noise, drift, events, _skins(rng, 6), _sleeves(rng, 6), True
    )


def _skins(rng: np.random.Generator, n: int) -> list[np.ndarray]:
    return [
        np.array(photo.SKIN_BGR[int(rng.integers(len(photo.SKIN_BGR)))], np.float32)
        + rng.normal(0, 8, 3).astype(np.float32)
        for _ in range(n)
    ]


def _sleeves(rng: np.random.Generator, n: int) -> list[np.ndarray]:
    """Clothing colours: mostly muted (greys, navy, denim, brown, olive), some bright."""
    muted = [
        (40, 40, 40),
        (90, 90, 95),
        (160, 160, 165),
        (110, 60, 30),
        (140, 100, 60),
        (40, 70, 110),
        (60, 110, 100),
        (30, 30, 110),
        (200, 200, 205),
        (70, 40, 90),
    ]
    out = []
    for _ in range(n):
        if rng.random() < 0.8:
            base = np.array(muted[int(rng.integers(len(muted)))], np.float32)
            out.append((base + rng.normal(0, 10, 3)).clip(0, 255).astype(np.float32))
        else:
            out.append(rng.uniform(20, 230, 3).astype(np.float32))
    return out


class Renderer:
    """Draws one video's frames for a timeline, deck, table surface, camera and look."""

    def __init__(
        self,
        timeline: Timeline,
        deck: Deck,
        camera: Camera,
        look: Look,
        rng: np.random.Generator,
        *,
        effects: bool = True,
        fps: float = 15.0,
        ids: bool = False,
        table: str | None = None,
    ) -> None:
        self.tl = timeline
        self.cam = camera
        self.look = look
        self.rng = rng
        self.effects = effects
        self.fps = fps
        self.want_ids = ids
        self.card_index = {c: i for i, c in enumerate(sorted(_all_cards(timeline)))}
        w, h = camera.width, camera.height
        t = timeline.table
        corners = [
            (-t.half_w, -t.half_h),
            (t.half_w, t.half_h),
            (-t.half_w, t.half_h),
            (t.half_w, -t.half_h),
        ]
        px = max(camera.scale_at(x, y) for x, y in corners)
        self.art = _scaled_art(deck, int(min(360, px * 1.4)))
        self.texture_name = "flat grey"
        self.texture = self._texture(rng, table) if effects else np.full((h, w, 3), 128, np.float32)
        self.still: np.ndarray | None = None
        self.still_ids: np.ndarray | None = None
        self.still_poses: dict[str, Pose] = {}
        self.drawn: dict[str, Pose] = {}  # every card in the frame last yielded, where it lay

    # ---- layers --------------------------------------------------------------------------
    def _texture(self, rng: np.random.Generator, kind: str | None) -> np.ndarray:
        """A table surface laid in table units and seen through the camera (so an angled view
        foreshortens its grain)."""
        t = self.tl.table
        ppu = self.cam.scale_at(0, 0) * 0.9
        hw, hh = t.half_w * 1.8, t.half_h * 2.4
        tw, th = int(2 * hw * ppu), int(2 * hh * ppu)
        kinds = (textures.desk, textures.felt, textures.wood, textures.cloth, textures.blotches)
        fn = kinds[int(rng.choice(len(kinds), p=[0.3, 0.27, 0.27, 0.11, 0.05]))]
        if kind is not None:
            named = {k.__name__: k for k in kinds}
            if kind not in named:
                raise ValueError(f"table surface must be one of {', '.join(named)}: {kind!r}")
            fn = named[kind]
        self.texture_name = fn.__name__
        tex = fn(rng, th, tw).clip(0, 255)
        m = self.cam.matrix @ translate(-hw, -hh) @ np.diag([1 / ppu, 1 / ppu, 1.0])
        return cv2.warpPerspective(
            tex,
            m,
            (self.cam.width, self.cam.height),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_REFLECT,
        )

    def build_still(self, cards: dict[str, Pose]) -> None:
        img = self.texture.copy()
        ids = np.full(img.shape[:2], TABLE_ID, np.int16) if self.want_ids else None
        for card, pose in cards.items():
            self._draw_card(img, ids, card, pose, lifted=False)
        if self.effects:
            img *= self.look.shade
        self.still = img.clip(0, 255).astype(np.uint8)
        self.still_ids = ids
        self.still_poses = dict(cards)

    def card_matrix(self, art: np.ndarray, pose: Pose) -> np.ndarray:
        ah, aw = art.shape[:2]
        to_table = (
            translate(pose.x, pose.y)
            @ rotate(pose.angle)
            @ np.diag([1 / ah, 1 / ah, 1.0])
            @ translate(-aw / 2, -ah / 2)
        )
        out: np.ndarray = self.cam.matrix @ to_table
        return out

    def _draw_card(
        self,
        img: np.ndarray,
        ids: np.ndarray | None,
        card: str,
        pose: Pose,
        lifted: bool,
        origin: tuple[int, int] = (0, 0),
        shade: np.ndarray | None = None,
    ) -> None:
        """Warp one card into ``img`` (float32), whose pixel (0, 0) is image pixel ``origin``;
        ``shade`` (the light's multiplier over ``img``) lights the card when given."""
        art = self.art[card] if pose.face_up else self.art[BACK]
        m = translate(-origin[0], -origin[1]) @ self.card_matrix(art, pose)
        window = card_window(m, art.shape, img.shape, 14 if lifted else 8)
        if window is None:
            return
        cx0, cy0, cx1, cy1 = window
        local = translate(-cx0, -cy0) @ m
        warped = cv2.warpPerspective(
            art,
            local,
            (cx1 - cx0, cy1 - cy0),
            flags=cv2.INTER_LINEAR,
            borderMode=cv2.BORDER_CONSTANT,
            borderValue=(0, 0, 0, 0),
        )
        alpha = warped[:, :, 3].astype(np.float32) * (1 / 255)
        roi = img[cy0:cy1, cx0:cx1]
        if self.effects:
            off = 7 if lifted else 2
            sh = cv2.GaussianBlur(alpha, (0, 0), 4.0 if lifted else 1.8)
            sh = _shifted(sh, off, off // 2)
            roi *= (1 - 0.3 * sh)[..., None]
        rgb = warped[:, :, :3].astype(np.float32)
        if shade is not None:
            rgb *= shade[cy0:cy1, cx0:cx1]
        a3 = alpha[..., None]
        roi[:] = roi * (1 - a3) + rgb * a3
        if ids is not None:
            ids[cy0:cy1, cx0:cx1][alpha > 0.5] = self.card_index[card]

    # ---- moving parts --------------------------------------------------------------------
    def _draw_moving(
        self,
        frame: np.ndarray,
        ids: np.ndarray | None,
        poses: dict[str, Pose],
        carried: set[str],
    ) -> None:
        """Draw the action's cards on the uint8 frame, each within its own neighbourhood;
        ``carried`` ones are lifted (a wider, softer shadow)."""
        for card, pose in poses.items():
            art = self.art[card] if pose.face_up else self.art[BACK]
            window = card_window(self.card_matrix(art, pose), art.shape, frame.shape, 16)
            if window is None:
                continue
            cx0, cy0, cx1, cy1 = window
            roi = frame[cy0:cy1, cx0:cx1].astype(np.float32)
            sub_ids = None if ids is None else ids[cy0:cy1, cx0:cx1]
            shade = self.look.shade[cy0:cy1, cx0:cx1] if self.effects else None
            self._draw_card(roi, sub_ids, card, pose, card in carried, (cx0, cy0), shade)
            frame[cy0:cy1, cx0:cx1] = (roi + 0.5).clip(0, 255).astype(np.uint8)

    def _draw_arm(
        self, frame: np.ndarray, ids: np.ndarray | None, seat: int, hand: tuple[float, float]
    ) -> None:
        t = self.tl.table
        s = t.seats[seat]
        ux, uy = s.toward(*hand)
        pts = self.cam.project(
            np.array([[hand[0], hand[1]], [hand[0] + 0.3 * ux, hand[1] + 0.3 * uy]], np.float64)
        )
        hx, hy = pts[0]
        d = pts[1] - pts[0]
        n = float(np.linalg.norm(d))
        if n < 1e-6:
            return
        d /= n
        scale = self.cam.scale_at(*hand)
        w, h = self.cam.width, self.cam.height
        if not (-3 * scale < hx < w + 3 * scale and -3 * scale < hy < h + 3 * scale):
            return
        far = np.array([hx, hy]) + d * (w + h)
        palm = 0.42 * scale
        arm_w = 0.62 * scale
        pad = int(palm * 2.4 + 0.6 * scale + 20)
        x0 = int(max(0, min(hx, far[0]) - pad))
        y0 = int(max(0, min(hy, far[1]) - pad))
        x1 = int(min(w, max(hx, far[0]) + pad))
        y1 = int(min(h, max(hy, far[1]) + pad))
        if x1 <= x0 or y1 <= y0:
            return
        off = int(0.18 * scale) if self.effects else 0
        margin = off + 4
        mw, mh = x1 - x0 + 2 * margin, y1 - y0 + 2 * margin
        ox, oy = x0 - margin, y0 - margin  # mask pixel (0, 0) is image pixel (ox, oy)
        mask = np.zeros((mh, mw), np.uint8)
        sleeve = np.zeros((mh, mw), np.uint8)
        hp = (int(hx - ox), int(hy - oy))
        wrist = (int(hx + d[0] * palm * 1.1 - ox), int(hy + d[1] * palm * 1.1 - oy))
        elbow = (int(hx + d[0] * scale * 1.9 - ox), int(hy + d[1] * scale * 1.9 - oy))
        end = (int(far[0] - ox), int(far[1] - oy))
        aa = cv2.LINE_AA
        cv2.line(mask, wrist, end, 255, max(3, int(arm_w)), aa)
        cv2.line(sleeve, elbow, end, 255, max(3, int(arm_w * 1.25)), aa)
        ang = math.degrees(math.atan2(d[1], d[0]))
        cv2.ellipse(mask, hp, (int(palm * 1.05), int(palm * 0.85)), ang, 0, 360, 255, -1, aa)
        for k, spread in enumerate((-0.55, -0.2, 0.12, 0.42)):
            a = math.atan2(-d[1], -d[0]) + spread * 0.7
            length = palm * (1.5 + 0.25 * (k in (1, 2)))
            tip = (int(hp[0] + length * math.cos(a)), int(hp[1] + length * math.sin(a)))
            cv2.line(mask, hp, tip, 255, max(2, int(palm * 0.32)), aa)
        side = 1 if seat % 2 else -1
        a = math.atan2(-d[1], -d[0]) + side * 1.35
        thumb = (int(hp[0] + palm * 1.25 * math.cos(a)), int(hp[1] + palm * 1.25 * math.sin(a)))
        cv2.line(mask, hp, thumb, 255, max(2, int(palm * 0.36)), aa)
        full = np.maximum(mask, sleeve).astype(np.float32) * (1 / 255)
        inner = (slice(margin, mh - margin), slice(margin, mw - margin))
        roi = frame[y0:y1, x0:x1].astype(np.float32)
        if self.effects:
            # the soft shadow is blurred at a quarter of the resolution (the costly part)
            small = cv2.resize(
                full, (max(1, mw // 4), max(1, mh // 4)), interpolation=cv2.INTER_AREA
            )
            small = cv2.GaussianBlur(small, (0, 0), 0.03 * scale)
            shadow = cv2.resize(small, (mw, mh), interpolation=cv2.INTER_LINEAR)
            cast = shadow[
                margin - off : mh - margin - off, margin - off // 2 : mw - margin - off // 2
            ]
            roi *= (1 - 0.45 * cast)[..., None]
        m = full[inner]
        mask, sleeve = mask[inner], sleeve[inner]
        skin = self.look.skins[seat % len(self.look.skins)]
        cloth = self.look.sleeves[seat % len(self.look.sleeves)]
        sl = (sleeve.astype(np.float32) * (1 / 255))[..., None]
        colour = skin[None, None, :] * (1 - sl) + cloth[None, None, :] * sl
        if self.effects:
            colour = colour * self.look.shade[y0:y1, x0:x1]
        m3 = m[..., None]
        roi[:] = roi * (1 - m3) + colour * m3
        frame[y0:y1, x0:x1] = (roi + 0.5).clip(0, 255).astype(np.uint8)
        if ids is not None:
            ids[y0:y1, x0:x1][m > 0.5] = ARM_ID

    # ---- frames --------------------------------------------------------------------------
    def frames(
        self, only: set[int] | None = None
    ) -> Iterator[tuple[float, np.ndarray, np.ndarray | None]]:
        """(time, BGR uint8 frame, id map or None) for every frame of the video (or for the
        frame numbers in ``only``). The id map holds ``card_index`` values, ``ARM_ID`` and
        ``TABLE_ID``."""
        on_table = dict(self.tl.start)
        pending: dict[str, Pose] | None = dict(on_table)  # the still layer to draw
        n = math.ceil(self.tl.duration * self.fps)
        actions = self.tl.actions
        k = 0
        current: Action | None = None
        for i in range(n):
            t = i / self.fps
            while current is None and k < len(actions) and actions[k].t0 <= t:
                current = actions[k]
                k += 1
                pending = {c: p for c, p in on_table.items() if c not in current.moving}
            if current is not None and t >= current.t1:
                for card, pose in current.result.items():
                    on_table.pop(card, None)
                    if pose is not None:
                        on_table[card] = pose
                current = None
                pending = dict(on_table)
                while current is None and k < len(actions) and actions[k].t0 <= t:
                    current = actions[k]
                    k += 1
                    pending = {c: p for c, p in on_table.items() if c not in current.moving}
            if only is not None and i not in only:
                continue
            if pending is not None:
                self.build_still(pending)
                pending = None
            assert self.still is not None
            frame = self.still.copy()
            ids = None if self.still_ids is None else self.still_ids.copy()
            self.drawn = dict(self.still_poses)
            if current is not None:
                phase = _phase_at(current, t)
                u = _ease((t - phase.t0) / max(1e-6, phase.t1 - phase.t0))
                poses = dict.fromkeys(current.moving)
                for c in current.moving:
                    if c in phase.cards:
                        a, b = phase.cards[c]
                        poses[c] = a.lerp(b, u)
                    else:
                        poses[c] = _resting(current, c, t)
                carried = {c for c, (a, b) in phase.cards.items() if a != b}
                moving = {c: p for c, p in poses.items() if p is not None}
                self._draw_moving(frame, ids, moving, carried)
                self.drawn.update(moving)
                hand = (
                    phase.hand0[0] + (phase.hand1[0] - phase.hand0[0]) * u,
                    phase.hand0[1] + (phase.hand1[1] - phase.hand0[1]) * u,
                )
                self._draw_arm(frame, ids, current.seat, hand)
            yield t, self._camera_effects(frame, t, i), ids

    def _camera_effects(self, frame: np.ndarray, t: float, i: int) -> np.ndarray:
        if not self.effects:
            return frame
        amp, period, ph = self.look.drift
        g = 1 + amp * math.sin(2 * math.pi * t / period + ph)
        cast = (g * (1 + 0.01 * math.sin(t * 0.7 + ph)), g, g * (1 - 0.01 * math.sin(t * 0.5)))
        mask = None
        for t0, t1, gain, m in self.look.events:
            if t0 <= t <= t1:
                ramp = min(1.0, (t - t0) / 0.2, (t1 - t) / 0.2)
                cast = tuple(c * (1 - (1 - gain) * ramp) for c in cast)  # type: ignore[assignment]
                if m is not None:
                    mask = 1 - (1 - m) * ramp
        # cv2 takes a Scalar tuple here; older stubs list only the array overloads, newer ones
        # (opencv 5.1) this one too: called untyped, it checks under both
        multiply: Any = cv2.multiply
        out = multiply(frame, (*cast, 0.0))
        if mask is not None:
            out = (out.astype(np.float32) * mask).clip(0, 255).astype(np.uint8)
        pos, neg = self.look.noise[int(self.rng.integers(len(self.look.noise)))]
        return cv2.subtract(cv2.add(out, pos), neg)


def _shifted(a: np.ndarray, dy: int, dx: int) -> np.ndarray:
    """``a`` moved down by ``dy`` and right by ``dx`` (both >= 0), zeros coming in."""
    out = np.zeros_like(a)
    h, w = a.shape[:2]
    if dy < h and dx < w:
        out[dy:, dx:] = a[: h - dy, : w - dx]
    return out


def _phase_at(action: Action, t: float) -> Phase:
    for phase in action.phases:
        if t < phase.t1:
            return phase
    return action.phases[-1]


def _resting(action: Action, card: str, t: float) -> Pose | None:
    """Where a moving card is during a phase that does not move it: its last (or first) pose."""
    last: Pose | None = None
    for phase in action.phases:
        if card in phase.cards:
            if phase.t0 > t:
                return phase.cards[card][0] if last is None else last
            last = phase.cards[card][1]
    if last is None:
        return None
    res = action.result.get(card)
    return last if res is not None or t < action.t1 else None


def _all_cards(tl: Timeline) -> set[str]:
    out = set(tl.start)
    for a in tl.actions:
        out |= set(a.moving)
    return out


def _scaled_art(deck: Deck, height: int) -> dict[str, np.ndarray]:
    out = {}
    for card, img in deck.images.items():
        h, w = img.shape[:2]
        if h > height:
            img = cv2.resize(
                img, (max(1, round(w * height / h)), height), interpolation=cv2.INTER_AREA
            )
        out[card] = img
    return out
