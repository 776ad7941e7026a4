"""Facts about the open bout that both the checker and the move generator need."""

from __future__ import annotations

from referee.cards import Card, Rank
from referee.rules import AttackForm, Rules, ThrowInMatch, ThrowInWho
from referee.state import NO_SEAT, GameState, Phase


def throw_order(state: GameState) -> list[int]:
    """Who may throw in, in priority order: the initial attacker first, then clockwise (B9)."""
    n = state.players
    start = state.attacker
    return [
        (start + i) % n
        for i in range(n)
        if (start + i) % n != state.defender and (start + i) % n not in state.finished
    ]


def priority_holder(state: GameState) -> int | None:
    """The non-defender whose turn it is to throw in or pass, if any."""
    for seat in throw_order(state):
        if seat not in state.passed and state.hands[seat].count > 0:
            return seat
    return None


def bout_cap(state: GameState) -> int | None:
    """B10: the cap on attack cards in this bout (6, or 5 in the first bout), if any."""
    rules = state.rules
    cap = rules.attack_cap
    if state.bouts == 0 and rules.first_bout_cap is not None:
        cap = rules.first_bout_cap if cap is None else min(cap, rules.first_bout_cap)
    return cap


def attack_limit(state: GameState) -> int:
    """B10: attack cards allowed on the table in this bout."""
    limit = state.defender_quota + state.covered_at_handover
    cap = bout_cap(state)
    return limit if cap is None else min(limit, cap)


def room_for(state: GameState, extra: int) -> bool:
    """Whether ``extra`` more attack cards fit the limit and the defender's hand."""
    if len(state.table) + extra > attack_limit(state):
        return False
    if state.phase is Phase.TAKING:
        return True
    uncovered = sum(1 for p in state.table if p.cover is None)
    return uncovered + extra <= state.hands[state.defender].count


def table_ranks(state: GameState) -> set[Rank]:
    ranks: set[Rank] = set()
    for pair in state.table:
        if pair.attack.rank is not None:
            ranks.add(pair.attack.rank)
        if pair.cover is not None and pair.cover.rank is not None and not pair.face_down:
            ranks.add(pair.cover.rank)  # `veryu_ne_veryu`: only visible ranks (§4.12.6)
    return ranks


def defender_has_beaten(state: GameState) -> bool:
    """B9: throw-ins start once the defender (the final one, after transfers: §4.3.5) has
    beaten a card."""
    covered = sum(1 for pair in state.table if pair.cover is not None)
    return covered > state.covered_at_handover


def reopens_throw_ins(state: GameState, cover: Card) -> bool:
    """B9: a defence card that gives players who passed something new to throw in: a new rank
    (a new rank or suit in `parnomastny`; in `road` every new defence card is a new target)."""
    match = state.rules.throw_in_match
    if match is ThrowInMatch.BEATS_LATEST_DEFENCE_CARD:
        return True
    if cover.rank is not None and cover.rank not in table_ranks(state):
        return True
    if match is ThrowInMatch.RANK_OR_SUIT_ON_TABLE:
        suits = {p.attack.suit for p in state.table}
        suits |= {p.cover.suit for p in state.table if p.cover is not None and not p.face_down}
        return cover.suit not in suits
    return False


def defender_may_self_throw(state: GameState) -> bool:
    """`american`: the defender may add a card whenever everything is covered; `shield`: so may
    the player who received the attack through a ticket (§4.47.14)."""
    return (
        (state.rules.throw_in_who is ThrowInWho.PLUS_DEFENDER_SELF or state.ticket_rank is not None)
        and state.rules.throw_in_enabled
        and state.phase is Phase.DEFENCE
        and state.all_covered()
        and state.defender not in state.passed
        and state.hands[state.defender].count > 0
        and len(state.table) < attack_limit(state)
    )


def throw_in_possible(state: GameState) -> bool:
    """Some non-defender may still throw in (as far as the table shows)."""
    rules = state.rules
    if not rules.throw_in_enabled:
        return False
    if state.phase is Phase.TAKING and not rules.throw_in_after_take:
        return False
    if not room_for(state, 1):
        return False
    return priority_holder(state) is not None


def transfer_receiver(state: GameState) -> int:
    """Who receives a transferred attack: the next player clockwise still playing."""
    n = state.players
    for step in range(1, n):
        seat = (state.defender + step) % n
        if seat in state.finished:
            continue
        if state.hands[seat].count > 0 or state.stock_count > 0:
            return seat
    return state.defender


