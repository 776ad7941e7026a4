"""`two_jokers`, "Дурак с двумя Джокерами" (VARIANTS.md §4.40): one test per rule."""

from __future__ import annotations

from stock_builders import card, ends_with_a_fool_or_a_draw, position, stacked_deal, verdict

from referee import Suit, rules_for, table_game
from referee.engine import apply
from referee.moves import parse_move
from referee.setup import deck_of
from referee.state import GameState, evolve

TJ = rules_for("two_jokers")


def _colour_trump(hands: list[str], joker: str) -> GameState:
    """A position whose trump card was the joker ``joker``: its colour is trump."""
    return evolve(position(TJ, hands, trump=None), trump_joker=card(joker))


def _attacked(state: GameState, lead: str) -> GameState:
    return apply(state, parse_move(f"A:attack {lead}"))


def test_rule_1_the_deck_is_36_or_52_cards_plus_a_red_and_a_black_joker() -> None:
    deck = deck_of(TJ)
    assert len(deck) == 38
    assert {c for c in deck if c.is_joker} == {card("XR"), card("XB")}
    assert len(deck_of(rules_for("two_jokers", {"deck": "52"}))) == 54


def test_rule_2_the_trump_card_is_turned_under_the_stock_and_drawn_last() -> None:
    state = stacked_deal(TJ, ["6h 7h 8h 9h Th Jh", "6c 7c 8c 9c Tc Jc"], trump="Qd")
    assert state.trump_card == card("Qd") and state.trump_suit is Suit.DIAMONDS
    assert state.stock[-1] == card("Qd") and state.trump_joker is None


def test_rule_3_red_trump_the_red_joker_is_highest_the_black_joker_beats_black_cards() -> None:
    state = position(TJ, ["Ks 9h Ad", "XB XR 6d 8c"], trump="Qd")
    on_spade = _attacked(state, "Ks")
    assert verdict(on_spade, "B:beat Ks/XB").ok  # a black card
    assert verdict(on_spade, "B:beat Ks/XR").ok
    assert verdict(on_spade, "B:beat Ks/6d").ok  # an ordinary trump
    on_heart = _attacked(state, "9h")
    assert verdict(on_heart, "B:beat 9h/XB").code == "does_not_beat"  # not its colour
    assert verdict(on_heart, "B:beat 9h/XR").ok
    on_trump = _attacked(state, "Ad")
    assert verdict(on_trump, "B:beat Ad/XB").code == "does_not_beat"  # trumps are not its
    assert verdict(on_trump, "B:beat Ad/XR").ok  # the highest card of the game


def test_rule_3_black_trump_the_black_joker_is_highest_the_red_joker_beats_red_cards() -> None:
    state = position(TJ, ["Ac 9h Ks", "XB XR 6c"], trump="Qc")
    assert verdict(_attacked(state, "Ac"), "B:beat Ac/XB").ok
    assert verdict(_attacked(state, "Ac"), "B:beat Ac/XR").code == "does_not_beat"
    assert verdict(_attacked(state, "9h"), "B:beat 9h/XR").ok
    assert verdict(_attacked(state, "Ks"), "B:beat Ks/XR").code == "does_not_beat"


def test_rule_4_a_joker_turned_as_trump_card_makes_its_whole_colour_trump() -> None:
    state = stacked_deal(TJ, ["7s 9h Th Jh Qh Kh", "6c 8d 9d Td Jd Qd"], trump="XB")
    assert state.trump_card == card("XB") and state.trump_joker == card("XB")
    assert state.trump_suit is None
    assert state.stock[-1] == card("XB")  # d) drawn last


