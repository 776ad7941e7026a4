"""Frames from a camera: a webcam index, a video file, an RTSP/HTTP stream URL or an image folder.

``open_source(spec)`` returns a :class:`Source`, iterable over time-stamped :class:`Frame` values.
A file or a folder ends when it is read through; a live source (webcam, stream URL) never ends on
its own: when no frame comes for ``stall_s`` seconds, or the device cannot be opened, the source
reports the loss (a :class:`CaptureEvent` to ``on_event`` and the log), waits with a growing
backoff and reopens, so the game that reads from it goes on when the camera comes back.

Times: video time for files (frame index / fps), seconds since the first frame for live sources,
and for a folder the index / ``folder_fps``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

log = logging.getLogger(__name__)

IMAGE_SUFFIXES = (".jpg", ".jpeg", ".png", ".bmp", ".webp")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mov", ".mkv", ".m4v", ".webm")
URL_SCHEMES = ("rtsp://", "rtsps://", "http://", "https://", "rtmp://", "udp://", "tcp://")


@dataclass(frozen=True)
class Frame:
    """One picture and when it was taken (seconds; video time for files)."""

    image: np.ndarray
    time: float
    index: int


@dataclass(frozen=True)
class CaptureEvent:
    """Something the people at the table should know about the camera."""

    kind: str  # "opened", "lost", "stalled", "retry", "ended"
    source: str
    message: str
    time: float  # wall-clock seconds (time.monotonic())


class CaptureError(Exception):
    """A source spec that cannot be used at all (a missing file, an empty folder)."""


EventHandler = Callable[[CaptureEvent], None]


class Source:
    """Base: iterate for frames; ``close()`` stops a live source."""

    spec: str
    live: bool = False

    def __init__(self, spec: str, on_event: EventHandler | None = None) -> None:
        self.spec = spec
        self._on_event = on_event
        self.events: list[CaptureEvent] = []
        self._closed = threading.Event()

    def _report(self, kind: str, message: str) -> None:
        event = CaptureEvent(kind, self.spec, message, time.monotonic())
        self.events.append(event)
        if kind in ("lost", "stalled", "retry"):
            log.warning("camera %s: %s", self.spec, message)
        else:
            log.info("camera %s: %s", self.spec, message)
        if self._on_event is not None:
            self._on_event(event)

    def close(self) -> None:
        self._closed.set()

    @property
    def closed(self) -> bool:
        return self._closed.is_set()

    def __iter__(self) -> Iterator[Frame]:
        raise NotImplementedError

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


class VideoFileSource(Source):
    """A video file, read once; time = index / fps (the file's, or ``fps`` when given)."""

    def __init__(
        self, path: Path, fps: float | None = None, on_event: EventHandler | None = None
    ) -> None:
        super().__init__(str(path), on_event)
        if not path.is_file():
            raise CaptureError(f"no video file {path}")
        self.path = path
        cap = cv2.VideoCapture(str(path))
        if not cap.isOpened():
            raise CaptureError(f"cannot read video {path} (not a video OpenCV can decode?)")
        file_fps = cap.get(cv2.CAP_PROP_FPS)
        self.frame_count = int(cap.get(cv2.CAP_PROP_FRAME_COUNT))
        cap.release()
        self.fps = float(fps or (file_fps if file_fps and file_fps > 0 else 15.0))

    def __iter__(self) -> Iterator[Frame]:
        cap = cv2.VideoCapture(str(self.path))
        self._report("opened", f"video {self.path.name}, {self.fps:g} fps")
        index = 0
        try:
            while not self.closed:
                ok, image = cap.read()
                if not ok or image is None:
                    break
                yield Frame(image, index / self.fps, index)
                index += 1
        finally:
            cap.release()
        self._report("ended", f"end of video after {index} frames")


class FolderSource(Source):
    """The images of a folder in name order; time = index / ``fps``. Unreadable files are
    reported and skipped."""

    def __init__(self, path: Path, fps: float = 15.0, on_event: EventHandler | None = None) -> None:
        super().__init__(str(path), on_event)
        self.files = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not self.files:
            raise CaptureError(f"no images ({', '.join(IMAGE_SUFFIXES)}) in folder {path}")
        self.fps = fps

    def __iter__(self) -> Iterator[Frame]:
        index = 0
        for file in self.files:
            if self.closed:
                break
            image = cv2.imread(str(file), cv2.IMREAD_COLOR)
            if image is None:
                self._report("lost", f"cannot read image {file.name}; skipped")
                continue
            yield Frame(image, index / self.fps, index)
            index += 1
        self._report("ended", f"end of folder after {index} images")


class LiveSource(Source):
    """A webcam index or a stream URL. Never ends by itself: a device that cannot be opened, a
    read that fails, or ``stall_s`` seconds without a frame is reported, and the source reopens
    after a backoff (``retry_s`` doubling up to ``max_retry_s``). Reads run in a worker thread so
    a stalled driver cannot block the caller. ``max_attempts`` (tests) bounds reopen attempts."""

    live = True

    def __init__(
        self,
        target: int | str,
        on_event: EventHandler | None = None,
        stall_s: float = 3.0,
        retry_s: float = 0.5,
        max_retry_s: float = 8.0,
        max_attempts: int | None = None,
    ) -> None:
        super().__init__(str(target), on_event)
        self.target = target
        self.stall_s = stall_s
        self.retry_s = retry_s
        self.max_retry_s = max_retry_s
        self.max_attempts = max_attempts
        self._start: float | None = None
        self._index = 0

    def _open(self) -> cv2.VideoCapture | None:
        cap = cv2.VideoCapture(self.target)
        if not cap.isOpened():
            cap.release()
            return None
        return cap

    def _read_with_timeout(self, cap: cv2.VideoCapture) -> np.ndarray | None:
        box: list[np.ndarray | None] = [None]

        def read() -> None:
            ok, image = cap.read()
            box[0] = image if ok else None

        worker = threading.Thread(target=read, daemon=True)
        worker.start()
        worker.join(self.stall_s)
        if worker.is_alive():
            self._report("stalled", f"no frame for {self.stall_s:g} s; reconnecting")
            return None
        if box[0] is None:
            self._report("lost", "the camera stopped sending frames; reconnecting")
        return box[0]

    def __iter__(self) -> Iterator[Frame]:
        delay = self.retry_s
        attempts = 0
        while not self.closed:
            cap = self._open()
            attempts += 1
            if cap is None:
                self._report("lost", f"cannot open the camera (attempt {attempts})")
            else:
                self._report("opened", "camera connected")
                delay = self.retry_s
                try:
                    while not self.closed:
                        image = self._read_with_timeout(cap)
                        if image is None:
                            break
                        now = time.monotonic()
                        if self._start is None:
                            self._start = now
                        yield Frame(image, now - self._start, self._index)
                        self._index += 1
                finally:
                    cap.release()
            if self.closed or (self.max_attempts is not None and attempts >= self.max_attempts):
                break
            self._report("retry", f"retrying in {delay:g} s")
            self._closed.wait(delay)
            delay = min(delay * 2, self.max_retry_s)
        self._report("ended", "capture stopped")


def open_source(
    spec: str,
    *,
    fps: float | None = None,
    on_event: EventHandler | None = None,
    stall_s: float = 3.0,
    max_attempts: int | None = None,
) -> Source:
    """A source from its spec: ``"0"`` (webcam index), a URL, a video file or an image folder."""
    text = spec.strip()
    if text.isdigit():
        return LiveSource(int(text), on_event, stall_s=stall_s, max_attempts=max_attempts)
    if text.lower().startswith(URL_SCHEMES):
        return LiveSource(text, on_event, stall_s=stall_s, max_attempts=max_attempts)
    path = Path(text).expanduser()
    if path.is_dir():
        return FolderSource(path, fps or 15.0, on_event)
    if path.is_file():
        return VideoFileSource(path, fps, on_event)
    raise CaptureError(
        f"camera source {spec!r} is not a webcam index, a stream URL, a video file or a folder"
    )
