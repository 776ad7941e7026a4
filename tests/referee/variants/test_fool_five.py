"""`fool_five`, "Fool five (Dureń Piątkowy)" (VARIANTS.md §4.51): one test per rule."""

from __future__ import annotations

import pytest
from stock_builders import (
    card,
    cards,
    ends_with_a_fool_or_a_draw,
    hand,
    play,
    position,
    run_script,
    verdict,
)

from referee import CardSet, InvalidRules, rules_for, table_game
from referee.setup import deal, deck_of

FF = rules_for("fool_five")


def test_rule_1_fifty_two_cards_only() -> None:
    assert FF.allowed_decks == (52,) and len(deck_of(FF)) == 52
    with pytest.raises(InvalidRules):
        rules_for("fool_five", {"deck": "36"})
    assert (FF.min_players, FF.max_players) == (2, 6)


def test_rule_2_and_5_the_player_left_of_the_dealer_attacks_first_in_every_game() -> None:
    assert deal(FF, 3, seed=1, dealer=1).attacker == 2
    assert deal(FF, 3, seed=1, dealer=1, previous_fool=0).attacker == 2


def test_rule_3_five_cards_each_dealt_three_then_two() -> None:
    order = list(deck_of(FF))  # 2s 3s 4s ... top first
    state = deal(FF, 2, seed=0, dealer=0, order=order)  # B is dealt first
    assert hand(state, 1) == CardSet.of(cards("2s 3s 4s 8s 9s"))
    assert hand(state, 0) == CardSet.of(cards("5s 6s 7s Ts Js"))


def test_rule_4_the_top_card_of_the_stock_is_turned_as_trump_and_drawn_last() -> None:
    state = deal(FF, 2, seed=0, dealer=0, order=list(deck_of(FF)))
    assert state.trump_card == card("Qs") and state.stock[-1] == card("Qs")


def test_rule_6_attack_forms_pairs_two_pairs_four_of_a_kind_plus_one_single() -> None:
    state = position(FF, ["4h 4d 7c 7s 6h 4c 4s", "2d 3d 5d 8d 9d"], trump="Qh")
    for lead in ("4h", "4h+4d", "4h+4d+6h", "4h+4d+7c+7s", "4h+4d+7c+7s+6h", "4h+4d+4c+4s"):
        assert verdict(state, f"A:attack {lead}").ok, lead
    assert verdict(state, "A:attack 4h+7c").code == "attack_form"  # two single cards
    assert verdict(state, "A:attack 4h+4d+7c+6h").code == "attack_form"


def test_rule_6_the_attack_may_not_have_more_cards_than_the_defender_holds() -> None:
    state = position(FF, ["4h 4d 7c 7s 6h", "2d 3d 5d"], trump="Qh")
    assert verdict(state, "A:attack 4h+4d+7c+7s").code == "attack_limit"
    assert verdict(state, "A:attack 4h+4d+6h").ok


def test_rule_7_the_defence_uses_the_default_beat_relation() -> None:
    state = play(position(FF, ["9c 4h", "Tc 8c 2h"], trump="2h"), "A:attack 9c")
    assert verdict(state, "B:beat 9c/8c").code == "does_not_beat"
    assert verdict(state, "B:beat 9c/Tc").ok and verdict(state, "B:beat 9c/2h").ok


def test_rule_8_throw_ins_of_table_ranks_only_as_many_as_the_defender_can_still_beat() -> None:
    state = play(
        position(FF, ["9c 9h 9d 9s", "Tc Jd Qd"], trump="2s"), "A:attack 9c", "B:beat 9c/Tc"
    )
    assert verdict(state, "A:throw 9h+9d+9s").code == "attack_limit"  # he holds 2 more cards
    assert verdict(state, "A:throw 9h+9d").ok


def test_rule_9_success_refill_to_five_the_defender_last_and_the_defender_attacks() -> None:
    hands = ["9c 8d 7d 6d 5d", "Tc 2h 3h 4h", "5c 6c 7c 8c"]
    state = position(FF, hands, trump="Kh", stock="Ac")
    state = play(state, "A:attack 9c", "B:beat 9c/Tc", "A:done")
    assert [h.count for h in state.hands] == [5, 3, 5]  # A, then C; nothing left for B
    assert state.attacker == 1


def test_rule_10_taken_cards_lie_face_up_in_front_of_the_taker_until_his_next_attack() -> None:
    state = position(FF, ["9c 9d 8c 5d 6d", "2h 3h 4h Th Jh"], trump="Ks")
    state = play(state, "A:attack 9c", "B:take", "A:throw 9d", "A:done")
    assert state.face_up[1] == CardSet.of(cards("9c 9d"))
    assert card("9c") in hand(state, 1) and state.hands[1].count == 7
    assert state.attacker == 0  # the taker's left neighbour attacks next
    # until then they count as his cards: he may defend with them
    state = play(state, "A:attack 8c", "B:beat 8c/9c", "A:done")
    assert state.face_up[1] == CardSet.of(cards("9d")) and state.attacker == 1
    state = play(state, "B:attack 2h")  # his next attack: he picks the rest up
    assert state.face_up == () and card("9d") in hand(state, 1)


def test_rule_11_the_refill_after_a_take_uses_the_same_order() -> None:
    hands = ["9c 8d 7d 6d 5d", "Tc 2h", "5c 6c 7c 8c"]
    state = position(FF, hands, trump="Kh", stock="Ac")
    state = play(state, "A:attack 9c", "B:take", "A:done")
    assert [h.count for h in state.hands] == [5, 3, 5]  # B, who took, draws last


def test_rule_12_before_his_turn_a_player_swaps_two_cards_for_the_bottom_two_of_the_stock() -> None:
    state = position(FF, ["9s 4c 7h 8h", "2d 3d 5d 6d"], trump="5s", stock="Kd 3h")
    state = run_script(
        state,
        [
            ("B:exchange 2d+3d", "exchange_not_allowed"),  # only before his own turn
            ("A:exchange 4c+9s", "exchange_not_allowed"),  # the new trump card must be a spade
            ("A:exchange 9s+4c", None),
            ("A:exchange 7h+8h", "exchange_not_allowed"),  # once
        ],
    )
    assert state.trump_card == card("9s") and state.trump_suit == card("5s").suit
    assert hand(state, 0) == CardSet.of(cards("5s 3h 7h 8h"))
    assert state.stock == tuple(cards("Kd 4c 9s"))  # 4c face down above the new trump card
    assert verdict(play(state, "A:attack 7h"), "A:exchange 7h+8h").code == "exchange_not_allowed"


def test_rule_12_the_stock_must_still_hold_the_trump_card_and_a_face_down_card() -> None:
    state = position(FF, ["9s 4c 7h 8h", "2d 3d 5d 6d"], trump="5s", stock="")
    assert verdict(state, "A:exchange 9s+4c").code == "exchange_not_allowed"


def test_rule_13_the_last_player_holding_cards_loses() -> None:
    assert all(
        ends_with_a_fool_or_a_draw(FF, players, seed) for players in (2, 5) for seed in (1, 2)
    )


def test_table_view_the_face_down_half_of_the_exchange_cannot_be_checked() -> None:
    view = table_game(FF, 2, trump_card=card("5s"), dealer=1)
    assert view.attacker == 0
    swap = verdict(view, "A:exchange 9s")
    assert swap.ok and any("face down" in note for note in swap.unchecked)
    view = play(view, "A:exchange 9s")
    assert view.trump_card == card("9s") and card("5s") in hand(view, 0)
    assert view.hands[0].count == 5
