"""Random-game properties of the part A variants (VARIANTS.md §5.4 items 10 and 12-16):
`two_jokers`, `fool_personal_trumps`, `pokerny`, `negotiable`, `magadan`, `fool_five`.

Random legal games (``referee.simulate``) must conserve every card (the reserves, the personal
trump cards and the face-up piles included), agree with ``check``, end with a fool or a draw,
replay in the table view, and round-trip through records and the text export. They must also
actually reach each variant's special rule, or the other properties would prove little.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest
from stock_builders import ends_with_a_fool_or_a_draw

from referee import Card, GameState, check, check_and_apply, legal_moves, outcome, rules_for
from referee import table_game as make_table_game
from referee.export import export_text, parse_text
from referee.moves import Defend, Move, ThrowIn
from referee.record import GameRecord
from referee.setup import deal, deck_of
from referee.simulate import choose, walk
from referee.stock_moves import StockSwap, TrumpExchange, TurnTrumps

PART_A = ("two_jokers", "fool_personal_trumps", "pokerny", "negotiable", "magadan", "fool_five")


def _cards(state: GameState) -> Counter[Card]:
    counts: Counter[Card] = Counter()
    for hand in state.hands:
        counts.update(hand.known)
    for pile, hand in zip(state.face_up, state.hands, strict=False):
        assert not (pile - hand.known), "face-up cards are part of the hand"
    for reserve in state.reserves:
        assert reserve.count == len(reserve.known)
        counts.update(reserve.known)
    for pair in state.table:
        counts[pair.attack] += 1
        if pair.cover is not None:
            counts[pair.cover] += 1
    counts.update(state.stock)
    counts.update(state.discard)
    counts.update(state.out_of_play)
    return counts


def _game(slug: str, players: int, seed: int) -> list[tuple[GameState, Move, GameState]]:
    game = list(walk(rules_for(slug), players, seed))
    for state, move, _ in game:
        verdict = check(state, move)
        assert verdict.ok and verdict.unchecked == ()
    assert game[-1][2].is_over
    return game


@pytest.mark.parametrize("slug", PART_A)
def test_cards_are_conserved_and_legal_moves_check_ok(slug: str) -> None:
    deck = Counter(deck_of(rules_for(slug)))
    for players in (2, 3):
        for state, _move, after in _game(slug, players, seed=20 + players):
            assert _cards(after) == deck
            assert after.stock_count == len(after.stock)
            for move in legal_moves(state)[:40]:
                assert check(state, move).ok


@pytest.mark.parametrize("slug", PART_A)
def test_games_end_and_the_table_view_replays_them(slug: str) -> None:
    rules = rules_for(slug)
    assert all(ends_with_a_fool_or_a_draw(rules, players, seed=5) for players in (2, 4))
    steps = _game(slug, 3, seed=9)
    start = steps[0][0]
    trump = start.trump_card if start.trump_card is not None else None
    view = make_table_game(
        rules, 3, trump_card=trump, dealer=start.dealer, first_attacker_seat=start.attacker
    )
    for _state, move, _after in steps:
        verdict, view = check_and_apply(view, move)
        assert verdict.ok, verdict.message()
    final = steps[-1][2]
    assert view.is_over and outcome(view) == outcome(final)
    assert [h.count for h in view.hands] == [h.count for h in final.hands]


@pytest.mark.parametrize("slug", PART_A)
def test_records_and_the_text_export_round_trip(slug: str) -> None:
    from companion.referee_commands import simulate_record

    header, record = simulate_record(slug, {}, 3, 17, None)
    text = export_text(header, record.events)
    header2, moves, _ = parse_text(text)
    again = GameRecord.create(header2)
    for move in moves:
        assert again.play(move).ok
    assert again.state.is_over
    assert export_text(header2, again.events) == text


def _moves_of(slug: str, players: int, seeds: range) -> list[tuple[GameState, Move, GameState]]:
    return [step for seed in seeds for step in _game(slug, players, seed)]


def test_random_two_jokers_games_reach_a_joker_trump_card_and_play_the_jokers() -> None:
    rules = rules_for("two_jokers")
    seeds = [s for s in range(300) if deal(rules, 2, s, dealer=s % 2).trump_joker is not None]
    assert seeds, "a joker is turned as the trump card in some deals"
    assert _game("two_jokers", 2, seeds[0])[-1][2].trump_joker is not None
    joker_beats = [
        m
        for _, m, _ in _moves_of("two_jokers", 3, range(6))
        if isinstance(m, Defend) and (m.card.is_joker or m.covers.is_joker)
    ]
    assert joker_beats


def test_random_personal_trump_games_start_with_the_dealers_turn() -> None:
    for seed in range(3):
        steps = _game("fool_personal_trumps", 3, seed)
        assert isinstance(steps[0][1], TurnTrumps) and len(steps[0][2].personal_trumps) == 3


def test_random_pokerny_games_swap_with_the_stock() -> None:
    assert any(isinstance(m, StockSwap) for _, m, _ in _moves_of("pokerny", 3, range(3)))


def test_random_negotiable_games_have_failed_beats_and_bounced_throw_ins() -> None:
    steps = _moves_of("negotiable", 3, range(4))
    failed = [
        a for s, m, a in steps if isinstance(m, Defend) and a.bouts == s.bouts + 1 and a.table == ()
    ]
    assert failed
    bounced = [a for _, m, a in steps if isinstance(m, ThrowIn) and a.throw_barred]
    assert bounced


def test_random_magadan_games_unlock_and_release_the_reserves() -> None:
    steps = _moves_of("magadan", 2, range(3))
    counts = [sum(r.count for r in a.reserves) for _, _, a in steps]
    assert 10 in counts and 0 in counts and any(0 < c < 10 for c in counts)


def test_random_fool_five_games_exchange_the_trump_card_and_keep_taken_cards_face_up() -> None:
    steps = _moves_of("fool_five", 3, range(3))
    assert any(isinstance(m, TrumpExchange) for _, m, _ in steps)
    assert any(a.face_up for _, _, a in steps)


def test_pokerny_showdown_games_end_conserve_cards_and_replay() -> None:
    from companion.referee_commands import simulate_record

    options = {"poker_showdown": "true"}
    rules = rules_for("pokerny", options)
    deck = Counter(deck_of(rules))
    showdowns = 0
    for players, seed in ((2, 0), (3, 2), (4, 2), (6, 1)):
        state = deal(rules, players, seed, dealer=seed % players)
        rng = random.Random(seed)
        while not state.is_over:
            moves = legal_moves(state)
            assert all(check(state, m).ok for m in moves)
            state = check_and_apply(state, choose(moves, rng))[1]
            assert _cards(state) == deck
        result = outcome(state)
        assert result is not None and (result.losers or result.draw)
        showdowns += "poker showdown" in result.reason
        header, record = simulate_record("pokerny", options, players, seed, None)
        text = export_text(header, record.events)
        header2, replayed, _ = parse_text(text)  # the table view: the shown hands are checked
        again = GameRecord.create(header2)
        assert all(again.play(move).ok for move in replayed) and again.state.is_over
        assert export_text(header2, again.events) == text
    assert showdowns
