"""From a recorded game to a timeline of physical actions on one table.

Every move becomes what a camera sees: a card carried from a seat's edge to a battle slot (an
attack, throw-in or transfer beside the others, a beating card across or offset on its attack
card), an illegal card laid and, after a rest, picked back up by the same hand, a hand reaching
in and out when the defender says "take" while throw-ins may still come, the table swept off to
the taker's edge, bito (the table's cards gathered, turned face down and put on the discard pile),
and refills (each seat in refill order pulling its cards off the stock, the trump card last).
When the deal uses up the deck, the last card dealt (the trump card) lies face up where the
stock would be until its holder takes it, before the first move.
Pass moves change nothing on the table; when a pass or "done" closes the bout, the bito or take
that follows is part of that move.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from referee.game import State
from referee.moves import Attack, Defend, Done, Move, Pass, Take, ThrowIn, Transfer, move_cards
from referee.resolution import refill_order
from vision.video.game import Game, Step, UnshowableGame
from vision.video.scene import Pose, Table

Point = tuple[float, float]


@dataclass(frozen=True, slots=True)
class Phase:
    """A stretch of motion: the hand and some cards go from one place to another (eased)."""

    t0: float
    t1: float
    hand0: Point
    hand1: Point
    cards: dict[str, tuple[Pose, Pose]]


@dataclass(slots=True)
class Action:
    """One arm's trip over the table, and what it leaves behind."""

    kind: str  # place, pickup, gesture, take, bito, refill, show (the trump card dealt last)
    seat: int
    phases: list[Phase]
    moving: tuple[str, ...]  # cards drawn per frame during the action (not in the still layer)
    result: dict[str, Pose | None]  # where the moving cards end (None: off the table)
    t_rest: float

    @property
    def t0(self) -> float:
        return self.phases[0].t0

    @property
    def t1(self) -> float:
        return self.phases[-1].t1


@dataclass(slots=True)
class EventTiming:
    seq: int
    move: str
    legal: bool
    t_rest: float | None
    changes: list[dict[str, object]] = field(default_factory=list)


@dataclass(slots=True)
class Timeline:
    table: Table
    start: dict[str, Pose]  # cards on the table when the video starts, bottom first
    actions: list[Action]
    events: list[EventTiming]
    duration: float

    def start_cards(self) -> list[str]:
        """The cards on the table at the start, top first (the stock's next card first)."""
        return list(reversed(self.start))


