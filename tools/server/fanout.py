"""Fan-out: a game's updates reach whichever server process holds each player's connection.

A notice is small (``{"seq": 12}`` for a game's new action, a chat line, a "your turn" notice
for an account): it says *that* something happened; each process then reads what it needs from
the store and builds each of its connections' own message. Nothing secret travels here.

:class:`LocalFanout` serves one process; :class:`RedisFanout` (redis-py's asyncio client,
pub/sub on ``wartable:*`` channels) lets several stateless processes behind any load balancer
serve the same games.
"""
from __future__ import annotations

import asyncio
import json
import logging
from typing import Awaitable, Callable

Handler = Callable[[str, dict], Awaitable[None]]
PREFIX = "wartable:"
log = logging.getLogger("wartable.server")


class LocalFanout:
    """Notices delivered within this process."""

    def __init__(self) -> None:
        self.handler: Handler | None = None
        self._tasks: set[asyncio.Task] = set()

    async def start(self, handler: Handler) -> None:
        self.handler = handler

    async def publish(self, channel: str, notice: dict) -> None:
        if self.handler is not None:
            task = asyncio.get_running_loop().create_task(self.handler(channel, notice))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)

    async def close(self) -> None:
        for task in list(self._tasks):
            task.cancel()


class RedisFanout:
    """Notices through Redis pub/sub: every process subscribes to ``wartable:*`` and acts on the
    games and accounts it holds connections for."""

    def __init__(self, url: str) -> None:
        import redis.asyncio as aioredis   # only when Redis is asked for
        self.redis = aioredis.from_url(url)
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        self.handler: Handler | None = None
        self._reader: asyncio.Task | None = None
        self._tasks: set[asyncio.Task] = set()

    async def start(self, handler: Handler) -> None:
        self.handler = handler
        await self.redis.ping()
        await self.pubsub.psubscribe(PREFIX + "*")
        self._reader = asyncio.get_running_loop().create_task(self._read())

    async def _read(self) -> None:
        while True:
            try:
                async for message in self.pubsub.listen():
                    if message.get("type") != "pmessage":
                        continue
                    channel = message["channel"].decode() if isinstance(message["channel"], bytes) else message["channel"]
                    try:
                        notice = json.loads(message["data"])
                    except (ValueError, TypeError):
                        continue
                    task = asyncio.get_running_loop().create_task(
                        self.handler(channel[len(PREFIX):], notice))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)
            except asyncio.CancelledError:
                raise
            except Exception as exc:   # a dropped Redis connection: resubscribe and go on
                log.warning("redis fan-out: %s; resubscribing", exc)
                await asyncio.sleep(0.5)
                try:
                    await self.pubsub.psubscribe(PREFIX + "*")
                except Exception:   # still down: the loop tries again
                    pass

    async def publish(self, channel: str, notice: dict) -> None:
        await self.redis.publish(PREFIX + channel, json.dumps(notice))

    async def close(self) -> None:
        if self._reader is not None:
            self._reader.cancel()
        try:
            await self.pubsub.aclose()
            await self.redis.aclose()
        except Exception:   # closing a connection that is already gone
            pass


def open_fanout(redis_url: str | None) -> LocalFanout | RedisFanout:
    return RedisFanout(redis_url) if redis_url else LocalFanout()
