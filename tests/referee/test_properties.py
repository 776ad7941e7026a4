"""Properties of random legal games over every playable variant (VARIANTS.md §5.3).

For every variant, 2..max players and both deck sizes, random legal games (``referee.simulate``):

* cards are conserved: hands + table + stock + discard + out of play (+ the hidden second trump)
  are the deck, each physical card exactly once;
* ``apply`` never changes its input;
* ``legal_moves`` and ``check`` agree: every legal move checks ok, and every candidate move that
  checks ok is a legal move (two-deck games compared by card face: ``check`` accepts either copy);
* every game ends, with a fool, a draw, or the variant's scoring result;
* the table view (what a camera sees) accepts every move of the game.
"""

from __future__ import annotations

import pickle
import random
from collections import Counter
from dataclasses import replace
from itertools import combinations

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import (
    Attack,
    Card,
    CardSet,
    Defend,
    Done,
    GameState,
    Move,
    Pass,
    RevealTrump,
    Take,
    ThrowIn,
    Transfer,
    apply,
    check,
    check_and_apply,
    legal_moves,
    outcome,
    playable_variants,
    rules_for,
    table_game,
)
from referee.rules import AttackForm, EndLoser, Rules, TrumpSource
from referee.setup import deck_of
from referee.simulate import random_game, walk
from referee.special_moves import Doubt, FaceDownBeat, ReturnExcess, Ticket
from referee.stock_moves import StockSwap, TrumpExchange, TurnTrumps
from referee.variants import find_variant

VARIANTS = [v.slug for v in playable_variants() if v.rules and v.rules.engine == "durak"]
DECKS = (36, 52)
SEEDS = (1, 2, 3)


def _fits(rules: Rules, players: int, deck: int) -> bool:
    """The deal fits the deck (`magadan`: 6 + 5 cards a seat, so 4 players need 52 cards)."""
    per_seat = rules.hand_size + rules.reserve_facedown
    return players * per_seat <= len(deck_of(replace(rules, deck_ranks=deck)))


def _cases() -> list[tuple[str, int, int]]:
    out = []
    for v in playable_variants():
        assert v.rules is not None
        if v.rules.engine != "durak":
            continue  # other engines have their own property tests (tests/referee/variants)
        for players in range(v.rules.min_players, min(v.rules.max_players, 6) + 1):
            for deck in DECKS:
                if deck in v.rules.allowed_decks and _fits(v.rules, players, deck):
                    out.append((v.slug, players, deck))
    return out


CASES = _cases()


def _rules(slug: str, deck: int) -> Rules:
    allowed = find_variant(slug).deck_sizes
    if len(allowed) == 1:
        return rules_for(slug)  # `shield`, `fool_five`: 52 cards only
    return rules_for(slug, {"deck": str(deck if deck in allowed else allowed[0])})


# --- conservation ---------------------------------------------------------------------------


def _all_cards(state: GameState) -> Counter[Card]:
    counts: Counter[Card] = Counter()
    for hand in state.hands:
        assert hand.count == len(hand.known), "a full-information hand is fully known"
        counts.update(hand.known)
    for pair in state.table:
        counts[pair.attack] += 1
        if pair.cover is not None:
            counts[pair.cover] += 1
    counts.update(state.stock)
    counts.update(state.discard)
    counts.update(state.out_of_play)
    if state.hidden_trump is not None and state.hidden_trump_pending:
        counts[state.hidden_trump] += 1
    for reserve in state.reserves:  # `magadan`: the face-down reserves
        assert reserve.count == len(reserve.known), "a full-information reserve is fully known"
        counts.update(reserve.known)
    return counts


_DECK_MASKS: dict[Rules, tuple[int, int]] = {}


def _deck_mask(rules: Rules) -> tuple[int, int]:
    found = _DECK_MASKS.get(rules)
    if found is None:
        deck = deck_of(rules)
        found = _DECK_MASKS[rules] = (CardSet.of(deck).mask, len(deck))
    return found


def _assert_conserved(state: GameState) -> None:
    # Every physical card is distinct (two-deck copies too), so "each card exactly once" is: the
    # places hold as many cards as the deck, and together they hold every card of the deck.
    assert all(h.count == len(h.known) for h in state.hands), "full-information hands are known"
    sets = [h.known for h in state.hands] + [state.discard, state.out_of_play]
    sets += [r.known for r in state.reserves]
    loose = _table_cards(state) + list(state.stock)
    if state.hidden_trump is not None and state.hidden_trump_pending:
        loose.append(state.hidden_trump)
    total = sum(len(s) for s in sets) + len(loose)
    union = CardSet.of(loose).mask
    for s in sets:
        union |= s.mask
    mask, size = _deck_mask(state.rules)
    if total != size or union != mask:
        counts = _all_cards(state)
        deck = Counter(deck_of(state.rules))
        assert counts == deck, f"missing {sorted(deck - counts)}, extra {sorted(counts - deck)}"
    assert state.stock_count == len(state.stock)


