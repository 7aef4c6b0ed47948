"""Where the server keeps accounts, games and every game's action log.

:class:`Store` is the interface; :class:`SqliteStore` the default (an embedded SQLite database
in the user's data folder: nothing to install, one server process); ``pgstore.PostgresStore``
the one for many games and several server processes. Both keep the same tables:

* ``accounts`` (name, salt, password digest) and ``tokens`` (SHA-256 of a token → name);
* ``games``: module, scenario, ruleset, options, the seed (never sent to a client), the
  invitation code, whether it is listed in the lobby, the seats (side → account), the number of
  actions (``seq``), the side it waits for and its status (``open``, ``playing``, ``over``);
* ``actions``: one row per action (game, seq), with the side and the client's id for it (``cid``,
  unique per game and side, so a resent action is applied once), the record entry (action,
  commands, state hash, text: server-side only), the log line each side may read and the
  public results (dice faces and purposes, the rules' notes);
* ``chat``: the table talk of a game, numbered.

An action is appended only if it is the next one (``seq`` = the game's count + 1): two server
processes racing on one game cannot both write the same step — the loser reloads and retries.
"""
from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path
from typing import Any

GAME_FIELDS = ("id", "module", "scenario", "ruleset", "options", "seed", "code", "public", "owner",
               "seats", "seq", "waiting", "status", "created", "updated")

SCHEMA = (
    """CREATE TABLE IF NOT EXISTS accounts (name TEXT PRIMARY KEY, salt BLOB NOT NULL,
       digest BLOB NOT NULL, created REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS tokens (key TEXT PRIMARY KEY, name TEXT NOT NULL,
       created REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS games (id INTEGER PRIMARY KEY AUTOINCREMENT, module TEXT NOT NULL,
       scenario TEXT NOT NULL, ruleset TEXT NOT NULL, options TEXT NOT NULL, seed TEXT NOT NULL,
       code TEXT NOT NULL UNIQUE, public INTEGER NOT NULL, owner TEXT NOT NULL, seats TEXT NOT NULL,
       seq INTEGER NOT NULL DEFAULT 0, waiting TEXT NOT NULL DEFAULT '',
       status TEXT NOT NULL DEFAULT 'open', created REAL NOT NULL, updated REAL NOT NULL)""",
    """CREATE TABLE IF NOT EXISTS actions (game INTEGER NOT NULL, seq INTEGER NOT NULL,
       side TEXT NOT NULL, cid TEXT NOT NULL, entry TEXT NOT NULL, lines TEXT NOT NULL,
       public TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game, seq))""",
    "CREATE UNIQUE INDEX IF NOT EXISTS actions_cid ON actions (game, side, cid)",
    """CREATE TABLE IF NOT EXISTS chat (game INTEGER NOT NULL, n INTEGER NOT NULL, who TEXT NOT NULL,
       text TEXT NOT NULL, at REAL NOT NULL, PRIMARY KEY (game, n))""",
    "CREATE INDEX IF NOT EXISTS games_status ON games (status, module)",
)


class Store:
    """The interface both stores implement (every method a coroutine)."""

    async def init(self) -> None: ...
    async def close(self) -> None: ...
    async def add_account(self, name: str, salt: bytes, digest: bytes) -> bool: ...
    async def account(self, name: str) -> tuple[bytes, bytes] | None: ...
    async def add_token(self, key: str, name: str) -> None: ...
    async def token_account(self, key: str) -> str | None: ...
    async def create_game(self, game: dict) -> int: ...
    async def game(self, gid: int) -> dict | None: ...
    async def game_by_code(self, code: str) -> dict | None: ...
    async def open_games(self, module: str | None, limit: int = 100) -> list[dict]: ...
    async def games_of(self, name: str, limit: int = 200) -> list[dict]: ...
    async def set_seats(self, gid: int, old: dict, new: dict, status: str) -> bool: ...
    async def append_action(self, gid: int, seq: int, side: str, cid: str, entry: dict, lines: dict,
                            public: dict, waiting: str, status: str) -> bool: ...
    async def actions(self, gid: int, since: int = 0) -> list[dict]: ...
    async def action_by_cid(self, gid: int, side: str, cid: str) -> int | None: ...
    async def add_chat(self, gid: int, who: str, text: str) -> int: ...
    async def chat(self, gid: int, limit: int = 50) -> list[dict]: ...


def game_row(row: Any) -> dict:
    """A games row as a dict, its JSON columns decoded."""
    game = dict(zip(GAME_FIELDS, row)) if not hasattr(row, "keys") else {k: row[k] for k in GAME_FIELDS}
    game["options"] = json.loads(game["options"])
    game["seats"] = json.loads(game["seats"])
    game["public"] = bool(game["public"])
    return game


def seats_json(seats: dict) -> str:
    return json.dumps(seats, sort_keys=True)


