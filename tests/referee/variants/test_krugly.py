"""`krugly`, "Round Fool" (VARIANTS.md §4.20): one test per rule, legal and illegal moves with
their verdicts. The seed's layout figure is missing: the tests follow the [assumption]s of §4.20
and §6 item 10 (a ring of 8 open cards, the ninth in the centre)."""

from __future__ import annotations

from dataclasses import replace

from two_phase_builders import card, cards, phase2, play, rules, run_script, stacked, verdict, view

from referee import Suit, outcome, rules_for
from referee.engines.phase1_krugly import KruglyLayout
from referee.engines.two_phase import TwoPhaseState

KG = rules("krugly")
RING = "6h 7h 8c 9c Th Js Qd Kd"
LAYOUT = [f"A:ring {c}" for c in [*RING.split(), "9s"]]


def _layout(state: TwoPhaseState) -> KruglyLayout:
    found = state.collection
    assert isinstance(found, KruglyLayout)
    return found


def _laid_out(after: str = "") -> TwoPhaseState:
    """2 players, dealer A: the ring, the centre 9s (spades trump), then ``after``."""
    return play(stacked(KG, 2, f"{RING} 9s {after}"), *LAYOUT)


def test_rule_2_the_dealer_lays_eight_cards_face_up_and_the_ninth_in_the_centre_is_trump() -> None:
    state = stacked(KG, 2, f"{RING} 9s")
    state = run_script(
        state,
        [
            ("B:ring 6h", "out_of_turn"),  # the dealer lays out
            ("A:ring 7h", "not_deck_top"),
            ("B:hit 6h", "out_of_turn"),  # not before the layout is done
        ],
    )
    state = play(state, *LAYOUT)
    layout = _layout(state)
    assert layout.ring == tuple(card(c) for c in RING.split())
    assert layout.centre == card("9s") and layout.deck_count == 36 - 9
    assert verdict(state, "A:ring 6d").code == "out_of_turn"  # the layout is done


def test_rule_3_nothing_is_dealt() -> None:
    state = _laid_out()
    assert [h.count for h in state.hands] == [0, 0]


def test_rule_4_the_dealers_left_neighbour_starts_and_turns_pass_clockwise() -> None:
    state = _laid_out("6c 6d")
    assert verdict(state, "A:hit 6c").code == "out_of_turn"
    state = play(state, "B:hit 6c")
    assert verdict(state, "B:hit 6d").code == "out_of_turn"
    assert verdict(state, "A:hit 6d").ok


def test_rule_5_a_drawn_card_that_beats_an_open_card_takes_both_else_it_is_laid_out() -> None:
    state = _laid_out("8h 6c 7s")
    state = run_script(
        state,
        [
            ("B:hit 8h", "must_capture"),  # it beats 6h and 7h
            ("B:hit 8h/8c", "cannot_capture"),  # another suit, not trump
            ("B:hit 8h/Ah", "cannot_capture"),  # not an open card
            ("B:hit 8h/7h", None),  # his choice of the two
            ("A:hit 6c/6h", "cannot_capture"),
            ("A:hit 6c", None),  # beats nothing: laid out as an extra open card
            ("B:hit 7s/Kd", None),  # a trump beats any other suit
        ],
    )
    assert state.hands[1].known == cards("8h 7h 7s Kd")
    assert card("6c") in _layout(state).added


def test_rule_6_beating_an_added_card_takes_every_open_card_but_the_centre() -> None:
    state = _laid_out("6c 7c")
    state = play(state, "B:hit 6c")  # laid out: the ninth open card
    assert verdict(state, "A:hit 7c/6h").code == "cannot_capture"
    undrawn = cards(" ".join(map(str, _layout(state).deck[1:])))
    state = play(state, "A:hit 7c/6c")
    assert state.hands[0].known == cards(f"{RING} 6c 7c")
    assert state.durak is not None  # no open card is left: phase 1 is over
    assert state.durak.out_of_play == cards("9s") | undrawn


def test_rule_7_when_the_draw_pile_runs_out_the_cards_left_are_out_of_play() -> None:
    state = _laid_out("8h")
    short = replace(_layout(state), deck=(card("8h"),), deck_count=1)
    state = play(replace(state, collection=short), "B:hit 8h/6h")
    assert state.durak is not None
    assert state.durak.out_of_play == cards("7h 8c 9c Th Js Qd Kd 9s")
    assert state.hands[1].known == cards("8h 6h")
    assert state.hands[0].count == 0 and state.is_over  # A collected nothing: B is the fool
    result = outcome(state)
    assert result is not None and result.fool == 1