def test_rule_4a_b_a_trump_beats_any_non_trump_and_a_lower_trump_of_either_suit() -> None:
    state = _colour_trump(["Ah 8c 8s", "6c 9s 9c 8h"], "XB")
    assert verdict(_attacked(state, "Ah"), "B:beat Ah/6c").ok  # a) clubs are trump
    assert verdict(_attacked(state, "8c"), "B:beat 8c/9s").ok  # b) spade over club
    assert verdict(_attacked(state, "8s"), "B:beat 8s/9c").ok  # b) club over spade
    assert verdict(_attacked(state, "8s"), "B:beat 8s/8h").code == "does_not_beat"


def test_rule_4c_trumps_of_equal_rank_cannot_beat_each_other() -> None:
    state = _colour_trump(["8s 6h", "8c 7d"], "XB")
    refused = verdict(_attacked(state, "8s"), "B:beat 8s/8c")
    assert refused.code == "does_not_beat" and "equal rank" in refused.message()


def test_rule_4d_the_other_joker_beats_any_card_of_its_own_colour() -> None:
    state = _colour_trump(["Ah Kd Ks", "XR 6c"], "XB")
    assert verdict(_attacked(state, "Ah"), "B:beat Ah/XR").ok
    assert verdict(_attacked(state, "Kd"), "B:beat Kd/XR").ok
    assert verdict(_attacked(state, "Ks"), "B:beat Ks/XR").code == "does_not_beat"  # a trump


def test_rule_5_the_highest_joker_cannot_be_beaten() -> None:
    state = position(TJ, ["XR 6c", "Ah Kh XB 7d"], trump="9h")
    led = _attacked(state, "XR")
    for cover in ("Ah", "XB", "7d"):
        assert verdict(led, f"B:beat XR/{cover}").code == "does_not_beat"
    assert verdict(led, "B:take").ok


def test_rule_5_the_lesser_joker_is_beaten_by_any_trump_or_the_highest_joker() -> None:
    state = position(TJ, ["XB 6c", "6h XR As Kd"], trump="9h")
    led = _attacked(state, "XB")
    assert verdict(led, "B:beat XB/6h").ok
    assert verdict(led, "B:beat XB/XR").ok
    assert verdict(led, "B:beat XB/As").code == "does_not_beat"
    colour = _colour_trump(["XB 6c", "6d Ac"], "XR")
    assert verdict(_attacked(colour, "XB"), "B:beat XB/6d").ok  # red is trump
    assert verdict(_attacked(colour, "XB"), "B:beat XB/Ac").code == "does_not_beat"


def test_rule_6_jokers_may_be_led_but_not_thrown_in() -> None:
    state = position(TJ, ["7h XR XB 8c", "9h Tc 6d"], trump="6s")
    assert verdict(state, "A:attack XB").ok
    beaten = apply(_attacked(state, "7h"), parse_move("B:beat 7h/9h"))
    assert verdict(beaten, "A:throw XR").code == "throw_in_no_match"


def test_rule_7_first_attacker_the_lowest_rank_across_both_trump_suits() -> None:
    state = stacked_deal(TJ, ["7s 9h Th Jh Qh Kh", "6c 8d 9d Td Jd Qd"], trump="XB")
    assert state.attacker == 1  # 6c is lower than 7s
    tie = stacked_deal(TJ, ["6s 9h Th Jh Qh Kh", "6c 8d 9d Td Jd Qd"], trump="XB")
    assert tie.attacker in (0, 1)  # equal ranks: by lot


def test_rule_8_the_game_ends_as_in_the_base_game() -> None:
    assert all(
        ends_with_a_fool_or_a_draw(TJ, players, seed) for players in (2, 4) for seed in (1, 2)
    )


def test_table_view_knows_the_colour_trump_from_the_joker_on_the_table() -> None:
    view = table_game(TJ, 2, trump_card=card("XR"), first_attacker_seat=0)
    assert view.trump_joker == card("XR")
    led = apply(view, parse_move("A:attack 8d"))
    assert verdict(led, "B:beat 8d/8h").code == "does_not_beat"  # equal-rank trumps
    assert verdict(led, "B:beat 8d/9h").ok
