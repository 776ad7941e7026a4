"""Random legal games: every player picks a random legal move (takes, transfers, throw-ins
included), with a mild preference for beating over taking so that games look like real ones."""

from __future__ import annotations

import random
from collections.abc import Iterator

from referee.errors import BitoError
from referee.game import State, apply, deal, legal_moves
from referee.moves import Defend, Done, Move, Pass, Take, ThrowIn, Transfer
from referee.rules import Rules
from referee.special_moves import Doubt, FaceDownBeat, Ticket

MAX_MOVES = 20000
"""A guard against games that never end (random `czech` option 6 matches to 100 can run to
several thousand moves)."""

_WEIGHTS: dict[type, float] = {
    Defend: 4.0,
    Transfer: 1.5,
    ThrowIn: 1.0,
    Take: 0.6,
    Pass: 1.0,
    Done: 0.5,
    FaceDownBeat: 4.0,
    Doubt: 0.15,  # a few doubts per game, so that unchallenged bouts happen too
    Ticket: 1.5,
}


def choose(moves: list[Move], rng: random.Random) -> Move:
    weights = [_WEIGHTS.get(type(m), 1.0) for m in moves]
    return rng.choices(moves, weights)[0]


def play(state: State, rng: random.Random) -> Iterator[tuple[State, Move]]:
    """Yield (state before, move) for each move of a random legal game until it ends."""
    for _ in range(MAX_MOVES):
        moves = legal_moves(state)
        if not moves:
            return
        move = choose(moves, rng)
        yield state, move
        state = apply(state, move)
    raise BitoError(f"game did not end within {MAX_MOVES} moves")


def random_game(rules: Rules, players: int, seed: int) -> tuple[State, list[Move], State]:
    """A whole random game: its first state, its moves, and its final state."""
    start = deal(rules, players, seed, dealer=seed % players)
    rng = random.Random(seed)
    moves: list[Move] = []
    state = start
    for before, move in play(start, rng):
        moves.append(move)
        state = before
    final = apply(state, moves[-1]) if moves else start
    return start, moves, final
