"""A short description of a position, for verdict messages."""

from __future__ import annotations

from referee.moves import seat_letter
from referee.state import NO_SEAT, GameState, Phase


def describe(state: GameState) -> str:
    parts = [f"bout {state.bouts + 1}"]
    if state.phase is Phase.OVER:
        parts.append("game over")
    elif state.attacker != NO_SEAT:
        parts.append(f"{seat_letter(state.attacker)} attacks {seat_letter(state.defender)}")
    else:
        parts.append("first attack")
    parts.append(f"trump {state.trump_suit.symbol if state.trump_suit else 'none'}")
    if state.table:
        pairs = " ".join(f"{p.attack}/{p.cover}" if p.cover else str(p.attack) for p in state.table)
        parts.append(f"table {pairs}")
    if state.phase is Phase.TAKING:
        parts.append("taking")
    return ", ".join(parts)
