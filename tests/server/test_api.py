"""The HTTP API and the server-sent events push, on a real SQLite archive: referee actions with
and without the PIN, bad input of every kind, the archive's downloads, and phones that connect,
sleep and reconnect."""

from __future__ import annotations

import json
import time
import warnings

import httpx
import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from server_helpers import NAMES, PIN, Observed, live_server, simulated_game

from companion.archive import Archive
from companion.hub import Hub
from companion.server import ServerSettings, create_app
from companion.session import LiveSession
from referee.export import export_text
from referee.moves import format_move
from referee.record import Event, Header, replay

AUTH = {"X-Bito-Pin": PIN}


@pytest.fixture
def session(tmp_path):
    return LiveSession(Hub(), Archive(tmp_path / "games.sqlite3"))


@pytest.fixture
def client(session):
    with TestClient(create_app(ServerSettings(pin=PIN), session)) as c:
        yield c


def setup_body(table):
    return {
        "variant": table.variant,
        "names": list(table.names),
        "dealer": "ABC"[table.dealer],
        "trump_card": str(table.trump_card),
        "first_attacker": "ABC"[table.first_attacker],
    }


def test_the_page_its_files_and_the_state_are_served_to_anyone(client):
    page = client.get("/")
    assert page.status_code == 200 and "/static/app.js" in page.text
    assert "http" not in page.text.replace("http-equiv", "")  # nothing from a CDN
    assert client.get("/static/style.css").status_code == 200
    assert client.get("/archive").status_code == 200
    state = client.get("/api/state").json()
    assert state["type"] == "state" and state["game"] is None
    assert client.get("/api/frame.jpg").status_code == 204  # no camera yet


def test_the_referee_sets_up_plays_corrects_and_undoes_and_the_record_keeps_it_all(client):
    table, moves, _ = simulated_game(seed=3)
    answer = client.post("/api/setup", json=setup_body(table), headers=AUTH)
    assert answer.status_code == 200, answer.text
    game = answer.json()["game"]
    for move in moves[:5]:
        assert (
            client.post("/api/move", json={"move": format_move(move)}, headers=AUTH).status_code
            == 200
        )
    state = client.get("/api/state").json()
    assert state["verdict"]["move"] == format_move(moves[4]) and state["verdict"]["legal"]
    assert [p["name"] for p in state["table"]["players"]] == list(NAMES)
    assert state["table"]["trump"] == str(table.trump_card)
    assert (
        client.post(
            "/api/correct", json={"seq": 5, "move": format_move(moves[4])}, headers=AUTH
        ).status_code
        == 200
    )
    assert client.post("/api/undo", json={}, headers=AUTH).status_code == 200
    lines = client.get(f"/api/games/{game}/record.jsonl").text.splitlines()
    kinds = [json.loads(line).get("type") for line in lines]
    assert kinds == ["header", "move", "move", "move", "move", "move", "correction", "undo"]
    header = Header.from_json(json.loads(lines[0]))
    events = [Event.from_json(json.loads(line)) for line in lines[1:]]
    assert [format_move(s.event.move) for s in replay(header, events)] == [
        format_move(m) for m in moves[:4]
    ]
    text = client.get(f"/api/games/{game}/export.txt").text
    assert text == export_text(header, events)
    listed = client.get("/api/games").json()
    assert listed[0]["id"] == game and listed[0]["events"] == 7
    bouts = client.get(f"/api/games/{game}").json()["bouts"]
    assert bouts[0]["moves"][0]["move"] == format_move(moves[0])


