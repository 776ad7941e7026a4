"""Publish/subscribe for the phones at one table: one latest-wins slot per phone.

Every message is the whole current table, so a phone only ever needs the newest one: when a
phone is slow, newer messages replace the one it has not read yet instead of queueing behind it,
and one slow phone never holds up the others. A phone that connects (or reconnects after
sleeping) gets the current message at once.

``publish`` may be called from any thread (the camera worker); subscribers live on the server's
event loop.
"""

from __future__ import annotations

import asyncio
import threading


class Subscription:
    """One phone's slot: the newest message it has not read yet."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self._message: str | None = None
        self._ready = asyncio.Event()
        self.dropped = 0
        """Messages replaced before this phone read them (for the bench and the logs)."""

    def offer(self, message: str) -> None:
        """Event loop only: put ``message`` in the slot, replacing an unread one."""
        if self._message is not None:
            self.dropped += 1
        self._message = message
        self._ready.set()

    async def next(self) -> str:
        """The newest message, waiting for one when the slot is empty."""
        await self._ready.wait()
        self._ready.clear()
        message, self._message = self._message, None
        assert message is not None
        return message


class Hub:
    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._subs: set[Subscription] = set()
        self._latest: str | None = None

    @property
    def latest(self) -> str | None:
        return self._latest

    def subscribe(self) -> Subscription:
        """A new slot on the running loop, holding the current message when there is one."""
        sub = Subscription(asyncio.get_running_loop())
        with self._lock:
            self._subs.add(sub)
            if self._latest is not None:
                sub.offer(self._latest)
        return sub

    def unsubscribe(self, sub: Subscription) -> None:
        with self._lock:
            self._subs.discard(sub)

    @property
    def count(self) -> int:
        with self._lock:
            return len(self._subs)

    def publish(self, message: str) -> None:
        """Hand ``message`` to every phone (from any thread); never blocks on a phone."""
        with self._lock:
            self._latest = message
            loops: dict[asyncio.AbstractEventLoop, list[Subscription]] = {}
            for sub in self._subs:
                loops.setdefault(sub.loop, []).append(sub)
        for loop, subs in loops.items():
            if loop.is_closed():
                continue
            try:
                running = asyncio.get_running_loop()
            except RuntimeError:
                running = None
            if running is loop:
                _offer_all(subs, message)
            else:
                loop.call_soon_threadsafe(_offer_all, subs, message)


def _offer_all(subs: list[Subscription], message: str) -> None:
    for sub in subs:
        sub.offer(message)
