"""Checking and making the special moves of `shield` and `veryu_ne_veryu` (VARIANTS.md §5.4).

* `shield` (§4.47): the ticket (a trump of the attack's rank shown, not played) sends the attack
  back counter-clockwise; its receiver must beat (§4.47.9). More than 10 thrown-in cards are
  resolved by the defender returning the excess (§4.47.13).
* `veryu_ne_veryu` (§4.12): defence cards lie face down; anyone but the defender may say
  "I doubt"; the card is turned and the doubter or the defender takes the table (§4.12.2-3).

The moves are in :mod:`referee.special_moves`; :func:`referee.engine.register_move` wires them in.
"""

from __future__ import annotations

from referee.beats import cover_failure
from referee.bout import kept_by_order, thrown_in_excess, ticket_receiver
from referee.cards import UNKNOWN_CARD, Card, CardSet
from referee.engine import (
    _deck_set,
    _find_pair,
    _Judgement,
    _seen_elsewhere,
    _source,
    _take_cards,
    _v,
    register_move,
)
from referee.errors import InvalidMove
from referee.moves import seat_letter
from referee.resolution import resolve_challenge
from referee.rules import TransferMode
from referee.special_moves import Doubt, FaceDownBeat, ReturnExcess, Ticket
from referee.state import GameState, Hand, Pair, Phase, evolve
from referee.verdicts import Code

THROW_IN_CAP_RULE = "§4.47.12-13"


def _set_hand(hands: tuple[Hand, ...], seat: int, hand: Hand) -> tuple[Hand, ...]:
    return (*hands[:seat], hand, *hands[seat + 1 :])


def _not_in_game(j: _Judgement, move: object, variant: str) -> None:
    j.violation = _v(Code.MOVE_NOT_IN_GAME, "B17", move=move, game=variant)


# --- shield: the ticket (§4.47.9) ---------------------------------------------------------


def _ticket_not_allowed(j: _Judgement, why: str, why_ru: str) -> None:
    j.violation = _v(Code.TICKET_NOT_ALLOWED, "§4.47.9", why=why, why_ru=why_ru)


def _check_ticket(state: GameState, move: Ticket, j: _Judgement) -> None:
    rules = state.rules
    if rules.transfer_mode is not TransferMode.WITH_TICKET_REVERSE:
        _not_in_game(j, "ticket", rules.variant)
        return
    if state.phase is not Phase.DEFENCE:
        _ticket_not_allowed(j, "no attack to send back", "нечего возвращать")
        return
    if move.player != state.defender:
        j.violation = _v(
            Code.NOT_DEFENDER,
            "§4.47.9",
            defender=seat_letter(state.defender),
            action="show a ticket",
            action_ru="показывать проездной",
        )
        return
    if state.ticket_rank is not None:
        j.violation = _v(Code.MUST_BEAT_AFTER_TICKET, "§4.47.9", who=seat_letter(move.player))
        return
    uncovered = state.uncovered()
    if len(uncovered) != len(state.table):
        _ticket_not_allowed(
            j, "a card has been beaten already [assumption]", "уже есть побитая карта"
        )
        return
    ranks = {p.attack.rank for p in uncovered}
    if len(ranks) != 1 or None in ranks:
        _ticket_not_allowed(
            j,
            "the attack cards do not share one rank (a joker has none)",
            "у карт атаки нет общего достоинства (у джокера его нет)",
        )
        return
    card, violation = _source(state, move.player, move.card, set())
    if violation is not None:
        j.violation = violation
        return
    j.move = Ticket(move.player, card)
    (rank,) = ranks
    if card.rank != rank or state.trump_suit is None or card.suit != state.trump_suit:
        assert rank is not None
        _ticket_not_allowed(
            j,
            f"{card} is not a trump of rank {rank.letter}",
            f"{card} не козырь достоинства {rank.letter}",
        )
        return
    receiver = ticket_receiver(state)
    if receiver == state.defender:
        _ticket_not_allowed(j, "nobody to send the attack back to", "возвращать некому")
        return
    held = state.hands[receiver].count
    if rules.receiver_must_hold_enough and held < len(uncovered):
        j.violation = _v(
            Code.TRANSFER_RECEIVER_CANNOT_COVER,
            "§4.47.9 + §4.3(b)",
            receiver=seat_letter(receiver),
            held=held,
            needed=len(uncovered),
        )
        return
    if not state.full_info and card not in state.hands[move.player].known:
        j.cannot_check(
            f"{seat_letter(move.player)}'s hand is not seen: {card} assumed to be in it",
            f"рука {seat_letter(move.player)} не видна: считаем, что {card} в ней",
        )


