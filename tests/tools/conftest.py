"""Fixtures for the online tests: a game server on a loopback port (SQLite, always), and
PostgreSQL and Redis where installed (CI installs them; elsewhere those tests skip, saying why)."""
from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
import threading
import time
from pathlib import Path

import pytest

from tools import testservices


class ThreadServer:
    """``wartable serve`` in a thread of this process (uvicorn, its own event loop)."""

    def __init__(self, db: str | None, redis: str | None, data: Path) -> None:
        import uvicorn

        from tools.server.app import build_app
        from tools.server.fanout import open_fanout
        from tools.server.store import open_store

        self.port = testservices.free_port()
        self.app = build_app(open_store(db, data), open_fanout(redis), "test")
        self.server = uvicorn.Server(uvicorn.Config(self.app, host="127.0.0.1", port=self.port,
                                                    log_level="warning", lifespan="on", ws_max_size=80_000))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the test server did not start")
            time.sleep(0.02)

    @property
    def address(self) -> str:
        return f"ws://127.0.0.1:{self.port}/ws"

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)


@pytest.fixture(scope="module")
def server():
    data = Path(tempfile.mkdtemp(prefix="wartable-test-server-"))
    srv = ThreadServer(None, None, data)
    yield srv
    srv.stop()
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="session")
def services():
    """``(postgres_url, redis_url)``: from WARTABLE_TEST_PG / WARTABLE_TEST_REDIS (CI starts
    them), else started here; skipped with the reason when PostgreSQL or Redis is missing."""
    pg, redis = os.environ.get("WARTABLE_TEST_PG"), os.environ.get("WARTABLE_TEST_REDIS")
    folder = None
    if not (pg and redis):
        folder = Path(tempfile.mkdtemp(prefix="wartable-services-"))
        try:
            pg = pg or testservices.start_postgres(folder)
            redis = redis or testservices.start_redis(folder)
        except (testservices.Unavailable, OSError) as exc:
            testservices.stop_postgres(folder)
            testservices.stop_redis(folder)
            print(f"\nskipping the PostgreSQL + Redis tests: {exc}")
            pytest.skip(f"PostgreSQL + Redis tests need both installed: {exc}")
    yield pg, redis
    if folder is not None:
        testservices.stop_postgres(folder)
        testservices.stop_redis(folder)
        shutil.rmtree(folder, ignore_errors=True)


def run(coro):
    """Run one test coroutine to its end (no plugin needed)."""
    return asyncio.run(asyncio.wait_for(coro, 120))
