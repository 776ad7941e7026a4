"""Verdicts: every violation code has English and Russian text, and messages name the move, the
rule and the position."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

import pytest
from referee_builders import card, play, position, verdict

from referee import (
    Code,
    GameState,
    IllegalMove,
    InvalidMove,
    InvalidNotation,
    Violation,
    apply,
    parse_move,
    rules_for,
    table_game,
)
from referee.state import Hand

P = rules_for("podkidnoy")


def _pos(*hands: str, slug: str = "podkidnoy", **kw: object) -> GameState:
    return position(rules_for(slug), list(hands), **kw)  # type: ignore[arg-type]


def _view(slug: str = "podkidnoy", trump: str = "6s", counts: tuple[int, ...] = ()) -> GameState:
    state = table_game(rules_for(slug), 3, trump_card=card(trump), first_attacker_seat=0)
    if counts:
        state = replace(state, hands=tuple(Hand(c) for c in counts), defender_quota=counts[1])
    return state


def _potayny_reveal() -> GameState:
    state = _pos("7c 8c", "9c Jd", slug="potayny", trump="Kc", stock="")
    state = replace(
        state,
        hidden_trump=card("Ah"),
        hidden_trump_pending=True,
        discard=state.discard.remove(card("Ah")),
    )
    return play(state, "A:attack 7c", "B:beat 7c/9c", "A:done")


def _b10() -> GameState:
    state = _pos("7h 7c 7d Ad", "9c Jc")
    return play(state, "A:attack 7h", "B:take")


Case = tuple[Callable[[], GameState], str]

CASES: dict[Code, Case] = {
    Code.GAME_OVER: (lambda: play(_pos("7c", "8c"), "A:attack 7c", "B:beat 7c/8c"), "A:attack 9d"),
    Code.OUT_OF_TURN: (lambda: _pos("7c 9d", "8c Td"), "B:attack 8c"),
    Code.NOT_DEFENDER: (lambda: play(_pos("7h Ad", "9c Jd", "9h"), "A:attack 7h"), "C:beat 7h/9h"),
    Code.CARD_NOT_IN_DECK: (lambda: _pos("7c 9d", "8c Td"), "A:attack 2c"),
    Code.NOT_IN_HAND: (
        lambda: _pos("7c 8s", "8c 9h", trump="6h", discard="", stock=""),
        "A:attack 9s",
    ),
    Code.NO_CARDS_LEFT: (lambda: _view(counts=(1, 6, 6)), "A:attack 7h+7d"),
    Code.CARD_ALREADY_PLAYED: (
        lambda: play(_view(), "A:attack 7h", "B:beat 7h/9h"),
        "A:throw 9h",
    ),
    Code.CARD_IN_ANOTHER_HAND: (lambda: _pos("7c 9d", "8c Td"), "A:attack 8c"),
    Code.CARD_IS_TRUMP_INDICATOR: (lambda: _view(), "A:attack 6s"),
    Code.CARD_OUT_OF_PLAY: (lambda: _view("chukchi_1", trump="Qh"), "A:attack Qh"),
    Code.ATTACK_FORM: (lambda: _pos("7c 7d", "8c Td"), "A:attack 7c+7d"),
    Code.ATTACK_NOT_HIGHEST_RANK: (lambda: _pos("7c Ad", "8c Td", slug="boring"), "A:attack 7c"),
    Code.ATTACK_LIMIT: (_b10, "A:throw 7c+7d"),
    Code.STOCK_LEAD_NOT_ALLOWED: (
        lambda: _pos("7c 9d", "8c Td", stock="Kh Qh"),
        "A:attack Kh*",
    ),
    Code.NOT_ON_TABLE: (lambda: play(_pos("7c 9d", "8c Td"), "A:attack 7c"), "B:beat 9d/Td"),
    Code.ALREADY_COVERED: (
        lambda: play(_pos("7c 7d", "8c Tc Jd"), "A:attack 7c", "B:beat 7c/8c"),
        "B:beat 7c/Tc",
    ),
    Code.DOES_NOT_BEAT: (lambda: play(_pos("7c 9d", "8d Td"), "A:attack 7c"), "B:beat 7c/8d"),
    Code.THROW_IN_NOT_ALLOWED: (
        lambda: play(_pos("7c 7d Ad", "8c Td Kd", slug="simple"), "A:attack 7c"),
        "A:throw 7d",
    ),
    Code.THROW_IN_BEFORE_BEAT: (
        lambda: play(_pos("7c 7d", "8c Td"), "A:attack 7c"),
        "A:throw 7d",
    ),
    Code.THROW_IN_NO_MATCH: (
        lambda: play(_pos("7c Kd Ad", "8c Td Qd"), "A:attack 7c", "B:beat 7c/8c"),
        "A:throw Kd",
    ),
    Code.THROW_IN_PRIORITY: (
        lambda: play(_pos("7c Kd", "8c Td Qd", "7d Ah"), "A:attack 7c", "B:beat 7c/8c"),
        "C:throw 7d",
    ),
    Code.SELF_THROW_MUST_BE_BEATEN: (
        lambda: play(
            _pos("7h 9c Ad", "9h 7c Jc Tc Qd", slug="american"),
            "A:attack 7h",
            "B:beat 7h/9h",
            "B:throw 7c",
            "A:throw 9c",
        ),
        "B:beat 9c/Tc",
    ),
    Code.TRANSFER_NOT_ALLOWED: (
        lambda: play(_pos("7c Ad", "7d Td"), "A:attack 7c"),
        "B:transfer 7d",
    ),
    Code.TRANSFER_AFTER_BEAT: (
        lambda: play(
            _pos("7c 7h Ad", "8c 7d Td", "Ks Kd Kh", slug="perevodnoy"),
            "A:attack 7c",
            "B:beat 7c/8c",
        ),
        "B:transfer 7d",
    ),
    Code.TRANSFER_RANK: (
        lambda: play(_pos("7c Ad", "8c 7d Td", "Ks Kd", slug="perevodnoy"), "A:attack 7c"),
        "B:transfer 8c",
    ),
    Code.TRANSFER_RECEIVER_CANNOT_COVER: (
        lambda: play(_pos("7c Ad", "8c 7d Td", "Ks", slug="perevodnoy"), "A:attack 7c"),
        "B:transfer 7d",
    ),
    Code.NOTHING_TO_TAKE: (
        lambda: play(_pos("7c Ad", "8c Td", "Ks"), "A:attack 7c", "B:beat 7c/8c"),
        "B:take",
    ),
    Code.PASS_NOT_ALLOWED: (lambda: _pos("7c 9d", "8c Td"), "A:pass"),
    Code.DONE_NOT_ALLOWED: (lambda: play(_pos("7c 9d", "8c Td"), "A:attack 7c"), "A:done"),
    Code.REVEAL_NOT_DUE: (lambda: _pos("7c 9d", "8c Td"), "A:reveal Qd"),
    Code.REVEAL_WRONG_CARD: (_potayny_reveal, "B:reveal Kd"),
    Code.MUST_REVEAL_TRUMP: (_potayny_reveal, "B:attack Jd"),
}


_CYRILLIC = re.compile("[а-яА-ЯёЁ]")


@pytest.mark.parametrize("code", list(Code), ids=lambda c: c.value)
def test_every_code_has_english_and_russian_text(code: Code) -> None:
    violation = Violation(code, "B1")
    en, ru = violation.message("en"), violation.message("ru")
    assert en.strip() and ru.strip() and en != ru
    assert not _CYRILLIC.search(en) and _CYRILLIC.search(ru)


def test_every_code_of_the_30_playable_variants_has_an_example() -> None:
    # Codes added for the bespoke engines (§5.4) come without an example here.
    assert len(CASES) >= 32 and set(CASES) <= set(Code)


@pytest.mark.parametrize("code", list(CASES), ids=lambda c: c.value)
def test_every_code_is_worded_in_english_and_russian_with_its_parameters(code: Code) -> None:
    build, move = CASES[code]
    v = verdict(build(), move)
    assert v.code == code.value, v.message()
    assert v.violation is not None
    en, ru = v.violation.message("en"), v.violation.message("ru")
    assert en and ru and en != ru
    assert not _CYRILLIC.search(en)
    assert _CYRILLIC.search(ru)
    for text in (en, ru):
        assert "?" not in text, f"a message parameter is missing: {text}"
        assert "{" not in text and "}" not in text


@pytest.mark.parametrize("code", list(CASES), ids=lambda c: c.value)
def test_messages_name_the_move_the_rule_and_the_position(code: Code) -> None:
    build, move = CASES[code]
    state = build()
    v = verdict(state, move)
    assert v.violation is not None and v.violation.rule
    for lang, rule_word in (("en", "rule"), ("ru", "правило")):
        text = v.message(lang)
        assert text.startswith(v.move)
        assert f"[{rule_word} {v.violation.rule}]" in text
        assert v.position(lang) in text
        assert v.position(lang)
    assert v.move == move or parse_move(v.move) == parse_move(move)
    d = v.to_dict()
    assert d["code"] == code.value and d["legal"] is False
    assert d["message"] == v.message("en") and d["message_ru"] == v.message("ru")


def test_rule_references_point_at_the_spec() -> None:
    for code, (build, move) in CASES.items():
        v = verdict(build(), move)
        assert v.violation is not None
        assert re.match(r"^(B\d+|§4\.\d+|attack form |B\d+/B\d+)", v.violation.rule), (
            code,
            v.violation.rule,
        )


def test_position_names_the_bout_the_roles_the_trump_and_the_table() -> None:
    state = play(_pos("7c 9d", "8c Td"), "A:attack 7c")
    v = verdict(state, "B:beat 7c/Td")
    text = v.message("en")
    assert "7c" in v.position("en") and "A attacks B" in text and "trump ♥" in text


def test_legal_verdict_message() -> None:
    v = verdict(_pos("7c 9d", "8c Td"), "A:attack 7c")
    assert v.ok and v.code is None and v.violation is None
    assert v.message("en").startswith("A:attack 7c: legal")
    assert "ход разрешён" in v.message("ru")


def test_apply_raises_illegal_move_carrying_the_verdict() -> None:
    state = _pos("7c 9d", "8c Td")
    with pytest.raises(IllegalMove) as info:
        apply(state, parse_move("B:attack 8c"))
    assert info.value.verdict.code == "out_of_turn"
    assert "B:attack 8c" in str(info.value)
    assert P.variant == "podkidnoy"


def test_bad_input_is_a_typed_error_not_a_verdict() -> None:
    state = _pos("7c 9d", "8c Td")
    with pytest.raises(InvalidMove):
        verdict(state, "C:attack 7c")  # seat C is not at this two-player table
    with pytest.raises(InvalidNotation):
        parse_move("A:attack 1x")
    with pytest.raises(InvalidNotation):
        parse_move("A attack 7c")
    assert verdict(state, "A:attack 7c").ok  # the state is unharmed