def _ease(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


class _Builder:
    def __init__(self, table: Table, rng: np.random.Generator, start: State) -> None:
        self.table = table
        self.rng = rng
        self.t = 1.0
        self.on_table: dict[str, Pose] = {}
        self.actions: list[Action] = []
        self.pairs: dict[str, int] = {}  # attack card -> slot
        self.stock: list[str] = []  # next to draw first
        indicator = start.trump_card if start.indicator_in_stock() else None
        cards = [str(c) for c in start.stock]
        if indicator is not None:
            if cards[-1] != str(indicator):
                raise UnshowableGame("the trump card is not at the bottom of the stock")
            self.on_table[cards[-1]] = table.trump_pose()
        body = cards[:-1] if indicator is not None else cards
        for k, card in enumerate(reversed(body)):
            self.on_table[card] = table.stock_pose(k)
        self.stock = cards
        # the deal used up the deck: the last card dealt, its suit trumps, is shown face up where
        # the stock would lie before its holder takes it (B5)
        self.shown: tuple[int, list[str]] | None = None
        if start.trump_card is not None and not start.stock_count:
            holder = next(
                (s for s in range(start.players) if start.trump_card in start.hands[s].known), None
            )
            if holder is not None:
                self.shown = (holder, [str(start.trump_card)])
                self.on_table[str(start.trump_card)] = table.trump_pose()
        self.start = dict(self.on_table)

    # ---- helpers -------------------------------------------------------------------------
    def seat_point(self, seat: int) -> Point:
        s = self.table.seats[seat]
        return (s.x, s.y)

    def grip(self, seat: int, pose: Pose) -> Point:
        """Where a hand holding ``pose`` is: over the card's edge toward the seat."""
        ux, uy = self.table.seats[seat].toward(pose.x, pose.y)
        return (pose.x + 0.42 * ux, pose.y + 0.42 * uy)

    def offstage(self, seat: int, pose: Pose) -> Pose:
        """``pose`` carried out to the seat (off-frame), turned a little."""
        sx, sy = self.seat_point(seat)
        return Pose(sx, sy, pose.angle + float(self.rng.normal(0, 20)), pose.face_up)

    def dur(self, lo: float, hi: float) -> float:
        return float(self.rng.uniform(lo, hi))

    def rest(self, lo: float = 0.5, hi: float = 1.5) -> None:
        self.t += self.dur(lo, hi)

    def add(self, action: Action) -> Action:
        self.actions.append(action)
        for card, pose in action.result.items():
            self.on_table.pop(card, None)
            if pose is not None:
                self.on_table[card] = pose
        self.t = action.t1
        return action

    # ---- actions -------------------------------------------------------------------------
    def place(self, seat: int, targets: dict[str, Pose], kind: str = "place") -> Action:
        first = next(iter(targets.values()))
        hand = self.grip(seat, first)
        t0, t1 = self.t, self.t + self.dur(0.6, 0.9)
        t2 = t1 + self.dur(0.4, 0.6)
        carry = {c: (self.offstage(seat, p), p) for c, p in targets.items()}
        phases = [
            Phase(t0, t1, self.seat_point(seat), hand, carry),
            Phase(t1, t2, hand, self.seat_point(seat), {}),
        ]
        return self.add(Action(kind, seat, phases, tuple(targets), dict(targets), t1))

    def pickup(self, seat: int, cards: list[str], kind: str = "pickup") -> Action:
        poses = {c: self.on_table[c] for c in cards}
        hand = self.grip(seat, poses[cards[0]])
        t0, t1 = self.t, self.t + self.dur(0.5, 0.7)
        t2 = t1 + self.dur(0.6, 0.8)
        carry = {c: (p, self.offstage(seat, p)) for c, p in poses.items()}
        hold = {c: (p, p) for c, p in poses.items()}
        phases = [
            Phase(t0, t1, self.seat_point(seat), hand, hold),
            Phase(t1, t2, hand, self.seat_point(seat), carry),
        ]
        return self.add(Action(kind, seat, phases, tuple(cards), dict.fromkeys(cards), t2))

    def gesture(self, seat: int) -> Action:
        x0, y0, x1, y1 = self.table.battle_box()
        ux, uy = self.table.seats[seat].toward(0.0, 0.0)
        point = ((x1 - x0) * 0.3 * ux, (y1 - y0) * 0.35 * uy)
        t0, t1 = self.t, self.t + self.dur(0.5, 0.7)
        t2, t3 = t1 + self.dur(0.3, 0.5), 0.0
        t3 = t2 + self.dur(0.4, 0.6)
        phases = [
            Phase(t0, t1, self.seat_point(seat), point, {}),
            Phase(t1, t2, point, (point[0] + 0.1 * ux, point[1] + 0.1 * uy), {}),
            Phase(t2, t3, (point[0] + 0.1 * ux, point[1] + 0.1 * uy), self.seat_point(seat), {}),
        ]
        return self.add(Action("gesture", seat, phases, (), {}, t3))

    def _gather(self, seat: int, cards: list[str], pile: Pose) -> tuple[list[Phase], float]:
        poses = {c: self.on_table[c] for c in cards}
        far = max(poses.values(), key=lambda p: -_dist_to_seat(self.table, seat, p))
        t0, t1 = self.t, self.t + self.dur(0.5, 0.7)
        t2 = t1 + self.dur(0.45, 0.65)
        hand_far = self.grip(seat, far)
        hand_pile = self.grip(seat, pile)
        hold = {c: (p, p) for c, p in poses.items()}
        gather = {
            c: (p, Pose(pile.x + k * 0.005, pile.y - k * 0.005, pile.angle, p.face_up))
            for k, (c, p) in enumerate(poses.items())
        }
        return [
            Phase(t0, t1, self.seat_point(seat), hand_far, hold),
            Phase(t1, t2, hand_far, hand_pile, gather),
        ], t2

    def take(self, seat: int, cards: list[str]) -> Action:
        ux, uy = self.table.seats[seat].toward(0.0, 0.0)
        pile = Pose(0.9 * ux, 0.7 * uy, float(self.rng.normal(0, 10)), True)
        phases, t2 = self._gather(seat, cards, pile)
        last = phases[-1].cards
        t3 = t2 + self.dur(0.6, 0.8)
        out = {c: (end, self.offstage(seat, end)) for c, (_, end) in last.items()}
        phases.append(Phase(t2, t3, phases[-1].hand1, self.seat_point(seat), out))
        return self.add(Action("take", seat, phases, tuple(cards), dict.fromkeys(cards), t3))

    def bito(self, seat: int, cards: list[str]) -> Action:
        pile = Pose(0.0, 0.0, float(self.rng.normal(0, 10)), True)
        phases, t2 = self._gather(seat, cards, pile)
        piled = {c: end for c, (_, end) in phases[-1].cards.items()}
        t3 = t2 + 0.2
        down = {c: Pose(p.x, p.y, p.angle + 180, False) for c, p in piled.items()}
        phases.append(
            Phase(
                t2, t3, phases[-1].hand1, phases[-1].hand1, {c: (piled[c], down[c]) for c in cards}
            )
        )
        dx, dy = self.table.discard
        angle = float(self.rng.uniform(0, 360))
        ox, oy = self.rng.normal(0, 0.18, 2)
        landed = {
            c: Pose(
                dx + ox + float(self.rng.normal(0, 0.02)),
                dy + oy + float(self.rng.normal(0, 0.02)),
                angle + float(self.rng.normal(0, 4)),
                False,
            )
            for c in cards
        }
        t4 = t3 + self.dur(0.6, 0.8)
        drop = self.grip(seat, next(iter(landed.values())))
        phases.append(
            Phase(t3, t4, phases[-1].hand1, drop, {c: (down[c], landed[c]) for c in cards})
        )
        t5 = t4 + self.dur(0.4, 0.6)
        phases.append(Phase(t4, t5, drop, self.seat_point(seat), {}))
        return self.add(Action("bito", seat, phases, tuple(cards), dict(landed), t4))

    def refill(self, seat: int, cards: list[str]) -> Action:
        top = cards[0]
        pose = self.on_table[top]
        hand = self.grip(seat, pose)
        t0, t1 = self.t, self.t + self.dur(0.5, 0.7)
        t2 = t1 + self.dur(0.5, 0.7)
        poses = {c: self.on_table[c] for c in cards}
        squared = {c: Pose(pose.x, pose.y, pose.angle, p.face_up) for c, p in poses.items()}
        hold = {c: (p, p) for c, p in poses.items()}
        carry = {c: (squared[c], self.offstage(seat, squared[c])) for c in cards}
        phases = [
            Phase(t0, t1, self.seat_point(seat), hand, hold),
            Phase(t1, t2, hand, self.seat_point(seat), carry),
        ]
        return self.add(Action("refill", seat, phases, tuple(cards), dict.fromkeys(cards), t2))

    # ---- moves ---------------------------------------------------------------------------
    def slot_pose(self, slot: int) -> Pose:
        x, y = self.table.slots[slot]
        a = self.table.slot_angles[slot]
        n = self.rng.normal(0, 0.035, 2)
        return Pose(x + float(n[0]), y + float(n[1]), a + float(self.rng.normal(0, 3)), True)

    def cover_pose(self, attack: str) -> Pose:
        base = self.on_table[attack]
        dx, dy, da = self.table.cover_offset
        rad = math.radians(base.angle)
        ox = dx * math.cos(rad) - dy * math.sin(rad)
        oy = dx * math.sin(rad) + dy * math.cos(rad)
        n = self.rng.normal(0, 0.03, 2)
        return Pose(
            base.x + ox + float(n[0]),
            base.y + oy + float(n[1]),
            base.angle + da + float(self.rng.normal(0, 4)),
            True,
        )

    def targets(self, move: Move) -> dict[str, Pose]:
        if isinstance(move, Defend):
            return {str(move.card): self.cover_pose(str(move.covers))}
        out: dict[str, Pose] = {}
        for card in move_cards(move):
            slot = len(self.pairs)
            self.pairs[str(card)] = slot
            out[str(card)] = self.slot_pose(slot)
        return out

    def battle_cards(self) -> list[str]:
        return [c for c in self.on_table if c not in self.stock and c not in self.discarded]

    discarded: set[str]


def _dist_to_seat(table: Table, seat: int, p: Pose) -> float:
    s = table.seats[seat]
    return math.hypot(s.x - p.x, s.y - p.y)


def build_timeline(game: Game, table: Table, rng: np.random.Generator) -> Timeline:
    """Lay out every recorded move of ``game`` as arm trips on ``table``."""
    start = game.steps[0].before if game.steps else game.record.state
    b = _Builder(table, rng, start)
    b.discarded = set()
    if b.shown is not None:
        b.rest(1.5, 2.0)
        b.pickup(*b.shown, kind="show")
    events: list[EventTiming] = []
    from referee.moves import format_move

    for step in game.steps:
        ev = EventTiming(step.seq, format_move(step.move), step.legal, None)
        events.append(ev)
        move = step.move
        if not step.legal:
            b.rest()
            saved = dict(b.pairs)
            placed = b.place(move.player, b.targets(move), "illegal")
            b.pairs = saved
            ev.t_rest = round(placed.t_rest, 3)
            b.t += b.dur(1.4, 1.7)
            back = b.pickup(move.player, list(placed.result), "pickup")
            ev.changes.append({"kind": "pickup", "seat": move.player, "t_end": round(back.t1, 3)})
            continue
        _legal_step(b, step, ev)
        _check(b, step.after)
    b.t += 1.5
    return Timeline(table, b.start, b.actions, events, b.t)


def _legal_step(b: _Builder, step: Step, ev: EventTiming) -> None:
    move, before, after = step.move, step.before, step.after
    if isinstance(move, Attack | Defend | ThrowIn | Transfer):
        if isinstance(move, Attack) and move.from_stock:
            raise UnshowableGame("a lead from the stock")
        b.rest()
        placed = b.place(move.player, b.targets(move))
        ev.t_rest = round(placed.t_rest, 3)
    ended = after.bouts > before.bouts
    if isinstance(move, Take) and not ended:
        b.rest()
        ev.t_rest = round(b.gesture(move.player).t_rest, 3)
    if not ended:
        if not isinstance(move, Pass | Done | Take | Attack | Defend | ThrowIn | Transfer):
            raise UnshowableGame(f"move {ev.move} has no physical form here")
        return
    table_cards = b.battle_cards()
    if table_cards:
        b.rest(0.6, 1.2) if ev.t_rest is not None else b.rest()
        taker = next(
            (
                s
                for s in range(after.players)
                if {str(c) for c in after.hands[s].known} >= set(table_cards)
            ),
            None,
        )
        if taker is not None:
            act = b.take(taker, table_cards)
            kind = "take"
        else:
            if not {str(c) for c in after.discard} >= set(table_cards):
                raise UnshowableGame("the bout's cards went neither to a hand nor the discard")
            seat = move.player if isinstance(move, Done) else before.defender
            act = b.bito(seat, table_cards)
            b.discarded |= set(table_cards)
            kind = "bito"
        b.pairs = {}
        ev.changes.append({"kind": kind, "seat": act.seat, "t_end": round(act.t1, 3)})
        if isinstance(move, Done | Take):
            ev.t_rest = round(act.t_rest, 3)
    drawn = before.stock_count - after.stock_count
    if drawn <= 0:
        return
    taken = set(table_cards)
    order = refill_order(before)
    pos = 0
    first = True
    for seat in order:
        new = {str(c) for c in after.hands[seat].known} - {str(c) for c in before.hands[seat].known}
        new -= taken
        if not new:
            continue
        cards = b.stock[pos : pos + len(new)]
        if set(cards) != new:
            raise UnshowableGame("refill does not follow the stock order")
        pos += len(new)
        b.rest(0.4, 0.8) if first else b.rest(0.15, 0.4)
        first = False
        act = b.refill(seat, cards)
        ev.changes.append(
            {"kind": "refill", "seat": seat, "cards": len(cards), "t_end": round(act.t1, 3)}
        )
    del b.stock[:pos]
    if pos != drawn:
        raise UnshowableGame("refill count differs from the stock's")


def _check(b: _Builder, after: State) -> None:
    battle = set(b.battle_cards())
    want = {str(c) for c in after.table_cards()}
    if battle != want:
        raise UnshowableGame(f"table mismatch: shown {sorted(battle)} vs {sorted(want)}")
    if len(b.stock) != after.stock_count:
        raise UnshowableGame("stock count mismatch")
