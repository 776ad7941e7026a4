"""The table played on: an illegal move that the players left lying and played after.

A verdict takes no card back. When the players go on with an illegal card lying where it was laid
(the defender beats it, someone throws in beside it, the bout is closed over it), the game they
play is the one with that card on the table, and a referee that kept judging the game without it
would call every later move of the bout illegal. :func:`play_on` makes such a move as the table
made it. Only moves a table can hold are kept: a lead out of turn (its leader becomes the
attacker, the next seat in the game the defender), a beat that does not beat or by another seat
than the defender, a throw-in the rules forbid, a transfer of a game with transfers that breaks
their rules (in a game without transfers, what the table made of one is not known: not kept). A
card the table shows elsewhere, or a player with too few cards, is no physical move: it stays a
misreading and is not kept.

The record notes a kept move with a ``played_on`` event (:meth:`referee.record.GameRecord.play_on`);
replays make it again. Only the configurable Durak engine keeps moves; other engines keep none.
"""

from __future__ import annotations

from referee.cards import Card
from referee.engine import _play, _source
from referee.engine import check as durak_check
from referee.moves import Attack, Defend, Move, ThrowIn, Transfer, move_cards
from referee.state import NO_SEAT, GameState, Phase, evolve
from referee.verdicts import Code

KEPT_CODES = frozenset(
    code.value
    for code in (
        Code.OUT_OF_TURN,
        Code.NOT_DEFENDER,
        Code.DOES_NOT_BEAT,
        Code.ATTACK_FORM,
        Code.ATTACK_LIMIT,
        Code.THROW_IN_NOT_ALLOWED,
        Code.THROW_IN_BEFORE_BEAT,
        Code.THROW_IN_NO_MATCH,
        Code.THROW_IN_PRIORITY,
        Code.THROWN_IN_OVER_CAP,
        Code.TRANSFER_AFTER_BEAT,
        Code.TRANSFER_RANK,
        Code.TRANSFER_RECEIVER_CANNOT_COVER,
        Code.MUST_FOLLOW_SUIT,
    )
)
"""Verdicts on moves that a table can hold (what the rules forbid, not what cannot be)."""


def play_on(state: object, move: Move) -> GameState | None:
    """The state after ``move``, judged illegal in ``state``, made as the table made it; None when
    the move is legal, is no physical move (see the module), or the engine keeps no moves."""
    if not isinstance(state, GameState) or state.is_over or state.rules.random_selection:
        return None
    verdict = durak_check(state, move)
    if verdict.ok or verdict.code not in KEPT_CODES or not _cards_can_be_held(state, move):
        return None
    match move:
        case Attack(from_stock=False) if not state.table and state.phase is Phase.ATTACK:
            # a lead out of turn: its leader attacks, the next seat in the game defends
            return _play(evolve(state, attacker=NO_SEAT, defender=NO_SEAT), move)
        case Defend(covers=covers) if any(
            p.attack == covers and p.cover is None for p in state.table
        ):
            return _play(state, move)
        case ThrowIn() | Transfer() if state.table and state.phase is not Phase.ATTACK:
            return _play(state, move)
    return None


def _cards_can_be_held(state: GameState, move: Move) -> bool:
    """Every card of ``move`` can be in its player's hand (not seen elsewhere, enough cards)."""
    cards = move_cards(move)
    player = move.player
    if not cards or not 0 <= player < state.players:
        return False
    if state.hands[player].count < len(cards):
        return False
    used: set[Card] = set()
    for card in cards:
        physical, violation = _source(state, player, card, used)
        if violation is not None:
            return False
        used.add(physical)
    return True
