from vision.cards import (
    CLASSIFIER_CLASSES,
    DETECTOR_CLASSES,
    DURAK_36,
    FACE_CARDS,
    from_real_name,
    is_red,
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


def test_real_set_names_map_to_notation_including_its_quirks() -> None:
    assert from_real_name("10 Trefoils") == "Tc"
    assert from_real_name("Q Hearts") == "Qh"
    assert from_real_name("2 Spades") == "2s"
    assert from_real_name("A Diamonds") == "Ad"
    assert from_real_name("59") == "5c"  # class 20 of the real set is the five of clubs
    assert from_real_name("5 Trefoils") == "5c"


def test_red_suits() -> None:
    assert is_red("Th") and is_red("2d") and is_red("XR")
    assert not is_red("As") and not is_red("9c") and not is_red("XB")
