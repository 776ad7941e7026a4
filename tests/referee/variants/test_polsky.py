"""`polsky`, "Дурак польский" (VARIANTS.md §4.33): one test per rule."""

from __future__ import annotations

from relay_builders import card, cards_of, play, position, relay_rules, run_script, verdict

from referee import deal, outcome, table_game
from referee.engines.relay_state import RelayPhase

PL = relay_rules("polsky")


def test_rule_1_no_deal_the_top_card_is_trump_and_the_rest_is_spread_face_down() -> None:
    state = deal(PL, 3, seed=5, dealer=2)
    assert [h.count for h in state.hands] == [0, 0, 0]
    assert state.trump_card is not None and state.trump_suit == state.trump_card.suit
    assert state.stock_count == 35 and state.trump_card not in state.stock
    assert state.pile == ()


def test_rule_2_the_dealers_left_turns_a_spread_card_onto_the_trump_card() -> None:
    state = position(PL, ["", "", ""], turn=1, stock="7h 9h Kd", trump="6s")
    state = run_script(
        state,
        [
            ("A:attack 7h*", "out_of_turn"),
            ("B:attack 7h", "no_cards_left"),  # nothing in hand yet
            ("B:attack 6s*", "card_out_of_play"),  # the trump card stays in the centre
            ("B:attack 7h*", None),
        ],
    )
    assert state.pile == (card("7h"),) and state.phase is RelayPhase.BEAT and state.turn == 2


def test_rule_3_a_beat_is_laid_on_the_pile_and_the_beater_leads_the_next_card() -> None:
    state = position(
        PL, ["Ah", "9h Jd", "Td"], turn=1, pile="7h", by=[0], stock="8c Kd", trump="6s"
    )
    state = run_script(
        state,
        [
            ("C:beat 7h/Td", "not_defender"),
            ("B:beat 7h/Jd", "does_not_beat"),
            ("B:beat 7h/9h", None),
        ],
    )
    assert state.pile == (card("7h"), card("9h")) and state.phase is RelayPhase.LEAD
    assert state.turn == 1  # the beater leads the next card, onto the pile
    state = play(state, "B:attack Kd*")
    assert state.turn == 2 and state.top == card("Kd")


def test_rule_3_a_turned_spread_card_beats_or_is_taken_with_the_led_card() -> None:
    spread = position(PL, ["Ah", "Jd", "Td"], turn=1, pile="7h", by=[0], stock="9h 8c", trump="6s")
    beaten = play(spread, "B:spread 9h")  # it beats: laid on the pile, B leads next
    assert beaten.pile == (card("7h"), card("9h")) and beaten.turn == 1
    assert beaten.phase is RelayPhase.LEAD
    failed = play(spread, "B:spread 8c")  # it does not: B takes 7h and 8c, then leads
    assert set(cards_of(failed, 1).split()) == {"8c", "7h", "Jd"}
    assert failed.pile == () and failed.phase is RelayPhase.LEAD and failed.turn == 1
    assert verdict(spread, "B:spread Ah").code == "card_in_another_hand"


def test_rule_4_hand_cards_may_always_be_used_to_beat_and_to_lead() -> None:
    state = position(PL, ["", "9h Jd", ""], turn=1, pile="7h", by=[0], stock="8c", trump="6s")
    state = play(state, "B:beat 7h/9h", "B:attack Jd")
    assert state.top == card("Jd") and state.turn == 2 and state.stock_count == 1


def test_rule_5_with_the_spread_exhausted_a_failing_player_takes_the_top_three_cards() -> None:
    state = position(
        PL, ["8h 8c", "6d", "Ks 7c"], turn=1, pile="Tc Jc Qd 9d", by=[2, 0, 2, 0], trump="6s"
    )
    state = run_script(state, [("B:spread 7d", "spread_rule"), ("B:take", None)])
    assert set(cards_of(state, 1).split()) == {"6d", "Jc", "Qd", "9d"}
    assert state.pile == (card("Tc"),) and state.turn == 2  # the next player beats the new top
    state = play(state, "C:take")  # fewer than 3 on the pile: all of them, not the trump card
    assert "Tc" in cards_of(state, 2) and state.pile == () and state.trump_card == card("6s")
    assert state.phase is RelayPhase.LEAD and state.turn == 0  # only the trump card is left
    # while the spread lasts, a player who does not beat turns a spread card instead
    spread = position(PL, ["8h", "6d", "Ks"], turn=1, pile="9d", by=[0], stock="7c", trump="6s")
    assert verdict(spread, "B:take").code == "spread_rule"


def test_rule_6_the_first_player_out_wins_and_play_goes_on_to_find_the_fool() -> None:
    state = position(PL, ["Ah 6h", "9h", "Kh 8c"], turn=1, pile="7h", by=[0], trump="6s")
    state = play(state, "B:beat 7h/9h")  # B is out once the spread is exhausted
    assert state.first_out == (1,) and not state.is_over and state.turn == 2
    state = play(state, "C:attack Kh", "A:beat Kh/Ah", "A:attack 6h", "C:take")
    result = outcome(state)
    assert state.is_over and result is not None
    assert result.winners == (1,) and result.losers == (2,) and not result.draw


def test_camera_every_card_is_seen_and_a_spread_card_is_told_from_a_hand_card() -> None:
    view = table_game(PL, 3, trump_card=card("6s"), dealer=0)
    assert view.turn == 1 and view.stock_count == 35
    assert verdict(view, "B:attack 6s*").code == "card_out_of_play"
    view = play(view, "B:attack 7h*", "C:spread 8c")  # 8c fails: C takes 7h and 8c
    assert set(cards_of(view, 2).split()) == {"7h", "8c"}
    assert view.hands[2].fully_known  # what a player holds came face up from the centre
    led = verdict(view, "C:attack 8c")
    assert led.ok and led.unchecked == ()
    assert verdict(view, "C:attack 9c").code == "not_in_hand"
    assert verdict(view, "C:attack 8c*").code == "card_in_another_hand"