def test_a_camera_move_waiting_for_confirmation_is_confirmed_with_one_request(client, session):
    table, moves, _ = simulated_game(seed=3)
    client.post("/api/setup", json=setup_body(table), headers=AUTH)
    session.observe(Observed(moves[0], confidence=0.4, uncertain=True, alternatives=(moves[1],)))
    pending = client.get("/api/state").json()["pending"]
    assert len(pending) == 1 and pending[0]["candidates"][0] == format_move(moves[0])
    refused = client.post("/api/confirm", json={"pending": pending[0]["id"], "choice": 0})
    assert refused.status_code == 403
    answer = client.post(
        "/api/confirm", json={"pending": pending[0]["id"], "choice": 0}, headers=AUTH
    )
    assert answer.status_code == 200
    state = client.get("/api/state").json()
    assert state["pending"] == [] and state["verdict"]["note"].startswith("confirmed")
    missing = client.post("/api/confirm", json={"pending": 99}, headers=AUTH)
    assert missing.status_code == 404 and "99" in missing.json()["detail"]


ACTIONS = [
    ("/api/setup", {"variant": "podkidnoy", "names": ["a", "b"], "trump_card": "9h"}),
    ("/api/move", {"move": "A:attack 6s"}),
    ("/api/undo", {}),
    ("/api/correct", {"seq": 1, "move": "A:attack 7s"}),
    ("/api/confirm", {"pending": 1, "choice": 0}),
    ("/api/dismiss", {"pending": 1}),
]


@pytest.mark.parametrize("path,body", ACTIONS, ids=[a[0] for a in ACTIONS])
@pytest.mark.parametrize("pin", [None, "000000", ""], ids=["no-pin", "wrong-pin", "empty-pin"])
def test_referee_actions_without_the_right_pin_are_refused_and_change_nothing(
    client, session, path, body, pin
):
    table, moves, _ = simulated_game(seed=3)
    client.post("/api/setup", json=setup_body(table), headers=AUTH)
    client.post("/api/move", json={"move": format_move(moves[0])}, headers=AUTH)
    before = client.get("/api/state").json()
    jsonl = client.get("/api/games/1/record.jsonl").text
    headers = {} if pin is None else {"X-Bito-Pin": pin}
    answer = client.post(path, json=body, headers=headers)
    assert answer.status_code == 403
    assert "PIN" in answer.json()["detail"]
    after = client.get("/api/state").json()
    assert after["version"] == before["version"] and after["table"] == before["table"]
    assert client.get("/api/games/1/record.jsonl").text == jsonl
    assert len(client.get("/api/games").json()) == 1


BAD = [
    (
        "unknown-variant",
        "/api/setup",
        {"variant": "whist", "names": ["a", "b"]},
        400,
        "unknown variant",
    ),
    (
        "too-many-players",
        "/api/setup",
        {"variant": "podkidnoy", "names": list("abcdefgh"), "trump_card": "9h"},
        400,
        "players",
    ),
    ("no-such-card", "/api/move", {"move": "B:beat 6s/Zs"}, 400, "rank"),
    ("card-not-in-deck", "/api/move", {"move": "A:attack 2s"}, 400, "not in this game"),
    ("seat-not-at-table", "/api/move", {"move": "F:attack 6s"}, 400, "not at this table"),
    ("malformed-move", "/api/move", {"move": "attack"}, 400, ""),
    ("missing-field", "/api/move", {}, 422, "move"),
    ("extra-field", "/api/undo", {"everything": True}, 422, "everything"),
    ("wrong-type", "/api/correct", {"seq": "first", "move": "A:attack 6s"}, 422, "seq"),
    ("no-such-event", "/api/correct", {"seq": 77, "move": "A:attack 6s"}, 404, "77"),
]


@pytest.mark.parametrize("name,path,body,status,words", BAD, ids=[b[0] for b in BAD])
def test_bad_input_gets_a_clear_4xx_and_changes_nothing(client, name, path, body, status, words):
    table, moves, _ = simulated_game(seed=3)
    client.post("/api/setup", json=setup_body(table), headers=AUTH)
    client.post("/api/move", json={"move": format_move(moves[0])}, headers=AUTH)
    before = client.get("/api/state").json()
    answer = client.post(path, json=body, headers=AUTH)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["detail"]
    after = client.get("/api/state").json()
    assert after["version"] == before["version"]
    assert len(client.get("/api/games").json()) == 1


