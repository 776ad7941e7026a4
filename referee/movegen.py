"""``legal_moves``: every legal move in a full-information position.

This is written apart from ``check`` on purpose: a property test asks both about the same
positions and requires them to agree.
"""

from __future__ import annotations

from itertools import combinations, product

from referee.beats import beat_failure, beats, defence_trump
from referee.bout import (
    attack_limit,
    bout_cap,
    defender_has_beaten,
    defender_may_self_throw,
    kept_by_order,
    priority_holder,
    room_for,
    table_ranks,
    thrown_in_excess,
    ticket_receiver,
    transfer_receiver,
)
from referee.cards import Card, Rank
from referee.errors import InvalidPosition
from referee.moves import Attack, Defend, Done, Move, Pass, RevealTrump, Take, ThrowIn, Transfer
from referee.rules import (
    AttackForm,
    ThrowInMatch,
    ThrowInWho,
    TransferMode,
    TrumpDynamics,
    TrumpSource,
)
from referee.setup import personal_trump_cards
from referee.showdown import ShowHand
from referee.special_moves import Doubt, FaceDownBeat, ReturnExcess, Ticket
from referee.state import GameState, Phase
from referee.stock_moves import (
    StockSwap,
    TrumpExchange,
    TurnTrumps,
    exchange_blocker,
    swap_blocker,
)

_SHAPES = {
    AttackForm.PAIR_STRUCTURES: ((1,), (2,), (3,), (2, 1), (4,), (2, 2), (3, 2), (4, 1), (2, 2, 1)),
    AttackForm.PYATERKA: ((1,), (2, 1), (2, 2, 1), (3,), (4, 1)),
    AttackForm.PAIR_PLUS_ONE_STRUCTURES: ((1,), (2, 1), (3,), (2, 2, 1), (3, 2), (4, 1)),
}


def legal_moves(state: GameState) -> list[Move]:
    """All legal moves of all players (full information only)."""
    if not state.full_info:
        raise InvalidPosition(
            "legal_moves needs full information; the table view cannot list hands"
        )
    if state.phase is Phase.OVER:
        return []
    if state.phase is Phase.REVEAL:
        assert state.hidden_trump is not None
        return [RevealTrump(state.attacker, state.hidden_trump)]
    if state.phase is Phase.SHOWDOWN:  # `pokerny` §4.32.3: every hand is laid face up
        return [
            ShowHand(seat, tuple(hand.known))
            for seat, hand in enumerate(state.hands)
            if hand.count > 0 and not (state.face_up and state.face_up[seat])
        ]
    if state.phase is Phase.ATTACK:
        if (
            not state.personal_trumps
            and state.rules.trump_source is TrumpSource.PERSONAL_PER_PLAYER
        ):
            return [TurnTrumps(state.dealer, personal_trump_cards(state))]
        if state.rules.trump_dynamics is TrumpDynamics.PRE_TURN_INDICATOR_EXCHANGE:
            return _attacks(state) + _trump_exchanges(state)
        return _attacks(state)
    moves: list[Move] = []
    if state.phase is Phase.DEFENCE:
        rules = state.rules
        if rules.face_down_with_challenge:
            moves += _face_down_beats(state)  # `veryu_ne_veryu` §4.12.1
        elif rules.throw_in_cap is not None and thrown_in_excess(state):
            moves += _returns(state)  # `shield` §4.47.13
        else:
            moves += _defences(state)
        if rules.transfer_mode is TransferMode.WITH_TICKET_REVERSE:
            moves += _tickets(state)
        if state.rules.pre_beat_exchange:
            moves += _swaps(state)
        moves += _transfers(state)
        if any(p.cover is None for p in state.table):
            moves.append(Take(state.defender))
        if defender_may_self_throw(state):
            own = _matching(state, state.defender)
            if state.ticket_rank is not None:  # `shield` §4.47.14: the ticket's rank only
                own = [c for c in own if c.rank == state.ticket_rank]
            moves += [ThrowIn(state.defender, (c,)) for c in own]
            moves.append(Pass(state.defender))
        if state.rules.face_down_with_challenge:
            moves += _doubts(state)
    moves += _throw_ins(state)
    holder = priority_holder(state)
    if holder is not None:
        moves.append(Pass(holder))
    moves += _dones(state)
    return moves


def _by_rank(cards: list[Card]) -> dict[Rank, list[Card]]:
    groups: dict[Rank, list[Card]] = {}
    for card in cards:
        if card.rank is not None:
            groups.setdefault(card.rank, []).append(card)
    return groups


