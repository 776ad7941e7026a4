"""Judging moves of the relay engine (:mod:`referee.engines.relay`): the beat relation of the
relay games, `polsky`'s spread move, and ``check``, which says which rule a move breaks.

In the table view a card from a hidden hand is assumed to come from it (the verdict says so in
``unchecked``); in `polsky` nothing is hidden, since every card a player holds came face up from
the centre.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from referee.cards import Card, CardSet
from referee.engines.relay_state import (
    NINE_OF_DIAMONDS,
    RelayPhase,
    RelayState,
    deck_of,
    is_centre_pile,
    rank_key,
    ranks_in_order,
)
from referee.errors import InvalidMove
from referee.moves import (
    Attack,
    CardMove,
    Defend,
    Done,
    Move,
    Pass,
    RevealTrump,
    Take,
    ThrowIn,
    Transfer,
    format_move,
    seat_letter,
)
from referee.rules import BoutStructure, FirstAttacker, Rules
from referee.state import NO_SEAT
from referee.verdicts import Code, Verdict, Violation

Reason = tuple[str, str]


@dataclass(frozen=True)
class SpreadTurn(CardMove):
    """`polsky`: turn a face-down spread card to beat the top card of the centre pile
    (§4.33.3). If it beats, it is laid on the pile; if not, the player takes the top card and
    the turned card. Notation ``B:spread 9h``."""

    verb: ClassVar[str] = "spread"
    card_needed: ClassVar[str] = "'spread' needs the card turned up, e.g. B:spread 9h"


_SECTIONS = {"chinese": "§4.16", "bez_nazvaniya": "§4.9", "chukchi_2": "§4.46", "polsky": "§4.33"}


_ITEMS = {
    "chinese": {"first": "4", "relay": "5", "beat": "3", "lead": "6"},
    "bez_nazvaniya": {"first": "5", "relay": "6", "beat": "6", "lead": "7"},
    "chukchi_2": {"first": "2", "relay": "3", "beat": "3", "lead": "4"},
    "polsky": {"first": "2", "relay": "3", "beat": "3", "lead": "3"},
}
"""The rule item of each variant's section about a topic: who leads the first relay (first),
whose turn it is and the top card (relay), what beats (beat), who leads a new relay (lead)."""


def _rule(state: RelayState, item: str = "") -> str:
    """``§4.16.5``: the variant's section, and the item (a number, or a topic of ``_ITEMS``)."""
    variant = state.rules.variant
    section = _SECTIONS.get(variant, f"{variant} §4")
    item = _ITEMS.get(variant, {}).get(item, item)
    return f"{section}.{item}" if item else section


def _v(code: Code, rule: str, **params: object) -> Violation:
    return Violation(code, rule, tuple((k, str(v)) for k, v in params.items()))


# --- the beat relation ---------------------------------------------------------------------------


def beat_failure(state: RelayState, top: Card, card: Card) -> Reason | None:
    """Why ``card`` may not be laid on ``top`` (English, Russian), or None when it may."""
    rules = state.rules
    assert top.rank is not None and card.rank is not None and top.suit is not None
    if rules.bout_structure is BoutStructure.ASCENDING_SEQUENCE_RELAY:
        order = ranks_in_order(rules)
        at = order.index(top.rank)
        if at + 1 == len(order):
            return ("nothing follows an ace", "на туза класть нечего")
        needed = Card(order[at + 1], top.suit)
        if card == needed:
            return None
        return (f"the next card of the suit is {needed}", f"нужна следующая карта масти: {needed}")
    higher = rank_key(rules, card.rank) > rank_key(rules, top.rank)
    if top.suit in rules.trump_immune_suits:
        if card.suit == top.suit and higher:
            return None
        return (
            f"{top.suit.symbol} can be beaten only by a higher {top.suit.symbol}",
            f"{top.suit.symbol} бьётся только старшей картой той же масти",
        )
    if card.suit == top.suit:
        if higher:
            return None
        return ("a lower card of the same suit does not beat", "младшая карта той же масти не бьёт")
    trump = state.trump_suit
    if trump is not None and card.suit == trump:
        return None
    if trump is not None and top.suit == trump:
        return ("a trump is beaten only by a higher trump", "козырь бьётся только старшим козырем")
    return (
        "a different suit that is not trump does not beat",
        "карта другой масти, не козырь, не бьёт",
    )


