"""Rasterised decks pack into WebP with alpha and load back as the same cards; a deck that prints
its index elsewhere than in two corners is measured so."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.cards import FACE_CARDS
from vision.synth.decks import Deck, IndexLayout, load_deck, main, measure_index_layout, pack


def _write_png_deck(root: Path, deck: Deck, cards: tuple[str, ...]) -> Path:
    folder = root / deck.name
    folder.mkdir(parents=True)
    for card in cards:
        img = deck.images[card].copy()
        img[:6, :6, 3] = 0  # a transparent rounded corner, as the SVG decks have
        cv2.imwrite(str(folder / f"{card}.png"), img)
    meta = {"name": deck.name, "index_box": list(deck.index_box), "cards": list(cards)}
    (folder / "deck.json").write_text(json.dumps(meta))
    return folder


def test_a_packed_deck_loads_as_the_same_cards_with_alpha(toy_deck: Deck, tmp_path: Path) -> None:
    cards = ("As", "Td", "back")
    _write_png_deck(tmp_path / "png", toy_deck, cards)
    written = pack(tmp_path / "png", tmp_path / "webp")
    packed = load_deck(tmp_path / "webp" / "toy")
    original = load_deck(tmp_path / "png" / "toy")
    assert written > 0
    assert not list((tmp_path / "webp" / "toy").glob("*.png"))
    assert set(packed.images) == set(cards)
    assert packed.index_box == original.index_box
    for card in cards:
        a, b = original.images[card].astype(int), packed.images[card].astype(int)
        assert a.shape == b.shape
        assert b[0, 0, 3] == 0 and b[50, 50, 3] == 255
        assert np.abs(a[..., :3] - b[..., :3]).mean() < 4


def test_a_deck_image_without_alpha_is_not_a_card(toy_deck: Deck, tmp_path: Path) -> None:
    folder = _write_png_deck(tmp_path, toy_deck, ("As", "Kh"))
    cv2.imwrite(str(folder / "Kh.png"), toy_deck.images["Kh"][..., :3])
    assert set(load_deck(folder).images) == {"As"}


def test_pack_without_a_destination_is_refused(tmp_path: Path) -> None:
    with pytest.raises(SystemExit):
        main(["--pack", str(tmp_path)])


@pytest.mark.parametrize(
    ("deck", "layout"),
    [
        ("toy_deck", IndexLayout.TWO),
        ("four_index_deck", IndexLayout.FOUR),
        ("band_index_deck", IndexLayout.BAND),
    ],
)
def test_where_a_deck_prints_its_index_is_measured(
    deck: str, layout: IndexLayout, request: pytest.FixtureRequest
) -> None:
    drawn: Deck = request.getfixturevalue(deck)
    assert measure_index_layout(drawn.images, drawn.index_box) is layout


def test_a_small_mark_in_the_top_right_corner_is_no_index(toy_deck: Deck) -> None:
    """A pip there, less ink than the index, leaves the deck's two corners as they are."""
    w = 140
    marked = {}
    for card, img in toy_deck.images.items():
        img = img.copy()
        img[12:20, w - 28 : w - 20, :3] = (255, 0, 0)
        marked[card] = img
    assert measure_index_layout(marked, toy_deck.index_box) is IndexLayout.TWO


def test_a_loaded_deck_knows_where_it_prints_its_index(
    four_index_deck: Deck, tmp_path: Path
) -> None:
    folder = _write_png_deck(tmp_path, four_index_deck, FACE_CARDS)
    assert load_deck(folder).index_layout is IndexLayout.FOUR
