"""`chinese`, "Fool Chinese" (VARIANTS.md §4.16): one test per rule, legal and illegal moves."""

from __future__ import annotations

from relay_builders import card, cards_of, play, position, relay_rules, run_script, stacked, verdict

from referee import outcome, table_game
from referee.engines.relay_state import RelayPhase

CH = relay_rules("chinese")


def test_rule_1_the_ten_ranks_between_the_king_and_the_ace() -> None:
    state = position(CH, ["6d", "Th Ah 9h"], turn=1, pile="Kh", by=[0])
    assert verdict(state, "B:beat Kh/Th").ok  # 10 > K
    assert verdict(state, "B:beat Kh/Ah").ok
    assert verdict(state, "B:beat Kh/9h").code == "does_not_beat"
    state = position(CH, ["6d", "Kh Ah"], turn=1, pile="Th", by=[0])
    assert verdict(state, "B:beat Th/Kh").code == "does_not_beat"  # K < 10
    assert verdict(state, "B:beat Th/Ah").ok
    big = relay_rules("chinese", 52)
    state = position(big, ["6h", "Jd 2d"], turn=1, pile="9d", by=[0])
    assert verdict(state, "B:beat 9d/Jd").ok  # 52 cards: ...8<9<J<Q<K<10<A
    assert verdict(state, "B:beat 9d/2d").code == "does_not_beat"


def test_rule_2_spades_are_trump_no_card_is_turned_and_the_stock_is_drawn_to_the_end() -> None:
    state = stacked(CH, ["6h 7h 8h 9h Jh Qh", "6d 7d 8d 9d Jd Qd"])
    assert state.trump_suit is not None and state.trump_suit.value == "s"
    assert state.trump_card is None
    assert state.stock_count == 36 - 12
    # the last stock card is drawn like any other
    end = position(CH, ["6h", "Ah As"], turn=0, stock="Kd")
    end = play(end, "A:attack 6h", "B:take")
    assert end.stock_count == 0 and "Kd" in cards_of(end, 0)


def test_rule_3_clubs_are_beaten_only_by_a_higher_club() -> None:
    state = position(CH, ["6d", "6s As 8c 7h"], turn=1, pile="7c", by=[0])
    run_script(
        state,
        [
            ("B:beat 7c/6s", "does_not_beat"),  # a spade cannot beat a club
            ("B:beat 7c/As", "does_not_beat"),
            ("B:beat 7c/7h", "does_not_beat"),
            ("B:beat 7c/8c", None),
        ],
    )
    refused = verdict(state, "B:beat 7c/6s").violation
    assert refused is not None and refused.rule == "§4.16.3"
    hearts = position(CH, ["6d", "6s"], turn=1, pile="Ah", by=[0])
    assert verdict(hearts, "B:beat Ah/6s").ok  # spades are trump over the other suits
    trump = position(CH, ["6d", "6s 8s 9c"], turn=1, pile="7s", by=[0])
    assert verdict(trump, "B:beat 7s/6s").code == "does_not_beat"
    assert verdict(trump, "B:beat 7s/9c").code == "does_not_beat"
    assert verdict(trump, "B:beat 7s/8s").ok


def test_rule_4_the_lowest_spade_leads_first_in_the_chinese_order() -> None:
    # A's lowest spade is the ten, B's the king: K < 10, so B leads.
    state = stacked(CH, ["Ts Ah Ad Ac Kh Kd", "Ks Qh Qd Qc Jh Jd"])
    assert state.turn == 1 and state.phase is RelayPhase.LEAD
    assert verdict(state, "A:attack Ah").code == "out_of_turn"
    # later games: under the fool (to his right) by default
    later = stacked(
        CH, ["Ts Ah Ad Ac Kh Kd", "Ks Qh Qd Qc Jh Jd", "9s 9h 9d 9c 8h 8d"], previous_fool=1
    )
    assert later.turn == 0