def clears(rules: Rules, card: Card, *, lead: bool) -> bool:
    """The instant-clear card: 9D beating (§4.9.9), an ace laid or led (§4.46.4). A clear rank
    (the ace of a game without trumps: nothing can follow or beat it) clears as a lead too; a
    clear card (9D) only when it beats."""
    spec = rules.instant_clear_card
    if spec is None or card.rank is None:
        return False
    if len(spec) == 1:
        return card.rank.letter == spec.upper()
    return not lead and card == Card.parse(spec)


# --- judging -------------------------------------------------------------------------------------


class _Judgement:
    __slots__ = ("earlier", "unchecked", "unchecked_ru", "violation")

    def __init__(self) -> None:
        self.violation: Violation | None = None
        self.unchecked: list[str] = []
        self.unchecked_ru: list[str] = []
        self.earlier: list[Violation] = []

    def cannot_check(self, en: str, ru: str) -> None:
        self.unchecked.append(en)
        self.unchecked_ru.append(ru)


def _elsewhere(state: RelayState, card: Card, player: int) -> Violation | None:
    """Why ``card`` cannot come from ``player``'s hand or the spread: it is seen elsewhere."""
    if card not in CardSet.of(deck_of(state.rules)):
        return _v(Code.CARD_NOT_IN_DECK, "B1", card=card)
    if card in state.pile:
        where = ("on the centre pile", "в центре") if is_centre_pile(state.rules) else None
        where = where or ("on the relay stack", "в стопке")
        return _v(Code.CARD_ALREADY_PLAYED, "B1", card=card, where=where[0], where_ru=where[1])
    if card in state.discard:
        return _v(
            Code.CARD_ALREADY_PLAYED,
            "B1",
            card=card,
            where="in the discard pile",
            where_ru="в отбое",
        )
    for seat, hand in enumerate(state.hands):
        if seat != player and card in hand.known:
            return _v(Code.CARD_IN_ANOTHER_HAND, "B16", card=card, owner=seat_letter(seat))
    if card == state.trump_card and is_centre_pile(state.rules):
        return _v(Code.CARD_OUT_OF_PLAY, _rule(state, "1"), card=card)
    return None


def _from_hand(state: RelayState, player: int, card: Card, j: _Judgement) -> None:
    hand = state.hands[player]
    if card == NINE_OF_DIAMONDS and state.nine_claim not in (NO_SEAT, player):
        claimed = seat_letter(state.nine_claim)
        j.earlier.append(
            _v(
                Code.OUT_OF_TURN,
                _rule(state, "first"),
                who=claimed,
                why=f"he led first, but {seat_letter(player)} held 9D",
                why_ru=f"он ходил первым, а 9♦ был у {seat_letter(player)}",
            )
        )
    if card in hand.known:
        return
    j.violation = _elsewhere(state, card, player)
    if j.violation is not None:
        return
    who = seat_letter(player)
    if hand.count == 0:
        j.violation = _v(Code.NO_CARDS_LEFT, "B14", who=who, count_word="more")
    elif hand.fully_known:
        j.violation = _v(Code.NOT_IN_HAND, "B16", who=who, card=card)
    else:
        j.cannot_check(
            f"{who}'s hand is not seen: {card} assumed to come from it",
            f"рука {who} не видна: считаем, что {card} из неё",
        )


def _from_spread(state: RelayState, card: Card, j: _Judgement) -> None:
    if state.stock_count == 0:
        j.violation = _v(
            Code.SPREAD_RULE,
            _rule(state, "5"),
            why="the spread is exhausted",
            why_ru="россыпь кончилась",
        )
        return
    if state.full_info:
        if card in state.stock:
            return
        j.violation = _elsewhere(state, card, NO_SEAT) or _v(
            Code.SPREAD_RULE,
            _rule(state, "3"),
            why=f"{card} is not a face-down spread card",
            why_ru=f"{card} не лежит рубашкой вверх в россыпи",
        )
        return
    j.violation = _elsewhere(state, card, NO_SEAT)
    if j.violation is None and state.trump_card is None and card.suit == state.trump_suit:
        j.cannot_check(
            f"the trump card in the centre was not seen: {card} assumed to be a spread card",
            f"козырь в центре не виден: считаем, что {card} из россыпи",
        )


