"""The pure engine API: ``check`` a move, ``apply`` it, read the ``outcome``.

``check`` judges a move against everything the state knows. In a full-information game that is
every hand; in the table view it is what the table has shown, and the rules that need a hidden
hand are listed in the verdict's ``unchecked``. ``apply`` never changes its input.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from referee.beats import Reason, beat_failure, cover_failure, defence_trump
from referee.bout import (
    attack_form_failure,
    attack_limit,
    bout_cap,
    defender_has_beaten,
    defender_may_self_throw,
    priority_holder,
    reopens_throw_ins,
    room_for,
    table_ranks,
    thrown_in_excess,
    transfer_receiver,
)
from referee.cards import Card, CardSet
from referee.errors import IllegalMove, InvalidMove
from referee.moves import (
    Attack,
    Defend,
    Done,
    Move,
    Pass,
    RevealTrump,
    Take,
    ThrowIn,
    Transfer,
    VariantMove,
    format_move,
    seat_letter,
)
from referee.resolution import face_up_played, resolve_success, resolve_take, settle
from referee.rules import AttackForm, ThrowInMatch, ThrowInWho, TransferMode, TrumpSource
from referee.setup import deck_of
from referee.state import NO_SEAT, GameState, Hand, Pair, Phase, evolve
from referee.stock_moves import TurnTrumps
from referee.verdicts import Code, Verdict, Violation

_DECK_CACHE: dict[tuple[int, int, int, bool, bool], CardSet] = {}


def _deck_set(state: GameState) -> CardSet:
    r = state.rules
    key = (r.deck_ranks, r.deck_copies, r.jokers, r.blank_card, r.one_joker_removed)
    deck = _DECK_CACHE.get(key)
    if deck is None:
        deck = _DECK_CACHE[key] = CardSet.of(deck_of(r))
    return deck


def _v(code: Code, rule: str, **params: object) -> Violation:
    return Violation(code, rule, tuple((k, str(v)) for k, v in params.items()))


class _Judgement:
    """The resolved move (physical card copies chosen) and what was found."""

    __slots__ = ("move", "unchecked", "unchecked_ru", "violation")

    def __init__(self, move: Move) -> None:
        self.move = move
        self.violation: Violation | None = None
        self.unchecked: list[str] = []
        self.unchecked_ru: list[str] = []

    def cannot_check(self, en: str, ru: str) -> None:
        self.unchecked.append(en)
        self.unchecked_ru.append(ru)

    def verdict(self, move: Move, state: GameState) -> Verdict:
        return Verdict(
            format_move(move),
            state,
            self.violation,
            tuple(self.unchecked),
            tuple(self.unchecked_ru),
        )


# --- card provenance --------------------------------------------------------------------------


def _source(
    state: GameState, player: int, card: Card, used: set[Card]
) -> tuple[Card, Violation | None]:
    """The physical card ``player`` plays for ``card``, or why he cannot have it."""
    candidates = (card,) if state.rules.deck_copies == 1 else (card, card.with_copy(1 - card.copy))
    first_violation: Violation | None = None
    for candidate in candidates:
        if candidate in used:
            continue
        violation = _source_violation(state, player, candidate)
        if violation is None:
            return candidate, None
        if first_violation is None:
            first_violation = violation
    if first_violation is None:
        first_violation = _v(Code.NOT_IN_HAND, "B1", who=seat_letter(player), card=card)
    return card, first_violation


def _source_violation(state: GameState, player: int, card: Card) -> Violation | None:
    if card not in _deck_set(state):
        return _v(Code.CARD_NOT_IN_DECK, "B1", card=card)
    hand = state.hands[player]
    if card in hand.known:
        return None
    seen = _seen_elsewhere(state, card, player)
    if seen is not None:
        return seen
    who = seat_letter(player)
    if hand.count == 0:
        return _v(Code.NO_CARDS_LEFT, "B14", who=who, count_word="more")
    if hand.fully_known:
        return _v(Code.NOT_IN_HAND, "B16", who=who, card=card)
    return None


def _seen_elsewhere(state: GameState, card: Card, player: int) -> Violation | None:
    """Why ``card`` cannot be in ``player``'s hand: the table shows it somewhere else."""
    for pair in state.table:
        if card in (pair.attack, pair.cover):
            return _v(
                Code.CARD_ALREADY_PLAYED, "B1", card=card, where="on the table", where_ru="на столе"
            )
    if card in state.discard:
        return _v(
            Code.CARD_ALREADY_PLAYED,
            "B1",
            card=card,
            where="in the discard pile",
            where_ru="в отбое",
        )
    for seat, other in enumerate(state.hands):
        if seat != player and card in other.known:
            return _v(Code.CARD_IN_ANOTHER_HAND, "B16", card=card, owner=seat_letter(seat))
    if card == state.trump_card and state.indicator_in_stock():
        return _v(Code.CARD_IS_TRUMP_INDICATOR, "B5", card=card)
    if card in state.out_of_play:
        return _v(Code.CARD_OUT_OF_PLAY, "B5", card=card)
    return None


