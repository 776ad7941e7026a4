"""Test helpers for the games that are not Durak (`armenian_2`, `czech`, `pasyansny`): positions
with known hands, and scripts of moves with their expected verdict codes."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

from referee import CardSet, check_and_apply, parse_cards, parse_move, rules_for
from referee.cards import Card, Suit
from referee.engines.maumau import MauMauState
from referee.engines.trick import Pile, Step, TrickState
from referee.game import deal
from referee.setup import deck_of
from referee.state import Hand
from referee.verdicts import Verdict


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def hand(text: str) -> Hand:
    held = cards(text)
    return Hand(len(held), CardSet.of(held))


def run(state: Any, script: Sequence[tuple[str, str | None]]) -> Any:
    """Play ``(move, expected code)`` pairs: None is a legal move (made); an illegal move must be
    refused with that code and leaves the state as it was."""
    for text, code in script:
        verdict, after = check_and_apply(state, parse_move(text))
        assert verdict.code == code, f"{text}: {verdict.message()}"
        if code is not None:
            assert after is state
        state = after
    return state


def judge(state: Any, text: str) -> tuple[Verdict, Any]:
    return check_and_apply(state, parse_move(text))


def czech(
    a: str,
    b: str,
    *,
    option: str = "base",
    pile: str = "",
    stock: str = "",
    turn: int = 0,
    called: str | None = None,
    deck: int = 36,
    whole_stock: bool = True,
    match: tuple[int, int] = (0, 0),
) -> MauMauState:
    """A `czech` position: A and B hold ``a`` and ``b``, the pile (top last), the stock's first
    cards (the rest of the deck follows), A to move unless ``turn`` says otherwise."""
    options = {"czech_option": option}
    if deck != 36:
        options["deck"] = str(deck)
    rules = rules_for("czech", options)
    state = deal(rules, 2, 1, dealer=1)
    held_a, held_b, on_pile, top = cards(a), cards(b), cards(pile), cards(stock)
    used = set(held_a + held_b + on_pile + top)
    rest = [c for c in deck_of(rules) if c not in used] if whole_stock else []
    return replace(
        state,
        hands=(hand(a), hand(b)),
        pile=on_pile,
        stock=(*top, *rest),
        stock_count=len(top) + len(rest),
        turn=turn,
        free=not on_pile,
        called=Suit.parse(called) if called else None,
        match=match,
    )


def armenian(
    a_hand: str,
    b_hand: str,
    a_row: Sequence[tuple[str, str]],
    b_row: Sequence[tuple[str, str]],
    *,
    turn: int = 0,
    match: tuple[int, int] = (0, 0),
    target: str = "21",
) -> TrickState:
    """An `armenian_2` position in play: hands, and rows of (face-up, face-down) card pairs ("-"
    for none), A to play unless ``turn`` says otherwise. The cards not placed are in won tricks
    (split evenly), so the deal has ``(36 - placed) / 2`` tricks played."""
    rules = rules_for("armenian_2", {"target_score": target})
    state = deal(rules, 2, 1, dealer=1)

    def pile(up: str, down: str) -> Pile:
        d = None if down == "-" else Card.parse(down)
        return Pile(None if up == "-" else Card.parse(up), d, d is not None)

    rows = (tuple(pile(*p) for p in a_row), tuple(pile(*p) for p in b_row))
    placed = set(cards(a_hand) + cards(b_hand))
    for row in rows:
        for p in row:
            placed.update(c for c in (p.up, p.down) if c is not None)
    rest = [c for c in deck_of(rules) if c not in placed]
    half = len(rest) // 2
    won = (CardSet.of(rest[:half]), CardSet.of(rest[half:]))
    tricks = (len(rest) // 4, len(rest) // 4)
    return replace(
        state,
        hands=(hand(a_hand), hand(b_hand)),
        rows=rows,
        step=Step.PLAY,
        turn=turn,
        won=won,
        tricks=tricks,
        match=match,
        seen=CardSet.of([p.up for row in rows for p in row if p.up is not None] + rest),
    )
