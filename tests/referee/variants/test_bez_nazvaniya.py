"""`bez_nazvaniya`, "Дурак без названия" (VARIANTS.md §4.9): one test per rule."""

from __future__ import annotations

from relay_builders import card, cards_of, play, position, relay_rules, run_script, stacked, verdict

from referee import Card, outcome, rules_for, table_game
from referee.engines.relay_state import RelayPhase

BN = relay_rules("bez_nazvaniya")


def test_rule_1_the_dealer_deals_from_his_left() -> None:
    state = stacked(BN, ["6h", "6d", "6c"], dealer=2, rest="")
    # seat A (the dealer's left) receives the first card of the deck
    assert state.dealer == 2 and card("6h") in state.hands[0].known


def test_rule_2_the_whole_deck_is_dealt_one_at_a_time_extra_cards_to_the_first() -> None:
    state = stacked(relay_rules("bez_nazvaniya", 52), ["", "", "", "", ""], dealer=4)
    assert [h.count for h in state.hands] == [11, 11, 10, 10, 10]  # 52 = 5 x 10 + 2
    assert state.stock_count == 0 and state.stock == ()


def test_rule_3_the_last_card_dealt_is_trump_shown_then_kept_by_its_receiver() -> None:
    state = stacked(BN, ["6h", "6d", "6c"], dealer=0, rest="")
    last = state.trump_card
    assert last is not None and state.trump_suit == last.suit
    receiver = next(s for s, h in enumerate(state.hands) if last in h.known)
    assert receiver == 0  # 36 cards from B: the 36th goes to A
    assert last in state.hands[receiver].seen  # everyone saw it
    view = table_game(BN, 3, trump_card=last)
    assert last in view.hands[0].known


def test_rule_4_there_is_no_stock_and_no_refill() -> None:
    state = position(BN, ["6h Ah", "7h Kd", "8c Qd"], turn=0, trump="Ts")
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "C:take")
    assert [h.count for h in state.hands] == [1, 1, 3]


def test_rule_5_the_holder_of_9d_leads_first_in_every_game() -> None:
    state = stacked(BN, ["6h", "9d", "6c"], dealer=0)
    assert state.turn == 1
    assert verdict(state, "A:attack 6h").code == "out_of_turn"
    later = stacked(BN, ["6h", "7h", "9d"], dealer=0, previous_fool=0)
    assert later.turn == 2  # not under the fool: the 9D holder again
    view = table_game(BN, 3, trump_suit=Card.parse("6s").suit)
    lead = verdict(view, "B:attack 7c")
    assert lead.ok and any("9D" in note for note in lead.unchecked)
    assert not any("9D" in note for note in verdict(view, "B:attack 9d").unchecked)
    # ... and checks it when the cards show: 9D coming from another hand reports B's lead
    view = play(view, "B:attack 7d")
    later = verdict(view, "C:beat 7d/9d")
    assert later.ok and [v.code.value for v in later.earlier] == ["out_of_turn"]
    assert later.earlier[0].rule == "§4.9.5" and "B" in later.earlier[0].message()
    named = table_game(BN, 3, trump_suit=view.trump_suit, first_attacker_seat=2)
    assert named.nine_claim == 2 and verdict(named, "C:attack 9d").earlier == ()
    # the last card dealt is shown: if it is 9D, its receiver must lead
    shown = table_game(BN, 3, trump_card=card("9d"))  # 36 cards from B: A receives it
    assert verdict(shown, "B:attack 7c").code == "out_of_turn"
    assert verdict(shown, "A:attack 7c").ok


def test_rule_6_the_next_player_beats_the_top_card_until_there_are_n_cards() -> None:
    state = position(BN, ["6h Ac", "7h Kc", "8h Qc", "9h Jc"], turn=0, trump="Ts")
    state = run_script(
        state,
        [
            ("A:attack 6h", None),
            ("B:beat 6h/7h", None),
            ("C:beat 6h/8h", "not_top_card"),
            ("D:beat 7h/9h", "not_defender"),
            ("C:beat 7h/Qc", "does_not_beat"),
            ("C:throw Qc", "throw_in_not_allowed"),
            ("C:beat 7h/8h", None),
        ],
    )
    assert len(state.pile) == 3 and state.turn == 3  # four players: N = 4


