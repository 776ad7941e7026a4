"""The `bito` command line, run through its real entry point."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.demo_record import DEMO_PATH, build
from referee.record import read_record

IMAGE = Path(__file__).parent.parent / "vision" / "data" / "guyenne_test_105_000009.jpg"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_check_legal_beat(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "--trump", "9s", "--table", "7h/9h 9c", "--move", "9c/Tc")
    assert code == 0
    assert "legal" in out and "ход разрешён" in out


def test_check_illegal_beat_names_rule_in_both_languages(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "check", "--trump", "9s", "--table", "7h/9h 9c", "--move", "9c/8c")
    assert code == 1
    assert "8c does not beat 9c" in out and "[rule B8]" in out
    assert "8c не бьёт 9c" in out and "[правило B8]" in out


def test_check_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "check", "--trump", "9s", "--table", "7h/9h", "--move", "Jd", "--json"
    )
    data = json.loads(out)
    assert code == 1 and data["legal"] is False and data["code"] == "throw_in_no_match"
    assert data["rule"] == "B9" and data["message_ru"]


def test_check_variant_rule(capsys: pytest.CaptureFixture[str]) -> None:
    # royal: the lowest rank is beaten only by an ace (§4.18 example: 6h, spades trump)
    args = ("check", "--variant", "royal", "--trump", "Ts", "--table", "6h", "--json")
    _, out, _ = run(capsys, *args, "--move", "6h/7h")
    assert json.loads(out)["code"] == "does_not_beat"
    _, out, _ = run(capsys, *args, "--move", "6h/Ah")
    assert json.loads(out)["legal"] is True


@pytest.mark.parametrize(
    "argv",
    [
        ("check", "--trump", "9s", "--table", "7h/9h", "--move", "Zz"),
        ("check", "--trump", "9s", "--table", "7h/9h 7h", "--move", "7h/Th"),
        ("check", "--variant", "no-such-game", "--trump", "9s", "--move", "7h"),
        ("check", "--trump", "9s", "--table", "7h", "--move", "Q:beat 7h/8h"),
        ("replay", "/nonexistent/record.jsonl"),
        ("detect", str(IMAGE), "--runtime", "onnxruntime", "--precision", "bf16"),
        ("detect", str(IMAGE), "--model-dir", "/nonexistent"),
    ],
)
def test_bad_input_is_a_clear_error_with_exit_code_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...]
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert err.startswith("bito ")
    assert "Invalid" in err or "Error" in err


def test_replay_of_the_bundled_demo(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "replay")
    assert code == 0
    assert out.count("ILLEGAL") == 4
    assert "result: fool" in out


def test_replay_json_one_object_per_move(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "replay", str(DEMO_PATH), "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    _, events = read_record(DEMO_PATH)
    assert len(rows) == len(events) + 1
    assert rows[-1]["illegal_moves"] == 4
    assert {"seq", "legal", "code", "message", "message_ru"} <= set(rows[0])


def test_bundled_demo_is_what_the_demo_builder_makes(tmp_path: Path) -> None:
    path = tmp_path / "demo.jsonl"
    build(path)
    assert path.read_text() == DEMO_PATH.read_text()


def test_simulate_export_import_round_trip(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(
        capsys,
        "simulate",
        "--variant",
        "perevodnoy",
        "--players",
        "4",
        "--games",
        "2",
        "--seed",
        "3",
        "--out",
        str(tmp_path),
        "--text",
    )
    assert code == 0 and "2 game(s) written" in out
    record = tmp_path / "perevodnoy-4p-3.jsonl"
    text = tmp_path / "perevodnoy-4p-3.txt"
    assert record.exists() and text.exists()
    code, _, _ = run(capsys, "import", str(text), "--out", str(tmp_path / "back.jsonl"))
    assert code == 0
    _, exported, _ = run(capsys, "export", str(tmp_path / "back.jsonl"))
    assert exported == text.read_text()


def test_simulate_every_playable_variant(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = run(
        capsys, "simulate", "--variant", "all", "--players", "3", "--out", str(tmp_path)
    )
    assert code == 0 and "50 game(s) written" in out


def test_variants_json_lists_all_51(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "variants", "--json")
    rows = json.loads(out)
    assert len(rows) == 51
    assert sum(r["playable"] for r in rows) == 50  # every variant but bones
    bones = next(r for r in rows if r["slug"] == "bones")
    assert bones["playable"] is False and "no rules" in bones["why_not_playable"]
    boring = next(r for r in rows if r["slug"] == "boring")
    assert boring["camera"] == "partly" and boring["settings"] == {
        "attack_form": "highest_rank_only"
    }


def test_position_command(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "position", str(DEMO_PATH), "--after", "5")
    assert code == 0 and out.startswith("perevodnoy trump=")


def test_import_of_a_text_export_with_a_move_the_table_played_on(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    text = tmp_path / "game.txt"
    text.write_text(
        '[Variant "podkidnoy"]\n[Players "A=a, B=b, C=c"]\n[Trump "6s"]\n[FirstAttacker "A"]\n\n'
        "1. A>B: 7h {B:beat 7h/8c? does_not_beat, played on} 8h | open\n",
        encoding="utf-8",
    )
    back = tmp_path / "back.jsonl"
    code, out, _ = run(capsys, "import", str(text), "--out", str(back))
    assert code == 0 and "3 moves" in out
    _, events = read_record(back)
    assert [e.kind for e in events] == ["move", "move", "played_on", "move"]
    _, exported, _ = run(capsys, "export", str(back))
    assert "1. A>B: 7h {B:beat 7h/8c? does_not_beat, played on} 8h | open" in exported


@pytest.mark.parametrize(
    ("typed", "wanted", "said"),
    [("9s", "9s", ""), ("", None, ""), ("zz", None, "not a card"), (EOFError, None, "")],
    ids=["a card", "enter", "not a card", "end of input"],
)
def test_watch_asks_a_person_for_a_trump_card_the_camera_cannot_read(
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    typed: object,
    wanted: str | None,
    said: str,
) -> None:
    from companion.watch_commands import _ask_trump

    def answer(_prompt: str) -> str:
        if typed is EOFError:
            raise EOFError
        assert isinstance(typed, str)
        return typed

    monkeypatch.setattr("builtins.input", answer)
    card = _ask_trump()
    assert (None if card is None else str(card)) == wanted
    assert said in capsys.readouterr().out
