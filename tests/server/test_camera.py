"""The server's camera worker on the real camera chain (capture, detector, pipeline): a rendered
three-player clip with a seeded illegal beat. The game starts when the camera has read the trump
card, every move goes into the live record as the camera saw it, and the phones get the image
with the detected cards drawn on it."""

from __future__ import annotations

import json
import threading
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.archive import Archive
from companion.hub import Hub
from companion.run_commands import camera_worker, choose_address, demo_setup
from companion.session import LiveSession, TableSetup
from referee.moves import Move, format_move
from referee.record import read_record, replay
from vision.table.truth_check import comparable

ROOT = Path(__file__).resolve().parents[2]
CLIP = ROOT / "tests" / "table" / "data" / "clip3"


def test_the_camera_worker_referees_a_rendered_clip_into_the_live_game(tmp_path):
    header, events = read_record(CLIP / "truth.jsonl")
    truth: list[Move] = [s.event.move for s in replay(header, events) if s.event.move]
    table = TableSetup(header.variant, header.options, header.players, header.dealer)
    assert table.trump_card is None  # the camera has to find it
    session = LiveSession(Hub(), Archive(tmp_path / "games.sqlite3"), frame_interval=0.0)
    seen = []
    observe = session.observe

    def spy(observed):
        seen.append(observed)
        observe(observed)

    session.observe = spy  # type: ignore[method-assign]
    worker = camera_worker(session, str(CLIP / "video.mp4"), None, table=table, realtime=False)
    worker(threading.Event())  # runs to the end of the file
    record = session.record
    assert record is not None
    assert record.header.trump_card == header.start_state().trump_card  # read by the camera
    assert len(seen) >= len(comparable(truth)) // 2  # the chain saw the game's moves
    # every observation is in the record in order, or waits behind the first uncertain one
    first_uncertain = next((i for i, o in enumerate(seen) if o.uncertain), len(seen))
    played = [format_move(e.move) for e in record.events if e.move is not None]
    assert played == [format_move(o.move) for o in seen[:first_uncertain]]
    assert all(e.source == "camera" for e in record.events)
    waiting = session.snapshot()["pending"]
    assert [p["candidates"][0] for p in waiting] == [
        format_move(o.move) for o in seen[first_uncertain:]
    ]
    stored = session.archive.load_game(session.game_id)[1]
    assert [e.seq for e in stored] == [e.seq for e in record.events]
    image = cv2.imdecode(np.frombuffer(session.jpeg or b"", np.uint8), cv2.IMREAD_COLOR)
    assert image is not None and image.shape[1] == 960  # shrunk for phones


def test_the_demo_needs_its_rendered_video_and_says_so(tmp_path):
    with pytest.raises(FileNotFoundError, match="no rendered demo game"):
        demo_setup(tmp_path)


def test_the_demo_table_and_seating_come_from_the_bundled_games_meta():
    table, video, calibration = demo_setup(ROOT / "companion" / "data" / "demo_video")
    assert video.is_file() and table.variant == "perevodnoy"
    assert table.names == ("Anna", "Boris", "Vera") and table.dealer == 1
    assert table.trump_card is None  # the camera reads it
    assert calibration is not None and set(json.loads(calibration.read_text())) == {"size", "seats"}


def test_the_lan_address_prefers_a_private_address():
    assert choose_address(["203.0.113.5", "192.168.1.20"]) == "192.168.1.20"
    assert choose_address(["127.0.1.1", "10.0.0.7"]) == "10.0.0.7"
    assert choose_address(["172.20.3.4"]) == "172.20.3.4"
    assert choose_address(["198.51.100.2", "127.0.0.1"]) == "198.51.100.2"
    assert choose_address(["not an address"]) == "127.0.0.1"