def _take_cards(
    state: GameState, j: _Judgement, player: int, cards: tuple[Card, ...]
) -> tuple[Card, ...]:
    """Resolve the physical copies of ``cards`` from ``player``'s hand, noting violations."""
    used: set[Card] = set()
    resolved: list[Card] = []
    for card in cards:
        physical, violation = _source(state, player, card, used)
        used.add(physical)
        resolved.append(physical)
        if violation is not None and j.violation is None:
            j.violation = violation
    hand = state.hands[player]
    if j.violation is None and len(cards) > hand.count:
        j.violation = _v(Code.NO_CARDS_LEFT, "B16", who=seat_letter(player), count_word=len(cards))
    if j.violation is None and not state.full_info:
        unseen = [c for c in resolved if c not in hand.known]
        if unseen:
            shown = " ".join(map(str, unseen))
            j.cannot_check(
                f"{seat_letter(player)}'s hand is not seen: {shown} assumed to come from it",
                f"рука {seat_letter(player)} не видна: считаем, что {shown} из неё",
            )
    return tuple(resolved)


# --- per-move checks --------------------------------------------------------------------------


def _check_attack(state: GameState, move: Attack, j: _Judgement) -> None:
    rules = state.rules
    who = seat_letter(move.player)
    if state.phase is not Phase.ATTACK:
        j.violation = _v(
            Code.OUT_OF_TURN,
            "B7",
            who=who,
            why="a bout is already open (add cards as a throw-in)",
            why_ru="кон уже начат (можно только подкидывать)",
        )
        return
    if state.attacker != NO_SEAT and move.player != state.attacker:
        j.violation = _v(
            Code.OUT_OF_TURN,
            "B6" if state.bouts == 0 else "B11/B12",
            who=who,
            why=f"{seat_letter(state.attacker)} attacks now",
            why_ru=f"сейчас ходит {seat_letter(state.attacker)}",
        )
        return
    if state.attacker == NO_SEAT and move.player == state.dummy_seat:
        if not rules.dummy_may_attack_defend:
            j.violation = _v(
                Code.DUMMY_NO_ROLE, "§4.38.5", who=who, action="attack", action_ru="ходить"
            )
            return
    if state.attacker == NO_SEAT:
        j.cannot_check(
            "first attacker holds the lowest trump (B6): hands are not seen",
            "у первого игрока младший козырь (B6): руки не видны",
        )
    if move.from_stock:
        _check_stock_lead(state, move, j)
        if j.violation is not None:
            return
        cards = move.cards
        if not state.full_info:
            card = cards[0]
            if card not in _deck_set(state):
                j.violation = _v(Code.CARD_NOT_IN_DECK, "B1", card=card)
            else:
                j.violation = _seen_elsewhere(state, card, NO_SEAT)
            if j.violation is not None:
                return
    else:
        cards = _take_cards(state, j, move.player, move.cards)
        if j.violation is not None:
            return
    j.move = Attack(move.player, cards, move.from_stock)
    defender = state.defender if state.attacker != NO_SEAT else state.next_in_game(move.player)
    quota = state.defender_quota if state.attacker != NO_SEAT else state.hands[defender].count
    limit = attack_limit(evolve(state, defender_quota=quota))
    attacker_cards = state.hands[move.player].count + (1 if move.from_stock else 0)
    failure = attack_form_failure(rules, cards, attacker_cards, limit)
    if failure is not None:
        rule = (
            "B7"
            if rules.attack_form is AttackForm.SINGLE
            else f"attack form {rules.attack_form.value}"
        )
        j.violation = _v(
            Code.ATTACK_FORM,
            rule,
            cards="+".join(map(str, cards)),
            why=failure[0],
            why_ru=failure[1],
        )
        return
    if len(cards) > limit:
        j.violation = _v(Code.ATTACK_LIMIT, "B10", total=len(cards), limit=limit)
        return
    if rules.attack_form is AttackForm.HIGHEST_RANK_ONLY and not move.from_stock:
        _check_highest_rank(state, move.player, cards[0], j)