def test_rule_7_at_n_cards_the_stack_is_discarded_and_its_last_player_leads() -> None:
    state = position(BN, ["6h Ac", "7h Kc", "8h Qc"], turn=0, trump="Ts")
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "C:beat 7h/8h")
    assert state.pile == () and card("8h") in state.discard
    assert state.phase is RelayPhase.LEAD and state.turn == 2
    # N counts only the players still holding cards
    three = position(BN, ["6h", "7h Kc", "8h Qc"], turn=0, trump="Ts")
    three = play(three, "A:attack 6h", "B:beat 6h/7h")  # A is out: N = 2
    assert three.pile == () and three.turn == 1


def test_rule_8_a_failing_player_takes_the_bottom_card_and_the_next_one_beats_the_top() -> None:
    state = position(BN, ["6h Ac", "7h Kc", "8c Qd", "9h Jd"], turn=0, trump="Ts")
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "C:take")
    assert "6h" in cards_of(state, 2)  # the bottom card, the lead
    assert state.pile == (card("7h"),) and state.turn == 3
    state = play(state, "D:beat 7h/9h")
    assert state.turn == 0 and len(state.pile) == 2
    # if the stack is empty after the take, the next player leads instead
    empty = position(BN, ["6h Ac", "7c Kd", "8c Qd"], turn=0, trump="Ts")
    empty = play(empty, "A:attack 6h", "B:take")
    assert empty.pile == () and empty.phase is RelayPhase.LEAD and empty.turn == 2


def test_rule_9_beating_with_9d_clears_the_stack_and_its_player_leads() -> None:
    state = position(BN, ["6d Ac", "9d Kc", "8c Qd"], turn=0, trump="Ts")
    state = play(state, "A:attack 6d", "B:beat 6d/9d")
    assert state.pile == () and card("9d") in state.discard
    assert state.phase is RelayPhase.LEAD and state.turn == 1
    # 9D must be a legal beat
    bad = position(BN, ["Td Ac", "9d Kc", "8c Qd"], turn=0, trump="Ts")
    bad = play(bad, "A:attack Td")
    assert verdict(bad, "B:beat Td/9d").code == "does_not_beat"
    trumps = position(BN, ["Ac 6h", "9d Kc", "8c Qd"], turn=0, trump="Td")
    trumps = play(trumps, "A:attack Ac")
    assert verdict(trumps, "B:beat Ac/9d").ok  # diamonds are trump: 9D beats any non-trump


def test_rule_10_players_without_cards_are_skipped_and_the_last_holding_cards_is_the_fool() -> None:
    state = position(BN, ["6h Ac", "", "8h Qc", "9h Jc"], turn=0, trump="Ts", finished=[1])
    state = play(state, "A:attack 6h")
    assert state.turn == 2  # B is out
    state = position(BN, ["6h", "7h Ac"], turn=0, trump="Ts")
    state = play(state, "A:attack 6h", "B:beat 6h/7h")
    result = outcome(state)
    assert state.is_over and result is not None and result.fool == 1


def test_assumption_a_locked_game_where_no_card_can_beat_another_is_a_draw() -> None:
    # the cards left after a bout: while one of them can beat another, play goes on
    state = position(BN, ["6h 7c", "7h 8d", "8h Ts"], turn=0, trump="9s")
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "C:beat 7h/8h")
    assert not state.is_over  # Ts (trump) can still beat 7c or 8d
    state = position(BN, ["6h 7c", "7h 8d", "8h 9h"], turn=0, trump="Ts")
    state = play(state, "A:attack 6h", "B:beat 6h/7h", "C:beat 7h/8h")
    assert state.is_over and state.drawn == "locked"
    result = outcome(state)
    assert result is not None and result.draw and result.losers == ()


def test_ambiguity_option_the_lowest_ranked_card_is_taken() -> None:
    rules = rules_for("bez_nazvaniya", {"take_card": "lowest"})
    state = position(rules, ["9h Ac", "6s Kc", "8c Qd", "Th Jd"], turn=0, trump="Ts")
    state = play(state, "A:attack 9h", "B:beat 9h/6s", "C:take")  # a trump six on the nine
    assert "6s" in cards_of(state, 2) and state.pile == (card("9h"),)
    assert state.turn == 3 and verdict(state, "D:beat 9h/Th").ok
    default = position(BN, ["9h Ac", "6s Kc", "8c Qd", "Th Jd"], turn=0, trump="Ts")
    default = play(default, "A:attack 9h", "B:beat 9h/6s", "C:take")
    assert "9h" in cards_of(default, 2) and default.pile == (card("6s"),)
