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


def steps(
    state: State, rng: random.Random, limit: int = MAX_MOVES
) -> Iterator[tuple[State, Move, State]]:
    """(state before, move, state after) for each move of a random legal game from ``state``."""
    for _ in range(limit):
        moves = legal_moves(state)
        if not moves:
            if not state.is_over:
                raise BitoError("no legal move in a game that is not over")
            return
        move = choose(moves, rng)
        after = apply(state, move)
        yield state, move, after
        state = after
    raise BitoError(f"{state.rules.variant}: game did not end within {limit} moves")


def walk(
    rules: Rules, players: int, seed: int, limit: int = MAX_MOVES
) -> Iterator[tuple[State, Move, State]]:
    """The steps of the random game that ``seed`` deals and plays (as ``random_game``)."""
    start = deal(rules, players, seed, dealer=seed % players)
    return steps(start, random.Random(seed), limit)


def play(state: State, rng: random.Random) -> Iterator[tuple[State, Move]]:
    """Yield (state before, move) for each move of a random legal game until it ends."""
    for before, move, _ in steps(state, rng):
        yield before, move


def random_game(rules: Rules, players: int, seed: int) -> tuple[State, list[Move], State]:
    """A whole random game: its first state, its moves, and its final state."""
    start = final = deal(rules, players, seed, dealer=seed % players)
    moves: list[Move] = []
    for _, move, after in steps(start, random.Random(seed)):
        moves.append(move)
        final = after
    return start, moves, final