def test_rule_5_a_beaten_card_moves_on_and_the_next_player_beats_the_top_card() -> None:
    state = position(CH, ["7h 6d", "9h 6c", "Th 7d"], turn=0)
    state = run_script(
        state,
        [
            ("A:attack 7h+6d", "attack_form"),  # one card
            ("B:attack 9h", "out_of_turn"),
            ("A:attack 7h", None),
            ("C:beat 7h/Th", "not_defender"),  # B is next
            ("B:beat 7h/9h", None),
            ("A:throw 6d", "throw_in_not_allowed"),  # no throw-ins
            ("C:beat 7h/Th", "not_top_card"),  # the top card is 9h
            ("C:beat 9h/Th", None),
        ],
    )
    assert state.turn == 0 and state.pile == tuple(map(card, ["7h", "9h", "Th"]))
    # with two players the two alternate
    duo = position(CH, ["7h Jh", "9h Qh"], turn=0)
    duo = play(duo, "A:attack 7h", "B:beat 7h/9h")
    assert duo.turn == 0 and verdict(duo, "A:beat 9h/Jh").ok


def test_rule_6_five_cards_go_to_the_discard_and_the_last_beater_leads() -> None:
    state = position(CH, ["6h 8h Th Ad", "7h 9h Kd"], turn=0)
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "A:beat 7h/8h", "B:beat 8h/9h")
    assert len(state.pile) == 4
    state = play(state, "A:beat 9h/Th")  # the fifth card: 9 < 10
    assert state.pile == ()
    assert {card(c) for c in ["6h", "7h", "8h", "9h", "Th"]} <= set(state.discard)
    assert state.phase is RelayPhase.LEAD and state.turn == 0  # A beat last


def test_rule_7_a_failing_player_takes_the_lead_card_and_the_rest_is_discarded() -> None:
    state = position(CH, ["6h Ad", "7h Kd", "8c Qd"], turn=0)
    state = play(state, "A:attack 6h", "B:beat 6h/7h")
    state = run_script(state, [("B:take", "not_defender"), ("C:take", None)])
    assert "6h" in cards_of(state, 2) and card("7h") in state.discard
    assert state.phase is RelayPhase.LEAD and state.turn == 0  # the next player after the taker


def test_rule_8_refill_to_six_the_initial_attacker_first() -> None:
    state = position(CH, ["6h 8h 6d 6c 7d 7c", "7h 9c Tc Jc Qc"], turn=0, stock="As")
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "A:beat 7h/8h", "B:take")
    # B took 6h (5 cards); A, who led the bout, draws first and gets the last stock card
    assert state.stock_count == 0
    assert state.hands[0].count == 5 and "As" in cards_of(state, 0)
    assert state.hands[1].count == 5 and "6h" in cards_of(state, 1)


def test_rule_9_the_end_follows_the_base() -> None:
    state = position(CH, ["6h", "7h Ad", ""], turn=0, finished=[2])
    state = play(state, "A:attack 6h")  # A is out; B still answers his last card
    assert not state.is_over and state.turn == 1
    state = play(state, "B:beat 6h/7h")
    assert state.is_over and state.fool == 1
    result = outcome(state)
    assert result is not None and result.fool == 1 and result.reason.startswith("last player")
    draw = position(CH, ["6h", "7h", ""], turn=0, finished=[2])
    draw = play(draw, "A:attack 6h", "B:beat 6h/7h")
    result = outcome(draw)
    assert draw.is_over and result is not None and result.draw and result.losers == ()


def test_camera_hidden_hand_cards_are_assumed_and_the_first_leader_is_not_checked() -> None:
    view = table_game(CH, 3, trump_suit=None)
    first = verdict(view, "B:attack 7h")
    assert first.ok and any("lowest trump" in note for note in first.unchecked)
    view = play(view, "B:attack 7h")
    beat = verdict(view, "C:beat 7h/9h")
    assert beat.ok and beat.unchecked and "not seen" in beat.unchecked[0]
    view = play(view, "C:take")
    assert "7h" in cards_of(view, 2)  # the camera saw it go in
    assert verdict(view, "A:attack 7h").code == "card_in_another_hand"