def ticket_receiver(state: GameState) -> int:
    """`shield` (§4.47.9): who gets the attack back after a ticket: the previous player
    counter-clockwise still playing."""
    n = state.players
    for step in range(1, n):
        seat = (state.defender - step) % n
        if seat in state.finished or seat == state.dummy_seat:
            continue
        if state.hands[seat].count > 0 or state.stock_count > 0:
            return seat
    return state.defender


def dummy_controller(state: GameState) -> int:
    """`bolvan`: who plays the dummy's cards now: the bout's initial attacker (§4.38.4); with the
    dummy_plays option its right-hand neighbour, never the player it attacks or defends against
    (§4.38.8 [assumption]: then the next player counter-clockwise)."""
    dummy = state.dummy_seat
    if dummy == NO_SEAT or state.attacker == NO_SEAT:
        return NO_SEAT
    if not state.rules.dummy_may_attack_defend:
        return state.attacker
    opponents = (
        {state.attacker, state.defender} if dummy in (state.attacker, state.defender) else set()
    )
    n = state.players
    for step in range(1, n):
        seat = (dummy - step) % n
        if seat not in state.finished and seat not in opponents:
            return seat
    return NO_SEAT


def thrown_in_excess(state: GameState) -> int:
    """`shield` (§4.47.12-13): thrown-in cards on the table beyond the cap of 10."""
    cap = state.rules.throw_in_cap
    if cap is None:
        return 0
    return max(0, sum(1 for p in state.table if p.thrown) - cap)


def kept_by_order(state: GameState) -> tuple[Card, ...]:
    """§4.47.13(b) [ambiguity, default]: the thrown-in cards beyond the cap that go back when
    the cards of the nearest throwers counter-clockwise from the defender (the initial attacker
    first) are beaten first; within a seat, in the order they were placed."""
    cap = state.rules.throw_in_cap or 0
    n = state.players
    seat_rank = {(state.defender - step) % n: step for step in range(1, n)}
    seat_rank[state.attacker] = 0
    thrown = [(i, p) for i, p in enumerate(state.table) if p.thrown]
    thrown.sort(key=lambda ip: (seat_rank.get(ip[1].by, n), ip[0]))
    return tuple(p.attack for _, p in thrown[cap:])


def attack_form_failure(
    rules: Rules, cards: tuple[Card, ...], attacker_cards: int, limit: int
) -> tuple[str, str] | None:
    """Why ``cards`` is not a legal lead under the variant's attack form (en, ru), or None."""
    n = len(cards)
    form = rules.attack_form
    if form is AttackForm.EXACTLY_3:
        need = min(3, attacker_cards, limit)
        return (
            None
            if n == need
            else (
                f"the lead must be exactly {need} card(s)",
                f"ходить нужно ровно {need} карт(ами)",
            )
        )
    if n == 1:
        return None
    if form in (AttackForm.SINGLE, AttackForm.HIGHEST_RANK_ONLY):
        return ("the lead is a single card", "ходят одной картой")
    if any(not c.is_normal for c in cards):
        return ("jokers and blanks are led alone", "джокером и пустышкой ходят отдельно")
    counts: dict[Rank, int] = {}
    for card in cards:
        assert card.rank is not None
        counts[card.rank] = counts.get(card.rank, 0) + 1
    if form is AttackForm.SAME_RANK_MULTI:
        return (
            None
            if len(counts) == 1
            else (
                "cards led together must share one rank",
                "вместе ходят картами одного достоинства",
            )
        )
    shape = tuple(sorted(counts.values(), reverse=True))
    if form is AttackForm.PAIR_STRUCTURES:
        singles = sum(c % 2 for c in counts.values())
        if n <= 5 and singles <= 1:
            return None
        return (
            "allowed: 1 card, a pair, pair+1, two pairs, two pairs+1 (at most 5)",
            "можно: 1 карта, пара, пара+1, две пары, две пары+1 (не больше 5)",
        )
    if form is AttackForm.PAIR_PLUS_ONE_STRUCTURES:
        singles = sum(c % 2 for c in counts.values())
        if n in (3, 5) and singles == 1:
            return None
        return (
            "allowed: 1 card, a pair+1 card, two pairs+1 card",
            "можно: 1 карта, пара+1 карта, две пары+1 карта",
        )
    if form is AttackForm.PYATERKA:
        if shape in ((2, 1), (2, 2, 1), (3,), (4, 1)):
            return None
        return (
            "Pyaterka allows: 1 card, pair+1, two pairs+1, three of a kind, four of a kind+1",
            "в «Пятёрке» можно: 1 карта, пара+1, две пары+1, тройка, четвёрка+1",
        )
    return ("unknown attack form", "неизвестная форма хода")
