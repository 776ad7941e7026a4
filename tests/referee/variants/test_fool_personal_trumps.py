"""`fool_personal_trumps`, "Fool" (VARIANTS.md §4.13): one test per rule."""

from __future__ import annotations

from stock_builders import card, ends_with_a_fool_or_a_draw, play, run_script, stacked_deal, verdict

from referee import rules_for, table_game
from referee.setup import deal, deck_of
from referee.state import GameState

PT = rules_for("fool_personal_trumps")
# A's personal trump card will be Kh (hearts), B's 9s (spades); the dealer is B, so A is first.
HANDS = ["6h 9c 7d 8d Tc Jc", "7s 8s 6h' 9h 9c' Ad"]


def _dealt(stock: str = "Kh 9s") -> GameState:
    return stacked_deal(PT, HANDS, stock=stock, dealer=1)


def _turned() -> GameState:
    return play(_dealt(), "B:trumps Kh+9s")


def test_rule_1_two_players_are_recommended_and_two_to_six_allowed() -> None:
    assert (PT.min_players, PT.max_players) == (2, 6)
    assert all(h.count == 6 for h in deal(PT, 6, seed=3).hands)


def test_rule_2_two_identical_decks_shuffled_together_six_cards_each() -> None:
    assert len(deck_of(PT)) == 72
    assert len(deck_of(rules_for("fool_personal_trumps", {"deck": "52"}))) == 104
    state = _dealt()
    assert [h.count for h in state.hands] == [6, 6]


def test_rule_3_the_dealer_turns_one_card_for_each_player_from_the_top_of_the_stock() -> None:
    state = _dealt()
    assert state.trump_card is None and state.trump_suit is None  # nothing under the stock
    stock = state.stock_count
    state = run_script(
        state,
        [
            ("A:attack 9c", "must_turn_personal_trumps"),
            ("A:trumps Kh+9s", "out_of_turn"),  # the dealer (B) turns them
            ("B:trumps 9s+Kh", "personal_trumps_wrong"),  # clockwise from his left: A first
            ("B:trumps Kh", "personal_trumps_wrong"),  # one card for each player
            ("B:trumps Kh+9s", None),
            ("B:trumps Kh+9s", "personal_trumps_wrong"),  # already turned
        ],
    )
    assert state.personal_trumps == (card("Kh"), card("9s"))
    assert state.stock_count == stock - 2


def test_rule_3_several_players_may_share_a_trump_suit() -> None:
    state = play(_dealt("Kh Qh"), "B:trumps Kh+Qh")
    assert [c.suit for c in state.personal_trumps] == [card("Kh").suit] * 2


def test_rule_4_the_personal_trump_cards_stay_in_front_and_are_never_drawn() -> None:
    state = _turned()
    assert card("Kh") in state.out_of_play and card("9s") in state.out_of_play
    assert card("Kh") not in state.stock and card("9s") not in state.stock
    assert verdict(state, "A:attack Kh").code == "card_out_of_play"


def test_rule_5_the_defenders_personal_trump_is_used() -> None:
    state = _turned()
    assert state.attacker == 0
    run_script(
        state,
        [
            ("A:attack 9c", None),
            ("B:beat 9c/6h'", "does_not_beat"),  # hearts are A's trump, not B's
            ("B:beat 9c/9h", "does_not_beat"),
            ("B:beat 9c/7s", None),  # spades are B's trump
        ],
    )
    on_diamond = play(state, "A:attack 7d")
    assert verdict(on_diamond, "B:beat 7d/9h").code == "does_not_beat"
    assert verdict(on_diamond, "B:beat 7d/8s").ok


def test_rule_6_first_attacker_holds_the_lowest_card_of_his_own_trump() -> None:
    assert _turned().attacker == 0  # A holds 6h (hearts); B's lowest spade is 7s
    # with A's 6h swapped for 9h and B holding 7s, B now leads
    state = stacked_deal(PT, ["9h' 9c 7d 8d Tc Jc", "7s 8s 6h' 9h 9c' Ad"], stock="Kh 9s", dealer=1)
    assert play(state, "B:trumps Kh+9s").attacker == 1


def test_rule_7_identical_twins_cannot_beat_each_other() -> None:
    state = play(_turned(), "A:attack 9c")
    assert verdict(state, "B:beat 9c/9c'").code == "does_not_beat"


def test_rule_8_everything_else_follows_the_base_game() -> None:
    assert all(
        ends_with_a_fool_or_a_draw(PT, players, seed) for players in (2, 3) for seed in (1, 2)
    )


def test_table_view_takes_the_personal_trumps_from_the_dealers_move() -> None:
    view = table_game(PT, 2, dealer=1, first_attacker_seat=0)
    assert verdict(view, "A:attack 9c").code == "must_turn_personal_trumps"
    view = run_script(view, [("B:trumps Kh+Kh'", None), ("A:attack 9c", None)])
    assert view.personal_trumps == (card("Kh"), card("Kh'"))
    assert verdict(view, "B:beat 9c/6s").code == "does_not_beat"  # B's trump is hearts
    assert verdict(view, "B:beat 9c/6h").ok
