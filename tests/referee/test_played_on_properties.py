"""Properties of games in which the table plays on after illegal moves, over every variant of the
Durak engine: random legal games with random illegal moves kept at random points.

* cards are conserved: a kept move moves cards from a hand to the table, never makes or loses one;
* the game goes on: there is always a legal move until the game is over, and it ends;
"""

from __future__ import annotations

import random

import pytest
from test_properties import VARIANTS, _all_cards, _fits

from referee import (
    Attack,
    Defend,
    GameState,
    Move,
    ThrowIn,
    apply,
    check,
    legal_moves,
    rules_for,
)
from referee.played_on import play_on
from referee.setup import deal
from referee.simulate import MAX_MOVES, choose

KEEP_EVERY = 6  # on average, one kept illegal move in this many moves


def _attempts(state: GameState) -> list[Move]:
    """Moves a player could make with a card of his hand, legal or not."""
    out: list[Move] = []
    for seat, hand in enumerate(state.hands):
        for card in hand.known:
            if not state.table:
                out.append(Attack(seat, (card,)))
                continue
            out.append(ThrowIn(seat, (card,)))
            out += [Defend(seat, p.attack, card) for p in state.table if p.cover is None]
    return out


def _kept(state: GameState, rng: random.Random) -> GameState | None:
    attempts = _attempts(state)
    rng.shuffle(attempts)
    for move in attempts:
        if check(state, move).ok:
            continue
        after = play_on(state, move)
        if after is not None:
            return after
    return None


@pytest.mark.parametrize("variant", VARIANTS)
def test_played_on_keeps_cards_and_the_game_goes_on_to_its_end(variant: str) -> None:
    rules = rules_for(variant)
    players = next(p for p in (3, 2, 4) if _fits(rules, p, rules.deck_ranks))
    kept = 0
    for seed in (1, 2):
        rng = random.Random(seed)
        state = deal(rules, players, seed, dealer=seed % players)
        deck = _all_cards(state)
        for _ in range(MAX_MOVES):
            if state.is_over:
                break
            if rng.randrange(KEEP_EVERY) == 0:
                after = _kept(state, rng)
                if after is not None:
                    state, kept = after, kept + 1
                    assert _all_cards(state) == deck
                    continue
            moves = legal_moves(state)
            assert moves, f"{variant}: no legal move in a game that is not over"
            state = apply(state, choose(moves, rng))
            assert _all_cards(state) == deck
        assert state.is_over, f"{variant}: the game did not end in {MAX_MOVES} moves"
    assert kept > 0 or rules.random_selection  # `negotiable`: a card that does not match goes
    # back by its rules (§4.26.4), so none is kept