def _check_stock_lead(state: GameState, move: Attack, j: _Judgement) -> None:
    if not state.rules.may_lead_stock_top:
        j.violation = _v(
            Code.STOCK_LEAD_NOT_ALLOWED,
            "B7",
            why="this variant leads from the hand only",
            why_ru="в этом варианте ходят только с руки",
        )
        return
    reserved = 1 if state.indicator_in_stock() else 0
    if state.stock_count - reserved < 1:
        j.violation = _v(
            Code.STOCK_LEAD_NOT_ALLOWED,
            "§4.7",
            why="only the trump card is left in the stock",
            why_ru="в колоде остался только козырь",
        )
        return
    if state.full_info and state.stock[0] != move.cards[0]:
        j.violation = _v(
            Code.STOCK_LEAD_NOT_ALLOWED,
            "§4.7",
            why=f"the top card of the stock is {state.stock[0]}",
            why_ru=f"верхняя карта колоды {state.stock[0]}",
        )


def _check_highest_rank(state: GameState, player: int, card: Card, j: _Judgement) -> None:
    hand = state.hands[player]
    others = [c for c in hand.known if c.rank is not None and c != card]
    higher = [
        c for c in others if card.rank is not None and c.rank is not None and c.rank > card.rank
    ]
    if higher:
        best = max(higher, key=lambda c: c.rank or 0)
        j.violation = _v(
            Code.ATTACK_NOT_HIGHEST_RANK, "§4.15", who=seat_letter(player), higher=best
        )
    elif not hand.fully_known:
        j.cannot_check(
            "lead of the highest rank in hand (§4.15): the hand is not seen",
            "ход старшей картой (§4.15): рука не видна",
        )


def _check_defend(state: GameState, move: Defend, j: _Judgement) -> None:
    if state.phase is Phase.TAKING:
        j.violation = _v(
            Code.OUT_OF_TURN,
            "B11",
            who=seat_letter(move.player),
            why="the defender has said take",
            why_ru="отбивающийся уже берёт",
        )
        return
    if state.phase is not Phase.DEFENCE:
        j.violation = _v(
            Code.OUT_OF_TURN,
            "B8",
            who=seat_letter(move.player),
            why="no bout is open",
            why_ru="кон не начат",
        )
        return
    if move.player != state.defender:
        j.violation = _v(
            Code.NOT_DEFENDER,
            "B8",
            defender=seat_letter(state.defender),
            action="beat",
            action_ru="отбиваться",
        )
        return
    rules = state.rules
    if rules.face_down_with_challenge:
        j.violation = _v(Code.FACE_DOWN_REQUIRED, "§4.12.1", who=seat_letter(move.player))
        return
    excess = thrown_in_excess(state) if rules.throw_in_cap is not None else 0
    if excess:
        cap = state.rules.throw_in_cap
        count = sum(1 for p in state.table if p.thrown)
        j.violation = _v(Code.THROWN_IN_OVER_CAP, "§4.47.13", count=count, cap=cap, excess=excess)
        return
    target = _find_pair(state, move.covers)
    if target is None:
        j.violation = _v(Code.NOT_ON_TABLE, "B8", covers=move.covers)
        return
    if target.cover is not None:
        j.violation = _v(Code.ALREADY_COVERED, "B8", covers=move.covers)
        return
    if state.self_throw is not None and target.attack != state.self_throw:
        j.violation = _v(Code.SELF_THROW_MUST_BE_BEATEN, "§4.6", card=state.self_throw)
        return
    (card,) = _take_cards(state, j, move.player, (move.card,))
    if j.violation is not None:
        return
    j.move = Defend(move.player, target.attack, card)
    trump = state.trump_suit if not state.personal_trumps else defence_trump(state, move.player)
    why = beat_failure(state.rules, trump, target.attack, card, state.trump_joker)
    if why is not None and not state.rules.random_selection:
        # (`negotiable` §4.26.3: a random card that does not beat is played, and he takes all)
        j.violation = _v(
            Code.DOES_NOT_BEAT,
            _beat_rule(state),
            card=card,
            covers=target.attack,
            why=why[0],
            why_ru=why[1],
        )


