"""Referee throughput: moves checked and applied per second over simulated games.

The games are generated first (random legal play, every playable variant, 2-6 players); then
each game's moves are replayed through ``check`` + ``apply`` (the referee's work per move) and
through ``check_and_apply`` (what the record uses). Figures are compared within this one run.

    python bench/referee.py [--games-per-variant N] [--repeat R]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee.engine import apply, check, check_and_apply
from referee.movegen import legal_moves
from referee.moves import Move
from referee.simulate import random_game
from referee.state import GameState
from referee.variants import playable_variants


def games(per_variant: int) -> list[tuple[GameState, list[Move]]]:
    out = []
    for variant in playable_variants():
        rules = variant.configure({})
        if rules.engine != "durak":
            continue  # this bench measures the configurable Durak engine
        for i in range(per_variant):
            low, high = rules.min_players, min(rules.max_players, 6)
            players = low + i % (high - low + 1)  # 2, 3, 4... (`bolvan` counts its dummy's seat)
            start, moves, _ = random_game(rules, players, seed=1000 + i)
            out.append((start, moves))
    return out


def run_check_then_apply(corpus: list[tuple[GameState, list[Move]]]) -> int:
    n = 0
    for start, moves in corpus:
        state = start
        for move in moves:
            if not check(state, move).ok:
                raise AssertionError("a recorded legal move was judged illegal")
            state = apply(state, move)
            n += 1
    return n


def run_check_and_apply(corpus: list[tuple[GameState, list[Move]]]) -> int:
    n = 0
    for start, moves in corpus:
        state = start
        for move in moves:
            _, state = check_and_apply(state, move)
            n += 1
    return n


def run_legal_moves(corpus: list[tuple[GameState, list[Move]]]) -> int:
    n = 0
    for start, moves in corpus:
        state = start
        for move in moves:
            legal_moves(state)
            state = apply(state, move)
            n += 1
    return n


def measure(fn, corpus, repeat: int) -> tuple[float, int]:  # type: ignore[no-untyped-def]
    rates = []
    count = 0
    for _ in range(repeat):
        t0 = time.perf_counter()
        count = fn(corpus)
        rates.append(count / (time.perf_counter() - t0))
    return statistics.median(rates), count


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games-per-variant", type=int, default=10)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    corpus = games(args.games_per_variant)
    variants = len({start.rules.variant for start, _ in corpus})
    moves = sum(len(m) for _, m in corpus)
    print(f"corpus: {len(corpus)} games, {moves} moves, {variants} variants")
    base, _ = measure(run_check_then_apply, corpus, args.repeat)
    combined, _ = measure(run_check_and_apply, corpus, args.repeat)
    generated, _ = measure(run_legal_moves, corpus, args.repeat)
    print(f"check + apply         : {base:10,.0f} moves/s  (median of {args.repeat})")
    print(f"check_and_apply       : {combined:10,.0f} moves/s  ({combined / base:.2f}x)")
    print(f"legal_moves + apply   : {generated:10,.0f} moves/s  ({generated / base:.2f}x)")
    print("target: >= 50,000 moves checked+applied per second")


if __name__ == "__main__":
    main()