def _table_cards(state: GameState) -> list[Card]:
    cards = [p.attack for p in state.table]
    cards += [p.cover for p in state.table if p.cover is not None]
    return cards


@pytest.mark.parametrize(("slug", "players", "deck"), CASES)
def test_cards_are_conserved_and_apply_never_mutates(slug: str, players: int, deck: int) -> None:
    rules = _rules(slug, deck)
    for seed in SEEDS[:2]:
        first = True
        for i, (state, move, after) in enumerate(walk(rules, players, seed)):
            if first:
                _assert_conserved(state)
                first = False
            _assert_conserved(after)
            if i % 3:
                continue  # the deep snapshot is the costly part: every third move
            snapshot = pickle.dumps(state)  # a deep snapshot of everything the state holds
            again = apply(state, move)
            assert pickle.dumps(state) == snapshot, f"apply({move}) changed its input"
            assert again == after, "apply is deterministic"


# --- every game ends ------------------------------------------------------------------------


@pytest.mark.parametrize(("slug", "players", "deck"), CASES)
def test_every_game_ends_with_a_fool_a_draw_or_a_score(slug: str, players: int, deck: int) -> None:
    rules = _rules(slug, deck)
    for seed in SEEDS:
        _, moves, final = random_game(rules, players, seed)
        assert moves and final.is_over
        result = outcome(final)
        assert result is not None
        assert legal_moves(final) == []
        if result.draw:
            assert result.losers == () or rules.end_loser is EndLoser.FIRST_OUT_WINS
        else:
            # a loser, or (`figured`) a shared win when every score ties
            assert result.losers or rules.end_loser is EndLoser.MOST_FIGURES_BEATEN_WINS
            assert result.losers or result.winners
            assert set(result.losers).isdisjoint(result.winners)
        if rules.end_loser is EndLoser.LAST_WITH_CARDS and not result.draw:
            assert result.fool == final.fool
            holding = [
                s
                for s in range(players)
                if final.hands[s].count > 0 and s != final.dummy_seat  # `bolvan`: never the fool
            ]
            assert (
                holding == [final.fool] or final.loser_by_hand_size or (final.drawn_by_repetition)
            )


# --- legal_moves and check agree -------------------------------------------------------------


def _face_key(move: Move) -> tuple[object, ...]:
    match move:
        case Attack(player=p, cards=cs, from_stock=fs):
            return ("attack", p, tuple(sorted(str(c.face) for c in cs)), fs)
        case ThrowIn(player=p, cards=cs):
            return ("throw", p, tuple(sorted(str(c.face) for c in cs)))
        case Transfer(player=p, cards=cs):
            return ("transfer", p, tuple(sorted(str(c.face) for c in cs)))
        case Defend(player=p, covers=a, card=c):
            return ("beat", p, str(a.face), str(c.face))
        case RevealTrump(player=p, card=c):
            return ("reveal", p, str(c.face))
    return (type(move).__name__, move.player)


def _sample(items: list[tuple[Card, ...]], k: int, rng: random.Random) -> list[tuple[Card, ...]]:
    return items if len(items) <= k else rng.sample(items, k)


def _candidates(state: GameState, rng: random.Random) -> list[Move]:
    """A broad set of moves, legal or not: every card of every hand in every role."""
    out: list[Move] = []
    table_attacks = [p.attack for p in state.table]
    multi = state.rules.attack_form is not AttackForm.SINGLE
    for seat in range(state.players):
        hand = sorted(state.hands[seat].known)
        out += [Take(seat), Pass(seat), Done(seat)]
        for c in hand:
            out += [Attack(seat, (c,)), ThrowIn(seat, (c,)), Transfer(seat, (c,))]
            out += [Defend(seat, a, c) for a in table_attacks if a != c]
            if state.hidden_trump is not None:
                out.append(RevealTrump(seat, c))
        by_rank: dict[object, list[Card]] = {}
        for c in hand:
            by_rank.setdefault(c.rank, []).append(c)
        same = [combo for group in by_rank.values() for combo in combinations(group, 2)]
        same += [combo for group in by_rank.values() for combo in combinations(group, 3)]
        for combo in _sample(same, 12, rng):
            out += [ThrowIn(seat, combo), Transfer(seat, combo), Attack(seat, combo)]
        if multi and seat == state.attacker:
            for size in (2, 3, 4, 5):
                combos = (
                    list(combinations(hand, size))
                    if len(hand) <= 9
                    else [tuple(rng.sample(hand, size)) for _ in range(40)]
                )
                out += [Attack(seat, combo) for combo in _sample(combos, 40, rng)]
        if len(hand) >= 2:
            mixed = tuple(rng.sample(hand, 2))
            out += [ThrowIn(seat, mixed), Transfer(seat, mixed)]
    if state.stock:
        top = state.stock[0]
        out.append(Attack(max(state.attacker, 0), (top,), from_stock=True))
        out.append(Attack(max(state.attacker, 0), (state.stock[-1],), from_stock=True))
    if state.hidden_trump is not None:
        out.append(RevealTrump(max(state.attacker, 0), state.hidden_trump))
    out += _special_candidates(state)
    out += _stock_candidates(state, rng)
    return list(dict.fromkeys(out))


