"""`krestovy`, "Clubs Fool / Cross Fool" (VARIANTS.md §4.19): one test per rule, legal and
illegal moves with their verdicts, in full information and in the table view."""

from __future__ import annotations

from two_phase_builders import card, cards, phase2, play, rules, run_script, stacked, verdict, view

from companion.referee_commands import quick_position
from referee import Suit, check, legal_moves, outcome, parse_move
from referee.engines.phase1_krestovy import KrestovyPiles
from referee.moves import format_move

KR = rules("krestovy")


def _piles(state: object) -> KrestovyPiles:
    piles = state.collection  # type: ignore[attr-defined]
    assert isinstance(piles, KrestovyPiles)
    return piles


def test_rule_1_one_card_face_up_to_each_player_from_the_dealers_left() -> None:
    state = stacked(KR, 3, "7h 9s Qc")  # dealer A: B, C, A
    state = run_script(
        state,
        [
            ("A:upcard 7h", "out_of_turn"),  # B gets the first card
            ("B:upcard 9s", "not_deck_top"),  # 7h is the top card
            ("B:upcard 7h", None),
            ("C:upcard 9s", None),
            ("A:topile Qc>A", "out_of_turn"),  # the deal is not finished
            ("A:upcard Qc", None),
        ],
    )
    assert [list(p) for p in _piles(state).piles] == [[card("Qc")], [card("7h")], [card("9s")]]
    assert _piles(state).deck_count == 36 - 3


def test_rule_2_the_highest_face_up_card_starts_ties_from_the_dealers_left() -> None:
    state = play(stacked(KR, 3, "7h 9s Qc 8d"), "B:upcard 7h", "C:upcard 9s", "A:upcard Qc")
    assert _piles(state).turn == 0  # Qc
    assert verdict(state, "B:topile 8d>B").code == "out_of_turn"
    tie = play(stacked(KR, 3, "Ah As 6c", dealer=1), "C:upcard Ah", "A:upcard As", "B:upcard 6c")
    assert _piles(tie).turn == 2  # C and A tie on aces: C is first from the dealer's left


def test_rule_3_the_card_goes_on_the_nearest_pile_topped_one_rank_lower() -> None:
    state = play(stacked(KR, 3, "7h 9s Qc 8d Tc Kh"), "B:upcard 7h", "C:upcard 9s", "A:upcard Qc")
    state = run_script(
        state,
        [
            ("A:topile 8d>A", "wrong_pile"),  # 8 goes on B's 7, suit irrelevant
            ("A:topile 8d>C", "wrong_pile"),
            ("A:topile 8d>B", None),
            ("B:topile Tc>C", None),  # on C's 9s
            ("C:topile Kh>A", None),  # on A's Qc
        ],
    )
    tops = [p[-1] for p in _piles(state).piles]
    assert tops == [card("Kh"), card("8d"), card("Tc")]
    # several piles fit: the nearest clockwise from the drawer's left neighbour
    two = play(stacked(KR, 3, "8h 8s Qc 9d"), "B:upcard 8h", "C:upcard 8s", "A:upcard Qc")
    assert verdict(two, "A:topile 9d>C").code == "wrong_pile"
    assert verdict(two, "A:topile 9d>B").ok
    three = play(stacked(KR, 3, "8h 8s Ac 9d", dealer=2), "A:upcard 8h", "B:upcard 8s")
    three = play(three, "C:upcard Ac")  # C starts with the ace
    assert verdict(three, "C:topile 9d>A").ok  # C's left neighbour A (8h) comes before B (8s)
    assert verdict(three, "C:topile 9d>B").code == "wrong_pile"


def test_rule_3_a_six_or_with_52_cards_a_two_goes_on_an_ace() -> None:
    state = play(stacked(KR, 3, "Ah 7c As 6s"), "B:upcard Ah", "C:upcard 7c", "A:upcard As")
    # B and A tie on aces: B is first from the dealer's left and draws 6s
    assert verdict(state, "B:topile 6s>C").code == "wrong_pile"
    assert verdict(state, "B:topile 6s>B").code == "wrong_pile"  # another pile fits first
    assert verdict(state, "B:topile 6s>A").ok
    state = play(stacked(KR, 2, "Ah Kc 6s"), "B:upcard Ah", "A:upcard Kc")
    assert verdict(state, "B:topile 6s>B").ok  # no other pile fits: his own ace takes it
    big = rules("krestovy", 52)
    state = play(stacked(big, 3, "Ah 7c As 2d"), "B:upcard Ah", "C:upcard 7c", "A:upcard As")
    assert verdict(state, "B:topile 2d>C").code == "wrong_pile"
    assert verdict(state, "B:topile 2d>A").ok
    assert verdict(play(stacked(KR, 2, "Ah 7c"), "B:upcard Ah"), "A:upcard 2d").code == (
        "card_not_in_deck"
    )


def test_rule_4_a_card_that_fits_no_other_pile_stays_on_the_drawers_own_pile() -> None:
    state = play(stacked(KR, 3, "7h 9s Qc Jd"), "B:upcard 7h", "C:upcard 9s", "A:upcard Qc")
    assert verdict(state, "A:topile Jd>B").code == "wrong_pile"
    state = play(state, "A:topile Jd>A")
    assert _piles(state).piles[0] == (card("Qc"), card("Jd"))


