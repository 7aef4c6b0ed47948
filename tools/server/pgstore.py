"""The PostgreSQL store (asyncpg): the same tables as :class:`~.store.SqliteStore`, shared by
several server processes. The step check (an action is written only as the game's next one) is
one ``UPDATE … WHERE seq = n - 1`` in the same transaction as the insert."""
from __future__ import annotations

import json
import time

import asyncpg

from .store import GAME_FIELDS, Store, game_row, seats_json

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS accounts (name TEXT PRIMARY KEY, salt BYTEA NOT NULL,
       digest BYTEA NOT NULL, created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tokens (key TEXT PRIMARY KEY, name TEXT NOT NULL,
       created DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS games (id BIGSERIAL PRIMARY KEY, module TEXT NOT NULL,
       scenario TEXT NOT NULL, ruleset TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
       code TEXT NOT NULL UNIQUE, public BOOLEAN NOT NULL, owner TEXT NOT NULL, seats TEXT NOT NULL,
       seq INTEGER NOT NULL DEFAULT 0, waiting TEXT NOT NULL DEFAULT '',
       status TEXT NOT NULL DEFAULT 'open', created DOUBLE PRECISION NOT NULL,
       updated DOUBLE PRECISION NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS actions (game BIGINT NOT NULL, seq INTEGER NOT NULL,
       side TEXT NOT NULL, cid TEXT NOT NULL, entry TEXT NOT NULL, lines TEXT NOT NULL,
       public TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (game, seq))""",
    "CREATE UNIQUE INDEX IF NOT EXISTS actions_cid ON actions (game, side, cid)",
    """CREATE TABLE IF NOT EXISTS chat (game BIGINT NOT NULL, n INTEGER NOT NULL, who TEXT NOT NULL,
       text TEXT NOT NULL, at DOUBLE PRECISION NOT NULL, PRIMARY KEY (game, n))""",
    "CREATE INDEX IF NOT EXISTS games_status ON games (status, module)",
)

COLUMNS = ", ".join(GAME_FIELDS)


class PostgresStore(Store):
    def __init__(self, url: str, pool_size: int = 10) -> None:
        self.url = url
        self.pool_size = pool_size
        self.pool: asyncpg.Pool | None = None

    async def init(self) -> None:
        self.pool = await asyncpg.create_pool(self.url, min_size=1, max_size=self.pool_size)
        async with self.pool.acquire() as con:
            # several processes may start at once: one creates the tables at a time
            # created once, in one transaction: a process starting while others write must not
            # take table locks (CREATE INDEX IF NOT EXISTS still does), so check first
            if await con.fetchval("SELECT to_regclass('games_status')") is not None:
                return
            async with con.transaction():
                await con.execute("SELECT pg_advisory_xact_lock(1914)")
                if await con.fetchval("SELECT to_regclass('games_status')") is None:
                    for stmt in SCHEMA:
                        await con.execute(stmt)

    async def close(self) -> None:
        if self.pool is not None:
            await self.pool.close()
            self.pool = None

    async def add_account(self, name: str, salt: bytes, digest: bytes) -> bool:
        try:
            await self.pool.execute("INSERT INTO accounts VALUES ($1, $2, $3, $4)", name, salt, digest, time.time())
        except asyncpg.UniqueViolationError:
            return False
        return True

    async def account(self, name: str) -> tuple[bytes, bytes] | None:
        row = await self.pool.fetchrow("SELECT salt, digest FROM accounts WHERE name = $1", name)
        return (bytes(row[0]), bytes(row[1])) if row else None

    async def add_token(self, key: str, name: str) -> None:
        await self.pool.execute("INSERT INTO tokens VALUES ($1, $2, $3) ON CONFLICT (key) DO UPDATE "
                                "SET name = EXCLUDED.name", key, name, time.time())

    async def token_account(self, key: str) -> str | None:
        return await self.pool.fetchval("SELECT name FROM tokens WHERE key = $1", key)

    async def create_game(self, game: dict) -> int:
        now = time.time()
        return int(await self.pool.fetchval(
            "INSERT INTO games (module, scenario, ruleset, options, seed, code, public, owner, seats,"
            " seq, waiting, status, created, updated) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,0,$10,$11,$12,$13)"
            " RETURNING id",
            game["module"], game["scenario"], game["ruleset"], json.dumps(game["options"]),
            str(game["seed"]), game["code"], bool(game["public"]), game["owner"],
            seats_json(game["seats"]), game.get("waiting", ""), game["status"], now, now))

    async def game(self, gid: int) -> dict | None:
        row = await self.pool.fetchrow(f"SELECT {COLUMNS} FROM games WHERE id = $1", gid)
        return game_row(row) if row else None

    async def game_by_code(self, code: str) -> dict | None:
        row = await self.pool.fetchrow(f"SELECT {COLUMNS} FROM games WHERE code = $1", code)
        return game_row(row) if row else None

    async def open_games(self, module: str | None, limit: int = 100) -> list[dict]:
        if module:
            rows = await self.pool.fetch(f"SELECT {COLUMNS} FROM games WHERE status = 'open' AND public "
                                         "AND module = $1 ORDER BY id DESC LIMIT $2", module, limit)
        else:
            rows = await self.pool.fetch(f"SELECT {COLUMNS} FROM games WHERE status = 'open' AND public "
                                         "ORDER BY id DESC LIMIT $1", limit)
        return [game_row(r) for r in rows]

    async def games_of(self, name: str, limit: int = 200) -> list[dict]:
        rows = await self.pool.fetch(f"SELECT {COLUMNS} FROM games WHERE seats LIKE $1 "
                                     "ORDER BY updated DESC LIMIT $2", f'%"{name}"%', limit)
        return [g for g in map(game_row, rows) if name in g["seats"].values()]

    async def set_seats(self, gid: int, old: dict, new: dict, status: str) -> bool:
        result = await self.pool.execute("UPDATE games SET seats = $1, status = $2, updated = $3 "
                                         "WHERE id = $4 AND seats = $5",
                                         seats_json(new), status, time.time(), gid, seats_json(old))
        return result.endswith(" 1")

    async def append_action(self, gid: int, seq: int, side: str, cid: str, entry: dict, lines: dict,
                            public: dict, waiting: str, status: str) -> bool:
        async with self.pool.acquire() as con:
            try:
                async with con.transaction():
                    result = await con.execute(
                        "UPDATE games SET seq = $1, waiting = $2, status = $3, updated = $4 "
                        "WHERE id = $5 AND seq = $6", seq, waiting, status, time.time(), gid, seq - 1)
                    if not result.endswith(" 1"):
                        raise _Behind()
                    await con.execute("INSERT INTO actions VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
                                      gid, seq, side, cid, json.dumps(entry), json.dumps(lines),
                                      json.dumps(public), time.time())
            except (_Behind, asyncpg.UniqueViolationError):
                return False
        return True

    async def actions(self, gid: int, since: int = 0) -> list[dict]:
        rows = await self.pool.fetch("SELECT seq, side, cid, entry, lines, public FROM actions "
                                     "WHERE game = $1 AND seq > $2 ORDER BY seq", gid, since)
        return [{"seq": r[0], "side": r[1], "cid": r[2], "entry": json.loads(r[3]),
                 "lines": json.loads(r[4]), "public": json.loads(r[5])} for r in rows]

    async def action_by_cid(self, gid: int, side: str, cid: str) -> int | None:
        return await self.pool.fetchval("SELECT seq FROM actions WHERE game = $1 AND side = $2 AND cid = $3",
                                        gid, side, cid)

    async def add_chat(self, gid: int, who: str, text: str) -> int:
        async with self.pool.acquire() as con:
            async with con.transaction():
                await con.execute("SELECT pg_advisory_xact_lock(2, $1::int)", gid % (2 ** 31))
                n = await con.fetchval("SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game = $1", gid)
                await con.execute("INSERT INTO chat VALUES ($1, $2, $3, $4, $5)", gid, n, who, text, time.time())
        return int(n)

    async def chat(self, gid: int, limit: int = 50) -> list[dict]:
        rows = await self.pool.fetch("SELECT n, who, text FROM chat WHERE game = $1 ORDER BY n DESC LIMIT $2",
                                     gid, limit)
        return [{"n": r[0], "who": r[1], "text": r[2]} for r in reversed(rows)]


class _Behind(Exception):
    """The game moved on in another process: this step was already written."""
