"""Capture: a real video file, a folder of images, and a stream URL that fails."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from vision.capture import CaptureError, CaptureEvent, FolderSource, LiveSource, open_source


def _write_video(path: Path, frames: int, fps: float) -> None:
    writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*"mp4v"), fps, (64, 48))
    for i in range(frames):
        image = np.full((48, 64, 3), i * 20, np.uint8)
        writer.write(image)
    writer.release()


def test_video_file_frames_are_timed_by_index_over_fps(tmp_path: Path) -> None:
    path = tmp_path / "clip.mp4"
    _write_video(path, 6, 12.0)
    frames = list(open_source(str(path)))
    assert [f.index for f in frames] == list(range(6))
    assert [f.time for f in frames] == pytest.approx([i / 12.0 for i in range(6)])
    assert frames[0].image.shape == (48, 64, 3)


def test_folder_source_reads_images_in_name_order_and_skips_unreadable(tmp_path: Path) -> None:
    for i in range(3):
        cv2.imwrite(str(tmp_path / f"f{i:02d}.png"), np.full((10, 12, 3), i * 50, np.uint8))
    (tmp_path / "f01b.jpg").write_bytes(b"not an image")
    events: list[CaptureEvent] = []
    source = open_source(str(tmp_path), fps=5.0, on_event=events.append)
    assert isinstance(source, FolderSource)
    frames = list(source)
    assert [int(f.image[0, 0, 0]) for f in frames] == [0, 50, 100]
    assert [f.time for f in frames] == pytest.approx([0.0, 0.2, 0.4])
    assert any(e.kind == "lost" and "f01b.jpg" in e.message for e in events)


def test_unreachable_stream_is_reported_and_retried_without_crashing() -> None:
    events: list[CaptureEvent] = []
    source = open_source(
        "rtsp://127.0.0.1:9/none", on_event=events.append, stall_s=0.5, max_attempts=2
    )
    assert isinstance(source, LiveSource)
    source.retry_s = 0.05
    assert list(source) == []
    kinds = [e.kind for e in events]
    assert kinds.count("lost") == 2
    assert "retry" in kinds
    assert kinds[-1] == "ended"


def test_bad_specs_are_clear_errors(tmp_path: Path) -> None:
    with pytest.raises(CaptureError, match="not a webcam index"):
        open_source(str(tmp_path / "missing.mp4"))
    with pytest.raises(CaptureError, match="no images"):
        open_source(str(tmp_path))


class _FlakyCamera:
    """A capture that sends ``frames`` pictures, then hangs (a stalled driver)."""

    def __init__(self, frames: int) -> None:
        self.left = frames

    def read(self) -> tuple[bool, np.ndarray | None]:
        if self.left <= 0:
            import time

            time.sleep(1.0)
            return False, None
        self.left -= 1
        return True, np.zeros((4, 4, 3), np.uint8)

    def release(self) -> None:
        pass


class _FlakySource(LiveSource):
    def __init__(self, **kwargs: object) -> None:
        super().__init__("flaky", **kwargs)  # type: ignore[arg-type]
        self.opened = 0

    def _open(self):  # type: ignore[no-untyped-def]
        self.opened += 1
        return _FlakyCamera(2 if self.opened == 1 else 1)


def test_stalled_camera_is_reported_and_reconnected_and_frames_go_on() -> None:
    events: list[CaptureEvent] = []
    source = _FlakySource(on_event=events.append, stall_s=0.2, retry_s=0.01, max_attempts=2)
    frames = list(source)
    assert [f.index for f in frames] == [0, 1, 2]  # the game's frame count goes on
    assert [f.time for f in frames] == sorted(f.time for f in frames)
    kinds = [e.kind for e in events]
    assert kinds.count("stalled") == 2 and kinds.count("opened") == 2