def test_rule_5_the_turn_passes_clockwise_after_each_card() -> None:
    state = play(stacked(KR, 3, "7h 9s Qc Jd 6h"), "B:upcard 7h", "C:upcard 9s", "A:upcard Qc")
    state = play(state, "A:topile Jd>A")
    assert verdict(state, "A:topile 6h>A").code == "out_of_turn"
    assert verdict(state, "C:topile 6h>C").code == "out_of_turn"
    assert verdict(state, "B:topile 6h>B").ok


def test_rule_6_when_the_deck_is_used_up_each_pile_is_its_owners_hand() -> None:
    state = stacked(KR, 3, "7h 9s Qc")
    while state.durak is None:
        (move,) = legal_moves(state)
        state = play(state, format_move(move))
    piles = _piles(state).piles
    assert state.durak is not None
    assert [h.known for h in state.hands] == [cards(" ".join(map(str, p))) for p in piles]
    assert sum(h.count for h in state.hands) == 36
    assert len({h.count for h in state.hands}) > 1  # uneven hands
    assert state.durak.stock_count == 0


def test_rule_7_diamonds_are_trump_and_clubs_are_beaten_only_by_a_higher_club() -> None:
    state = phase2(KR, ["9c 7h 6h", "Tc Ad 6d 8c"])
    assert state.trump_suit is Suit.DIAMONDS
    run_script(
        state,
        [
            ("A:attack 9c", None),
            ("B:beat 9c/Ad", "does_not_beat"),  # a diamond does not beat a club
            ("B:beat 9c/8c", "does_not_beat"),
            ("B:beat 9c/Tc", None),
        ],
    )
    hearts = phase2(KR, ["7h 6h", "6d 8c"])
    assert verdict(play(hearts, "A:attack 7h"), "B:beat 7h/6d").ok  # diamonds beat hearts


def test_rule_8_the_holder_of_the_lowest_diamond_attacks_first() -> None:
    state = phase2(KR, ["9d 6c", "7d 6h", "8d As"], first=None)
    assert state.attacker == 1
    whole = stacked(KR, 3, "7h 9s Qc")
    while whole.durak is None:
        whole = play(whole, format_move(legal_moves(whole)[0]))
    lowest = min(
        (c.rank, seat)
        for seat, h in enumerate(whole.hands)
        for c in h.known
        if c.suit is Suit.DIAMONDS
    )
    assert whole.attacker == lowest[1]


def test_rule_9_one_card_attacks_no_throw_ins_no_transfers_no_refill() -> None:
    state = phase2(KR, ["9c 9h 7h", "Tc 9s Ad 8c", "7s 8s"])
    state = run_script(
        state,
        [
            ("A:attack 9c+9h", "attack_form"),
            ("A:attack 9h", None),
            ("B:transfer 9s", "transfer_not_allowed"),
            ("B:beat 9h/Ad", None),  # the bout closes at once: nobody may throw in
        ],
    )
    assert state.durak is not None and state.durak.bouts == 1
    assert verdict(state, "A:throw 9c").code is not None
    assert [h.count for h in state.hands] == [2, 3, 2]  # no refill


def test_rule_10_a_beaten_card_goes_to_the_discard_and_the_defender_attacks_next() -> None:
    state = play(phase2(KR, ["9c 7h", "Tc 8c", "7s 8s"]), "A:attack 9c", "B:beat 9c/Tc")
    assert state.durak is not None
    assert state.durak.discard == cards("9c Tc")
    assert state.attacker == 1 and state.durak.defender == 2


def test_rule_11_a_failing_defender_takes_the_led_card_and_his_left_neighbour_leads() -> None:
    state = play(phase2(KR, ["9c 7h", "6d 8h", "7s 8s"]), "A:attack 9c", "B:take")
    assert state.durak is not None
    assert state.hands[1].known == cards("6d 8h 9c")
    assert state.attacker == 2  # C, left of B
    assert state.durak.discard == cards("")


def test_rule_12_the_last_player_holding_cards_is_the_fool() -> None:
    state = play(phase2(KR, ["9c", "Tc 7h"]), "A:attack 9c", "B:beat 9c/Tc")
    result = outcome(state)
    assert state.is_over and result is not None and result.fool == 1


def test_camera_the_table_view_checks_every_pile_and_knows_every_hand() -> None:
    state = view(KR, 3)
    state = play(state, "B:upcard 7h", "C:upcard 9s", "A:upcard Qc")
    assert verdict(state, "A:upcard 8d").code == "out_of_turn"
    assert verdict(state, "A:topile 7h>B").code == "card_already_played"
    assert verdict(state, "A:topile 8d>A").code == "wrong_pile"  # seen without any hand
    result = verdict(state, "A:topile 8d>B")
    assert result.ok and result.unchecked == ()
    hands = phase2(KR, ["9c 7h", "Tc 8c"], full_info=False)
    assert verdict(hands, "A:attack 9h").code == "not_in_hand"  # the piles were face up


def test_camera_a_bare_phase_2_position_is_judged_as_phase_2() -> None:
    quick = quick_position("krestovy", {}, "d", "9c", 2, 6)  # what `bito check` builds
    assert check(quick, parse_move("B:beat 9c/Ad")).code == "does_not_beat"
    assert check(quick, parse_move("B:beat 9c/Tc")).ok