def _beat_rule(state: GameState) -> str:
    rules = state.rules
    if rules.lowest_rank_only_by_ace:
        return "B8 + §4.18 royal"
    if rules.trump_immune_suits:
        return f"B8 + {rules.variant} immune suit"
    if rules.joker_rule.value != "none":
        return f"B8 + {rules.joker_rule.value}"
    return "B8"


def _find_pair(state: GameState, card: Card) -> Pair | None:
    """The table pair whose attack card is ``card`` (either copy; an uncovered one first)."""
    matches = [p for p in state.table if p.attack.face == card.face]
    exact = [p for p in matches if p.attack == card]
    for group in (exact, matches):
        for pair in group:
            if pair.cover is None:
                return pair
    found = exact or matches
    return found[0] if found else None


def _check_throw_in(state: GameState, move: ThrowIn, j: _Judgement) -> None:
    rules = state.rules
    who = seat_letter(move.player)
    if not rules.throw_in_enabled:
        j.violation = _v(
            Code.THROW_IN_NOT_ALLOWED,
            "B9",
            why=f"{rules.variant} has no throw-ins",
            why_ru="в этом варианте не подкидывают",
        )
        return
    if state.phase not in (Phase.DEFENCE, Phase.TAKING):
        j.violation = _v(
            Code.OUT_OF_TURN, "B9", who=who, why="no bout is open", why_ru="кон не начат"
        )
        return
    if state.phase is Phase.TAKING and not rules.throw_in_after_take:
        j.violation = _v(
            Code.THROW_IN_NOT_ALLOWED,
            "B11",
            why="no throw-ins after a take at this table",
            why_ru="после «беру» не подкидывают",
        )
        return
    if move.player == state.defender:
        _check_self_throw(state, move, j)
        if j.violation is not None:
            return
    else:
        if move.player in state.finished:
            j.violation = _v(Code.OUT_OF_TURN, "B14", who=who, why="he is out", why_ru="он вышел")
            return
        if state.phase is Phase.DEFENCE and not defender_has_beaten(state):
            j.violation = _v(Code.THROW_IN_BEFORE_BEAT, "B9")
            return
        holder = priority_holder(state)
        if holder is not None and holder != move.player:
            j.violation = _v(Code.THROW_IN_PRIORITY, "B9", who=who, holder=seat_letter(holder))
            return
        if holder is None:
            j.violation = _v(
                Code.OUT_OF_TURN,
                "B9",
                who=who,
                why="every player has passed",
                why_ru="все уже спасовали",
            )
            return
    if len({c.rank for c in move.cards}) > 1:
        j.violation = _v(
            Code.ATTACK_FORM,
            "B9",
            cards="+".join(map(str, move.cards)),
            why="cards thrown in together share one rank",
            why_ru="вместе подкидывают карты одного достоинства",
        )
        return
    cards = _take_cards(state, j, move.player, move.cards)
    if j.violation is not None:
        return
    j.move = ThrowIn(move.player, cards)
    for card in cards:
        why = _throw_in_mismatch(state, card)
        if why is not None and rules.random_selection and len(cards) == 1:
            break  # `negotiable` §4.26.4: the random card goes back; his throw-ins end
        if why is not None:
            rule = (
                "B9"
                if rules.throw_in_match is ThrowInMatch.RANK_ON_TABLE
                else f"B9 + {rules.variant}"
            )
            j.violation = _v(Code.THROW_IN_NO_MATCH, rule, card=card, why=why[0], why_ru=why[1])
            return
    if not room_for(state, len(cards)):
        j.violation = _v(
            Code.ATTACK_LIMIT, "B10", total=len(state.table) + len(cards), limit=_shown_limit(state)
        )


def _shown_limit(state: GameState) -> int:
    if state.phase is Phase.TAKING:
        return attack_limit(state)
    uncovered = len(state.uncovered())
    return min(
        attack_limit(state), len(state.table) - uncovered + state.hands[state.defender].count
    )


