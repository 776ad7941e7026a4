"""`shield`, "Fool Shield" (VARIANTS.md §4.47): one test per rule, legal and illegal moves."""

from __future__ import annotations

import pytest
from special_builders import (
    card,
    hand_text,
    play,
    position,
    run_script,
    stacked_deal,
    table_text,
    verdict,
)

from referee import (
    InvalidPosition,
    InvalidRules,
    check_and_apply,
    outcome,
    parse_move,
    rules_for,
    table_game,
)
from referee.beats import beats
from referee.cards import Suit
from referee.movegen import legal_moves
from referee.moves import Defend, format_move
from referee.position import parse_position, write_position
from referee.setup import deal, deck_of, for_players
from referee.simulate import random_game
from referee.special_moves import ReturnExcess, Ticket

SHIELD = rules_for("shield")
TWO_DECKS = rules_for("shield", {"decks": "2"})


def test_rule_1_52_cards_and_two_jokers_two_decks_from_five_players() -> None:
    assert len(deck_of(for_players(SHIELD, 4))) == 54
    assert len(deck_of(for_players(SHIELD, 5))) == 108
    assert deal(SHIELD, 5, 1).rules.deck_copies == 2
    assert deal(rules_for("shield", {"decks": "1"}), 5, 1).rules.deck_copies == 1
    assert deal(TWO_DECKS, 2, 1).rules.deck_copies == 2
    with pytest.raises(InvalidRules):
        rules_for("shield", {"deck": "36"})


def test_rule_2_two_to_ten_players() -> None:
    state = deal(SHIELD, 10, 3)
    assert state.players == 10 and state.stock_count == 108 - 60
    assert verdict(state, f"J:attack {next(iter(state.hands[9].known))}").code in (
        None,
        "out_of_turn",
    )
    for players in (1, 11):
        with pytest.raises(InvalidPosition):
            deal(SHIELD, players, 3)


def test_rule_3_option_one_joker_removed_makes_the_deck_odd() -> None:
    one = rules_for("shield", {"one_joker": "true"})
    assert len(deck_of(for_players(one, 3))) == 53
    assert len(deck_of(for_players(one, 6))) == 107


def test_rule_4_six_cards_each() -> None:
    state = deal(SHIELD, 4, 2)
    assert [h.count for h in state.hands] == [6, 6, 6, 6]
    assert state.stock_count == 54 - 24


def test_rule_5_a_joker_turned_as_trump_card_goes_back_into_the_stock() -> None:
    hands = ["2c 3c 4c 5c 6c 7c", "2d 3d 4d 5d 6d 7d"]
    state = stacked_deal(SHIELD, hands, trump="XR", stock="9s")
    assert state.trump_card == card("9s") and state.trump_suit is Suit.SPADES
    assert card("XR") in state.stock[:-1]
    with pytest.raises(InvalidPosition):
        table_game(SHIELD, 2, trump_card=card("XB"))


def test_rule_6_first_attacker_next_trump_then_joker_and_under_the_fool() -> None:
    hands = ["2h 5h 3c 4c 6c 7c", "2h' 4h 3d 4d 6d 7d", "3s 4s 5s 6s 7s 8s"]
    state = stacked_deal(TWO_DECKS, hands, trump="Kh")
    assert state.attacker == 1  # both hold 2h; B's next trump 4h is lower than A's 5h
    hands = ["2h 5h XR 4c 6c 7c", "2h' 5h' 3d 4d 6d 7d", "3s 4s 5s 6s 7s 8s"]
    state = stacked_deal(TWO_DECKS, hands, trump="Kh")
    assert state.attacker == 0  # the same trumps: the joker decides
    state = stacked_deal(TWO_DECKS, hands, trump="Kh", previous_fool=1)
    assert state.attacker == 0  # later games: the fool's right-hand neighbour attacks him
    with pytest.raises(InvalidRules):
        rules_for("shield", {"later_games": "from_under_fool"})


def test_rule_7_the_defender_may_beat() -> None:
    state = position(SHIELD, ["7c 8c", "9c 6d", "Jd"], trump="Ks")
    run_script(
        state, [("A:attack 7c", None), ("B:beat 7c/6d", "does_not_beat"), ("B:beat 7c/9c", None)]
    )