def test_rule_8_the_lowest_trump_leads_first() -> None:
    state = phase2(KG, ["9s 6h", "7s Ah", "Ks 6d"], first=None, trump="Qs")
    assert state.attacker == 1 and state.trump_suit is Suit.SPADES


def test_rule_9_one_card_a_pair_and_one_or_two_pairs_and_one() -> None:
    hands = ["7h 7d 8c 8s 9h Jd", "6c 6d Ac Ad Kc Kd"]
    state = phase2(KG, hands, trump="Qs")
    assert verdict(state, "A:attack 7h").ok
    assert verdict(state, "A:attack 7h+7d").code == "attack_form"  # a pair alone
    assert verdict(state, "A:attack 7h+7d+9h").ok
    assert verdict(state, "A:attack 7h+8c+9h").code == "attack_form"
    assert verdict(state, "A:attack 7h+7d+8c+8s").code == "attack_form"  # two pairs alone
    assert verdict(state, "A:attack 7h+7d+8c+8s+Jd").ok
    short = phase2(KG, [hands[0], "6c 6d"], trump="Qs")  # not more than the defender holds
    assert verdict(short, "A:attack 7h+7d+9h").code == "attack_limit"


def test_rule_10_partial_defence_beaten_pairs_are_discarded_the_rest_is_taken() -> None:
    state = phase2(KG, ["7h 7d 9h 6c", "8h 6s Ac", "Kc"], trump="Qs")
    state = play(state, "A:attack 7h+7d+9h", "B:beat 7h/8h", "B:beat 7d/6s", "B:take")
    assert state.durak is not None
    assert state.durak.discard == cards("7h 8h 7d 6s")
    assert state.hands[1].known == cards("Ac 9h")
    assert verdict(state, "B:take").code is not None


def test_rule_11_the_former_defender_attacks_next_whatever_the_outcome() -> None:
    taken = play(phase2(KG, ["7h 6c", "8c 6s", "Kc Kd"], trump="Qs"), "A:attack 7h", "B:take")
    assert taken.attacker == 1 and taken.durak is not None and taken.durak.defender == 2
    beaten = play(phase2(KG, ["7h 6c", "8h 6s", "Kc Kd"], trump="Qs"), "A:attack 7h")
    beaten = play(beaten, "B:beat 7h/8h")
    assert beaten.attacker == 1


def test_rule_12_no_throw_ins_no_transfers_no_stock() -> None:
    state = phase2(KG, ["7h 8h 6c", "7d 9h Ac Kc", "Kd"], trump="Qs")
    state = play(state, "A:attack 7h")
    assert verdict(state, "B:transfer 7d").code == "transfer_not_allowed"
    state = play(state, "B:beat 7h/9h")
    assert verdict(state, "A:throw 8h").code is not None  # the bout closed at once
    assert state.durak is not None and state.durak.stock_count == 0
    assert [h.count for h in state.hands] == [2, 3, 1]


def test_rule_13_the_last_holder_is_the_fool_and_two_players_out_together_draw() -> None:
    lost = play(phase2(KG, ["7h", "8h 6c"], trump="Qs"), "A:attack 7h", "B:beat 7h/8h")
    result = outcome(lost)
    assert result is not None and result.fool == 1
    drawn = play(phase2(KG, ["7h", "8h"], trump="Qs"), "A:attack 7h", "B:beat 7h/8h")
    result = outcome(drawn)
    assert result is not None and result.draw and result.losers == ()


def test_camera_the_table_view_sees_every_card_of_phase_1() -> None:
    state = play(view(KG, 2), *LAYOUT)
    state = run_script(
        state,
        [
            ("B:hit 6h", "card_already_played"),  # it lies in the ring
            ("B:hit 8h", "must_capture"),  # checked from the open cards alone
            ("B:hit 8h/7h", None),
        ],
    )
    assert state.hands[1].fully_known and state.hands[1].known == cards("8h 7h")


def test_rule_13_option_play_for_the_winner_the_first_out_wins_all_others_lose() -> None:
    winner = rules_for("krugly", {"play_for_winner": "true"})
    state = phase2(winner, ["7h", "8h 6c", "9c Kd"], trump="Qs")
    state = play(state, "A:attack 7h", "B:beat 7h/8h")  # A is out first
    state = play(state, "B:attack 6c", "C:beat 6c/9c")  # B is out next; C holds Kd
    result = outcome(state)
    assert state.is_over and result is not None
    assert result.winners == (0,) and set(result.losers) == {1, 2} and not result.draw
