"""Properties of random legal games of the relay engine (`chinese`, `bez_nazvaniya`, `chukchi_2`,
`polsky`) for 2..6 players and both deck sizes:

* cards are conserved (hands + stack + stock or spread + discard + polsky's centre card = deck);
* ``apply`` never changes its input and is deterministic;
* ``legal_moves`` and ``check`` agree: every legal move checks ok with nothing unchecked, and a
  broad sweep of candidate moves that check ok are all legal moves;
* every game ends with its variant's outcome (a fool, a draw, or polsky's first player out);
* the table view (what a camera sees) accepts every move and reaches the same end;
* records round-trip: JSONL record, text export, parse and replay give the same export.
"""

from __future__ import annotations

import copy
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee import (
    Attack,
    Card,
    Defend,
    Done,
    Move,
    Pass,
    Take,
    ThrowIn,
    Transfer,
    apply,
    check,
    check_and_apply,
    legal_moves,
    outcome,
    rules_for,
    table_game,
)
from referee.engines.relay import SpreadTurn
from referee.engines.relay_state import RelayState, deck_of, is_centre_pile
from referee.export import export_text, parse_text
from referee.record import GameRecord, Header
from referee.rules import EndLoser, Rules
from referee.simulate import random_game, walk

SLUGS = ("chinese", "bez_nazvaniya", "chukchi_2", "polsky")
CASES = [(s, p, d) for s in SLUGS for p in range(2, 7) for d in (36, 52)]


def _rules(slug: str, deck: int) -> Rules:
    return rules_for(slug, {"deck": str(deck)})


def _assert_conserved(state: RelayState) -> None:
    counts: Counter[Card] = Counter()
    for hand in state.hands:
        assert hand.count == len(hand.known)
        counts.update(hand.known)
    counts.update(state.pile)
    counts.update(state.stock)
    counts.update(state.discard)
    if is_centre_pile(state.rules) and state.trump_card is not None:
        counts[state.trump_card] += 1
    deck = Counter(deck_of(state.rules))
    assert counts == deck, f"missing {sorted(deck - counts)}, extra {sorted(counts - deck)}"
    assert state.stock_count == len(state.stock)


@pytest.mark.parametrize(("slug", "players", "deck"), CASES)
def test_cards_are_conserved_and_apply_never_mutates(slug: str, players: int, deck: int) -> None:
    rules = _rules(slug, deck)
    for i, (state, move, after) in enumerate(walk(rules, players, seed=players + deck)):
        if i % 4 == 0:
            snapshot = copy.deepcopy(state)
            assert apply(state, move) == after, "apply is deterministic"
            assert state == snapshot, f"apply({move}) changed its input"
        _assert_conserved(after)


@pytest.mark.parametrize(("slug", "players", "deck"), CASES)
def test_every_game_ends_with_its_variants_outcome(slug: str, players: int, deck: int) -> None:
    rules = _rules(slug, deck)
    _, moves, final = random_game(rules, players, seed=3 * players + deck)
    result = outcome(final)
    assert moves and final.is_over and result is not None and legal_moves(final) == []
    holding = [s for s in range(players) if final.hands[s].count > 0]
    if result.draw:
        assert result.losers == () and final.fool is None
        assert final.drawn or holding == []
    else:
        assert result.fool == final.fool and holding == [final.fool]
    if rules.end_loser is EndLoser.FIRST_OUT_WINS:
        assert result.winners == final.first_out and final.first_out
    else:
        assert result.draw or result.reason.startswith("last player")


def _candidates(state: RelayState, rng: random.Random) -> list[Move]:
    """Moves legal or not: every card of every hand in every role, spread and stray cards."""
    out: list[Move] = []
    deck = list(deck_of(state.rules))
    stray = rng.sample(deck, 6)
    top = state.top
    for seat in range(state.players):
        hand = sorted(state.hands[seat].known)
        out += [Take(seat), Pass(seat), Done(seat)]
        for c in [*hand, *stray]:
            out += [Attack(seat, (c,)), ThrowIn(seat, (c,)), Transfer(seat, (c,))]
            out += [Attack(seat, (c,), from_stock=True), SpreadTurn(seat, c)]
            if top is not None and c != top:
                out.append(Defend(seat, top, c))
            if state.pile and c != state.pile[0]:
                out.append(Defend(seat, state.pile[0], c))
        if len(hand) >= 2:
            out.append(Attack(seat, tuple(rng.sample(hand, 2))))
    for c in state.stock[:8]:
        out += [Attack(max(state.turn, 0), (c,), from_stock=True), SpreadTurn(state.turn, c)]
    return list(dict.fromkeys(out))


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("players", [2, 4, 6])
def test_legal_moves_and_check_agree(slug: str, players: int) -> None:
    rules = _rules(slug, 36)
    rng = random.Random(players)
    for i, (state, _move, _after) in enumerate(walk(rules, players, seed=11 + players)):
        legal = legal_moves(state)
        assert len(set(legal)) == len(legal), "legal_moves lists a move twice"
        for move in legal:
            verdict = check(state, move)
            assert verdict.ok and verdict.unchecked == (), verdict.message()
        if i % 3:
            continue
        for move in _candidates(state, rng):
            verdict = check(state, move)
            if verdict.ok:
                assert move in legal, f"check accepts {verdict.move}, not a legal move"


