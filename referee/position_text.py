"""A short description of a position, for verdict messages (English and Russian)."""

from __future__ import annotations

from referee.bout import dummy_controller
from referee.cards import Suit
from referee.moves import seat_letter
from referee.state import NO_SEAT, GameState, Phase

_WORDS = {
    "en": (
        "bout",
        "game over",
        "{a} attacks {d}",
        "first attack",
        "trump",
        "none",
        "table",
        "taking",
    ),
    "ru": (
        "кон",
        "партия окончена",
        "{a} ходит под {d}",
        "первый ход",
        "козырь",
        "нет",
        "стол",
        "берёт",
    ),
}


def describe(state: GameState, lang: str = "en") -> str:
    bout, over, attacks, first, trump, none, table, taking = _WORDS.get(lang, _WORDS["en"])
    parts = [f"{bout} {state.bouts + 1}"]
    if state.phase is Phase.OVER:
        parts.append(over)
    elif state.attacker != NO_SEAT:
        parts.append(attacks.format(a=seat_letter(state.attacker), d=seat_letter(state.defender)))
    else:
        parts.append(first)
    parts.append(f"{trump} {_trump_text(state, none)}")
    if state.table:
        pairs = " ".join(
            f"{p.attack}/{'??' if p.face_down else p.cover}" if p.cover else str(p.attack)
            for p in state.table
        )  # a face-down cover (`veryu_ne_veryu`) is never told
        parts.append(f"{table} {pairs}")
    if state.phase is Phase.TAKING:
        parts.append(taking)
    if state.dummy_seat != NO_SEAT and state.phase is not Phase.OVER:
        by = dummy_controller(state)
        word, played = ("болван", "играет") if lang == "ru" else ("dummy", "played by")
        parts.append(
            f"{word} {seat_letter(state.dummy_seat)}"
            + (f", {played} {seat_letter(by)}" if by != NO_SEAT else "")
        )
    return ", ".join(parts)


def _trump_text(state: GameState, none: str) -> str:
    """The trump suit; a colour's two suits (`two_jokers`); each seat's own (personal trumps)."""
    if state.personal_trumps:
        return " ".join(
            f"{seat_letter(seat)}{card.suit.symbol if card.suit else none}"
            for seat, card in enumerate(state.personal_trumps)
        )
    if state.trump_joker is not None:
        red = state.trump_joker.is_red
        return "".join(s.symbol for s in Suit if s.is_red == red)
    return state.trump_suit.symbol if state.trump_suit else none