def _stock_candidates(state: GameState, rng: random.Random) -> list[Move]:
    """Personal trumps, pokerny swaps and fool_five exchanges (§5.4 part A), legal or not."""
    out: list[Move] = []
    n = state.players
    if state.rules.trump_source is TrumpSource.PERSONAL_PER_PLAYER and len(state.stock) >= n:
        top = tuple(state.stock[:n])
        out += [TurnTrumps(s, top) for s in range(n)]
        if len(state.stock) > n:
            out.append(TurnTrumps(state.dealer, tuple(state.stock[1 : n + 1])))
    for seat in range(state.players):
        hand = sorted(state.hands[seat].known)
        pairs = list(combinations(hand, 2))
        for a, b in _sample(pairs, 6, rng):
            out += [StockSwap(seat, (a, b)), TrumpExchange(seat, a, b), TrumpExchange(seat, b, a)]
    return out


def _special_candidates(state: GameState) -> list[Move]:
    """Tickets, returns, face-down beats and doubts (§5.4 part B), legal or not."""
    out: list[Move] = []
    attacks = [p.attack for p in state.table]
    thrown = [p.attack for p in state.table if p.thrown]
    for seat in range(state.players):
        for c in sorted(state.hands[seat].known):
            out.append(Ticket(seat, c))
            out += [FaceDownBeat(seat, a, c) for a in attacks if a != c]
        out += [Doubt(seat, a) for a in attacks]
        out += [ReturnExcess(seat, (c,)) for c in thrown]
        if len(thrown) >= 2:
            out.append(ReturnExcess(seat, tuple(thrown[:2])))
        out.append(ReturnExcess(seat, by_order=True))
    return out


@pytest.mark.parametrize(("slug", "players", "deck"), CASES)
def test_legal_moves_and_check_agree(slug: str, players: int, deck: int) -> None:
    rules = _rules(slug, deck)
    seed = 7 + players + deck
    rng = random.Random(seed)
    for i, (state, _move, _after) in enumerate(walk(rules, players, seed)):
        legal = legal_moves(state)
        assert len(set(legal)) == len(legal), "legal_moves lists a move twice"
        for move in legal:
            verdict = check(state, move)
            assert verdict.ok, f"legal move refused: {verdict.message()}"
            assert verdict.unchecked == ()
        if i % 3:
            continue  # the broad candidate sweep on every third position keeps this quick
        keys = {_face_key(m) for m in legal}
        for move in _candidates(state, rng):
            verdict = check(state, move)
            if verdict.ok:
                assert _face_key(move) in keys, (
                    f"check accepts {verdict.move}, which legal_moves does not list "
                    f"({verdict.position()})"
                )


# --- the table view accepts every move of a legal game --------------------------------------


def _table_view(start: GameState) -> GameState:
    rules = start.rules
    return table_game(
        rules,
        start.players,
        trump_card=start.trump_card
        if (start.trump_card and start.trump_card.is_normal)
        or (start.trump_card is not None and start.trump_card.is_blank)
        or start.trump_joker is not None  # `two_jokers`: a joker as the trump card
        else None,
        trump_suit=start.trump_suit,
        dealer=start.dealer,
        first_attacker_seat=start.attacker,
    )


@pytest.mark.parametrize(("slug", "players", "deck"), CASES)
def test_table_view_accepts_every_move_of_a_legal_game(slug: str, players: int, deck: int) -> None:
    rules = _rules(slug, deck)
    for seed in (players + deck,):
        start, moves, final = random_game(rules, players, seed)
        view = _table_view(start)
        for move in moves:
            verdict, view = check_and_apply(view, move)
            assert verdict.ok, f"the table view refuses a legal move: {verdict.message()}"
        assert view.is_over
        assert outcome(view) == outcome(final) or rules.end_loser is not EndLoser.LAST_WITH_CARDS
        assert [h.count for h in view.hands] == [h.count for h in final.hands]
        assert view.discard == final.discard


# --- a random search over seeds --------------------------------------------------------------


@settings(
    max_examples=25,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    slug=st.sampled_from(VARIANTS),
    players=st.integers(min_value=2, max_value=6),
    deck=st.sampled_from(DECKS),
    seed=st.integers(min_value=100, max_value=10**6),
)
def test_random_games_conserve_cards_and_end(slug: str, players: int, deck: int, seed: int) -> None:
    rules = _rules(slug, deck)
    players = max(rules.min_players, min(players, rules.max_players))
    while players > rules.min_players and not _fits(rules, players, rules.deck_ranks):
        players -= 1
    last = None
    for state, _move, after in walk(rules, players, seed):
        last = after
        if state.bouts % 5 == 0:
            _assert_conserved(after)
    assert last is not None and last.is_over and outcome(last) is not None
