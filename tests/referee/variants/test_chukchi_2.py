"""`chukchi_2`, "The Fool of the Chukchi" (VARIANTS.md §4.46): one test per rule."""

from __future__ import annotations

from relay_builders import card, cards_of, play, position, relay_rules, run_script, stacked, verdict

from referee import outcome, rules_for, table_game
from referee.engines.relay_state import RelayPhase

CK = relay_rules("chukchi_2")


def test_rule_1_the_whole_deck_is_dealt_equally_and_there_is_no_trump() -> None:
    state = stacked(CK, ["6h", "6d", "6c", "6s"], dealer=3)
    assert [h.count for h in state.hands] == [9, 9, 9, 9]
    assert state.trump_suit is None and state.trump_card is None and state.stock_count == 0
    five = stacked(relay_rules("chukchi_2", 52), ["", "", "", "", ""], dealer=0)
    assert sorted(h.count for h in five.hands) == [10, 10, 10, 11, 11]  # as in §4.9.2


def test_rule_2_the_dealers_left_leads_game_one_later_under_or_from_under_the_fool() -> None:
    state = stacked(CK, ["6h", "6d", "6c"], dealer=1)
    assert state.turn == 2
    assert stacked(CK, ["6h", "6d", "6c"], dealer=1, previous_fool=1).turn == 0  # under
    from_under = rules_for("chukchi_2", {"later_games": "from_under_fool"})
    assert stacked(from_under, ["6h", "6d", "6c"], dealer=1, previous_fool=1).turn == 2
    view = table_game(CK, 3, dealer=1)
    assert view.turn == 2 and verdict(view, "C:attack 7h").unchecked == (
        "C's hand is not seen: 7h assumed to come from it",
    )


def test_rule_3_the_next_player_lays_the_next_higher_card_of_the_same_suit() -> None:
    state = position(CK, ["8h Qc", "9h Th 9c", "Jh Jc"], turn=0)
    state = run_script(
        state,
        [
            ("A:attack 8h", None),
            ("B:beat 8h/Th", "does_not_beat"),  # exactly the next rank
            ("B:beat 8h/9c", "does_not_beat"),  # the same suit
            ("B:throw 9h", "throw_in_not_allowed"),
            ("B:beat 8h/9h", None),
            ("C:beat 9h/Jh", "does_not_beat"),
        ],
    )
    assert state.turn == 2 and state.pile == (card("8h"), card("9h"))


def test_rule_4_the_ace_clears_the_pile_and_its_player_leads_again() -> None:
    state = position(CK, ["Qh 6c", "Kh 7c", "Ah 8c"], turn=0)
    state = play(state, "A:attack Qh", "B:beat Qh/Kh", "C:beat Kh/Ah")
    assert state.pile == () and card("Ah") in state.discard
    assert state.phase is RelayPhase.LEAD and state.turn == 2
    # a lead that is itself an ace is discarded at once; the leader leads again
    lead = position(CK, ["Ad 6c", "Kh 7c", "Qh 8c"], turn=0)
    lead = play(lead, "A:attack Ad")
    assert lead.pile == () and card("Ad") in lead.discard and lead.turn == 0
    assert lead.phase is RelayPhase.LEAD


def test_rule_5_a_player_without_the_card_takes_the_top_card_the_rest_is_discarded() -> None:
    state = position(CK, ["6h Ac", "7h Kc", "Qd Jc"], turn=0)
    state = play(state, "A:attack 6h", "B:beat 6h/7h")
    state = run_script(state, [("A:take", "not_defender"), ("C:take", None)])
    assert "7h" in cards_of(state, 2) and card("6h") in state.discard
    assert state.phase is RelayPhase.LEAD and state.turn == 0  # the next player leads
    # he may also choose not to play the card he holds
    choose = position(CK, ["6h Ac", "7h Kc", "Qd Jc"], turn=0)
    choose = play(choose, "A:attack 6h")
    assert verdict(choose, "B:beat 6h/7h").ok and verdict(choose, "B:take").ok


def test_rule_6_the_last_player_holding_cards_is_the_fool() -> None:
    state = position(CK, ["6h", "7h Ac", "8h"], turn=0)
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "C:beat 7h/8h")
    assert not state.is_over and state.turn == 1  # B still answers C's last card (B15)
    state = play(state, "B:take")
    result = outcome(state)
    assert state.is_over and result is not None and result.fool == 1


def test_assumption_a_pile_that_can_never_move_again_ends_the_game_as_a_draw() -> None:
    # the cards left (6c 8c 7h Td Qs) hold no ace and no two neighbours of one suit
    state = position(CK, ["6h 6c", "7h 8c", "Td Qs"], turn=0)
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "C:take")
    assert state.is_over and state.drawn == "locked"
    result = outcome(state)
    assert result is not None and result.draw


def test_ambiguity_option_any_higher_card_of_the_suit() -> None:
    rules = rules_for("chukchi_2", {"sequence": "any_higher"})
    state = position(rules, ["8h Qc", "Th 9c", "Jh Jc"], turn=0)
    state = run_script(
        state,
        [
            ("A:attack 8h", None),
            ("B:beat 8h/9c", "does_not_beat"),
            ("B:beat 8h/Th", None),  # any higher heart
            ("C:beat Th/Jh", None),
        ],
    )
    assert state.turn == 0 and len(state.pile) == 3
    # an ace still clears at once, led or laid
    lead = play(position(rules, ["Ad 6c", "Kh 7c", "Qh 8c"], turn=0), "A:attack Ad")
    assert lead.pile == () and lead.turn == 0