def _attacks(state: GameState) -> list[Move]:
    rules = state.rules
    player = state.attacker
    hand = sorted(state.hands[player].known)
    limit = attack_limit(state)
    form = rules.attack_form
    leads: list[tuple[Card, ...]] = []
    if form is AttackForm.SINGLE:
        leads = [(c,) for c in hand]
    elif form is AttackForm.HIGHEST_RANK_ONLY:
        top = max((c.rank for c in hand if c.rank is not None), default=None)
        leads = [(c,) for c in hand if c.rank == top or c.rank is None]
    elif form is AttackForm.EXACTLY_3:
        need = min(3, len(hand), limit)
        leads = list(combinations(hand, need))
    elif form is AttackForm.SAME_RANK_MULTI:
        leads = [(c,) for c in hand if not c.is_normal]
        for group in _by_rank(hand).values():
            for size in range(1, len(group) + 1):
                leads += combinations(group, size)
    else:
        leads = [(c,) for c in hand if not c.is_normal]
        groups = _by_rank(hand)
        for shape in _SHAPES[form]:
            leads += _shape_leads(groups, shape)
    moves: list[Move] = [Attack(player, lead) for lead in leads if len(lead) <= limit]
    if rules.may_lead_stock_top and limit >= 1:
        reserved = 1 if state.indicator_in_stock() else 0
        if state.stock_count - reserved >= 1:
            moves.append(Attack(player, (state.stock[0],), from_stock=True))
    return moves


def _shape_leads(groups: dict[Rank, list[Card]], shape: tuple[int, ...]) -> list[tuple[Card, ...]]:
    """Leads whose rank counts are exactly ``shape`` (distinct ranks per part)."""
    out: list[tuple[Card, ...]] = []
    ranks = sorted(groups)
    for chosen in product(ranks, repeat=len(shape)):
        if len(set(chosen)) != len(chosen):
            continue
        # the same multiset of counts over ranks is produced once: order parts of equal size
        if any(
            shape[i] == shape[i + 1] and chosen[i] > chosen[i + 1] for i in range(len(shape) - 1)
        ):
            continue
        options = []
        for rank, count in zip(chosen, shape, strict=True):
            if len(groups[rank]) < count:
                break
            options.append(list(combinations(groups[rank], count)))
        else:
            for parts in product(*options):
                out.append(tuple(card for part in parts for card in part))
    return out


def _defences(state: GameState) -> list[Move]:
    defender = state.defender
    hand = sorted(state.hands[defender].known)
    targets = [p.attack for p in state.table if p.cover is None]
    if state.self_throw is not None:
        targets = [state.self_throw]
    rules = state.rules
    if rules.random_selection:  # `negotiable` §4.26.3: any card may be pulled
        return [Defend(defender, target, card) for target in targets for card in hand]
    trump = defence_trump(state, defender)
    joker = state.trump_joker
    return [
        Defend(defender, target, card)
        for target in targets
        for card in hand
        if beat_failure(rules, trump, target, card, joker) is None
    ]


def _swaps(state: GameState) -> list[Move]:
    """`pokerny` §4.32.1: any two hand cards for the top two stock cards."""
    if swap_blocker(state, state.defender) is not None:
        return []
    hand = sorted(state.hands[state.defender].known)
    return [StockSwap(state.defender, pair) for pair in combinations(hand, 2)]


def _trump_exchanges(state: GameState) -> list[Move]:
    """`fool_five` §4.51.12: a trump-suit card becomes the trump card, another goes under."""
    player = state.attacker
    if exchange_blocker(state, player) is not None:
        return []
    hand = sorted(state.hands[player].known)
    return [
        TrumpExchange(player, new, other)
        for new in hand
        if new.suit is not None and new.suit == state.trump_suit
        for other in hand
        if other != new
    ]


_BEFORE_BEAT = (TransferMode.BEFORE_ANY_BEAT, TransferMode.WITH_TICKET_REVERSE)


def _tickets(state: GameState) -> list[Move]:
    """`shield` §4.47.9: a trump of the attack rank shown sends the attack back."""
    if state.ticket_rank is not None or any(p.cover is not None for p in state.table):
        return []
    ranks = {p.attack.rank for p in state.table}
    if len(ranks) != 1 or None in ranks or state.trump_suit is None:
        return []
    receiver = ticket_receiver(state)
    if receiver == state.defender:
        return []
    if state.rules.receiver_must_hold_enough and state.hands[receiver].count < len(state.table):
        return []
    return [
        Ticket(state.defender, c)
        for c in sorted(state.hands[state.defender].known)
        if c.rank in ranks and c.suit == state.trump_suit
    ]


