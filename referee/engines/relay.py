"""The relay engine (``relay``): `chinese` (§4.16), `bez_nazvaniya` (§4.9), `chukchi_2` (§4.46)
and `polsky` (§4.33), VARIANTS.md §5.4 item 7.

One mechanism: a player leads one card (``Attack``); the next player clockwise still in the game
must beat the top card (``Defend`` with ``covers`` = the top card) or fail (``Take``); a beaten
stack travels on round the circle. The variants differ only in their ``Rules``:

* ``bout_structure``: ``RELAY`` (beat by the beat relation), ``ASCENDING_SEQUENCE_RELAY`` (lay the
  next rank of the same suit, `chukchi_2`), ``CENTRE_PILE_RELAY`` (`polsky`: one pile in the
  centre that is never discarded; the beater leads the next card; cards may come from the
  face-down spread: ``A:attack 7h*`` leads a spread card, ``B:spread 9h`` turns one to beat);
* ``relay_until``: the stack goes to the discard at 5 cards (`chinese`) or at as many cards as
  players still in (0, `bez_nazvaniya`); ``next_attacker_after_success``: then the last beater
  leads;
* ``instant_clear_card``: 9D (`bez_nazvaniya`) or an ace (`chukchi_2`) sends the stack to the
  discard at once and its player leads again (in a sequence relay an ace lead is cleared too,
  §4.46.4: nothing can follow it);
* ``take_what``: what a failing player takes: ``FIRST_CARD_ONLY`` (the lead; the rest is
  discarded, `chinese`), ``BOTTOM_CARD`` (the lead; the relay goes on, `bez_nazvaniya`),
  ``TOP_CARD`` (the rest is discarded, `chukchi_2`), ``LED_PLUS_DRAWN`` (`polsky`: the led card
  and the spread card that failed, then the top 3 of the pile once the spread is empty);
  ``next_attacker_after_take``: who leads when the stack is gone (the taker's left neighbour);
* the beat relation: ``rank_order`` (…K<10<A), ``trump_immune_suits`` (clubs beaten only by
  clubs), ``trump_source`` (fixed spades, last card dealt, none, the centre card).

Where the texts are silent (besides their own [assumption]s, which are followed):

* A player may always fail instead of beating ("cannot or will not", B8), except in `polsky`
  while the spread lasts: there a player who does not beat from his hand turns a spread card
  (the text gives no other way to fail before rule 5).
* A player without cards is out once nothing is left to draw or turn (B14). When the last other
  player goes out by laying a card, the last player still answers it; beating it with his own
  last card is a draw (B15). `bez_nazvaniya`'s N counts the players still in, and is 2 while the
  last one answers.
* `polsky`: players without cards when the spread runs out are out at that moment; if several
  go out first together, they share the win.
* A relay can lock: when no card held can be laid on another (and in a sequence relay no ace is
  held), nothing can leave the hands and leads only go round; the game ends as a draw. The test
  needs only the cards held by all players together, which the table knows once the stock is
  gone. A position (what the table shows) that starts a bout for the third time is a draw too,
  as in the durak engine.
"""

from __future__ import annotations

from referee.cards import Card, CardSet, Suit
from referee.engines.relay_judge import SpreadTurn, beat_failure, check, clears, judge, verdict
from referee.engines.relay_state import (
    NINE_OF_DIAMONDS,
    RelayPhase,
    RelayState,
    claims_9d,
    deal,
    deck_of,
    describe,
    evolve,
    is_centre_pile,
    outcome,
    rank_key,
    ranks_in_order,
    table_game,
)
from referee.errors import IllegalMove, InvalidMove
from referee.game import Engine, register
from referee.moves import Attack, Defend, Move, Take
from referee.rules import (
    WHOLE_DECK,
    BoutStructure,
    EndLoser,
    FirstAttacker,
    LaterGames,
    NextAttackerAfterSuccess,
    NextAttackerAfterTake,
    RankOrder,
    RefillMode,
    Rules,
    TakeWhat,
    TrumpSource,
)
from referee.state import NO_SEAT, Hand
from referee.verdicts import Verdict

ENGINE = "relay"


def apply(state: RelayState, move: Move) -> RelayState:
    """The state after a legal move; :class:`IllegalMove` for an illegal one."""
    j = judge(state, move)
    if j.violation is not None:
        raise IllegalMove(verdict(state, move, j))
    return _play(state, move)


def check_and_apply(state: RelayState, move: Move) -> tuple[Verdict, RelayState]:
    j = judge(state, move)
    said = verdict(state, move, j)
    if j.violation is not None:
        return said, state
    return said, _play(state, move)


