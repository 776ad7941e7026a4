"""Move inference: from the referee's state and a change on the table, the moves that explain it.

The camera sees cards: new ones in the battle area (their identity voted over the frames they
rested in, where they lie, which attack card they cover), table cards that went away, and the table
edge that the arm came from. This module turns such a :class:`Change` into referee moves.

Candidates are the physical readings of the change: a card lying on an uncovered attack card is a
beat (by the defender, or by the seat the arm came from); cards lying apart are a lead, a throw-in
by one of the non-defenders or a transfer by the defender; a cleared table is a bito (every card
covered) or a take (a card left uncovered). Each candidate is judged by the referee (``check``), so
an illegal beat stays a candidate and is reported with its verdict instead of being ignored. The
score adds the evidence: the game's logic for who plays (the defender beats, the attacker leads,
throw-in priority), the arm's side, the card's identity votes, and the verdict (a legal reading is
preferred over an illegal one, by less than a clear arm). When the best two readings that would
write different records score within ``UNCERTAIN_MARGIN``, the move is uncertain.

Passes are implicit at a table: a throw-in by a seat behind the one with priority comes after the
needed Pass moves, which are emitted first. A bout closes with ``Done`` by the attacker (any
non-defender may say it; the camera cannot hear who did).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field

from referee.bout import priority_holder
from referee.cards import Card, CardSet
from referee.errors import BitoError
from referee.game import State, check, check_and_apply
from referee.moves import Attack, Defend, Done, Move, Pass, Take, ThrowIn, Transfer
from referee.setup import deck_of
from referee.state import NO_SEAT, Phase
from vision.table.geometry import Box, area, closeness, overlap

log = logging.getLogger(__name__)

UNCERTAIN_MARGIN = 1.0
W_LEGAL = 1.5  # a legal reading over an illegal one
W_ROLE = 2.0  # the seat the game's logic expects (the defender beats, the attacker leads)
W_PRIORITY = 0.5  # the seat with throw-in priority (others may throw in after passing)
W_ARM = 5.0  # times the arm's certainty, for the seat the arm came from (a lead out of turn)
W_KNOWN = 4.0  # a card known to be in that seat's hand (seen taken)
GESTURE_CERTAINTY = 0.3  # the arm's certainty needed to read a bare reach as the defender's take
COVER_MIN = 0.25  # overlap (of the smaller box) from which a card lies on another
W_NEAR = 2.0  # a beat of a card lying near (not on) an uncovered attack card: the geometry's doubt
CORNER_SHARE = 0.35  # a box under this share of the attack card's area is a corner, not a card


@dataclass(frozen=True)
class NewCard:
    """A card that came to rest in the battle area, with its identity votes (best first)."""

    readings: tuple[tuple[Card, float], ...]  # (identity, vote share in [0, 1])
    box: Box

    @property
    def card(self) -> Card:
        return self.readings[0][0]

    @property
    def confidence(self) -> float:
        return self.readings[0][1]


@dataclass(frozen=True)
class Change:
    """What the camera saw change between two stable views of the table."""

    new: tuple[NewCard, ...] = ()
    gone: frozenset[Card] = frozenset()
    cleared: bool = False  # every card of the referee's table left the battle area
    arm_seat: int | None = None
    arm_certainty: float = 0.0  # 0..1
    boxes: dict[Card, Box] = field(default_factory=dict)
    """Where the cards already on the table lie (for the covering geometry)."""
    gesture: bool = False
    """An arm reached in and out and left the table as it was."""
    arm_against: tuple[float, ...] = ()
    """Per seat, how sure it is that the arm came from ``arm_seat`` rather than from that seat
    (:meth:`Geometry.against`; the nearest other seat's is ``arm_certainty``)."""


@dataclass(frozen=True)
class Reading:
    """One candidate explanation: moves in order (implicit passes included), and its score."""

    moves: tuple[Move, ...]
    score: float
    legal: bool

    @property
    def key(self) -> tuple[Move, ...]:
        """The record this reading writes, without the implicit passes."""
        return tuple(m for m in self.moves if not isinstance(m, Pass))


@dataclass(frozen=True)
class Inference:
    best: Reading
    alternatives: tuple[Reading, ...]
    uncertain: bool
    confidence: float


def possible_new(state: State, card: Card) -> bool:
    """Whether ``card`` may come onto the table now: in this game's deck, not discarded, not on
    the table, not the trump card still under the stock, not out of play."""
    if card not in CardSet.of(deck_of(state.rules)):
        return False
    if card in state.discard or card in state.out_of_play or card in state.table_cards():
        return False
    return not (state.trump_card == card and state.indicator_in_stock())


def passes_before(state: State, seat: int) -> tuple[list[Move], State]:
    """The Pass moves that must come before ``seat`` may throw in (strict priority), and the
    state after them. Empty when ``seat`` holds priority or when passing cannot give it."""
    moves: list[Move] = []
    current = state
    for _ in range(state.players):
        holder = priority_holder(current)
        if holder is None or holder == seat:
            break
        verdict, after = check_and_apply(current, Pass(holder))
        if not verdict.ok:
            return [], state
        moves.append(Pass(holder))
        current = after
    if priority_holder(current) != seat:
        return [], state
    return moves, current


def _judge(state: State, moves: list[Move]) -> tuple[bool, State]:
    """Whether every move is legal in turn (the state advances over the legal ones)."""
    legal = True
    for move in moves:
        try:
            verdict, state = check_and_apply(state, move)
        except BitoError:
            return False, state
        legal = legal and verdict.ok
    return legal, state


def legal_in_turn(state: State, moves: list[Move]) -> bool:
    """Whether the moves are all legal played one after the other from ``state``."""
    return _judge(state, moves)[0]


def _seats(state: State) -> list[int]:
    return [s for s in range(state.players) if s not in state.finished]


def _arm_bonus(change: Change, seat: int) -> float:
    """For the seat the arm came from, by how sure it is against the nearest other seat; a seat
    farther from the arm's entry than that one is weighed down by how much surer it is against
    it (eval4 game 28: D's arm from the top edge led out of turn, at 0.64 against C beside him,
    and the lead was given to F, on the right edge, whose turn it was)."""
    if change.arm_seat is None:
        return 0.0
    if seat == change.arm_seat:
        return W_ARM * change.arm_certainty
    against = change.arm_against[seat] if seat < len(change.arm_against) else 0.0
    return -W_ARM * max(0.0, against - change.arm_certainty)


def _known_bonus(state: State, seat: int, cards: tuple[Card, ...], change: Change) -> float:
    """For the seat known to hold a card (seen taken), against the others; weighed down by the
    arm's certainty when the arm came from another seat: the arm is seen now, the hand is a
    memory of readings (fresh 17 game 2: C's arm, 0.98 sure, laid the A♦ read as the J♦ that
    B had taken, and B was named for it)."""
    bonus = 0.0
    for card in cards:
        for other in range(state.players):
            if card in state.hands[other].known:
                weight = W_KNOWN
                if change.arm_seat is not None and change.arm_seat != other:
                    weight *= 1.0 - change.arm_certainty
                bonus += weight if other == seat else -weight
    return bonus


def cover_target(state: State, card: NewCard, boxes: dict[Card, Box]) -> tuple[Card | None, float]:
    """The uncovered attack card that ``card`` lies on (largest overlap), if any."""
    best: Card | None = None
    best_overlap = COVER_MIN
    for pair in state.table:
        if pair.cover is not None:
            continue
        box = boxes.get(pair.attack)
        if box is None:
            continue
        o = overlap(card.box, box)
        if o > best_overlap:
            best, best_overlap = pair.attack, o
    return best, best_overlap


def near_target(state: State, card: NewCard, boxes: dict[Card, Box]) -> tuple[Card | None, float]:
    """The uncovered attack card nearest to ``card`` (1 touching, falling to 0 a card's length
    away): a covering card read by its index corner alone has a small box beside its target."""
    best: Card | None = None
    best_near = 0.0
    for pair in state.table:
        box = boxes.get(pair.attack)
        if pair.cover is not None or box is None:
            continue
        near = closeness(box, card.box)
        if near > best_near:
            best, best_near = pair.attack, near
    return best, best_near


def _beat_readings(state: State, card: Card, target: Card, change: Change) -> list[Reading]:
    out = []
    for seat in _seats(state):
        moves: list[Move] = [Defend(seat, target, card)]
        legal, _ = _judge(state, moves)
        score = (
            W_ROLE * (seat == state.defender)
            + _arm_bonus(change, seat)
            + W_LEGAL * legal
            + _known_bonus(state, seat, (card,), change)
        )
        out.append(Reading(tuple(moves), score, legal))
    return out


def _placing_readings(state: State, cards: tuple[Card, ...], change: Change) -> list[Reading]:
    """A lead, a throw-in or a transfer of ``cards`` lying apart from the table's cards."""
    out: list[Reading] = []
    table_empty = not state.table
    for seat in _seats(state):
        options: list[list[Move]] = []
        if table_empty and state.phase is Phase.ATTACK:
            options.append([Attack(seat, cards)])
        elif seat == state.defender:
            options.append([Transfer(seat, cards)])
            options.append([ThrowIn(seat, cards)])  # variants where he throws in to himself
        else:
            passes, _ = passes_before(state, seat)
            options.append([*passes, ThrowIn(seat, cards)])
            if state.phase is Phase.DEFENCE:
                # the defender may have said "take" (unseen) before this throw-in
                taken = _judge(state, [Take(state.defender)])[1]
                late, _ = passes_before(taken, seat)
                options.append([Take(state.defender), *late, ThrowIn(seat, cards)])
        for moves in options:
            legal, _ = _judge(state, moves)
            if table_empty:
                role = W_ROLE * (seat == state.attacker or state.attacker == NO_SEAT)
            else:
                role = W_PRIORITY * (seat == priority_holder(state))
            score = (
                role
                + _arm_bonus(change, seat)
                + W_LEGAL * legal
                + _known_bonus(state, seat, cards, change)
            )
            if isinstance(moves[-1], Transfer) and not legal:
                score -= W_ROLE  # a defender adding an unmatched card is an odd reading
            if isinstance(moves[0], Take):
                score -= W_LEGAL * 0.2  # an unseen take: only when the plain throw-in is illegal
            out.append(Reading(tuple(moves), score, legal))
    return out


def _clear_readings(state: State) -> list[Reading]:
    """The table left the battle area: bito when every card is covered, else a take."""
    closer = state.attacker if state.attacker not in (NO_SEAT, state.defender) else None
    if closer is None:
        closer = next(s for s in _seats(state) if s != state.defender)
    out: list[Reading] = []
    if state.phase is Phase.TAKING:
        moves: list[Move] = _closing(state, closer)
        out.append(Reading(tuple(moves), W_ROLE + W_LEGAL, _judge(state, moves)[0]))
        return out
    taken = _judge(state, [Take(state.defender)])[1]
    take: list[Move] = [Take(state.defender), *_closing(taken, closer)]
    bito: list[Move] = _closing(state, closer)
    take_legal = _judge(state, take)[0]
    bito_legal = _judge(state, bito)[0]
    covered = state.all_covered()
    out.append(Reading(tuple(bito), W_ROLE * covered + W_LEGAL * bito_legal, bito_legal))
    out.append(Reading(tuple(take), W_ROLE * (not covered) + W_LEGAL * take_legal, take_legal))
    return out


def _closing(state: State, closer: int) -> list[Move]:
    """The bout's close: nothing when it closed by itself, ``Done`` by the closer, or when the
    referee wants the others' word first (throw-in priority), their passes before it, or ``Done``
    by another seat that may say it (the camera cannot hear who did)."""
    if not state.table:
        return []  # the bout closed by itself (a take no one may add to)
    seats = [closer, *(s for s in _seats(state) if s not in (closer, state.defender))]
    for seat in seats:
        options: list[list[Move]] = [[Done(seat)], [*passes_before(state, seat)[0], Done(seat)]]
        for moves in options:
            if _judge(state, moves)[0]:
                return moves
    return [Done(closer)]


def _distinct(readings: list[Reading]) -> list[Reading]:
    """Best first, one reading per record written."""
    seen: set[tuple[Move, ...]] = set()
    out = []
    for r in sorted(readings, key=lambda r: -r.score):
        if r.key in seen:
            continue
        seen.add(r.key)
        out.append(r)
    return out


def _decide(readings: list[Reading], identity: float = 1.0) -> Inference | None:
    ranked = _distinct(readings)
    if not ranked:
        return None
    best = ranked[0]
    margin = best.score - ranked[1].score if len(ranked) > 1 else 10.0
    uncertain = margin < UNCERTAIN_MARGIN or identity < 0.5
    confidence = round(min(1.0, identity) * min(1.0, 0.5 + margin / 4), 3)
    return Inference(best, tuple(ranked[1:6]), uncertain, confidence)


def infer(state: State, change: Change) -> list[Inference]:
    """The moves that explain ``change`` in ``state``, in the order to play them.

    Beats come first (each new card lying on an uncovered attack card), then the cards lying
    apart as one lead / throw-in / transfer (grouped by rank), then a cleared table. Each
    inference is scored against the state that the earlier ones lead to (their best reading).
    """
    out: list[Inference] = []
    current = state
    if change.gesture and not change.new and not change.gone:
        return _gesture(current, change)
    if change.cleared and current.table:
        decided = _decide(_clear_readings(current))
        if decided is not None:
            out.append(decided)
            _, current = _judge(current, list(decided.best.moves))
    new = [c for c in change.new if possible_new(current, c.card)]
    boxes = dict(change.boxes)
    beats: list[tuple[NewCard, Card]] = []
    apart: list[NewCard] = []
    for card in new:
        target, _ = cover_target(current, card, boxes)
        if target is not None and not any(t == target for _, t in beats):
            beats.append((card, target))
        else:
            apart.append(card)
    # a card lying apart, near an uncovered attack card, that no one could lay apart legally is
    # rather a beat read by its corner (a cascade of wrong moves follows an illegal throw-in)
    for card in list(apart):
        target, near = near_target(current, card, boxes)
        if target is None or any(t == target for _, t in beats):
            continue
        if near < 1.0 and area(card.box) >= CORNER_SHARE * area(boxes[target]):
            log.info("%s lies apart from %s (%.2f near): no beat", card.card, target, near)
            continue  # a whole card not touching it lies apart: a transfer beside it, read as
            # a card that cannot transfer, is judged as such (and looked at again before an
            # alarm), not taken for a legal beat (fresh 17 game 2: the J♣ of a transfer read as
            # the K♣, a trump, 26 px beside the J♠: "beat", and the game out of step)
        placing = max(_placing_readings(current, (card.card,), change), key=lambda r: r.score)
        beat = max(_beat_readings(current, card.card, target, change), key=lambda r: r.score)
        if beat.legal and beat.score - W_NEAR * (2 - near) > placing.score:
            apart.remove(card)
            beats.append((card, target))
    for card, target in beats:
        readings = _beat_readings(current, card.card, target, change)
        # the card might also be a second reading of identity (vote runner-up)
        for alt, share in card.readings[1:2]:
            if possible_new(current, alt) and share > 0.2:
                for r in _beat_readings(current, alt, target, change):
                    out_score = r.score - 2 * (card.confidence - share)
                    readings.append(Reading(r.moves, out_score, r.legal))
        decided = _decide(readings, card.confidence)
        if decided is not None:
            out.append(decided)
            _, current = _judge(current, list(decided.best.moves))
            boxes[card.card] = card.box
    by_rank: dict[object, list[NewCard]] = {}
    lead = not current.table and current.phase is Phase.ATTACK
    for card in apart:  # a lead is all the cards laid at once (`treshka` leads three ranks)
        by_rank.setdefault("lead" if lead else card.card.rank, []).append(card)
    for group in by_rank.values():
        cards = tuple(c.card for c in group)
        identity = min(c.confidence for c in group)
        decided = _decide(_placing_readings(current, cards, change), identity)
        if decided is not None:
            out.append(decided)
            _, current = _judge(current, list(decided.best.moves))
    return out


def _gesture(state: State, change: Change) -> list[Inference]:
    """The defender's hand reaching over an open bout without laying a card: "I take"."""
    if (
        state.phase is not Phase.DEFENCE
        or change.arm_seat != state.defender
        or change.arm_certainty < GESTURE_CERTAINTY
    ):
        return []
    moves: list[Move] = [Take(state.defender)]
    if not _judge(state, moves)[0]:
        return []
    reading = Reading(tuple(moves), W_ROLE + W_LEGAL, True)
    return [Inference(reading, (), False, round(min(1.0, change.arm_certainty + 0.3), 3))]


def is_legal(state: State, move: Move) -> bool:
    try:
        return check(state, move).ok
    except BitoError:
        return False
