from vision.cards import (
    CLASSIFIER_CLASSES,
    DETECTOR_CLASSES,
    DURAK_36,
    FACE_CARDS,
    from_real_name,
    is_red,
    real_set_card,
    turned,
    twin,
)


def test_classifier_classes_are_52_cards_2_jokers_back_and_none() -> None:
    assert len(FACE_CARDS) == 52 == len(set(FACE_CARDS))
    assert CLASSIFIER_CLASSES[52:] == ("XR", "XB", "back", "none")
    assert "Ts" in FACE_CARDS and "6h" in FACE_CARDS and "Ac" in FACE_CARDS


def test_durak_deck_is_six_to_ace() -> None:
    assert len(DURAK_36) == 36
    assert {c[0] for c in DURAK_36} == set("6789TJQKA")


def test_detector_has_three_classes() -> None:
    assert DETECTOR_CLASSES == ("index", "card", "back")


REAL_NAMES = [
    "10 Diamonds",
    "10 Hearts",
    "10 Spades",
    "10 Trefoils",
    "2 Diamonds",
    "2 Hearts",
    "2 Spades",
    "2 Trefoils",
    "3 Diamonds",
    "3 Hearts",
    "3 Spades",
    "3 Trefoils",
    "4 Diamonds",
    "4 Hearts",
    "4 Spades",
    "4 Trefoils",
    "5 Diamonds",
    "5 Hearts",
    "5 Spades",
    "5 Trefoils",
    "59",
    "6 Diamonds",
    "6 Hearts",
    "6 Spades",
    "6 Trefoils",
    "7 Diamonds",
    "7 Hearts",
    "7 Spades",
    "7 Trefoils",
    "8 Diamonds",
    "8 Hearts",
    "8 Spades",
    "8 Trefoils",
    "9 Diamonds",
    "9 Hearts",
    "9 Spades",
    "9 Trefoils",
    "A Diamonds",
    "A Hearts",
    "A Spades",
    "A Trefoils",
    "J Diamonds",
    "J Hearts",
    "J Spades",
    "J Trefoils",
    "K Diamonds",
    "K Hearts",
    "K Spades",
    "K Trefoils",
    "Q Diamonds",
    "Q Hearts",
    "Q Spades",
    "Q Trefoils",
]


def test_real_set_names_map_to_notation() -> None:
    assert from_real_name("10 Trefoils") == "Tc"
    assert from_real_name("Q Hearts") == "Qh"
    assert from_real_name("A Diamonds") == "Ad"


def test_real_set_classes_map_to_the_cards_they_show() -> None:
    assert len(REAL_NAMES) == 53
    assert real_set_card(0, REAL_NAMES) == "Th"  # named '10 Diamonds'
    assert real_set_card(5, REAL_NAMES) == "2s"  # named '2 Hearts'
    assert real_set_card(13, REAL_NAMES) == "4s"  # named '4 Hearts'
    assert real_set_card(18, REAL_NAMES) == "5c"  # named '5 Spades'
    assert real_set_card(20, REAL_NAMES) == "Td"  # named '59'
    assert real_set_card(39, REAL_NAMES) == "As"
    cards = {real_set_card(i, REAL_NAMES) for i in range(53) if i != 19}
    assert len(cards) == 52  # every card once


def test_red_suits() -> None:
    assert is_red("Th") and is_red("2d") and is_red("XR")
    assert not is_red("As") and not is_red("9c") and not is_red("XB")


def test_a_twin_is_the_same_rank_in_the_other_suit_of_its_colour() -> None:
    assert [twin(c) for c in ("Ah", "Ad", "7s", "7c")] == ["Ad", "Ah", "7c", "7s"]
    assert twin("XR") is None and twin("back") is None and twin("none") is None


def test_a_turned_card_is_the_other_of_6_and_9_in_the_same_suit() -> None:
    assert [turned(c) for c in ("6c", "9c", "6h", "9d")] == ["9c", "6c", "9h", "6d"]
    assert turned("8c") is None and turned("XR") is None and turned("back") is None