# --- legal moves (generated, not judged) ---------------------------------------------------------


def legal_moves(state: RelayState) -> list[Move]:
    """Every legal move in a full-information state."""
    if state.is_over or state.turn == NO_SEAT:
        return []
    seat = state.turn
    hand = sorted(state.hands[seat].known)
    centre = is_centre_pile(state.rules)
    moves: list[Move] = []
    if state.phase is RelayPhase.LEAD:
        moves += [Attack(seat, (c,)) for c in hand]
        if centre:
            moves += [Attack(seat, (c,), from_stock=True) for c in state.stock]
        return moves
    top = state.top
    assert top is not None
    moves += [Defend(seat, top, c) for c in hand if beat_failure(state, top, c) is None]
    if centre:
        moves += [SpreadTurn(seat, c) for c in state.stock]
    if not centre or not state.stock:
        moves.append(Take(seat))
    return moves


# --- making moves --------------------------------------------------------------------------------


def _set_hand(state: RelayState, seat: int, hand: Hand) -> tuple[Hand, ...]:
    return (*state.hands[:seat], hand, *state.hands[seat + 1 :])


def _remove(state: RelayState, seat: int, card: Card, from_spread: bool) -> RelayState:
    if from_spread:
        stock = tuple(c for c in state.stock if c != card) if state.full_info else state.stock
        return evolve(state, stock=stock, stock_count=state.stock_count - 1)
    hand = state.hands[seat]
    new = Hand(hand.count - 1, hand.known.remove(card), hand.seen.remove(card))
    return evolve(state, hands=_set_hand(state, seat, new))


def _give(state: RelayState, seat: int, cards: tuple[Card, ...]) -> RelayState:
    hand = state.hands[seat]
    new = Hand(hand.count + len(cards), hand.known.add(*cards), hand.seen.add(*cards))
    return evolve(state, hands=_set_hand(state, seat, new))


def _push(state: RelayState, seat: int, card: Card) -> RelayState:
    if card == NINE_OF_DIAMONDS and state.nine_claim != NO_SEAT:
        state = evolve(state, nine_claim=NO_SEAT)  # it has shown: judged in hindsight
    return evolve(state, pile=(*state.pile, card), placed_by=(*state.placed_by, seat))


def _play(state: RelayState, move: Move) -> RelayState:
    rules = state.rules
    match move:
        case Attack(player=seat, cards=(card,), from_stock=from_spread):
            if state.turn == NO_SEAT:  # a first lead the table view could not name
                state = evolve(state, nine_claim=claims_9d(rules, state.hands, seat))
            state = _push(_remove(state, seat, card, from_spread), seat, card)
            state = evolve(state, leader=seat, turn=seat)
            if clears(rules, card, lead=True):
                return _close(state, seat, seat, discard=True)
            return _go_on(state, seat)
        case Defend(player=seat, card=card):
            return _after_beat(_push(_remove(state, seat, card, False), seat, card), seat, card)
        case SpreadTurn(player=seat, card=card):
            state = _remove(state, seat, card, True)
            top = state.top
            assert top is not None
            if beat_failure(state, top, card) is None:
                return _after_beat(_push(state, seat, card), seat, card)
            state = _give(state, seat, (top, card))  # §4.33.3: the led card and the turned one
            state = evolve(state, pile=state.pile[:-1], placed_by=state.placed_by[:-1])
            return _close(state, seat, seat, discard=False)  # ... and he leads next
        case Take(player=seat):
            return _fail(state, seat)
    raise InvalidMove(f"not a move of the relay engine: {move!r}")


def _after_beat(state: RelayState, seat: int, card: Card) -> RelayState:
    if clears(state.rules, card, lead=False):
        return _close(state, seat, seat, discard=True)
    if is_centre_pile(state.rules):
        return _close(state, seat, seat, discard=False)  # §4.33.3: the beater leads next
    return _go_on(state, seat)


def _go_on(state: RelayState, seat: int) -> RelayState:
    """``seat`` placed a card and the bout goes on: the stack may be complete, or the next player
    must beat the top card."""
    state = _mark_out(state, seat, answer=True)
    if state.is_over:
        return state
    until = state.rules.relay_until
    if until == 0:  # N: the players still in, or 2 while the last one answers the last card
        until = max(2, state.players - len(state.finished))
    if until is not None and len(state.pile) >= until:
        after = state.rules.next_attacker_after_success
        leader = seat if after is NextAttackerAfterSuccess.LAST_BEATER else state.next_in_game(seat)
        return _close(state, seat, leader, discard=True)
    return evolve(state, phase=RelayPhase.BEAT, turn=state.next_in_game(seat))


