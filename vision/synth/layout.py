"""Durak table layouts in table units (a card is 1.0 tall), before the camera sees them.

A layout is a list of placements in drawing order, bottom card first: the battle area (attack
cards, each maybe beaten by a card laid across or offset on it), the stock (face-down pile with the
trump card under it at right angles), the discard pile (face down, messy), fanned hands at the
table's edges (face up or down) and stray single cards.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from vision.cards import BACK, DURAK_36, FACE_CARDS, JOKERS


@dataclass(frozen=True, slots=True)
class Placement:
    """One card on the table: identity, face, centre (table units), rotation in degrees."""

    card: str
    face_up: bool
    x: float
    y: float
    angle: float
    role: str  # attack, defend, trump, stock, discard, hand, stray


@dataclass(frozen=True, slots=True)
class Layout:
    """Placements plus the extent (half width, half height) of the table area they occupy."""

    placements: list[Placement]
    half_w: float
    half_h: float


class _Dealer:
    """Hands out distinct face cards from one deck (36 or 52 cards, maybe jokers)."""

    def __init__(self, rng: np.random.Generator, available: set[str]) -> None:
        kind = rng.random()
        base = DURAK_36 if kind < 0.55 else FACE_CARDS
        pool = [c for c in base if c in available]
        if rng.random() < 0.25:
            pool += [j for j in JOKERS if j in available]
        self._cards = list(rng.permutation(pool))

    def deal(self) -> str:
        return self._cards.pop() if self._cards else BACK

    def left(self) -> int:
        return len(self._cards)


def _battle(rng: np.random.Generator, dealer: _Dealer, aspect: float) -> list[Placement]:
    out: list[Placement] = []
    n_pairs = int(rng.integers(1, 7))
    cols = n_pairs if n_pairs <= 3 or rng.random() < 0.5 else math.ceil(n_pairs / 2)
    gap = aspect * rng.uniform(1.25, 1.9)
    row_gap = rng.uniform(1.3, 1.8)
    x0 = -(cols - 1) * gap / 2
    rows = math.ceil(n_pairs / cols)
    y0 = -(rows - 1) * row_gap / 2
    free_angle = rng.random() < 0.3
    for i in range(n_pairs):
        r, c = divmod(i, cols)
        x = x0 + c * gap + rng.normal(0, 0.06)
        y = y0 + r * row_gap + rng.normal(0, 0.06)
        a = rng.uniform(0, 360) if free_angle else rng.normal(0, 8)
        out.append(Placement(dealer.deal(), True, x, y, a, "attack"))
        if rng.random() < 0.75:
            style = rng.random()
            if style < 0.4:  # across, at roughly right angles
                da = 90 + rng.normal(0, 12)
                dx, dy = rng.normal(0, 0.08), rng.uniform(-0.05, 0.25)
            elif style < 0.8:  # offset down-right, slightly turned
                da = rng.normal(0, 15)
                dx, dy = rng.uniform(0.12, 0.4) * aspect, rng.uniform(0.12, 0.35)
                if rng.random() < 0.4:
                    dx = -dx
            else:  # any angle, small offset
                da = rng.uniform(-60, 60)
                dx, dy = rng.normal(0, 0.15), rng.normal(0.15, 0.1)
            rad = math.radians(a)
            ox = dx * math.cos(rad) - dy * math.sin(rad)
            oy = dx * math.sin(rad) + dy * math.cos(rad)
            out.append(Placement(dealer.deal(), True, x + ox, y + oy, a + da, "defend"))
    return out


def _stock(rng: np.random.Generator, dealer: _Dealer, x: float, y: float) -> list[Placement]:
    out: list[Placement] = []
    a = rng.normal(0, 10) + (90 if rng.random() < 0.5 else 0)
    shift = rng.uniform(0.25, 0.45)
    rad = math.radians(a)
    tx, ty = x + shift * math.cos(rad), y + shift * math.sin(rad)
    out.append(Placement(dealer.deal(), True, tx, ty, a + 90 + rng.normal(0, 6), "trump"))
    for _ in range(int(rng.integers(1, 6))):
        out.append(
            Placement(
                BACK,
                False,
                x + rng.normal(0, 0.015),
                y + rng.normal(0, 0.015),
                a + rng.normal(0, 2),
                "stock",
            )
        )
    return out


def _discard(rng: np.random.Generator, x: float, y: float) -> list[Placement]:
    n = int(rng.integers(2, 9))
    return [
        Placement(
            BACK,
            False,
            x + rng.normal(0, 0.12),
            y + rng.normal(0, 0.12),
            rng.uniform(0, 360),
            "discard",
        )
        for _ in range(n)
    ]


def _hand(
    rng: np.random.Generator, dealer: _Dealer, x: float, y: float, facing: float, aspect: float
) -> list[Placement]:
    """A fan or tight row of cards whose bottoms point towards ``facing`` (degrees)."""
    n = int(rng.integers(3, 12))
    face_up = rng.random() < 0.6
    out: list[Placement] = []
    if rng.random() < 0.5:  # fan around a pivot below the cards
        step = rng.uniform(5, 14)
        radius = rng.uniform(0.5, 1.0)
        for i in range(n):
            a = facing + (i - (n - 1) / 2) * step
            rad = math.radians(a)
            px = x + radius * math.sin(rad)
            py = y - radius * math.cos(rad)
            card = dealer.deal() if face_up else BACK
            out.append(Placement(card, face_up and card != BACK, px, py, a, "hand"))
    else:  # tight row, offset 10-30 percent of a card width
        step = aspect * rng.uniform(0.12, 0.3)
        rad = math.radians(facing)
        for i in range(n):
            t = (i - (n - 1) / 2) * step + rng.normal(0, 0.01)
            px = x + t * math.cos(rad)
            py = y + t * math.sin(rad)
            card = dealer.deal() if face_up else BACK
            out.append(
                Placement(card, face_up and card != BACK, px, py, facing + rng.normal(0, 3), "hand")
            )
    return out


def durak_table(rng: np.random.Generator, available: set[str], aspect: float) -> Layout:
    """A Durak table: battle in the middle, stock and discard at the sides, hands at edges."""
    dealer = _Dealer(rng, available)
    placements: list[Placement] = []
    half_w, half_h = 2.4, 1.8
    side = 1 if rng.random() < 0.5 else -1
    if rng.random() < 0.8:
        placements += _stock(rng, dealer, side * rng.uniform(2.2, 3.0), rng.uniform(-0.8, 0.8))
        half_w = 3.4
    if rng.random() < 0.5:
        placements += _discard(rng, -side * rng.uniform(2.2, 3.0), rng.uniform(-0.8, 0.8))
        half_w = 3.4
    n_hands = int(rng.integers(0, 4))
    edges = rng.permutation(
        [(0.0, 2.0, 0.0), (0.0, -2.0, 180.0), (3.0, 0.0, 90.0), (-3.0, 0.0, -90.0)]
    )
    for hx, hy, facing in edges[:n_hands]:
        placements += _hand(
            rng, dealer, hx + rng.normal(0, 0.4), hy + rng.normal(0, 0.2), facing, aspect
        )
        half_h = 2.6
    placements = placements + _battle(rng, dealer, aspect)
    for _ in range(int(rng.integers(0, 3))):
        placements.append(
            Placement(
                dealer.deal(),
                True,
                rng.uniform(-2.5, 2.5),
                rng.uniform(-1.8, 1.8),
                rng.uniform(0, 360),
                "stray",
            )
        )
    return Layout(placements, half_w, half_h)


def scatter(rng: np.random.Generator, available: set[str], aspect: float) -> Layout:
    """Cards dropped anywhere, any rotation, overlapping: the generic case."""
    dealer = _Dealer(rng, available)
    n = int(rng.integers(3, 16))
    spread = rng.uniform(0.8, 2.2)
    placements = []
    for _ in range(n):
        face_up = rng.random() < 0.85
        card = dealer.deal() if face_up else BACK
        placements.append(
            Placement(
                card,
                card != BACK,
                rng.normal(0, spread),
                rng.normal(0, spread * 0.75),
                rng.uniform(0, 360),
                "stray",
            )
        )
    return Layout(placements, 2.0 * spread, 1.5 * spread)


def make_layout(rng: np.random.Generator, available: set[str], aspect: float) -> Layout:
    """A Durak table most of the time, a loose scatter otherwise."""
    if rng.random() < 0.75:
        return durak_table(rng, available, aspect)
    return scatter(rng, available, aspect)
