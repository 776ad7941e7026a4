"""What a phone shows of a game state: the public table as plain JSON values.

Only what the referee may know at a real table goes out: the trump card, the stock count, the
table pairs, hand sizes and the cards seen going into a hand, the roles, and whose move it is
(in English and Russian). Durak-engine states are shown in full; the other engines (relay games,
trick and shedding games) show their hand counts and the engine's own description.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from referee.game import State, bout_number, describe, outcome
from referee.moves import format_move, seat_letter
from referee.record import Event, Header, header_in_force, replay
from referee.state import NO_SEAT, GameState, Phase


def _card(card: object) -> str | None:
    return None if card is None else str(card)


def throwers(state: GameState) -> list[int]:
    """Seats that may still throw in this bout, in priority order (B9: the attacker first, then
    clockwise), the defender and those who passed left out."""
    if state.phase not in (Phase.DEFENCE, Phase.TAKING) or not state.rules.throw_in_enabled:
        return []
    if state.attacker == NO_SEAT:
        return []
    n = state.players
    out = []
    for step in range(n):
        seat = (state.attacker + step) % n
        if seat == state.defender or not state.in_game(seat) or seat in state.passed:
            continue
        if state.hands[seat].count == 0:
            continue
        out.append(seat)
    return out


def _turn(state: GameState, names: tuple[str, ...]) -> tuple[str, str]:
    def who(seat: int) -> str:
        name = names[seat] if seat < len(names) else ""
        return f"{seat_letter(seat)} ({name})" if name else seat_letter(seat)

    if state.phase is Phase.OVER:
        return "the game is over", "партия окончена"
    if state.attacker == NO_SEAT:
        return "first lead", "первый ход"
    attacker, defender = who(state.attacker), who(state.defender)
    if state.phase is Phase.ATTACK:
        return f"{attacker} leads against {defender}", f"{attacker} ходит под {defender}"
    throw = [who(s) for s in throwers(state)]
    throw_en = f"; {throw[0]} may throw in first" if throw else ""
    throw_ru = f"; первым подкидывает {throw[0]}" if throw else ""
    if state.phase is Phase.TAKING:
        return f"{defender} takes{throw_en}", f"{defender} берёт{throw_ru}"
    if state.uncovered():
        return f"{defender} beats or takes{throw_en}", f"{defender} отбивается или берёт{throw_ru}"
    if throw:
        return f"all beaten; {throw[0]} may throw in", f"всё побито; подкидывает {throw[0]}"
    return "all beaten: bito", "всё побито: бито"


def table_view(state: State, names: tuple[str, ...]) -> dict[str, Any]:
    """The public table of ``state`` as JSON values."""
    result = outcome(state)
    out: dict[str, Any] = {
        "variant": state.rules.variant,
        "over": bool(state.is_over),
        "result": None if result is None else result.to_dict(),
        "describe": describe(state, "en"),
        "describe_ru": describe(state, "ru"),
    }
    if not isinstance(state, GameState):
        hands = getattr(state, "hands", ())
        out["players"] = [
            {
                "seat": seat_letter(i),
                "name": names[i] if i < len(names) else "",
                "count": getattr(h, "count", None),
                "known": [],
                "roles": [],
            }
            for i, h in enumerate(hands)
        ]
        out.update(
            trump=None, trump_suit=None, stock=None, discard=None, table=[], bout=None, turn=None
        )
        return out
    may_throw = throwers(state)
    players = []
    for seat, hand in enumerate(state.hands):
        roles = []
        if not state.in_game(seat):
            roles.append("out")
        elif seat == state.attacker:
            roles.append("attacker")
        if seat == state.defender and state.in_game(seat):
            roles.append("defender")
        if seat in may_throw:
            roles.append("thrower")
        players.append(
            {
                "seat": seat_letter(seat),
                "name": names[seat] if seat < len(names) else "",
                "count": hand.count,
                "known": sorted(str(c) for c in hand.seen),
                "roles": roles,
                "first_thrower": bool(may_throw) and may_throw[0] == seat,
            }
        )
    turn_en, turn_ru = _turn(state, names)
    out.update(
        players=players,
        trump=_card(state.trump_card),
        trump_suit=None if state.trump_suit is None else state.trump_suit.value,
        stock=state.stock_count,
        discard=len(state.discard),
        table=[
            {
                "attack": str(p.attack),
                "cover": None if p.cover is None else ("??" if p.face_down else str(p.cover)),
                "by": seat_letter(p.by) if p.by >= 0 else None,
                "covered_by": seat_letter(p.covered_by) if p.covered_by >= 0 else None,
            }
            for p in state.table
        ],
        phase=state.phase.value,
        bout=state.bouts + 1,
        attacker=None if state.attacker == NO_SEAT else seat_letter(state.attacker),
        defender=None if state.defender == NO_SEAT else seat_letter(state.defender),
        turn=turn_en,
        turn_ru=turn_ru,
    )
    return out


def replay_bouts(header: Header, events: Sequence[Event]) -> list[dict[str, Any]]:
    """The game bout by bout: each bout's moves with their verdicts, the table at its fullest
    (just before the bout closed) and the table after it."""
    state = header_in_force(header, events).start_state()
    bouts: list[dict[str, Any]] = []
    current: dict[str, Any] | None = None
    fullest = state
    for step in replay(header, events):
        number = bout_number(state)
        if current is None or current["number"] != number + 1:
            current = {"number": number + 1, "moves": []}
            bouts.append(current)
        verdict = step.verdict
        assert step.event.move is not None
        current["moves"].append(
            {
                "seq": step.event.seq,
                "move": format_move(step.event.move),
                "legal": verdict.ok,
                "code": verdict.code,
                "rule": None if verdict.violation is None else verdict.violation.rule,
                "message": verdict.message("en"),
                "message_ru": verdict.message("ru"),
                "source": step.event.source,
                "note": step.event.note,
            }
        )
        if getattr(step.state, "table", None) or not getattr(fullest, "table", None):
            fullest = step.state
        if bout_number(step.state) != number or step.state.is_over:
            current["table"] = table_view(fullest, header.players)
            current["after"] = table_view(step.state, header.players)
            current = None
            fullest = step.state
        state = step.state
    if current is not None:
        current["table"] = table_view(fullest, header.players)
        current["after"] = table_view(state, header.players)
    return bouts