_TAKES: dict[TakeWhat, tuple[bool, int, bool]] = {
    TakeWhat.FIRST_CARD_ONLY: (False, 1, True),
    TakeWhat.BOTTOM_CARD: (False, 1, False),
    TakeWhat.TOP_CARD: (True, 1, True),
    TakeWhat.LED_PLUS_DRAWN: (True, 3, False),
}
"""take_what -> (from the top?, how many cards, the rest of the stack discarded?)."""


def _fail(state: RelayState, seat: int) -> RelayState:
    """The player to beat does not: he takes the variant's card(s) (§4.9.8, §4.16.7, §4.33.5,
    §4.46.5)."""
    pile, by = state.pile, state.placed_by
    taken: tuple[Card, ...]
    if state.rules.take_what is TakeWhat.LOWEST_RANKED:  # §4.9.8 [ambiguity], option take_card
        keys = [rank_key(state.rules, c.rank) if c.rank else 0.0 for c in pile]
        at = keys.index(min(keys))  # the lowest rank; on a tie, the card lower in the stack
        taken, pile, by = (pile[at],), pile[:at] + pile[at + 1 :], by[:at] + by[at + 1 :]
        discard_rest = False
    else:
        from_top, count, discard_rest = _TAKES[state.rules.take_what]
        count = min(count, len(pile))
        if from_top:
            taken, pile, by = pile[-count:], pile[:-count], by[:-count]
        else:
            taken, pile, by = pile[:count], pile[count:], by[count:]
    state = evolve(_give(state, seat, taken), pile=pile, placed_by=by)
    if discard_rest:
        state = evolve(state, discard=state.discard | CardSet.of(pile), pile=(), placed_by=())
    state = _mark_out(state, seat)
    if state.is_over:
        return state
    if state.pile:  # the duty to beat the new top card passes on (§4.9.8, §4.33.5)
        return evolve(state, phase=RelayPhase.BEAT, turn=state.next_in_game(seat))
    after = state.rules.next_attacker_after_take
    leader = seat if after is NextAttackerAfterTake.DEFENDER else state.next_in_game(seat)
    return _close(state, seat, leader, discard=False)


def _close(state: RelayState, actor: int, leader: int, *, discard: bool) -> RelayState:
    """The bout ends: the stack goes to the discard (``discard``), the hands are refilled, and
    ``leader`` (or the next player still in) leads."""
    if discard:
        state = evolve(state, discard=state.discard | CardSet.of(state.pile), pile=(), placed_by=())
    state = _mark_out(_refill(state), actor)
    if state.is_over:
        return evolve(state, bouts=state.bouts + 1)
    if not state.in_game(leader):
        leader = state.next_in_game(leader)
    state = evolve(state, bouts=state.bouts + 1, phase=RelayPhase.LEAD, turn=leader)
    if _locked(state):
        return evolve(state, phase=RelayPhase.OVER, drawn="locked")
    return _note_repetition(state)


def _locked(state: RelayState) -> bool:
    """No card held can ever be laid on another (and, in a sequence relay, no ace is held): no
    card can leave the hands again, leads only go round. [assumption] The test needs only the
    cards held by all players together, which the table knows once the stock is gone."""
    rules = state.rules
    if state.stock_count > 0 or is_centre_pile(rules):
        return False
    held = CardSet.of(deck_of(rules)) - state.discard - CardSet.of(state.pile)
    if rules.bout_structure is BoutStructure.ASCENDING_SEQUENCE_RELAY:
        order = ranks_in_order(rules)
        for card in held:
            assert card.rank is not None
            at = order.index(card.rank)
            if at + 1 == len(order) or Card(order[at + 1], card.suit) in held:
                return False
        return True
    if len(held) > 4:  # two cards of one suit: the higher beats the lower
        return False
    return all(beat_failure(state, a, b) is not None for a in held for b in held if a != b)


REPETITION_LIMIT = 3


def _note_repetition(state: RelayState) -> RelayState:
    """A draw when the same position starts a bout for the third time (players who never beat
    keep handing cards round). [assumption, as the durak engine] The key is what the table
    shows: with the discard and stock unchanged, equal hand counts and equal seen cards mean the
    hands are equal too (a hidden card once played is seen for ever after)."""
    key = hash(
        (
            state.turn,
            state.finished,
            state.stock_count,
            state.discard.mask,
            state.pile,
            tuple((h.count, h.seen.mask) for h in state.hands),
        )
    )
    if state.cycle_keys.count(key) + 1 >= REPETITION_LIMIT:
        return evolve(state, phase=RelayPhase.OVER, drawn="repetition", cycle_keys=())
    return evolve(state, cycle_keys=(*state.cycle_keys, key))