def _check_self_throw(state: GameState, move: ThrowIn, j: _Judgement) -> None:
    ticket = state.ticket_rank
    if ticket is not None and any(c.rank != ticket for c in move.cards):
        j.violation = _v(
            Code.THROW_IN_NOT_ALLOWED,
            "§4.47.14",
            why=f"after a ticket he throws in to himself only {ticket.letter}s [ambiguity]",
            why_ru=f"после проездного он подкидывает себе только {ticket.letter}",
        )
    elif ticket is None and state.rules.throw_in_who is not ThrowInWho.PLUS_DEFENDER_SELF:
        j.violation = _v(
            Code.THROW_IN_NOT_ALLOWED,
            "B9",
            why="the defender does not throw in to himself",
            why_ru="отбивающийся сам себе не подкидывает",
        )
    elif not defender_may_self_throw(state):
        j.violation = _v(
            Code.THROW_IN_NOT_ALLOWED,
            "§4.6",
            why="the defender adds a card only when all are covered",
            why_ru="отбивающийся подкидывает себе, только когда всё побито",
        )
    elif len(move.cards) != 1:
        j.violation = _v(
            Code.THROW_IN_NOT_ALLOWED,
            "§4.6",
            why="the defender adds one card at a time",
            why_ru="отбивающийся подкидывает себе по одной карте",
        )


def _throw_in_mismatch(state: GameState, card: Card) -> Reason | None:
    rules = state.rules
    if not card.is_normal:
        return (
            "jokers and blanks have no rank to throw in",
            "у джокера и пустышки нет достоинства",
        )
    match rules.throw_in_match:
        case ThrowInMatch.RANK_ON_TABLE:
            if card.rank in table_ranks(state):
                return None
            return ("its rank is not on the table", "такого достоинства нет на столе")
        case ThrowInMatch.RANK_OR_SUIT_ON_TABLE:
            if card.rank in table_ranks(state):
                return None
            suits = {p.attack.suit for p in state.table} | {
                p.cover.suit for p in state.table if p.cover is not None
            }
            if card.suit in suits:
                return None
            return (
                "neither its rank nor its suit is on the table",
                "ни достоинства, ни масти нет на столе",
            )
        case ThrowInMatch.BEATS_LATEST_DEFENCE_CARD:
            latest = state.last_defence
            if latest is None:
                return ("no defence card to beat yet", "ещё нет карты, которую нужно перебить")
            why = beat_failure(rules, state.trump_suit, latest, card)
            if why is None:
                return None
            return (
                f"it must beat the latest defence card {latest} ({why[0]})",
                f"она должна бить последнюю отбившую карту {latest} ({why[1]})",
            )
    return ("unknown throw-in rule", "неизвестное правило подкидывания")


_TRANSFER_BEFORE_BEAT = (TransferMode.BEFORE_ANY_BEAT, TransferMode.WITH_TICKET_REVERSE)


def _check_transfer(state: GameState, move: Transfer, j: _Judgement) -> None:
    rules = state.rules
    if rules.transfer_mode is TransferMode.NONE:
        j.violation = _v(
            Code.TRANSFER_NOT_ALLOWED,
            "B17",
            why=f"{rules.variant} has no transfers",
            why_ru="в этом варианте не переводят",
        )
        return
    if state.phase is not Phase.DEFENCE:
        j.violation = _v(
            Code.TRANSFER_NOT_ALLOWED,
            "§4.3",
            why="no attack to transfer",
            why_ru="нечего переводить",
        )
        return
    if move.player != state.defender:
        j.violation = _v(
            Code.NOT_DEFENDER,
            "§4.3",
            defender=seat_letter(state.defender),
            action="transfer",
            action_ru="переводить",
        )
        return
    if state.ticket_rank is not None:
        j.violation = _v(Code.MUST_BEAT_AFTER_TICKET, "§4.47.9", who=seat_letter(move.player))
        return
    uncovered = state.uncovered()
    if len(uncovered) != len(state.table) and rules.transfer_mode in _TRANSFER_BEFORE_BEAT:
        j.violation = _v(Code.TRANSFER_AFTER_BEAT, "§4.3(a)")
        return
    if not uncovered:
        j.violation = _v(
            Code.TRANSFER_NOT_ALLOWED,
            "§4.4",
            why="no uncovered card to transfer",
            why_ru="нет непобитых карт",
        )
        return
    ranks = {p.attack.rank for p in uncovered}
    if len(ranks) != 1 or None in ranks:
        j.violation = _v(
            Code.TRANSFER_NOT_ALLOWED,
            "§4.4",
            why="the uncovered cards do not share one rank",
            why_ru="непобитые карты разного достоинства",
        )
        return
    if len(move.cards) > 1 and not rules.transfer_several:
        j.violation = _v(
            Code.TRANSFER_NOT_ALLOWED,
            "§4.3(d)",
            why="transfer with one card (several at once is a table option)",
            why_ru="переводят одной картой (несколько сразу — по договорённости)",
        )
        return
    cards = _take_cards(state, j, move.player, move.cards)
    if j.violation is not None:
        return
    j.move = Transfer(move.player, cards)
    (rank,) = ranks
    for card in cards:
        if card.rank != rank:
            assert rank is not None
            j.violation = _v(Code.TRANSFER_RANK, "§4.3", card=card, rank=rank.letter)
            return
    receiver = transfer_receiver(state)
    needed = len(uncovered) + len(cards)
    if receiver == state.defender:
        j.violation = _v(
            Code.TRANSFER_NOT_ALLOWED,
            "§4.3",
            why="nobody to transfer to",
            why_ru="переводить некому",
        )
        return
    held = state.hands[receiver].count
    if rules.receiver_must_hold_enough and held < needed:
        j.violation = _v(
            Code.TRANSFER_RECEIVER_CANNOT_COVER,
            "§4.3(b)",
            receiver=seat_letter(receiver),
            held=held,
            needed=needed,
        )
        return
    cap = bout_cap(state)  # B10: the transfer card is an attack card too
    if cap is not None and len(state.table) + len(cards) > cap:
        j.violation = _v(Code.ATTACK_LIMIT, "B10", total=len(state.table) + len(cards), limit=cap)


