"""Helpers for the tests of `two_jokers`, `fool_personal_trumps`, `pokerny`, `negotiable`,
`magadan` and `fool_five` (VARIANTS.md §5.4, part A): the builders of
``tests/referee/referee_builders.py`` and a few of their own."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee_builders import (
    card,
    cards,
    play,
    position,
    run_script,
    stacked_deal,
    verdict,
)

from referee import CardSet, GameState, legal_moves, outcome
from referee.simulate import random_game
from referee.state import Hand, evolve

__all__ = [
    "card",
    "cards",
    "ends_with_a_fool_or_a_draw",
    "hand",
    "play",
    "position",
    "run_script",
    "stacked_deal",
    "verdict",
    "with_reserves",
]


def hand(state: GameState, seat: int) -> CardSet:
    return state.hands[seat].known


def with_reserves(state: GameState, *reserves: str) -> GameState:
    """`magadan`: give each seat a face-down reserve, taking the cards out of the discard pile
    (where :func:`position` put the rest of the deck)."""
    piles = [CardSet.of(cards(text)) for text in reserves]
    discard = state.discard
    for pile in piles:
        discard = discard - pile
    return evolve(state, reserves=tuple(Hand(len(pile), pile) for pile in piles), discard=discard)


def ends_with_a_fool_or_a_draw(slug_rules: object, players: int, seed: int) -> bool:
    """A random legal game of these rules ends (B15): a fool, or a draw."""
    _, moves, final = random_game(slug_rules, players, seed)  # type: ignore[arg-type]
    result = outcome(final)
    return (
        bool(moves)
        and final.is_over
        and legal_moves(final) == []
        and result is not None
        and (result.fool is not None or result.draw)
    )