def _refill(state: RelayState) -> RelayState:
    """§4.16.8: refill to 6, the bout's leader first, then the others clockwise."""
    rules = state.rules
    if rules.refill_mode is RefillMode.NONE or is_centre_pile(rules) or state.stock_count == 0:
        return state
    hands = list(state.hands)
    stock = list(state.stock)
    count = state.stock_count
    start = max(state.leader, 0)
    for step in range(state.players):
        seat = (start + step) % state.players
        need = min(rules.refill_n - hands[seat].count, count)
        if need <= 0:
            continue
        hand = hands[seat]
        drawn = stock[:need] if state.full_info else []
        stock = stock[need:] if state.full_info else stock
        hands[seat] = Hand(hand.count + need, hand.known.add(*drawn), hand.seen)
        count -= need
    return evolve(state, hands=tuple(hands), stock=tuple(stock), stock_count=count)


def _mark_out(state: RelayState, actor: int, *, answer: bool = False) -> RelayState:
    """B14: with nothing left to draw or turn, a player without cards is out; B15: the last
    player holding cards is the fool. With ``answer``, the last player still answers a card
    that someone who went out just laid (beating it with his last card is a draw, B15)."""
    if state.stock_count > 0:
        return state
    n = state.players
    out = [
        seat
        for seat in ((actor + i) % n for i in range(n))
        if seat not in state.finished and state.hands[seat].count == 0
    ]
    if out:
        state = evolve(
            state, finished=(*state.finished, *out), first_out=state.first_out or tuple(out)
        )
    left = [s for s in range(n) if s not in state.finished]
    if len(left) > 1 or (answer and left and state.pile and state.placed_by[-1] != left[0]):
        return state
    pile = state.pile if is_centre_pile(state.rules) else ()
    discard = state.discard if pile else state.discard | CardSet.of(state.pile)
    return evolve(
        state,
        phase=RelayPhase.OVER,
        fool=left[0] if left else None,
        pile=pile,
        placed_by=state.placed_by if pile else (),
        discard=discard,
    )


# --- the four variants ---------------------------------------------------------------------------

VARIANT_RULES: dict[str, Rules] = {
    "chinese": Rules(
        variant="chinese",
        engine=ENGINE,
        rank_order=RankOrder.TEN_BELOW_ACE,
        trump_source=TrumpSource.FIXED,
        fixed_trump=Suit.SPADES,
        trump_immune_suits=frozenset({Suit.CLUBS}),
        throw_in_enabled=False,
        attack_cap=None,
        bout_structure=BoutStructure.RELAY,
        relay_until=5,
        take_what=TakeWhat.FIRST_CARD_ONLY,
        next_attacker_after_success=NextAttackerAfterSuccess.LAST_BEATER,
    ),
    "bez_nazvaniya": Rules(
        variant="bez_nazvaniya",
        engine=ENGINE,
        hand_size=WHOLE_DECK,
        trump_source=TrumpSource.LAST_DEALT,
        first_attacker=FirstAttacker.HOLDER_OF_9D,
        later_games=LaterGames.HOLDER_OF_9D,
        throw_in_enabled=False,
        attack_cap=None,
        bout_structure=BoutStructure.RELAY,
        relay_until=0,
        instant_clear_card="9d",
        take_what=TakeWhat.BOTTOM_CARD,
        next_attacker_after_success=NextAttackerAfterSuccess.LAST_BEATER,
        refill_mode=RefillMode.NONE,
    ),
    "chukchi_2": Rules(
        variant="chukchi_2",
        engine=ENGINE,
        hand_size=WHOLE_DECK,
        trump_source=TrumpSource.NONE,
        first_attacker=FirstAttacker.LEFT_OF_DEALER,
        throw_in_enabled=False,
        attack_cap=None,
        bout_structure=BoutStructure.ASCENDING_SEQUENCE_RELAY,
        instant_clear_card="A",
        take_what=TakeWhat.TOP_CARD,
        next_attacker_after_success=NextAttackerAfterSuccess.LAST_BEATER,
        refill_mode=RefillMode.NONE,
    ),
    "polsky": Rules(
        variant="polsky",
        engine=ENGINE,
        hand_size=0,
        trump_source=TrumpSource.CENTRE_CARD,
        first_attacker=FirstAttacker.LEFT_OF_DEALER,
        later_games=LaterGames.LEFT_OF_DEALER,
        throw_in_enabled=False,
        attack_cap=None,
        bout_structure=BoutStructure.CENTRE_PILE_RELAY,
        take_what=TakeWhat.LED_PLUS_DRAWN,
        next_attacker_after_success=NextAttackerAfterSuccess.LAST_BEATER,
        refill_mode=RefillMode.NONE,
        end_loser=EndLoser.FIRST_OUT_WINS,
    ),
}