def _check_take(state: GameState, move: Take, j: _Judgement) -> None:
    if state.phase is not Phase.DEFENCE:
        why = (
            ("he has already said take", "он уже берёт")
            if state.phase is Phase.TAKING
            else ("no bout is open", "кон не начат")
        )
        j.violation = _v(
            Code.OUT_OF_TURN, "B11", who=seat_letter(move.player), why=why[0], why_ru=why[1]
        )
        return
    if move.player != state.defender:
        j.violation = _v(
            Code.NOT_DEFENDER,
            "B11",
            defender=seat_letter(state.defender),
            action="take",
            action_ru="брать",
        )
        return
    if not state.uncovered():
        j.violation = _v(Code.NOTHING_TO_TAKE, "B11")


def _check_pass(state: GameState, move: Pass, j: _Judgement) -> None:
    who = seat_letter(move.player)
    if state.phase not in (Phase.DEFENCE, Phase.TAKING):
        j.violation = _v(
            Code.PASS_NOT_ALLOWED,
            "B7",
            who=who,
            why="the attacker must lead a card",
            why_ru="атакующий должен сделать ход",
        )
        return
    if move.player == state.defender:
        if defender_may_self_throw(state):
            return
        j.violation = _v(
            Code.PASS_NOT_ALLOWED,
            "B8",
            who=who,
            why="the defender beats or takes",
            why_ru="отбивающийся бьёт или берёт",
        )
        return
    holder = priority_holder(state)
    if holder != move.player:
        why = (
            (
                f"{seat_letter(holder)} has the right to throw in first",
                f"первым подкидывает {seat_letter(holder)}",
            )
            if holder is not None
            else ("nobody is left to pass", "пасовать некому")
        )
        j.violation = _v(Code.PASS_NOT_ALLOWED, "B9", who=who, why=why[0], why_ru=why[1])


def _check_done(state: GameState, move: Done, j: _Judgement) -> None:
    if move.player == state.dummy_seat and not state.rules.dummy_may_attack_defend:
        j.violation = _v(
            Code.DUMMY_NO_ROLE,
            "§4.38.6",
            who=seat_letter(move.player),
            action="say done (its controller only throws in or passes for it)",
            action_ru="сказать «бито» (за него только подкидывают или пасуют)",
        )
    elif move.player in state.finished:
        j.violation = _v(
            Code.OUT_OF_TURN,
            "B14",
            who=seat_letter(move.player),
            why="he is out",
            why_ru="он вышел",
        )
    elif state.phase is Phase.TAKING:
        if move.player == state.defender:
            j.violation = _v(
                Code.DONE_NOT_ALLOWED,
                "B11",
                why="the throwers decide when they are done",
                why_ru="закончить подкидывание решают подкидывающие",
            )
    elif state.phase is not Phase.DEFENCE:
        j.violation = _v(Code.DONE_NOT_ALLOWED, "B12", why="no bout is open", why_ru="кон не начат")
    elif not state.all_covered():
        j.violation = _v(
            Code.DONE_NOT_ALLOWED,
            "B12",
            why="a card is still uncovered",
            why_ru="не все карты побиты",
        )
    elif (
        move.player == state.defender
        and state.rules.throw_in_who is not ThrowInWho.PLUS_DEFENDER_SELF
    ):
        j.violation = _v(
            Code.DONE_NOT_ALLOWED,
            "B9",
            why="the throwers, not the defender, decide they are done",
            why_ru="закончить подкидывание решают подкидывающие, а не отбивающийся",
        )