def _turn_check(state: RelayState, player: int, phase: RelayPhase, j: _Judgement) -> bool:
    """Is it ``player``'s turn to lead (LEAD) or to beat (BEAT)?"""
    who = seat_letter(player)
    if not state.in_game(player):
        j.violation = _v(Code.OUT_OF_TURN, "B14", who=who, why="he is out", why_ru="он вышел")
        return False
    if state.phase is not phase:
        if phase is RelayPhase.LEAD:
            turn = seat_letter(state.turn)
            why = (
                (f"{turn} must beat {state.top}", f"{turn} должен побить {state.top}")
                if is_centre_pile(state.rules) and state.stock_count > 0
                else (
                    f"{turn} must beat {state.top} or take",
                    f"{turn} должен побить {state.top} или взять",
                )
            )
            j.violation = _v(
                Code.OUT_OF_TURN, _rule(state, "relay"), who=who, why=why[0], why_ru=why[1]
            )
        else:
            turn = seat_letter(state.turn) if state.turn != NO_SEAT else "?"
            why = (f"{turn} must lead a card", f"{turn} должен сделать ход")
            j.violation = _v(
                Code.OUT_OF_TURN, _rule(state, "lead"), who=who, why=why[0], why_ru=why[1]
            )
        return False
    if state.turn == NO_SEAT or player == state.turn:
        return True
    if phase is RelayPhase.BEAT:
        j.violation = _v(
            Code.NOT_DEFENDER,
            _rule(state, "relay"),
            defender=seat_letter(state.turn),
            action="beat or take now",
            action_ru="сейчас бить или брать",
        )
    else:
        j.violation = _v(
            Code.OUT_OF_TURN,
            _rule(state, "first" if state.bouts == 0 else "lead"),
            who=who,
            why=f"{seat_letter(state.turn)} leads now",
            why_ru=f"сейчас ходит {seat_letter(state.turn)}",
        )
    return False


def _check_lead(state: RelayState, move: Attack, j: _Judgement) -> None:
    if not _turn_check(state, move.player, RelayPhase.LEAD, j):
        return
    if len(move.cards) != 1:
        j.violation = _v(
            Code.ATTACK_FORM,
            "B7",
            cards="+".join(map(str, move.cards)),
            why="a relay is led with one card",
            why_ru="в эстафете ходят одной картой",
        )
        return
    card = move.cards[0]
    if move.from_stock:
        if not is_centre_pile(state.rules):
            j.violation = _v(
                Code.STOCK_LEAD_NOT_ALLOWED,
                "B7",
                why="this variant leads from the hand only",
                why_ru="в этом варианте ходят только с руки",
            )
            return
        _from_spread(state, card, j)
    else:
        _from_hand(state, move.player, card, j)
    if j.violation is None and state.turn == NO_SEAT:
        _note_first_leader(state, move.player, card, j)


def _note_first_leader(state: RelayState, player: int, card: Card, j: _Judgement) -> None:
    rules = state.rules
    if rules.first_attacker is FirstAttacker.HOLDER_OF_9D and card != NINE_OF_DIAMONDS:
        holder = next(
            (s for s, h in enumerate(state.hands) if NINE_OF_DIAMONDS in h.known), NO_SEAT
        )
        if holder not in (NO_SEAT, player):
            j.violation = _v(
                Code.OUT_OF_TURN,
                _rule(state, "first"),
                who=seat_letter(player),
                why=f"{seat_letter(holder)} holds 9D and leads first",
                why_ru=f"у {seat_letter(holder)} 9♦, он ходит первым",
            )
            return
        j.cannot_check(
            "the first leader holds 9D (§4.9.5): hands are not seen (checked when 9D shows)",
            "первым ходит тот, у кого 9♦ (§4.9.5): руки не видны (проверим, когда 9♦ покажется)",
        )
    elif rules.first_attacker is FirstAttacker.LOWEST_TRUMP:
        j.cannot_check(
            "the first leader holds the lowest trump (B6): hands are not seen",
            "первым ходит тот, у кого младший козырь (B6): руки не видны",
        )