def test_rule_8_transfer_with_a_same_rank_card_clockwise_and_again() -> None:
    state = position(SHIELD, ["7c 8c", "7d 9c", "7h Qd", "Jd Qc Kc"], trump="Ks")
    state = run_script(
        state,
        [
            ("A:attack 7c", None),
            ("B:transfer 7d", None),
            ("C:transfer 7h", None),  # again, to D
            ("B:transfer 9c", "not_defender"),
        ],
    )
    assert state.defender == 3
    state = position(SHIELD, ["7c 7s", "9c 7d", "Qd", "Jd"], trump="Ks")
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "A:throw 7s")
    assert verdict(state, "B:transfer 7d").code == "transfer_after_beat"


def test_rule_9_a_ticket_sends_the_attack_back_and_its_receiver_must_beat() -> None:
    state = position(SHIELD, ["7c 8c 9d", "7s 7d Td", "Jd Qd Kd"], trump="Ks")
    state = run_script(
        state,
        [
            ("A:attack 7c", None),
            ("C:ticket 7s", "not_defender"),
            ("B:ticket 7d", "ticket_not_allowed"),  # not a trump
            ("B:ticket 7s", None),  # shown, not played: back to A, counter-clockwise
            ("A:transfer 9d", "must_beat_after_ticket"),
            ("A:ticket 7s", "must_beat_after_ticket"),
            ("A:beat 7c/8c", None),
        ],
    )
    assert "7s" in hand_text(state, 1)  # the ticket stays in its owner's hand
    assert (state.attacker, state.defender) == (0, 0)
    state = position(SHIELD, ["7c 8c 7h", "9c 7s", "Jd"], trump="Ks")
    state = play(state, "A:attack 7c", "B:beat 7c/9c", "A:throw 7h")
    assert verdict(state, "B:ticket 7s").code == "ticket_not_allowed"  # a card is beaten


def test_rule_9_camera_the_shown_ticket_becomes_known_in_the_hand() -> None:
    view = table_game(SHIELD, 3, trump_card=card("Ks"), first_attacker_seat=0)
    view = check_and_apply(view, parse_move("A:attack 7c"))[1]
    result, view = check_and_apply(view, parse_move("B:ticket 7s"))
    assert result.ok and result.unchecked  # the hand is not seen: assumed to hold 7s
    assert card("7s") in view.hands[1].known and view.defender == 0


def test_rule_10_a_joker_beats_all_but_a_2_and_only_a_2_or_the_other_joker_beats_it() -> None:
    trump = Suit.SPADES
    assert beats(SHIELD, trump, card("As"), card("XR"))
    assert not beats(SHIELD, trump, card("2c"), card("XR"))
    assert beats(SHIELD, trump, card("XR"), card("2c"))  # a 2 of any suit
    assert beats(SHIELD, trump, card("XR"), card("XB"))
    assert not beats(SHIELD, trump, card("XB"), card("As"))
    state = position(SHIELD, ["XR 8c", "As 2d 9c", "Jd"], trump="Ks")
    run_script(
        state,
        [("A:attack XR", None), ("B:beat XR/As", "does_not_beat"), ("B:beat XR/2d", None)],
    )


def test_rule_11_jokers_have_no_rank_for_throw_ins_transfers_or_tickets() -> None:
    state = position(SHIELD, ["7c XB", "9c 6d", "Jd"], trump="Ks")
    state = play(state, "A:attack 7c", "B:beat 7c/9c")
    assert verdict(state, "A:throw XB").code == "throw_in_no_match"
    state = position(SHIELD, ["XB 8c", "XR 9c", "Jd Qd"], trump="Ks")
    state = play(state, "A:attack XB")
    assert verdict(state, "B:transfer XR").code == "transfer_not_allowed"
    assert verdict(state, "B:ticket XR").code == "ticket_not_allowed"


def test_rule_12_throw_ins_in_order_within_the_defenders_hand() -> None:
    state = position(SHIELD, ["7c 7d 7h", "9c 6d", "7s Jd"], trump="Ks")
    state = play(state, "A:attack 7c", "B:beat 7c/9c")
    assert verdict(state, "C:throw 7s").code == "throw_in_priority"  # the attacker first
    assert verdict(state, "A:throw 7d+7h").code == "attack_limit"  # B holds one card
    state = play(state, "A:throw 7d", "A:pass")
    assert verdict(state, "C:throw 7s").code == "attack_limit"


def _over_ten() -> object:
    """Eleven cards thrown in at a defender holding twelve (two decks)."""
    state = position(
        TWO_DECKS,
        [
            "7c 7d 7h 7s 8d 8h 8s 7d'",
            "8c 2c 3c 4c 5c 6c 9c 2d 3d 4d 5d 6d 9d",
            "8c' 8d' 8h' 8s' Jd",
        ],
        trump="Kh",
    )
    return play(
        state,
        "A:attack 7c",
        "B:beat 7c/8c",
        "A:throw 7d+7h+7s",
        "A:throw 8d+8h+8s",
        "A:throw 7d'",  # A has no card left: the right passes to C
        "C:throw 8c'+8d'+8h'+8s'",
    )


