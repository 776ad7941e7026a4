"""The table view: what a camera referee knows (the trump card, the table, the discard pile, hand
sizes, cards seen going into a hand). It still catches everything the table shows, and lists the
rules that need a hidden hand in ``verdict.unchecked`` instead of guessing."""

from __future__ import annotations

from dataclasses import replace

import pytest
from referee_builders import card, hand_text, play, verdict

from referee import InvalidPosition, Phase, Suit, legal_moves, rules_for, table_game
from referee.state import Hand

PODKIDNOY = rules_for("podkidnoy")


def view(slug: str = "podkidnoy", players: int = 3, trump: str = "6s", first: int = 0):  # type: ignore[no-untyped-def]
    return table_game(rules_for(slug), players, trump_card=card(trump), first_attacker_seat=first)


def with_counts(state, *counts: int):  # type: ignore[no-untyped-def]
    """The same view with other public hand sizes (as a position notation would set them)."""
    hands = tuple(Hand(c) for c in counts)
    return replace(state, hands=hands, defender_quota=hands[state.defender].count)


def test_table_view_starts_from_counts_and_the_trump_card() -> None:
    state = view()
    assert not state.full_info
    assert [h.count for h in state.hands] == [6, 6, 6]
    assert state.stock_count == 36 - 18 and state.trump_suit is Suit.SPADES
    assert all(not h.known for h in state.hands)
    with pytest.raises(InvalidPosition):
        legal_moves(state)  # hands are not seen: there is nothing to list
    with pytest.raises(InvalidPosition):
        table_game(PODKIDNOY, 2)  # the trump card seen on the table is needed


def test_table_view_card_that_does_not_beat() -> None:
    state = play(view(), "A:attack 7h")
    assert verdict(state, "B:beat 7h/6h").code == "does_not_beat"
    assert verdict(state, "B:beat 7h/8c").code == "does_not_beat"
    assert verdict(state, "B:beat 7h/As").ok  # any trump


def test_table_view_throw_in_of_a_rank_not_on_the_table() -> None:
    state = play(view(), "A:attack 7h", "B:beat 7h/9h")
    assert verdict(state, "A:throw Kc").code == "throw_in_no_match"
    assert verdict(state, "A:throw 9c").ok
    assert verdict(state, "C:throw 7c").code == "throw_in_priority"


def test_table_view_too_many_attack_cards_for_the_defenders_hand() -> None:
    state = with_counts(view(), 6, 2, 6)
    state = play(state, "A:attack 7h", "B:beat 7h/9h")
    v = verdict(state, "A:throw 7c+7d")
    assert v.code == "attack_limit"
    assert verdict(state, "A:throw 7c").ok
    taking = play(with_counts(view(), 6, 1, 6), "A:attack 7h", "B:take")
    assert taking.phase is Phase.ATTACK  # 1 card is B's limit: the take is made at once


def test_table_view_card_already_played_on_the_table_or_in_the_discard() -> None:
    state = play(view(), "A:attack 7h", "B:beat 7h/9h")
    v = verdict(state, "A:throw 9h")
    assert v.code == "card_already_played" and "on the table" in v.message()
    state = play(state, "A:done")
    assert {card("7h"), card("9h")} <= set(state.discard)
    v = verdict(state, "B:attack 9h")
    assert v.code == "card_already_played" and "discard" in v.message()
    assert verdict(state, "B:attack 7h").code == "card_already_played"


def test_table_view_card_known_in_another_hand_after_a_take() -> None:
    state = play(view(), "A:attack 7h", "B:take", "A:pass", "C:pass")
    assert hand_text(state, 1) == {"7h"} and state.hands[1].count == 7
    assert (state.attacker, state.defender) == (2, 0)
    v = verdict(state, "C:attack 7h")
    assert v.code == "card_in_another_hand" and "B" in v.message()
    # B plays his known card: the referee knows it is his, nothing is left unchecked
    state = play(state, "C:attack 8h")
    assert verdict(state, "A:beat 8h/9h").ok


def test_table_view_trump_card_under_the_stock() -> None:
    state = view(trump="6s")
    v = verdict(state, "A:attack 6s")
    assert v.code == "card_is_trump_indicator"
    state = play(state, "A:attack 7h")
    assert verdict(state, "B:beat 7h/6s").code == "card_is_trump_indicator"
    assert verdict(state, "B:beat 7h/7s").ok


def test_table_view_trump_card_playable_once_drawn() -> None:
    state = replace(view(players=2), stock_count=1)  # only the trump card is left
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:done")
    assert state.stock_count == 0 and state.trump_card is None
    assert "6s" in hand_text(state, 0)  # the camera saw A draw it
    assert verdict(state, "B:attack 6s").code == "card_in_another_hand"