def _returns(state: GameState) -> list[Move]:
    """`shield` §4.47.13: the excess thrown-in cards chosen by the defender, or by the rule."""
    excess = thrown_in_excess(state)
    open_thrown = [p.attack for p in state.table if p.thrown and p.cover is None]
    moves: list[Move] = [
        ReturnExcess(state.defender, combo) for combo in combinations(open_thrown, excess)
    ]
    by_order = set(kept_by_order(state))
    if all(p.cover is None for p in state.table if p.thrown and p.attack in by_order):
        moves.append(ReturnExcess(state.defender, by_order=True))
    return moves


def _face_down_beats(state: GameState) -> list[Move]:
    """`veryu_ne_veryu` §4.12.1: any hand card face down on any uncovered card (bluffs too)."""
    defender = state.defender
    hand = sorted(state.hands[defender].known)
    return [
        FaceDownBeat(defender, p.attack, card)
        for p in state.table
        if p.cover is None
        for card in hand
    ]


def _doubts(state: GameState) -> list[Move]:
    """`veryu_ne_veryu` §4.12.2: anyone but the defender doubts any face-down card."""
    hidden = [p for p in state.table if p.face_down]
    return [
        Doubt(seat, p.attack, p.cover)
        for seat in range(state.players)
        if seat != state.defender and seat not in state.finished
        for p in hidden
        if p.cover is not None
    ]


def _transfers(state: GameState) -> list[Move]:
    rules = state.rules
    if rules.transfer_mode is TransferMode.NONE or state.ticket_rank is not None:
        return []
    uncovered = [p.attack for p in state.table if p.cover is None]
    if not uncovered:
        return []
    if rules.transfer_mode in _BEFORE_BEAT and len(uncovered) != len(state.table):
        return []
    ranks = {c.rank for c in uncovered}
    if len(ranks) != 1 or None in ranks:
        return []
    receiver = transfer_receiver(state)
    if receiver == state.defender:
        return []
    same = [c for c in sorted(state.hands[state.defender].known) if c.rank in ranks]
    moves: list[Move] = []
    most = len(same) if rules.transfer_several else min(1, len(same))
    for size in range(1, most + 1):
        cap = bout_cap(state)  # B10: a transfer adds an attack card
        if cap is not None and len(state.table) + size > cap:
            break
        if rules.receiver_must_hold_enough and state.hands[receiver].count < len(uncovered) + size:
            break
        moves += [Transfer(state.defender, combo) for combo in combinations(same, size)]
    return moves


def _matching(state: GameState, player: int) -> list[Card]:
    """Cards of ``player`` that the throw-in rule lets onto this table."""
    rules = state.rules
    hand = sorted(state.hands[player].known)
    normal = [c for c in hand if c.is_normal]
    if rules.throw_in_match is ThrowInMatch.BEATS_LATEST_DEFENCE_CARD:
        latest = state.last_defence
        if latest is None:
            return []
        return [c for c in normal if beats(rules, state.trump_suit, latest, c)]
    ranks = table_ranks(state)
    if rules.throw_in_match is ThrowInMatch.RANK_OR_SUIT_ON_TABLE:
        suits = {p.attack.suit for p in state.table} | {
            p.cover.suit for p in state.table if p.cover is not None
        }
        return [c for c in normal if c.rank in ranks or c.suit in suits]
    return [c for c in normal if c.rank in ranks]


def _throw_ins(state: GameState) -> list[Move]:
    rules = state.rules
    if not rules.throw_in_enabled:
        return []
    if state.phase is Phase.TAKING and not rules.throw_in_after_take:
        return []
    if state.phase is Phase.DEFENCE and not defender_has_beaten(state):
        return []
    holder = priority_holder(state)
    if holder is None:
        return []
    moves: list[Move] = []
    matching = _matching(state, holder)
    for group in _by_rank(matching).values():
        for size in range(1, len(group) + 1):
            if not room_for(state, size):
                break
            moves += [ThrowIn(holder, combo) for combo in combinations(group, size)]
    if rules.random_selection and room_for(state, 1):
        # `negotiable` §4.26.4: a random card that matches nothing goes back to the hand
        moves += [
            ThrowIn(holder, (c,)) for c in sorted(state.hands[holder].known) if c not in matching
        ]
    return moves


def _dones(state: GameState) -> list[Move]:
    closable = state.phase is Phase.TAKING or (
        state.phase is Phase.DEFENCE and all(p.cover is not None for p in state.table)
    )
    if not closable:
        return []
    seats = [s for s in range(state.players) if s not in state.finished]
    if state.dummy_seat in seats and not state.rules.dummy_may_attack_defend:
        seats.remove(state.dummy_seat)  # `bolvan`: a person says done, not the dummy
    defender_may = (
        state.phase is Phase.DEFENCE and state.rules.throw_in_who is ThrowInWho.PLUS_DEFENDER_SELF
    )
    return [Done(s) for s in seats if s != state.defender or defender_may]