def test_rule_13_over_ten_thrown_in_the_defender_returns_the_excess() -> None:
    state = _over_ten()
    state = run_script(
        state,
        [
            ("B:beat 7d/9d", "thrown_in_over_cap"),
            ("A:return 7d", "not_defender"),
            ("B:return 8s'+8h'", "return_not_allowed"),  # exactly the one over 10
            ("B:return 7c", "return_not_allowed"),  # the lead is not thrown in
            ("B:return 8s'", None),  # (a) his choice
            ("B:beat 7d/9d", None),
        ],
    )
    assert "8s'" in hand_text(state, 2) and len(state.table) == 11
    assert verdict(state, "B:return order").code == "return_not_allowed"


def test_rule_13_method_b_keeps_the_nearest_throwers_cards_first() -> None:
    state = _over_ten()
    before = state.hands[2].count
    state = play(state, "B:return order")
    assert state.hands[2].count == before + 1  # one of C's cards goes back
    assert all(c in table_text(state) for c in ("7d", "7h", "7s", "8d", "8h", "8s", "7d'"))
    assert verdict(state, "B:take").ok


def test_rule_14_after_a_ticket_the_receiver_may_throw_in_the_ticket_rank_to_himself() -> None:
    state = position(SHIELD, ["7c 8c 7h 9c", "7s Td", "Jd Qd"], trump="Ks")
    state = run_script(
        state,
        [
            ("A:attack 7c", None),
            ("B:ticket 7s", None),
            ("A:beat 7c/8c", None),
            ("A:throw 9c", "throw_in_not_allowed"),  # only the ticket's rank
            ("A:throw 7h", None),
            ("B:beat 7h/Td", "not_defender"),
        ],
    )
    assert state.self_throw == card("7h")


def test_rule_15_success_and_take_follow_the_base_with_refill() -> None:
    state = position(SHIELD, ["7c 8c", "9d Td", "Jd Qd"], trump="Ks", stock="2c 3c")
    state = play(state, "A:attack 7c", "B:take", "A:done")
    assert (state.attacker, state.defender) == (2, 0)
    assert state.hands[0].count == 4  # A drew 2c, 3c and the trump card


def test_rule_16_a_draw_is_possible() -> None:
    state = position(SHIELD, ["7c", "9c"], trump="Ks")
    state = play(state, "A:attack 7c", "B:beat 7c/9c")
    result = outcome(state)
    assert result is not None and result.draw


@pytest.mark.parametrize("players", [7, 8, 9, 10])
def test_random_games_with_many_players_end(players: int) -> None:
    _, moves, final = random_game(SHIELD, players, players)
    assert final.is_over and outcome(final) is not None and moves


def test_legal_moves_list_the_returns_and_tickets_that_check_accepts() -> None:
    state = _over_ten()
    legal = legal_moves(state)
    returns = [m for m in legal if isinstance(m, ReturnExcess)]
    assert len(returns) == 11 + 1  # any one of the 11 thrown-in cards, or the rule's order
    assert not any(isinstance(m, Defend) for m in legal)
    assert all(verdict(state, format_move(m)).ok for m in legal)
    state = position(SHIELD, ["7c 8c 9d", "7s 7d Td", "Jd Qd Kd"], trump="Ks")
    state = play(state, "A:attack 7c")
    tickets = [m for m in legal_moves(state) if isinstance(m, Ticket)]
    assert tickets == [Ticket(1, card("7s"))]


def test_position_notation_keeps_the_ticket_and_the_throwers() -> None:
    state = _over_ten()
    text = write_position(state, options={"decks": "2"}, reveal_hands=True)
    assert "thrown=-AAAAAAACCCC" in text
    parsed, _ = parse_position(text)
    assert write_position(parsed, options={"decks": "2"}) == text
    assert verdict(parsed, "B:return 8s'").ok
    state = position(SHIELD, ["7c 8c 9d", "7s 7d Td", "Jd Qd Kd"], trump="Ks")
    state = play(state, "A:attack 7c", "B:ticket 7s")
    parsed, _ = parse_position(write_position(state, reveal_hands=True))
    assert parsed.ticket_rank == state.ticket_rank
    assert verdict(parsed, "A:transfer 9d").code == "must_beat_after_ticket"
