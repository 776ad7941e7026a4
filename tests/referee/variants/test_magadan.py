"""`magadan`, "The fool Magadan" (VARIANTS.md §4.22): one test per rule."""

from __future__ import annotations

import pytest
from stock_builders import (
    card,
    cards,
    ends_with_a_fool_or_a_draw,
    hand,
    play,
    position,
    stacked_deal,
    verdict,
    with_reserves,
)

from referee import CardSet, InvalidPosition, rules_for, table_game
from referee.setup import deal
from referee.state import GameState

MG = rules_for("magadan")
# dealer B: A is dealt first; then the reserves one at a time (A: 2s 4s 6s 8s Ts, B: 3s 5s 7s 9s
# Js); then Kd is turned as the trump card
HANDS = ["6c 7c 8c 9c Tc Jc", "Qc Kc Ac 8h 9h Th"]
RESERVES = "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Kd"


def _dealt() -> GameState:
    return stacked_deal(MG, HANDS, stock=RESERVES, dealer=1)


def test_rule_1_six_cards_in_hand_and_five_face_down_in_front() -> None:
    state = _dealt()
    assert [h.count for h in state.hands] == [6, 6]
    assert [r.count for r in state.reserves] == [5, 5]
    assert state.reserves[0].known == CardSet.of(cards("2s 4s 6s 8s Ts"))
    assert state.stock_count == 52 - 22


def test_rule_2_at_most_three_players_with_36_cards_and_four_with_52() -> None:
    assert MG.max_players == 4 and MG.deck_ranks == 52
    deal(rules_for("magadan", {"deck": "36"}), 3, seed=1)
    with pytest.raises(InvalidPosition):
        deal(rules_for("magadan", {"deck": "36"}), 4, seed=1)
    assert [r.count for r in deal(MG, 4, seed=1).reserves] == [5, 5, 5, 5]


def test_rule_3_the_trump_card_lies_under_the_stock() -> None:
    state = _dealt()
    assert state.trump_card == card("Kd") and state.stock[-1] == card("Kd")


def test_rule_4_a_successful_defence_unlocks_one_reserve_card_into_the_hand() -> None:
    state = play(_dealt(), "A:attack 6c", "B:beat 6c/Qc", "A:done")
    assert state.reserves[1].count == 4 and state.reserves[0].count == 5
    unlocked = hand(state, 1) - CardSet.of(cards("Kc Ac 8h 9h Th"))
    assert len(unlocked) == 1 and next(iter(unlocked)) in CardSet.of(cards("3s 5s 7s 9s Js"))
    assert state.attacker == 1


def test_rule_5_locked_reserve_cards_cannot_be_played() -> None:
    assert verdict(_dealt(), "A:attack 2s").code == "not_in_hand"


def test_rule_6_and_8_an_empty_stock_unlocks_every_reserve_card_so_nobody_is_out_yet() -> None:
    state = with_reserves(position(MG, ["6c", "Qc 8h"], trump="Kd", stock=""), "2s 3s", "4s")
    state = play(state, "A:attack 6c", "B:beat 6c/Qc")  # A has nothing left to throw in: bito
    assert state.stock_count == 0 and [r.count for r in state.reserves] == [0, 0]
    assert hand(state, 0) == CardSet.of(cards("Kd 2s 3s"))  # drew the trump card, then 2s 3s
    assert hand(state, 1) == CardSet.of(cards("8h 4s"))
    assert state.finished == ()


def test_rule_7_the_refill_to_six_counts_hand_cards_only() -> None:
    state = play(_dealt(), "A:attack 6c", "B:beat 6c/Qc", "A:done")
    assert state.hands[0].count == 6 and state.reserves[0].count == 5  # A drew one
    assert state.hands[1].count == 6  # B's unlocked card filled his hand


def test_random_games_end_as_in_the_base_game() -> None:
    assert all(
        ends_with_a_fool_or_a_draw(MG, players, seed) for players in (2, 4) for seed in (1, 2)
    )


def test_table_view_counts_the_reserves_but_cannot_see_them() -> None:
    view = table_game(MG, 2, trump_card=card("Kd"), dealer=1, first_attacker_seat=0)
    assert [r.count for r in view.reserves] == [5, 5] and view.stock_count == 30
    view = play(view, "A:attack 6c", "B:beat 6c/Qc", "A:done")
    assert [r.count for r in view.reserves] == [5, 4]
    assert view.hands[1].count == 6 and not view.hands[1].known
