"""`dialer`, "Fool's dialer" (VARIANTS.md §4.23): one test per rule, legal and illegal moves with
their verdicts."""

from __future__ import annotations

from dataclasses import replace

import pytest
from two_phase_builders import card, cards, phase2, play, rules, run_script, stacked, verdict, view

from referee import Suit, outcome, rules_for
from referee.engines.phase1_dialer import DialerRow
from referee.engines.two_phase import TwoPhaseState, deal
from referee.errors import InvalidRules

DI = rules("dialer")


def _row(state: TwoPhaseState) -> DialerRow:
    found = state.collection
    assert isinstance(found, DialerRow)
    return found


def test_rule_1_the_dealer_turns_the_top_card_to_start_the_row() -> None:
    state = stacked(DI, 3, "7h 9h")
    state = run_script(
        state,
        [
            ("B:dial 7h", "out_of_turn"),  # the row is not started yet
            ("B:rowstart 7h", "out_of_turn"),  # the dealer (A) starts it
            ("A:rowstart 9h", "not_deck_top"),
            ("A:rowstart 7h", None),
            ("A:rowstart 9h", "out_of_turn"),
        ],
    )
    assert _row(state).row == (card("7h"),)


def test_rule_2_the_dealers_left_neighbour_starts() -> None:
    state = play(stacked(DI, 3, "7h 6c"), "A:rowstart 7h")
    assert verdict(state, "A:dial 6c").code == "out_of_turn"
    assert verdict(state, "C:dial 6c").code == "out_of_turn"
    assert verdict(state, "B:dial 6c").ok


def test_rule_3_a_higher_card_of_the_same_suit_captures_and_the_turn_goes_on() -> None:
    state = play(stacked(DI, 3, "7h 9h 6c"), "A:rowstart 7h")
    state = run_script(state, [("B:dial 9h/6c", "cannot_capture"), ("B:dial 9h/7h", None)])
    assert state.hands[1].known == cards("9h 7h")  # both cards into his hand
    assert _row(state).row == () and _row(state).turn == 1  # he turns the next card


def test_rule_3_several_captures_the_player_chooses() -> None:
    state = play(stacked(DI, 2, "7h 6c 8s 6h Th"), "A:rowstart 7h", "B:dial 6c", "A:dial 8s")
    assert verdict(state, "A:dial 6h").code == "out_of_turn"
    assert verdict(state, "B:dial 6h/7h").code == "cannot_capture"  # a lower card
    state = play(state, "B:dial 6h")
    assert _row(state).row == (card("7h"), card("6c"), card("8s"), card("6h"))
    assert verdict(state, "A:dial Th/7h").ok
    assert verdict(state, "A:dial Th/6h").ok
    assert verdict(state, "A:dial Th/8s").code == "cannot_capture"  # another suit


def test_rule_4_a_card_that_captures_nothing_is_laid_in_the_row_and_the_turn_ends() -> None:
    state = play(stacked(DI, 3, "7h 6c 8s"), "A:rowstart 7h", "B:dial 6c")
    assert _row(state).row == (card("7h"), card("6c")) and _row(state).turn == 2
    assert verdict(state, "B:dial 8s").code == "out_of_turn"


def test_rule_5_after_a_capture_that_empties_the_row_the_next_card_is_simply_laid() -> None:
    state = play(stacked(DI, 3, "7h 9h 6c"), "A:rowstart 7h", "B:dial 9h/7h", "B:dial 6c")
    assert _row(state).row == (card("6c"),) and _row(state).turn == 2


def test_rule_6_capturing_is_compulsory() -> None:
    state = play(stacked(DI, 3, "7h 9h"), "A:rowstart 7h")
    assert verdict(state, "B:dial 9h").code == "must_capture"


def test_rule_7_the_last_card_sets_trump_and_takes_the_whole_row() -> None:
    state = play(stacked(DI, 3, "7h 6c 8s 9d"), "A:rowstart 7h", "B:dial 6c", "C:dial 8s")
    last = replace(_row(state), deck=(card("9d"),), deck_count=1)
    state = replace(state, collection=last)
    assert verdict(state, "A:dial 9d/6c").code == "cannot_capture"  # it takes everything
    state = play(state, "A:dial 9d")
    assert state.durak is not None and state.trump_suit is Suit.DIAMONDS
    assert state.hands[0].known == cards("7h 6c 8s 9d")


def test_rule_8_phase_2_is_podkidnoy_with_throw_ins() -> None:
    state = phase2(DI, ["7h 7d 6c", "8h Ac Kc", "6h"], trump="9s")
    state = run_script(
        state,
        [
            ("A:attack 7h", None),
            ("B:beat 7h/8h", None),
            ("A:throw 7d", None),  # rank on the table
            ("B:transfer Ac", "transfer_not_allowed"),  # podkidnoy by default
        ],
    )
    assert state.durak is not None and len(state.durak.table) == 2


def test_rule_9_the_lowest_trump_attacks_first() -> None:
    state = phase2(DI, ["9s 6h", "7s Ah", "Ks 6d"], first=None, trump="Qs")
    assert state.attacker == 1


def test_rule_10_no_stock_no_refill_and_players_without_cards_are_out() -> None:
    state = phase2(DI, ["7h 8d", "", "8h 9h"], trump="9s")
    assert state.durak is not None and state.durak.finished == (1,)
    assert state.durak.defender == 2  # the empty seat is skipped
    state = play(state, "A:attack 7h", "C:beat 7h/8h", "A:done")
    assert [h.count for h in state.hands] == [1, 0, 1]  # nobody draws
    alone = phase2(DI, ["7h 8d", "", ""], trump="9s")
    result = outcome(alone)
    assert alone.is_over and result is not None and result.fool == 0


def test_rule_11_the_limit_is_the_defenders_hand_and_the_last_holder_is_the_fool() -> None:
    state = phase2(DI, ["7h 7d 7c", "8h 8d"], trump="9s")
    state = play(state, "A:attack 7h", "B:beat 7h/8h", "A:throw 7d")
    assert verdict(state, "A:throw 7c").code == "attack_limit"  # B started with 2 cards
    state = play(state, "B:beat 7d/8d")
    result = outcome(state)
    assert state.is_over and result is not None and result.fool == 0


def test_camera_the_table_view_checks_captures_from_the_row() -> None:
    state = play(view(DI, 3), "A:rowstart 7h")
    state = run_script(
        state,
        [
            ("B:dial 7h", "card_already_played"),
            ("B:dial 9h", "must_capture"),
            ("B:dial 9h/7h", None),
        ],
    )
    assert state.hands[1].fully_known


def test_rule_8_option_phase_2_may_be_perevodnoy_but_not_simple() -> None:
    transfer = rules_for("dialer", {"base_mode": "perevodnoy"})
    state = phase2(transfer, ["7h 6c", "7d Ac Kc", "8h 9h 6h"], trump="9s")
    state = play(state, "A:attack 7h")
    assert verdict(state, "B:transfer 7d").ok
    state = play(state, "B:transfer 7d")
    assert state.durak is not None and state.durak.defender == 2
    with pytest.raises(InvalidRules):
        deal(rules_for("dialer", {"base_mode": "simple"}), 3, 1)
