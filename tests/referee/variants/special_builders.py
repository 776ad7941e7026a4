"""Helpers for the tests of `shield`, `bolvan` and `veryu_ne_veryu` (VARIANTS.md §5.4, part B):
the builders of ``tests/referee/referee_builders.py`` and a few of their own."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from referee_builders import (
    card,
    cards,
    hand_text,
    play,
    position,
    run_script,
    stacked_deal,
    stacked_order,
    table_text,
    variant,
    verdict,
)

from referee.setup import start_bout
from referee.state import GameState, evolve

__all__ = [
    "card",
    "cards",
    "hand_text",
    "play",
    "position",
    "run_script",
    "stacked_deal",
    "stacked_order",
    "table_text",
    "variant",
    "verdict",
    "with_dummy",
]


def with_dummy(state: GameState, seat: int, attacker: int = 0) -> GameState:
    """A `position` with the `bolvan` dummy at ``seat``, the bout led by ``attacker``."""
    return start_bout(evolve(state, dummy_seat=seat), attacker)
