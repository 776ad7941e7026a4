"""The game a video shows: a random game of the referee's simulation, with illegal attempts
seeded into it, recorded move by move as the referee's truth.

Each seeded attempt is a card a player really holds, laid where the camera sees it (a beat with a
card that does not beat, a throw-in of a rank not on the table, a lead out of turn, a transfer of
another rank); the record stores it with its illegal verdict and the game goes on with the legal
move that the simulation chose.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from pathlib import Path

from referee.cards import Card
from referee.game import State, check, legal_moves
from referee.moves import Attack, Defend, Move, Pass, ThrowIn, Transfer
from referee.record import GameRecord, Header
from referee.setup import deck_of, for_players, shuffled
from referee.simulate import MAX_MOVES, choose
from referee.variants import find_variant

#: Variants of the Durak engine whose every move a camera can see as cards on a table: a stock
#: with the trump card under it, refills to a hand size, the ordinary move kinds only.
PHYSICAL_VARIANTS: tuple[str, ...] = (
    "podkidnoy",
    "perevodnoy",
    "perevodnoy_2",
    "simple",
    "american",
    "royal",
    "boring",
    "pogonny",
    "treshka",
    "pustoy",
    "ochkovy",
    "figured",
    "beskozyrny",
    "japanese",
)

PLAYER_NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dasha", "Egor")


class UnshowableGame(ValueError):
    """The variant or game needs something the renderer cannot show as cards on a table."""


@dataclass(frozen=True, slots=True)
class Step:
    """One recorded move: the state it was judged in, the state after, and its verdict."""

    seq: int
    move: Move
    legal: bool
    before: State
    after: State


@dataclass(frozen=True, slots=True)
class Game:
    record: GameRecord
    steps: list[Step]


def _hand(state: State, seat: int) -> list[Card]:
    return sorted(state.hands[seat].known)


def _illegal_attempt(state: State, move: Move, rng: random.Random) -> Move | None:
    """An illegal move the table could see just before ``move``, with a card its player holds."""
    candidates: list[Move] = []
    if isinstance(move, Defend):
        for card in _hand(state, move.player):
            if card != move.card:
                candidates.append(Defend(move.player, move.covers, card))
    elif isinstance(move, Attack) and not state.table:
        for seat in range(state.players):
            if seat != move.player and seat not in state.finished:
                candidates += [Attack(seat, (c,)) for c in _hand(state, seat)]
    elif isinstance(move, ThrowIn | Transfer):
        kind = type(move)
        candidates += [kind(move.player, (c,)) for c in _hand(state, move.player)]
    rng.shuffle(candidates)
    for attempt in candidates:
        if check(state, attempt).violation is not None:
            return attempt
    return None


def simulate(
    variant: str,
    players: int,
    seed: int,
    *,
    options: dict[str, str] | None = None,
    illegal: int = 0,
    path: Path | None = None,
) -> Game:
    """Play the random game ``seed`` of ``variant`` and record it, with ``illegal`` attempts."""
    options = dict(options or {})
    rules = find_variant(variant).configure(options)
    if rules.engine != "durak":
        raise UnshowableGame(f"{variant}: only Durak-engine variants can be rendered")
    if not rules.min_players <= players <= min(6, rules.max_players):
        raise UnshowableGame(f"{variant} is played by {rules.min_players}-{rules.max_players}")
    dealer = seed % players
    order = tuple(shuffled(deck_of(for_players(rules, players)), seed, None))
    names = PLAYER_NAMES[:players]
    probe = Header(variant, options, names, dealer, deck=order, seed=seed).start_state()
    header = Header(
        variant, options, names, dealer, trump_card=probe.trump_card, deck=order, seed=seed
    )
    record = GameRecord.create(header, path)
    moves = _legal_game(record.state, random.Random(seed))
    pick = random.Random(seed * 31 + 7)
    wanted = _attempt_points(moves, illegal, pick)
    steps: list[Step] = []
    for i, move in enumerate(moves):
        before = record.state
        if i in wanted:
            attempt = _illegal_attempt(before, move, pick)
            if attempt is not None:
                verdict = record.play(attempt, source="simulation")
                if verdict.ok:  # pragma: no cover - _illegal_attempt checked it
                    raise UnshowableGame(f"seeded attempt {attempt} was legal")
                steps.append(Step(record.events[-1].seq, attempt, False, before, before))
        verdict = record.play(move, source="simulation")
        if not verdict.ok:
            raise UnshowableGame(f"simulated move {move} judged illegal: {verdict.code}")
        steps.append(Step(record.events[-1].seq, move, True, before, record.state))
    return Game(record, steps)


def _attempt_points(moves: list[Move], count: int, rng: random.Random) -> set[int]:
    """Where to seed ``count`` attempts: before beats, throw-ins and leads, in turn, spread
    over the game (never the first two moves)."""
    kinds: dict[type, list[int]] = {Defend: [], ThrowIn: [], Attack: []}
    for i, m in enumerate(moves[2:], 2):
        for kind, places in kinds.items():
            if isinstance(m, kind):
                places.append(i)
    for places in kinds.values():
        rng.shuffle(places)
    out: set[int] = set()
    order = [Defend, ThrowIn, Attack]
    rng.shuffle(order)
    while len(out) < count and any(kinds.values()):
        for kind in order:
            if kinds[kind] and len(out) < count:
                out.add(kinds[kind].pop())
    return out


def _legal_game(start: State, rng: random.Random) -> list[Move]:
    state = start
    out: list[Move] = []
    from referee.game import apply

    for _ in range(MAX_MOVES):
        if state.is_over:
            return out
        moves = legal_moves(state)
        if not moves:
            raise UnshowableGame("no legal move in a game that is not over")
        move = choose(moves, rng)
        out.append(move)
        state = apply(state, move)
    raise UnshowableGame("the game did not end")


def is_pass(move: Move) -> bool:
    return isinstance(move, Pass)