def _check_reveal(state: GameState, move: RevealTrump, j: _Judgement) -> None:
    if state.phase is not Phase.REVEAL:
        j.violation = _v(Code.REVEAL_NOT_DUE, "§4.34")
        return
    card = move.card
    if state.full_info:
        if card != state.hidden_trump:
            j.violation = _v(
                Code.REVEAL_WRONG_CARD,
                "§4.34",
                card=card,
                why=f"the hidden card is {state.hidden_trump}",
                why_ru=f"скрытая карта {state.hidden_trump}",
            )
        return
    seen = state.discard | state.table_cards() | state.out_of_play
    for hand in state.hands:
        seen = seen | hand.known
    if not card.is_normal or card in seen or card not in _deck_set(state):
        j.violation = _v(
            Code.REVEAL_WRONG_CARD,
            "§4.34",
            card=card,
            why="that card has been seen elsewhere",
            why_ru="эта карта уже видна в другом месте",
        )


_CHECKS = {
    Attack: _check_attack,
    Defend: _check_defend,
    ThrowIn: _check_throw_in,
    Transfer: _check_transfer,
    Take: _check_take,
    Pass: _check_pass,
    Done: _check_done,
    RevealTrump: _check_reveal,
}


def _judge(state: GameState, move: Move) -> _Judgement:
    j = _Judgement(move)
    if not 0 <= move.player < state.players:
        raise InvalidMove(
            f"seat {seat_letter(move.player)} is not at this table of {state.players}"
        )
    if state.phase is Phase.OVER:
        j.violation = _v(Code.GAME_OVER, "B15")
        return j
    if state.phase is Phase.REVEAL and not isinstance(move, RevealTrump):
        j.violation = _v(Code.MUST_REVEAL_TRUMP, "§4.34")
        return j
    if (
        state.rules.trump_source is TrumpSource.PERSONAL_PER_PLAYER
        and not state.personal_trumps
        and type(move) is not TurnTrumps
    ):
        j.violation = _v(Code.MUST_TURN_PERSONAL_TRUMPS, "§4.13.3")
        return j
    check_fn = _CHECKS.get(type(move))
    if check_fn is None:
        raise InvalidMove(f"not a move: {move!r}")
    check_fn(state, move, j)  # type: ignore[operator]
    if (
        state.rules.random_selection
        and not state.full_info
        and j.violation is None
        and type(move) in (Attack, ThrowIn, Defend)
    ):
        j.cannot_check(
            "the card was pulled at random, unseen by its holder (§4.26.1-3)",
            "карта вытянута наугад, не глядя (§4.26.1-3)",
        )
    return j


_last_judged: list[tuple[GameState, Move, _Judgement]] = []
"""The latest ``check``, so that ``apply`` of the same state and move does not judge twice."""


def check(state: GameState, move: Move) -> Verdict:
    """Judge ``move`` in ``state``: legal, or the rule it breaks."""
    j = _judge(state, move)
    _last_judged[:] = [(state, move, j)]
    return j.verdict(move, state)


def apply(state: GameState, move: Move) -> GameState:
    """The state after a legal ``move``; raises :class:`IllegalMove` for an illegal one."""
    last = _last_judged[0] if _last_judged else None
    if last is not None and last[0] is state and last[1] is move:
        j = last[2]
    else:
        j = _judge(state, move)
    if j.violation is not None:
        raise IllegalMove(j.verdict(move, state))
    return _play(state, j.move)


def check_and_apply(state: GameState, move: Move) -> tuple[Verdict, GameState]:
    """Judge a move and, when it is legal, make it: the referee's one step."""
    j = _judge(state, move)
    verdict = j.verdict(move, state)
    if j.violation is not None:
        return verdict, state
    return verdict, _play(state, j.move)


# --- making moves -----------------------------------------------------------------------------


def _remove_from_hand(state: GameState, player: int, cards: tuple[Card, ...]) -> tuple[Hand, ...]:
    hand = state.hands[player]
    new = Hand(hand.count - len(cards), hand.known.remove(*cards), hand.seen.remove(*cards))
    return (*state.hands[:player], new, *state.hands[player + 1 :])