def _play_ticket(state: GameState, move: Ticket) -> GameState:
    receiver = ticket_receiver(state)
    hand = state.hands[move.player]
    # the card is shown over the table: it stays in the hand, and the table knows it is there
    shown = Hand(hand.count, hand.known.add(move.card), hand.seen.add(move.card))
    return evolve(
        state,
        hands=_set_hand(state.hands, move.player, shown),
        defender=receiver,
        defender_quota=state.hands[receiver].count,
        covered_at_handover=0,
        passed=frozenset(),
        ticket_rank=move.card.rank,
    )


# --- shield: more than 10 thrown in (§4.47.13) -----------------------------------------------


def _return_not_allowed(j: _Judgement, why: str, why_ru: str) -> None:
    j.violation = _v(Code.RETURN_NOT_ALLOWED, THROW_IN_CAP_RULE, why=why, why_ru=why_ru)


def _check_return(state: GameState, move: ReturnExcess, j: _Judgement) -> None:
    rules = state.rules
    if rules.throw_in_cap is None:
        _not_in_game(j, "return", rules.variant)
        return
    if state.phase is not Phase.DEFENCE:
        _return_not_allowed(j, "no bout is open", "кон не начат")
        return
    if move.player != state.defender:
        j.violation = _v(
            Code.NOT_DEFENDER,
            THROW_IN_CAP_RULE,
            defender=seat_letter(state.defender),
            action="return thrown-in cards",
            action_ru="возвращать подкинутое",
        )
        return
    excess = thrown_in_excess(state)
    if excess == 0:
        _return_not_allowed(
            j,
            f"no more than {rules.throw_in_cap} cards have been thrown in",
            f"подкинуто не больше {rules.throw_in_cap} карт",
        )
        return
    if move.by_order:
        returned = kept_by_order(state)
        if any(p.cover is not None for p in state.table if p.thrown and p.attack in returned):
            _return_not_allowed(
                j,
                "the rule's order would return a card already beaten: name the cards",
                "по порядку пришлось бы вернуть побитую карту: назовите карты",
            )
        return
    open_thrown = [p.attack for p in state.table if p.thrown and p.cover is None]
    resolved: list[Card] = []
    for card in move.returned:
        # the copy named, else the other copy of the same face (two decks)
        options = [c for c in open_thrown if c == card] + [
            c for c in open_thrown if c.face == card.face
        ]
        physical = next((c for c in options if c not in resolved), None)
        if physical is None:
            _return_not_allowed(
                j,
                f"{card} is not an uncovered thrown-in card",
                f"{card} не лежит непобитой подкинутой картой",
            )
            return
        resolved.append(physical)
    if len(resolved) != excess:
        _return_not_allowed(
            j,
            f"exactly the {excess} card(s) over {rules.throw_in_cap} go back [assumption]",
            f"возвращаются ровно {excess} карт(ы) сверх {rules.throw_in_cap}",
        )
        return
    j.move = ReturnExcess(move.player, tuple(resolved))


def _play_return(state: GameState, move: ReturnExcess) -> GameState:
    returned = kept_by_order(state) if move.by_order else move.returned
    hands = state.hands
    table: list[Pair] = []
    left = set(returned)
    for pair in state.table:
        if pair.thrown and pair.cover is None and pair.attack in left:
            left.discard(pair.attack)
            hand = hands[pair.by]
            back = Hand(hand.count + 1, hand.known.add(pair.attack), hand.seen.add(pair.attack))
            hands = _set_hand(hands, pair.by, back)
        else:
            table.append(pair)
    # the throwers are done: whatever they add now is over the cap again
    throwers = frozenset(s for s in range(state.players) if s != state.defender)
    return evolve(state, hands=hands, table=tuple(table), passed=throwers)


# --- veryu_ne_veryu: face-down beats and "I doubt" (§4.12) ------------------------------------


def _doubt_not_allowed(j: _Judgement, why: str, why_ru: str) -> None:
    j.violation = _v(Code.DOUBT_NOT_ALLOWED, "§4.12.2", why=why, why_ru=why_ru)


