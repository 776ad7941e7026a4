"""`negotiable`, "The fool is negotiable" (VARIANTS.md §4.26): one test per rule."""

from __future__ import annotations

from stock_builders import card, cards, hand, play, position, run_script, verdict

from referee import CardSet, rules_for, table_game
from referee.bout import priority_holder
from referee.rules import HandsVisibility
from referee.state import GameState

NG = rules_for("negotiable")


def _three(stock: str | None = None) -> GameState:
    """A attacks B; C sits on B's left. Trump spades."""
    hands = ["7h 7d 8c Jd", "6h 9h Ks Jc Tc", "9c Qd 8d"]
    return position(NG, hands, trump="6s", stock=stock)


def test_rule_1_hands_are_held_faces_out_which_the_camera_cannot_verify() -> None:
    assert NG.hands_visibility is HandsVisibility.FACES_OUT
    view = table_game(NG, 3, trump_card=card("6s"), first_attacker_seat=0)
    lead = verdict(view, "A:attack 7h")
    assert lead.ok and any("random" in note for note in lead.unchecked)
    assert any("наугад" in note for note in lead.unchecked_ru)


def test_rule_2_the_attacker_leads_a_random_card_any_card_is_legal() -> None:
    state = _three()
    assert all(verdict(state, f"A:attack {c}").ok for c in ("7h", "7d", "8c", "Jd"))
    assert verdict(state, "A:attack 7h+7d").code == "attack_form"  # one card is pulled


def test_rule_3_a_random_card_that_beats_continues_the_bout() -> None:
    state = run_script(_three(), [("A:attack 7h", None), ("B:beat 7h/9h", None)])
    assert state.table[0].cover == card("9h")
    assert verdict(state, "A:throw 7d").ok  # throw-ins are rank-matched


def test_rule_3_a_random_card_that_does_not_beat_makes_the_defender_take_all() -> None:
    state = play(_three(), "A:attack 7h")
    failed = verdict(state, "B:beat 7h/6h")
    assert failed.ok  # a random pull is not a foul: its consequence follows
    state = play(state, "B:beat 7h/6h")
    assert state.table == () and state.bouts == 2
    assert CardSet.of(cards("7h 6h")) | hand(state, 1) == hand(state, 1)
    assert state.hands[1].count == 6
    assert state.attacker == 2  # the player to his left attacks next


def test_rule_4_a_thrown_in_card_that_matches_nothing_goes_back_and_ends_his_throw_ins() -> None:
    state = run_script(
        _three(),
        [("A:attack 7h", None), ("B:beat 7h/9h", None), ("A:throw 8c", None)],
    )
    assert card("8c") in hand(state, 0) and len(state.table) == 1
    assert state.throw_barred == frozenset({0})
    state = run_script(state, [("C:throw 9c", None), ("B:beat 9c/Jc", None)])
    # a new rank (J) is on the table, but A's right to throw in does not come back
    assert priority_holder(state) == 2
    assert verdict(state, "A:throw Jd").code == "throw_in_priority"


def test_rule_5_the_defender_may_simply_take() -> None:
    state = play(_three(), "A:attack 7h", "B:take")
    assert state.phase.value == "taking"


def test_rule_6_the_refill_follows_the_base_game() -> None:
    state = play(_three(stock="Ah Kh Qh Th"), "A:attack 7h", "B:beat 7h/6h")
    # the attacker draws first (3), then clockwise: the stock (4 + the trump card) runs out on C
    assert [h.count for h in state.hands] == [6, 6, 5]
    assert state.stock_count == 0 and card("6s") in hand(state, 2)
