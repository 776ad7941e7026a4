"""A deck that prints its sixes and nines alike is learned from the pips, then named by them."""

from __future__ import annotations

from dataclasses import replace

from referee.cards import Card
from referee.game import apply, table_game
from referee.moves import parse_move
from referee.variants import find_variant
from vision.detector import CardDetection
from vision.pipeline import Pipeline, _Laid, _Remembered
from vision.table.sixes_nines import MIN_CARDS, MIN_READS, SixesNines

LEFT = (100.0, 100.0, 160.0, 190.0)
RIGHT = (300.0, 100.0, 360.0, 190.0)


def _read(
    card: str, pips: str | None, box: tuple[float, float, float, float] = LEFT
) -> CardDetection:
    return CardDetection(card, 0.8, box, 2, pips=pips)


def _contradict(tally: SixesNines, cards: list[str]) -> list[bool]:
    """Each card's pips name its upside-down card in ``MIN_READS`` frames; what observe said."""
    turned = {"6": "9", "9": "6"}
    return [
        tally.observe([_read(card, turned[card[0]] + card[1])])
        for card in cards
        for _ in range(MIN_READS)
    ]


def test_a_deck_prints_its_sixes_and_nines_alike_once_three_cards_pips_contradicted_them() -> None:
    tally = SixesNines()
    said = _contradict(tally, ["6c", "9d", "6s"])
    assert MIN_CARDS == 3
    assert tally.alike and said == [False] * 5 + [True]
    assert not tally.observe([_read("6h", "9h")])  # told once a game


def test_one_card_whose_pips_contradict_it_again_and_again_is_no_such_deck() -> None:
    # other decks: the whole-card reader now and then misreads one card's pips in many frames
    tally = SixesNines()
    _contradict(tally, ["6s"] * 10 + ["9h"])
    assert not tally.alike
    assert tally.contradicted() == ["6s", "9h"]


def test_pips_that_agree_or_say_nothing_count_for_no_deck() -> None:
    tally = SixesNines()
    for card in ("6c", "9d", "6s", "9h"):
        for pips in (card, None, card):
            tally.observe([_read(card, pips)])
    assert not tally.alike and tally.contradicted() == []


def test_once_alike_a_six_is_named_by_its_pips_unless_that_card_is_listed() -> None:
    tally = SixesNines()
    before = [_read("6h", "9h")]
    assert tally.named(before) == before  # not learned yet: the corners name it
    _contradict(tally, ["6c", "9d", "6s"])
    assert [d.card for d in tally.named([_read("6h", "9h")])] == ["9h"]
    both = [_read("6h", "9h"), _read("9h", None, RIGHT)]  # one deck: the nine lies elsewhere
    assert tally.named(both) == both


def test_a_card_is_misread_where_it_was_read_most_and_its_pips_mostly_said_the_other() -> None:
    tally = SixesNines()
    for _ in range(3):
        tally.observe([_read("9c", "6c", LEFT)])  # the six led, read as the nine
    tally.observe([_read("9c", "9c", LEFT)])
    tally.observe([_read("9c", "9c", RIGHT)])  # the true nine, laid later
    assert tally.misread("9c")
    for _ in range(4):
        tally.observe([_read("9c", "9c", RIGHT)])  # now read most where the true nine lies
    assert not tally.misread("9c")
    assert not tally.misread("6d")  # never read


def test_named_keeps_every_other_field() -> None:
    tally = SixesNines()
    _contradict(tally, ["6c", "9d", "6s"])
    six = replace(_read("6h", "9h"), runner_up=("8h", 0.1))
    (nine,) = tally.named([six])
    assert nine == replace(six, card="9h")


def test_once_alike_the_sixes_and_nines_laid_misread_are_corrected_when_the_other_may_come() -> (
    None
):
    # the 9c led lies on the table (its pips said six), the 6d was beaten and discarded (its
    # pips said nine), the 6s lies as a six (its pips agreed); the 9h's six is on the table
    rules = find_variant("podkidnoy").configure({})
    state = table_game(rules, 2, trump_card=Card.parse("Ks"))
    for move in ("A:attack 6d", "B:beat 6d/Td", "A:done", "B:attack 9c", "A:beat 9c/Tc"):
        state = apply(state, parse_move(move))
    pipeline = Pipeline(rules, 2, detector=object())  # type: ignore[arg-type]
    for name in ("6d", "9c", "6s", "Td", "Tc", "9h"):
        pipeline._laid_reads[Card.parse(name)] = _Laid(0.8, None)
    pipeline._memory[Card.parse("9c")] = _Remembered(LEFT, None)
    pipeline._memory[Card.parse("6h")] = _Remembered(RIGHT, None)
    tally = pipeline._sixes_nines
    _contradict(tally, ["9c", "6d", "9h"])
    for _ in range(MIN_READS):
        tally.observe([_read("6s", "6s", RIGHT)])
    assert pipeline._sixes_nines_read_again(state) == []  # nothing learned this frame yet
    pipeline._sixes_nines_news = True
    corrections = pipeline._sixes_nines_read_again(state)
    assert [(str(old), str(new)) for old, new in corrections] == [("6d", "9d"), ("9c", "6c")]
    assert Card.parse("6c") in pipeline._memory and Card.parse("9c") not in pipeline._memory
    assert pipeline._sixes_nines_read_again(state) == []  # once