def _table_view(start: RelayState) -> RelayState:
    return table_game(
        start.rules,
        start.players,
        trump_card=start.trump_card,
        trump_suit=start.trump_suit,
        dealer=start.dealer,
        first_attacker_seat=start.turn,
    )


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_table_view_accepts_every_move_and_reaches_the_same_end(
    slug: str, players: int
) -> None:
    rules = _rules(slug, 36)
    for seed in (1, 2):
        start, moves, final = random_game(rules, players, seed)
        view = _table_view(start)
        for move in moves:
            verdict, view = check_and_apply(view, move)
            assert verdict.ok, f"the table view refuses a legal move: {verdict.message()}"
        assert view.is_over and outcome(view) == outcome(final)
        assert [h.count for h in view.hands] == [h.count for h in final.hands]
        assert view.discard == final.discard and view.pile == final.pile


@pytest.mark.parametrize("slug", SLUGS)
@pytest.mark.parametrize("players", [2, 4])
def test_records_round_trip_through_jsonl_and_the_text_export(slug: str, players: int) -> None:
    rules = _rules(slug, 52)
    _, moves, final = random_game(rules, players, seed=21)
    header = Header(
        variant=slug,
        options={"deck": "52"},
        players=tuple(f"P{i}" for i in range(players)),
        dealer=21 % players,
        seed=21,
    )
    record = GameRecord.create(header)
    for move in moves:
        assert record.play(move).ok
    assert record.state == final
    text = export_text(header, record.events)
    header2, parsed, _ = parse_text(text)
    assert parsed == moves
    again = GameRecord.create(header2)
    for move in parsed:
        assert again.play(move).ok
    assert again.state.is_over and export_text(header2, again.events) == text
    assert outcome(again.state) == outcome(final)


@settings(
    max_examples=12,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(
    slug=st.sampled_from(SLUGS),
    players=st.integers(min_value=2, max_value=6),
    deck=st.sampled_from((36, 52)),
    seed=st.integers(min_value=100, max_value=10**6),
)
def test_random_games_conserve_cards_and_end(slug: str, players: int, deck: int, seed: int) -> None:
    last = None
    for _state, _move, after in walk(_rules(slug, deck), players, seed):
        last = after
    assert last is not None and last.is_over and outcome(last) is not None
    _assert_conserved(last)


@pytest.mark.parametrize("slug", SLUGS)
def test_the_rules_page_describes_the_relay_from_its_settings(slug: str) -> None:
    from referee.rules_page import page

    data = page(slug)
    notes = " ".join(data["engine_notes"])
    assert data["engine"] == "relay" and "relay:" in notes
    expected = {
        "chinese": "at 5 cards",
        "bez_nazvaniya": "as many cards as players still in",
        "chukchi_2": "exactly the next rank",
        "polsky": "A:attack 7h*",
    }
    assert expected[slug] in notes
    assert "refill_order" not in {row["name"] for row in data["options"]}


OPTIONS = [("chukchi_2", {"sequence": "any_higher"}), ("bez_nazvaniya", {"take_card": "lowest"})]


@pytest.mark.parametrize(("slug", "options"), OPTIONS)
@pytest.mark.parametrize("players", [2, 3, 5])
def test_the_ambiguity_options_play_whole_games(
    slug: str, options: dict[str, str], players: int
) -> None:
    rules = rules_for(slug, options)
    rng = random.Random(players)
    final = None
    for i, (state, _move, after) in enumerate(walk(rules, players, seed=5 + players)):
        _assert_conserved(after)
        final = after
        if i % 5:
            continue
        legal = legal_moves(state)
        assert all(check(state, m).ok for m in legal)
        for move in _candidates(state, rng):
            if check(state, move).ok:
                assert move in legal, f"check accepts {move}, not a legal move"
    assert final is not None and final.is_over and outcome(final) is not None