def _add_pogony(state: GameState, player: int, cards: tuple[Card, ...]) -> GameState:
    if not state.rules.count_pogony or len(cards) < 2:
        return state
    pogony = list(state.stats.pogony)
    pogony[player] += len(cards) // 2
    return evolve(state, stats=replace(state.stats, pogony=tuple(pogony)))


_PLAYS: dict[type, Callable[[GameState, Any], GameState]] = {}
"""How each registered variant move changes the state (see :func:`register_move`)."""


def register_move(
    kind: type[VariantMove],
    check_fn: Callable[[GameState, Any, _Judgement], None],
    play_fn: Callable[[GameState, Any], GameState],
) -> None:
    """Teach the engine a variant move: how to judge it and how to make it."""
    _CHECKS[kind] = check_fn
    _PLAYS[kind] = play_fn


def _play(state: GameState, move: Move) -> GameState:
    if state.face_up:
        state = face_up_played(state, move)
    match move:
        case Attack(player=player, cards=cards, from_stock=from_stock):
            if from_stock:
                hands = state.hands
                stock = state.stock[1:] if state.full_info else state.stock
                state = evolve(state, stock=stock, stock_count=state.stock_count - 1)
            else:
                hands = _remove_from_hand(state, player, cards)
            if state.attacker == NO_SEAT:
                defender = state.next_in_game(player)
                state = evolve(
                    state,
                    attacker=player,
                    defender=defender,
                    defender_quota=state.hands[defender].count,
                )
            state = evolve(
                state,
                hands=hands,
                table=tuple(Pair(c, player) for c in cards),
                phase=Phase.DEFENCE,
                passed=frozenset(),
            )
            state = _add_pogony(state, player, cards)
        case Defend(player=player, covers=covers, card=card):
            reopens = reopens_throw_ins(state, card)
            table = tuple(
                Pair(p.attack, p.by, card, player, p.face_down, p.thrown)
                if p.attack == covers and p.cover is None
                else p
                for p in state.table
            )
            state = evolve(
                state,
                hands=_remove_from_hand(state, player, (card,)),
                table=table,
                last_defence=card,
                self_throw=None if state.self_throw == covers else state.self_throw,
                passed=state.throw_barred if reopens else state.passed,
            )
            if state.rules.random_selection and cover_failure(state, player, covers, card):
                return resolve_take(state)  # `negotiable` §4.26.3: a failed beat takes all
        case ThrowIn(player=player, cards=cards) if state.rules.random_selection and (
            _throw_in_mismatch(state, cards[0]) is not None
        ):
            # `negotiable` §4.26.4 [assumption]: the card goes back, his throw-ins end
            barred = state.throw_barred | {player}
            state = evolve(state, throw_barred=barred, passed=state.passed | barred)
        case ThrowIn(player=player, cards=cards):
            thrown = state.rules.throw_in_cap is not None and player != state.defender
            state = evolve(
                state,
                hands=_remove_from_hand(state, player, cards),
                table=state.table
                + tuple(Pair(c, player, None, NO_SEAT, False, thrown) for c in cards),
                self_throw=cards[0] if player == state.defender else state.self_throw,
            )
            state = _add_pogony(state, player, cards)
        case Transfer(player=player, cards=cards):
            receiver = transfer_receiver(state)
            covered = sum(1 for p in state.table if p.cover is not None)
            state = evolve(
                state,
                hands=_remove_from_hand(state, player, cards),
                table=state.table + tuple(Pair(c, player) for c in cards),
                defender=receiver,
                defender_quota=state.hands[receiver].count,
                covered_at_handover=covered,
                passed=frozenset(),
            )
        case Take():
            state = evolve(state, phase=Phase.TAKING, passed=state.throw_barred)
        case Pass(player=player):
            state = evolve(state, passed=state.passed | {player})
        case Done():
            if state.phase is Phase.TAKING:
                return resolve_take(state)
            return resolve_success(state)
        case RevealTrump(card=card):
            return evolve(
                state,
                trump_card=card,
                trump_suit=card.suit,
                hidden_trump=card,
                hidden_trump_pending=False,
                out_of_play=state.out_of_play.add(card),
                phase=Phase.ATTACK,
            )
        case VariantMove():
            state = _PLAYS[type(move)](state, move)
    return settle(state)


# the variant moves of referee.stock_moves register their checks here
import referee.stock_play  # noqa: E402, F401
from referee import table_play as _table_play  # noqa: E402, F401
