"""`bito rules VARIANT`: a rules page for every variant, from the code's settings and §4 text."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from referee.rules_page import page, render, variant_texts
from referee.tools.extract_texts import extract
from referee.variants import VARIANTS

_SHARED_PLACES = (
    Path(__file__).resolve().parents[3] / "shared",  # CI: shared/ beside the checkout
    Path("/work/shared"),
)
VARIANTS_MD = next(
    (p / "rules/VARIANTS.md" for p in _SHARED_PLACES if (p / "rules/VARIANTS.md").exists()),
    _SHARED_PLACES[0] / "rules/VARIANTS.md",
)


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("slug", list(VARIANTS))
def test_the_rules_page_of_every_row_renders(slug: str) -> None:
    data = page(slug)
    assert data["slug"] == slug and data["text"]
    for lang in ("en", "ru"):
        text = render(slug, lang=lang)
        assert text.startswith(f"{slug}: ") and data["text"].splitlines()[0] in text
    if data["playable"]:
        assert data["settings"] is not None and data["rules"]["variant"] == slug
        for row in data["options"]:
            assert row["value"] in row["values"]
            page(slug, {row["name"]: row["values"][-1]})  # every option's other value renders
    else:
        assert data["why_not_playable"]


def test_bito_rules_podkidnoy_prints_the_settings(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rules", "podkidnoy")
    assert code == 0
    assert "podkidnoy: Fool fiddling" in out and "playable" in out
    assert "hand_size = 6" in out and 'trump_source = "stock_bottom"' in out
    assert "later_games: [under_fool] | from_under_fool" in out
    assert "B1. Deck." in out  # the base game's text


def test_bito_rules_shows_differences_options_and_camera(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rules", "чешский", "--option", "czech_option=3")
    assert code == 0 and out.startswith("czech: ")
    assert 'engine = "maumau"' in out and "czech_option: base | 1 | 2 | [3]" in out
    assert "deal 6 cards each; wild card: jack" in out and 'first_attacker = "dealer"' in out
    code, out, _ = run(capsys, "rules", "pasyansny", "--lang", "ru")
    assert code == 0 and "A:nolaugh" in out and "можно играть" in out
    code, out, _ = run(capsys, "rules", "bones")
    assert code == 0 and "not playable: the sources give no rules for it" in out
    code, out, _ = run(capsys, "rules", "armenian_2", "--json")
    data = json.loads(out)
    assert data["settings"]["target_score"] == 21 and data["camera"] == "partly"


def test_an_unknown_variant_is_a_clear_error_with_exit_code_2(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rules", "no-such-fool")
    assert code == 2 and out == ""
    assert "unknown variant 'no-such-fool'" in err
    code, _, err = run(capsys, "rules", "czech", "--option", "czech_option=12")
    assert code == 2 and "czech_option" in err


@pytest.mark.skipif(not VARIANTS_MD.exists(), reason="VARIANTS.md is not on this machine")
def test_the_committed_texts_are_the_extract_of_variants_md() -> None:
    assert extract(VARIANTS_MD.read_text(encoding="utf-8")) == variant_texts()


def test_an_options_shown_value_is_the_variants_own_default() -> None:
    rows = {row["name"]: row for row in page("fool_five")["options"]}
    assert rows["refill_order"]["value"] == "defender_last"  # §4.51.9, not the first listed
    assert rows["deck"]["value"] == "52"
    rows = {row["name"]: row for row in page("podkidnoy")["options"]}
    assert rows["refill_order"]["value"] == "attacker_then_clockwise"