VARIANT_ALIASES: dict[str, tuple[str, ...]] = {
    "chinese": ("китайский", "китайский дурак", "fool-chinese", "chinese-fool"),
    "bez_nazvaniya": ("без названия", "дурак без названия", "fool-without-a-name", "nameless"),
    "chukchi_2": ("чухонский дурак", "the-fool-of-the-chukchi", "chukhon-fool"),
    "polsky": ("польский", "польский дурак", "polish", "polish-fool"),
}


def page_notes(rules: Rules) -> list[str]:
    """How this engine plays the variant, in words built from its settings (for
    :mod:`referee.rules_page`)."""
    centre = rules.bout_structure is BoutStructure.CENTRE_PILE_RELAY
    notes = [
        "relay: a player leads one card (A:attack 7h); the next player still in must beat the "
        "top card (B:beat 7h/9h) or take (B:take); nobody throws in or transfers"
    ]
    if rules.bout_structure is BoutStructure.ASCENDING_SEQUENCE_RELAY:
        notes.append("beating: exactly the next rank of the same suit; there is no trump")
    else:
        beat = "beating: a higher card of the same suit"
        if rules.rank_order is RankOrder.TEN_BELOW_ACE:
            beat += " in the order ...J<Q<K<10<A"
        if rules.fixed_trump is not None:
            beat += f", or a trump ({rules.fixed_trump.symbol}) on another suit"
        elif rules.trump_source is not TrumpSource.NONE:
            beat += ", or a trump on another suit"
        for suit in sorted(rules.trump_immune_suits, key=lambda s: s.index):
            beat += f"; {suit.symbol} only by a higher {suit.symbol}"
        notes.append(beat)
    if centre:
        notes.append(
            "one centre pile above the face-up trump card, never discarded; the beater leads "
            "the next card; a face-down spread card is led with A:attack 7h* and turned to beat "
            "with B:spread 9h (if it does not beat, the player takes it and the led card)"
        )
    if rules.relay_until == 0:
        notes.append("the stack goes to the discard at as many cards as players still in")
    elif rules.relay_until is not None:
        notes.append(f"the stack goes to the discard at {rules.relay_until} cards")
    if rules.instant_clear_card is not None:
        card = rules.instant_clear_card
        what = "an ace" if card.upper() == "A" else str(Card.parse(card))
        notes.append(f"{what} clears the stack at once")
    if not centre and rules.next_attacker_after_success is NextAttackerAfterSuccess.LAST_BEATER:
        notes.append("after a cleared stack its last player leads the next relay")
    notes.append(_TAKE_NOTES[rules.take_what])
    if rules.refill_mode is not RefillMode.NONE and not centre and not rules.deals_whole_deck:
        notes.append(f"refill to {rules.refill_n} after every relay, its leader first")
    if rules.end_loser is EndLoser.FIRST_OUT_WINS:
        notes.append("the first player out wins; play goes on to find the fool")
    notes.append(
        "draws: a game that locks (no card held can be laid on another) or whose position "
        "comes round a third time"
    )
    notes.append(
        "camera: every card is seen"
        if centre
        else "camera: a card from a hidden hand is assumed to come from it; cards taken are seen"
    )
    return notes


_TAKE_NOTES = {
    TakeWhat.FIRST_CARD_ONLY: "a player who does not beat takes the lead card; the rest is "
    "discarded and the next player leads",
    TakeWhat.BOTTOM_CARD: "a player who does not beat takes the bottom card; the next player "
    "beats the top card (or leads, if the stack is empty)",
    TakeWhat.LOWEST_RANKED: "a player who does not beat takes the lowest-ranked card of the "
    "stack; the next player beats the top card (or leads, if the stack is empty)",
    TakeWhat.TOP_CARD: "a player who does not lay the card takes the top card; the rest is "
    "discarded and the next player leads",
    TakeWhat.LED_PLUS_DRAWN: "once the spread is empty, a player who does not beat takes the top "
    "3 cards of the pile and the next player beats the new top card",
}


register(
    Engine(
        name=ENGINE,
        deal=deal,
        table_game=table_game,
        check=check,
        apply=apply,
        check_and_apply=check_and_apply,
        legal_moves=legal_moves,
        outcome=outcome,
        describe=describe,
        bout_number=lambda state: state.bouts,
    )
)