def test_table_view_acting_out_of_turn() -> None:
    state = view(first=1)
    assert verdict(state, "A:attack 7h").code == "out_of_turn"
    assert verdict(state, "C:beat 7h/9h").code == "out_of_turn"
    state = play(state, "B:attack 7h")
    assert verdict(state, "A:beat 7h/9h").code == "not_defender"
    assert verdict(state, "B:take").code == "not_defender"
    assert verdict(state, "C:pass").code == "pass_not_allowed"
    assert verdict(state, "A:throw 7c").code == "throw_in_before_beat"
    assert verdict(state, "C:throw 7c").code == "throw_in_not_allowed"  # the defender


def test_table_view_transfer_to_a_player_who_holds_too_few_cards() -> None:
    state = with_counts(view("perevodnoy"), 6, 6, 1)
    state = play(state, "A:attack 7h")
    v = verdict(state, "B:transfer 7d")
    assert v.code == "transfer_receiver_cannot_cover"
    assert "C" in v.message() and "1" in v.message()
    assert verdict(with_counts(view("perevodnoy"), 6, 6, 2), "A:attack 7h").ok
    ok = play(with_counts(view("perevodnoy"), 6, 6, 2), "A:attack 7h")
    assert verdict(ok, "B:transfer 7d").ok


def test_table_view_player_without_cards() -> None:
    state = play(with_counts(view(), 1, 6, 6), "A:attack 7h", "B:beat 7h/9h")
    assert state.hands[0].count == 0
    assert verdict(state, "A:throw 7c").code == "throw_in_priority"
    assert verdict(state, "C:throw 7c").ok  # A has no cards: the right passes on


def test_table_view_hidden_hand_rules_are_listed_as_unchecked() -> None:
    # Where the cards come from: the hand is not seen.
    v = verdict(view(), "A:attack 7h")
    assert v.ok and any("hand is not seen" in u for u in v.unchecked)
    assert len(v.unchecked_ru) == len(v.unchecked)
    # B6: who holds the lowest trump is not known when nobody told the referee.
    unknown_first = table_game(PODKIDNOY, 3, trump_card=card("6s"))
    v = verdict(unknown_first, "B:attack 7h")
    assert v.ok and any("B6" in u for u in v.unchecked)
    # §4.15 boring: the lead must be of the highest rank in the (hidden) hand.
    v = verdict(view("boring"), "A:attack 7h")
    assert v.ok and any("§4.15" in u for u in v.unchecked)
    # A card known to be in the hand (after a take) needs no assumption.
    state2 = play(view(), "A:attack 7h", "B:take", "A:pass", "C:pass")
    state2 = play(state2, "C:attack 7c", "A:beat 7c/9c", "C:pass")
    v_known = verdict(state2, "B:throw 7h")
    assert v_known.ok and v_known.unchecked == ()


def test_table_view_boring_known_higher_card_is_caught() -> None:
    # B took Ah in view of the table: leading anything lower is provably wrong (§4.15 camera note)
    state = play(view("boring", players=2), "A:attack Ah", "B:take", "A:pass")
    state = play(state, "A:attack 7d", "B:beat 7d/9d", "A:done")
    assert state.attacker == 1 and "Ah" in hand_text(state, 1)
    v = verdict(state, "B:attack 7c")
    assert v.code == "attack_not_highest_rank" and "Ah" in v.message()
    assert verdict(state, "B:attack Ah").ok


def test_table_view_two_decks_allow_each_card_twice() -> None:
    # §4.11 bolshoy: the card tracker allows two copies of every card, not three.
    state = play(view("bolshoy", players=2), "A:attack 7h", "B:take", "A:pass")
    assert "7h" in hand_text(state, 1)
    state = play(state, "A:attack 7h")  # the second copy: fine
    assert [str(p.attack) for p in state.table] == ["7h'"]
    state = play(state, "B:beat 7h'/9h", "A:done")
    assert verdict(state, "B:attack 7h").ok  # B's known copy, taken earlier
    state = play(state, "B:attack 7h", "A:take", "B:pass")
    assert verdict(state, "B:attack 7h").code == "card_in_another_hand"


def test_table_view_trumps_changing_new_trump_card_lies_under_the_stock() -> None:
    state = play(view("trumps_changing", players=2), "A:attack 7h", "B:beat 7h/9h", "A:done")
    assert state.trump_card == card("9h") and state.trump_suit is Suit.HEARTS
    assert card("6s") in state.discard  # the old trump card went with the bout
    assert verdict(state, "B:attack 9h").code == "card_is_trump_indicator"
    assert verdict(state, "B:attack 6s").code == "card_already_played"


def test_table_view_potayny_reveal_of_a_card_seen_elsewhere() -> None:
    state = replace(view("potayny", players=2), stock_count=1)  # the trump card alone is left
    state = play(state, "A:attack 7h", "B:beat 7h/9h", "A:done")
    assert state.phase is Phase.REVEAL
    assert verdict(state, "B:attack 8c").code == "must_reveal_trump"
    assert verdict(state, "B:reveal 9h").code == "reveal_wrong_card"  # in the discard pile
    assert verdict(state, "B:reveal 6s").code == "reveal_wrong_card"  # the first trump card
    state = play(state, "B:reveal Qd")
    assert state.trump_suit is Suit.DIAMONDS
