"""The bundled demo game: a simulated 3-player `perevodnoy` game with a few illegal attempts
seeded in (a beat that does not beat, a throw-in of a rank not on the table, a take by the
wrong player), so that ``bito replay`` shows the referee catching them.

``python -m companion.demo_record`` rewrites ``companion/data/demo_game.jsonl``; a test checks
that the bundled file is exactly what this code makes.
"""

from __future__ import annotations

import random
from pathlib import Path

from referee.beats import beats
from referee.engine import check
from referee.moves import Defend, Move, Take, ThrowIn
from referee.record import GameRecord, Header
from referee.setup import deal, deck_of
from referee.simulate import play
from referee.state import GameState
from referee.variants import find_variant

DEMO_PATH = Path(__file__).parent / "data" / "demo_game.jsonl"
VARIANT = "perevodnoy"
PLAYERS = ("Anna", "Boris", "Vera")
SEED = 7
CREATED = "2026-11-29T12:00:00.000+00:00"


def _illegal_twin(state: GameState, move: Move) -> Move | None:
    """An illegal move a careless player might make instead of ``move``."""
    hand = sorted(state.hands[move.player].known)
    if isinstance(move, Defend):
        for card in hand:
            if not beats(state.rules, state.trump_suit, move.covers, card):
                return Defend(move.player, move.covers, card)
    if isinstance(move, ThrowIn):
        ranks = {p.attack.rank for p in state.table} | {
            p.cover.rank for p in state.table if p.cover
        }
        for card in hand:
            if card.rank not in ranks:
                return ThrowIn(move.player, (card,))
    if isinstance(move, Take):
        return Take(state.attacker)
    return None


def build(path: Path | None = None) -> GameRecord:
    rules = find_variant(VARIANT).configure({})
    start = deal(rules, len(PLAYERS), SEED, dealer=SEED % len(PLAYERS))
    deck = list(deck_of(rules))
    random.Random(SEED).shuffle(deck)
    header = Header(
        variant=VARIANT,
        options={},
        players=PLAYERS,
        dealer=start.dealer,
        deck=tuple(deck),
        seed=SEED,
        created=CREATED,
    )
    record = GameRecord.create(header, path)
    wanted = {Defend: 2, ThrowIn: 1, Take: 1}
    for number, (state, move) in enumerate(play(start, random.Random(SEED))):
        kind = type(move)
        if wanted.get(kind, 0) > 0 and number > 10 and number % 3 == 0:
            twin = _illegal_twin(state, move)
            if twin is not None and not check(state, twin).ok:
                wanted[kind] -= 1
                _play_at(record, twin, number)
        _play_at(record, move, number)
    return record


def _play_at(record: GameRecord, move: Move, number: int) -> None:
    minute, second = divmod(number, 60)
    record.play(
        move, source="simulation", time=f"2026-11-29T12:{minute:02d}:{second:02d}.000+00:00"
    )


if __name__ == "__main__":
    DEMO_PATH.parent.mkdir(parents=True, exist_ok=True)
    DEMO_PATH.unlink(missing_ok=True)
    build(DEMO_PATH)
    print(f"wrote {DEMO_PATH}")