def _check_beat(state: RelayState, move: Defend, j: _Judgement) -> None:
    if not _turn_check(state, move.player, RelayPhase.BEAT, j):
        return
    top = state.top
    assert top is not None
    if move.covers != top:
        j.violation = _v(Code.NOT_TOP_CARD, _rule(state, "relay"), covers=move.covers, top=top)
        return
    _from_hand(state, move.player, move.card, j)
    if j.violation is None:
        why = beat_failure(state, top, move.card)
        if why is not None:
            j.violation = _v(
                Code.DOES_NOT_BEAT,
                _rule(state, "beat"),
                card=move.card,
                covers=top,
                why=why[0],
                why_ru=why[1],
            )


def _check_spread_turn(state: RelayState, move: SpreadTurn, j: _Judgement) -> None:
    if not is_centre_pile(state.rules):
        j.violation = _v(
            Code.SPREAD_RULE,
            _rule(state),
            why=f"{state.rules.variant} has no spread",
            why_ru="в этом варианте нет россыпи",
        )
        return
    if _turn_check(state, move.player, RelayPhase.BEAT, j):
        _from_spread(state, move.card, j)


def _check_take(state: RelayState, move: Take, j: _Judgement) -> None:
    if not _turn_check(state, move.player, RelayPhase.BEAT, j):
        return
    if is_centre_pile(state.rules) and state.stock_count > 0:
        j.violation = _v(
            Code.SPREAD_RULE,
            _rule(state, "3"),
            why="while the spread lasts, beat from the hand or turn a spread card",
            why_ru="пока есть россыпь, бьют с руки или открывают карту из россыпи",
        )


def _check_other(state: RelayState, move: Move, j: _Judgement) -> None:
    rule = _rule(state, "relay")
    match move:
        case ThrowIn():
            j.violation = _v(
                Code.THROW_IN_NOT_ALLOWED,
                rule,
                why="nobody throws in to a relay",
                why_ru="в эстафете не подкидывают",
            )
        case Transfer():
            j.violation = _v(
                Code.TRANSFER_NOT_ALLOWED,
                rule,
                why="a relay passes on only beaten cards",
                why_ru="в эстафете не переводят",
            )
        case Pass():
            j.violation = _v(
                Code.PASS_NOT_ALLOWED,
                rule,
                who=seat_letter(move.player),
                why="in a relay a player leads, beats or takes",
                why_ru="в эстафете ходят, бьют или берут",
            )
        case Done():
            j.violation = _v(
                Code.DONE_NOT_ALLOWED,
                rule,
                why="a relay closes by itself",
                why_ru="эстафета заканчивается сама",
            )
        case RevealTrump():
            j.violation = _v(Code.REVEAL_NOT_DUE, rule)
        case _:
            raise InvalidMove(f"{format_move(move)} is not a move of {state.rules.variant}")


def judge(state: RelayState, move: Move) -> _Judgement:
    if not 0 <= move.player < state.players:
        raise InvalidMove(
            f"seat {seat_letter(move.player)} is not at this table of {state.players}"
        )
    j = _Judgement()
    if state.is_over:
        j.violation = _v(Code.GAME_OVER, "B15")
        return j
    match move:
        case Attack():
            _check_lead(state, move, j)
        case Defend():
            _check_beat(state, move, j)
        case SpreadTurn():
            _check_spread_turn(state, move, j)
        case Take():
            _check_take(state, move, j)
        case _:
            _check_other(state, move, j)
    return j


def verdict(state: RelayState, move: Move, j: _Judgement) -> Verdict:
    return Verdict(
        format_move(move),
        state,
        j.violation,
        tuple(j.unchecked),
        tuple(j.unchecked_ru),
        tuple(j.earlier) if j.violation is None else (),
    )


def check(state: RelayState, move: Move) -> Verdict:
    """Judge ``move``: legal, or the rule it breaks."""
    return verdict(state, move, judge(state, move))
