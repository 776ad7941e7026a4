"""`bito replay` and `bito simulate` for the games that are not Durak: match scores in the
replay, and a hidden revoke reported when the card shows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from referee.moves import parse_move
from referee.record import GameRecord, Header


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("variant", "option"),
    [
        ("czech", "czech_option=base"),
        ("armenian_2", "target_score=11"),
        ("pasyansny", ""),
    ],
)
def test_simulate_and_replay_show_the_scores(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, variant: str, option: str
) -> None:
    extra = ["--option", option] if option else []
    code, out, _ = run(
        capsys, "simulate", "--variant", variant, "--players", "3", "--out", str(tmp_path), *extra
    )
    assert code == 0 and "1 game(s) written" in out
    (record,) = tmp_path.glob("*.jsonl")
    code, out, _ = run(capsys, "replay", str(record))
    assert code == 0 and "illegal moves caught: 0" in out
    assert ("scores: match " if variant != "pasyansny" else "scores: cards_left ") in out
    code, out, _ = run(capsys, "replay", str(record), "--json")
    summary = json.loads(out.splitlines()[-1])
    assert summary["scores"] and summary["illegal_moves"] == 0


def test_replay_reports_a_revoke_when_the_hidden_card_shows(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "armenian.jsonl"
    record = GameRecord.create(Header("armenian_2", {}, ("Anna", "Boris"), dealer=1), path)
    for text in (
        "A:layout 6c+7c+8c+9c+Tc+Jc",
        "B:layout 6d+7d+8d+9d+Td+Jd",
        "A:play 9h",
        "B:play 6d",  # B shows no heart in hand (not checked)
        "B:turn Qd",
        "A:play Ah",
        "B:play Th",  # ... but he held one
    ):
        assert record.play(parse_move(text), source="camera").ok
    code, out, _ = run(capsys, "replay", str(path))
    assert code == 0
    assert "not checked: B has no ♥ in his hand" in out
    assert "earlier: B revoked: at move 4 he showed he had no ♥, yet he held Th" in out
    code, out, _ = run(capsys, "replay", str(path), "--lang", "ru")
    assert "раньше: B сфальшивил" in out


def test_check_judges_a_first_move_of_a_game_that_is_not_durak(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "check", "--variant", "czech", "--move", "B:play Qs=h")
    assert code == 0 and out.startswith("B:play Qs=h: legal")
    code, out, _ = run(capsys, "check", "--variant", "czech", "--move", "B:play Qs", "--json")
    assert code == 1 and json.loads(out)["code"] == "suit_call"
    code, out, _ = run(
        capsys, "check", "--variant", "pasyansny", "--players", "4", "--move", "D:play 6h"
    )
    assert code == 0 and "nobody before D holds a 6" in out
    code, _, err = run(
        capsys, "check", "--variant", "czech", "--table", "7h", "--move", "B:play 7h"
    )
    assert code == 2 and "not played on a Durak table" in err
    code, _, err = run(capsys, "check", "--variant", "armenian_2", "--move", "7h")
    assert code == 2 and "in full" in err


def test_position_of_a_game_that_is_not_durak_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, _ = run(capsys, "simulate", "--variant", "czech", "--out", str(tmp_path))
    assert code == 0
    (record,) = tmp_path.glob("*.jsonl")
    code, out, err = run(capsys, "position", str(record), "--after", "3")
    assert code == 2 and out == "" and "not one" in err