def _check_face_down(state: GameState, move: FaceDownBeat, j: _Judgement) -> None:
    if not state.rules.face_down_with_challenge:
        _not_in_game(j, "facedown", state.rules.variant)
        return
    who = seat_letter(move.player)
    if state.phase is not Phase.DEFENCE:
        why = (
            ("the defender has said take", "отбивающийся уже берёт")
            if state.phase is Phase.TAKING
            else ("no bout is open", "кон не начат")
        )
        j.violation = _v(Code.OUT_OF_TURN, "§4.12.1", who=who, why=why[0], why_ru=why[1])
        return
    if move.player != state.defender:
        j.violation = _v(
            Code.NOT_DEFENDER,
            "§4.12.1",
            defender=seat_letter(state.defender),
            action="beat",
            action_ru="отбиваться",
        )
        return
    target = _find_pair(state, move.covers)
    if target is None:
        j.violation = _v(Code.NOT_ON_TABLE, "§4.12.1", covers=move.covers)
        return
    if target.cover is not None:
        j.violation = _v(Code.ALREADY_COVERED, "§4.12.1", covers=move.covers)
        return
    if move.card == UNKNOWN_CARD:
        if state.full_info:
            raise InvalidMove("in full information a face-down beat names its card")
        if state.hands[move.player].count == 0:
            j.violation = _v(Code.NO_CARDS_LEFT, "B14", who=who, count_word="more")
            return
        j.move = FaceDownBeat(move.player, target.attack)
        j.cannot_check(
            "the face-down card is not seen: it is checked if someone doubts (§4.12.2)",
            "закрытая карта не видна: её проверят, если кто-то скажет «не верю» (§4.12.2)",
        )
        return
    (card,) = _take_cards(state, j, move.player, (move.card,))
    j.move = FaceDownBeat(move.player, target.attack, card)


def _play_face_down(state: GameState, move: FaceDownBeat) -> GameState:
    hand = state.hands[move.player]
    known = hand.known.remove(move.card) if state.full_info else CardSet()
    # the camera no longer knows which of the cards it saw go in are still in the hand
    hands = _set_hand(state.hands, move.player, Hand(hand.count - 1, known, CardSet()))
    table = []
    placed = False
    for pair in state.table:
        if not placed and pair.attack == move.covers and pair.cover is None:
            pair = Pair(pair.attack, pair.by, move.card, move.player, True, pair.thrown)
            placed = True
        table.append(pair)
    return evolve(state, hands=hands, table=tuple(table))


def _check_doubt(state: GameState, move: Doubt, j: _Judgement) -> None:
    rules = state.rules
    if not rules.face_down_with_challenge:
        _not_in_game(j, "doubt", rules.variant)
        return
    if state.phase is not Phase.DEFENCE:
        why = (
            ("the defender takes the table anyway [assumption]", "отбивающийся и так берёт")
            if state.phase is Phase.TAKING
            else ("no bout is open", "кон не начат")
        )
        _doubt_not_allowed(j, why[0], why[1])
        return
    if move.player == state.defender:
        _doubt_not_allowed(
            j, "the defender does not doubt his own card", "отбивающийся не сомневается в себе"
        )
        return
    if move.player in state.finished:
        _doubt_not_allowed(j, f"{seat_letter(move.player)} is out", "он вышел")
        return
    pair = next((p for p in state.table if p.face_down and p.attack.face == move.covers.face), None)
    if pair is None:
        _doubt_not_allowed(
            j,
            f"no face-down card lies on {move.covers}",
            f"на {move.covers} нет закрытой карты",
        )
        return
    assert pair.cover is not None
    if pair.cover != UNKNOWN_CARD:
        if move.card not in (UNKNOWN_CARD, pair.cover) and move.card.face != pair.cover.face:
            j.violation = _v(
                Code.REVEAL_WRONG_CARD,
                "§4.12.2",
                card=move.card,
                why=f"the face-down card is {pair.cover}",
                why_ru=f"закрытая карта — {pair.cover}",
            )
            return
        j.move = Doubt(move.player, pair.attack, pair.cover)
        return
    if move.card == UNKNOWN_CARD:
        raise InvalidMove(f"{seat_letter(move.player)}:doubt needs the card turned up: 7h/9h")
    card = move.card
    violation = None
    if card not in _deck_set(state):
        violation = _v(Code.CARD_NOT_IN_DECK, "B1", card=card)
    else:
        violation = _seen_elsewhere(state, card, state.defender)
    if violation is not None:
        j.violation = violation
        return
    j.move = Doubt(move.player, pair.attack, card)


def _play_doubt(state: GameState, move: Doubt) -> GameState:
    table = tuple(
        Pair(p.attack, p.by, move.card, p.covered_by, False, p.thrown)
        if p.face_down and p.attack == move.covers
        else p
        for p in state.table
    )
    correct = cover_failure(state, state.defender, move.covers, move.card) is None
    state = evolve(state, table=table)
    return resolve_challenge(state, taker=move.player if correct else state.defender)


register_move(Ticket, _check_ticket, _play_ticket)
register_move(ReturnExcess, _check_return, _play_return)
register_move(FaceDownBeat, _check_face_down, _play_face_down)
register_move(Doubt, _check_doubt, _play_doubt)