class SqliteStore(Store):
    """The embedded store: one SQLite file (WAL, so a killed server loses no committed action).
    Calls are quick local writes and run on the event loop's thread."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self.db: sqlite3.Connection | None = None

    async def init(self) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(self.path, isolation_level=None, check_same_thread=False)
        self.db.execute("PRAGMA journal_mode=WAL")
        self.db.execute("PRAGMA synchronous=NORMAL")   # WAL: durable across a process kill
        self.db.execute("PRAGMA busy_timeout=5000")
        for stmt in SCHEMA:
            self.db.execute(stmt)

    async def close(self) -> None:
        if self.db is not None:
            self.db.close()
            self.db = None

    def _one(self, sql: str, *args: Any) -> Any:
        return self.db.execute(sql, args).fetchone()

    async def add_account(self, name: str, salt: bytes, digest: bytes) -> bool:
        try:
            self.db.execute("INSERT INTO accounts VALUES (?, ?, ?, ?)", (name, salt, digest, time.time()))
        except sqlite3.IntegrityError:
            return False
        return True

    async def account(self, name: str) -> tuple[bytes, bytes] | None:
        row = self._one("SELECT salt, digest FROM accounts WHERE name = ?", name)
        return (bytes(row[0]), bytes(row[1])) if row else None

    async def add_token(self, key: str, name: str) -> None:
        self.db.execute("INSERT OR REPLACE INTO tokens VALUES (?, ?, ?)", (key, name, time.time()))

    async def token_account(self, key: str) -> str | None:
        row = self._one("SELECT name FROM tokens WHERE key = ?", key)
        return row[0] if row else None

    async def create_game(self, game: dict) -> int:
        now = time.time()
        cur = self.db.execute(
            "INSERT INTO games (module, scenario, ruleset, options, seed, code, public, owner, seats,"
            " seq, waiting, status, created, updated) VALUES (?,?,?,?,?,?,?,?,?,0,?,?,?,?)",
            (game["module"], game["scenario"], game["ruleset"], json.dumps(game["options"]),
             str(game["seed"]), game["code"], int(game["public"]), game["owner"],
             seats_json(game["seats"]), game.get("waiting", ""), game["status"], now, now))
        return int(cur.lastrowid)

    async def game(self, gid: int) -> dict | None:
        row = self._one(f"SELECT {', '.join(GAME_FIELDS)} FROM games WHERE id = ?", gid)
        return game_row(row) if row else None

    async def game_by_code(self, code: str) -> dict | None:
        row = self._one(f"SELECT {', '.join(GAME_FIELDS)} FROM games WHERE code = ?", code)
        return game_row(row) if row else None

    async def open_games(self, module: str | None, limit: int = 100) -> list[dict]:
        sql = f"SELECT {', '.join(GAME_FIELDS)} FROM games WHERE status = 'open' AND public = 1"
        args: tuple = ()
        if module:
            sql += " AND module = ?"
            args = (module,)
        rows = self.db.execute(sql + " ORDER BY id DESC LIMIT ?", args + (limit,)).fetchall()
        return [game_row(r) for r in rows]

    async def games_of(self, name: str, limit: int = 200) -> list[dict]:
        # seats is a small JSON object: match the quoted name, then check exactly
        rows = self.db.execute(f"SELECT {', '.join(GAME_FIELDS)} FROM games WHERE seats LIKE ? "
                               "ORDER BY updated DESC LIMIT ?", (f'%"{name}"%', limit)).fetchall()
        return [g for g in map(game_row, rows) if name in g["seats"].values()]

    async def set_seats(self, gid: int, old: dict, new: dict, status: str) -> bool:
        cur = self.db.execute("UPDATE games SET seats = ?, status = ?, updated = ? WHERE id = ? AND seats = ?",
                              (seats_json(new), status, time.time(), gid, seats_json(old)))
        return cur.rowcount == 1

    async def append_action(self, gid: int, seq: int, side: str, cid: str, entry: dict, lines: dict,
                            public: dict, waiting: str, status: str) -> bool:
        db = self.db
        try:
            db.execute("BEGIN IMMEDIATE")
            cur = db.execute("UPDATE games SET seq = ?, waiting = ?, status = ?, updated = ? "
                             "WHERE id = ? AND seq = ?", (seq, waiting, status, time.time(), gid, seq - 1))
            if cur.rowcount != 1:
                db.execute("ROLLBACK")
                return False
            db.execute("INSERT INTO actions VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                       (gid, seq, side, cid, json.dumps(entry), json.dumps(lines), json.dumps(public),
                        time.time()))
            db.execute("COMMIT")
        except sqlite3.IntegrityError:
            db.execute("ROLLBACK")
            return False
        return True

    async def actions(self, gid: int, since: int = 0) -> list[dict]:
        rows = self.db.execute("SELECT seq, side, cid, entry, lines, public FROM actions "
                               "WHERE game = ? AND seq > ? ORDER BY seq", (gid, since)).fetchall()
        return [{"seq": r[0], "side": r[1], "cid": r[2], "entry": json.loads(r[3]),
                 "lines": json.loads(r[4]), "public": json.loads(r[5])} for r in rows]

    async def action_by_cid(self, gid: int, side: str, cid: str) -> int | None:
        row = self._one("SELECT seq FROM actions WHERE game = ? AND side = ? AND cid = ?", gid, side, cid)
        return row[0] if row else None

    async def add_chat(self, gid: int, who: str, text: str) -> int:
        db = self.db
        db.execute("BEGIN IMMEDIATE")
        try:
            n = db.execute("SELECT COALESCE(MAX(n), 0) + 1 FROM chat WHERE game = ?", (gid,)).fetchone()[0]
            db.execute("INSERT INTO chat VALUES (?, ?, ?, ?, ?)", (gid, n, who, text, time.time()))
            db.execute("COMMIT")
        except BaseException:
            db.execute("ROLLBACK")
            raise
        return int(n)

    async def chat(self, gid: int, limit: int = 50) -> list[dict]:
        rows = self.db.execute("SELECT n, who, text FROM chat WHERE game = ? ORDER BY n DESC LIMIT ?",
                               (gid, limit)).fetchall()
        return [{"n": r[0], "who": r[1], "text": r[2]} for r in reversed(rows)]


def open_store(db: str | None, data_dir: Path) -> Store:
    """The store named by ``--db``: a ``postgresql://`` URL, a SQLite file path, or (None) the
    SQLite file in ``data_dir``."""
    if db and db.startswith(("postgresql://", "postgres://")):
        from .pgstore import PostgresStore   # asyncpg only when PostgreSQL is asked for
        return PostgresStore(db)
    return SqliteStore(Path(db) if db else data_dir / "server.sqlite3")