def test_malformed_json_and_oversized_bodies_are_refused(client):
    table, _, _ = simulated_game(seed=3)
    client.post("/api/setup", json=setup_body(table), headers=AUTH)
    version = client.get("/api/state").json()["version"]
    headers = {**AUTH, "Content-Type": "application/json"}
    bad = client.post("/api/move", content=b'{"move": "A:attack 6s"', headers=headers)
    assert bad.status_code == 400 and "not valid JSON" in bad.json()["detail"]
    big = json.dumps({"move": "A:attack 6s", "pad": "x" * 70_000}).encode()
    huge = client.post("/api/move", content=big, headers=headers)
    assert huge.status_code == 413 and "64 KiB" in huge.json()["detail"]

    def chunks():  # no Content-Length: the body is counted as it streams in
        for _ in range(20):
            yield b" " * 8192

    streamed = client.post("/api/move", content=chunks(), headers=headers)
    assert streamed.status_code == 413
    assert client.get("/api/state").json()["version"] == version


def test_unknown_games_are_404(client):
    assert client.get("/api/games/42").status_code == 404
    assert client.get("/api/games/42/record.jsonl").status_code == 404
    assert client.get("/api/games/42/export.txt").status_code == 404


def test_guessing_the_pin_is_slowed_down(tmp_path):
    session = LiveSession(Hub(), None)
    with TestClient(create_app(ServerSettings(pin=PIN, max_wrong_pins=3), session)) as c:
        codes = [c.post("/api/pin", headers={"X-Bito-Pin": "1111"}).status_code for _ in range(4)]
        assert codes == [403, 403, 403, 429]
        assert c.post("/api/pin", headers=AUTH).status_code == 429


# --- server-sent events, on a real uvicorn server ------------------------------------------------


def read_events(lines, count, timeout=10.0):
    """The next ``count`` data messages of an SSE stream's lines."""
    out = []
    deadline = time.monotonic() + timeout
    for line in lines:
        if line.startswith("data: "):
            out.append(json.loads(line[6:]))
            if len(out) == count:
                return out
        if time.monotonic() > deadline:
            break
    raise AssertionError(f"got {len(out)} of {count} messages")


def test_a_phone_gets_the_current_table_at_once_and_every_verdict_after(session):
    table, moves, _ = simulated_game(seed=3)
    session.setup(table)
    session.observe(Observed(moves[0]))
    with live_server(session) as url, httpx.Client(base_url=url, timeout=10) as http:
        with http.stream("GET", "/api/events") as stream:
            assert stream.headers["content-type"].startswith("text/event-stream")
            lines = stream.iter_lines()
            first = read_events(lines, 1)[0]
            assert first["verdict"]["move"] == format_move(moves[0])

            for move in moves[1:4]:
                answer = http.post("/api/move", json={"move": format_move(move)}, headers=AUTH)
                pushed = read_events(lines, 1)[0]
                assert pushed["version"] == answer.json()["version"]
                assert pushed["verdict"]["move"] == format_move(move)
        # a phone that slept and reconnects gets the latest table at once
        with http.stream("GET", "/api/events") as again:
            latest = read_events(again.iter_lines(), 1)[0]
        assert latest["version"] == session.version
        assert latest["verdict"]["move"] == format_move(moves[3])


def test_a_phone_that_does_not_read_never_holds_up_the_others(session):
    table, moves, _ = simulated_game(seed=3)
    session.setup(table)
    with live_server(session) as url, httpx.Client(base_url=url, timeout=10) as http:
        stuck = http.stream("GET", "/api/events")
        stuck.__enter__()  # connected, never read
        try:
            with http.stream("GET", "/api/events") as reader:
                lines = reader.iter_lines()
                read_events(lines, 1)
                for move in moves[:40]:
                    session.observe(Observed(move))
                last = None
                while last is None or last["version"] < session.version:
                    last = read_events(lines, 1)[0]
                assert last["verdict"]["move"] == format_move(moves[39])
        finally:
            stuck.__exit__(None, None, None)
