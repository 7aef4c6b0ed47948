"""``wartable serve``: run a game server (issue 19).

By default it needs nothing installed: an embedded SQLite database in the user's data folder,
listening on 127.0.0.1. For many games, ``--db postgresql://…`` keeps accounts, games and action
logs in PostgreSQL and ``--redis redis://…`` fans updates out between several server processes
(run as many as you like behind any load balancer, all with the same ``--db`` and ``--redis``).
"""
from __future__ import annotations

import argparse
import logging
import os
from pathlib import Path

DEFAULT_PORT = 8719


def data_dir() -> Path:
    """The server's data folder (platformdirs; WARTABLE_DATA overrides, as for autosaves)."""
    base = os.environ.get("WARTABLE_DATA")
    if base:
        return Path(base) / "server"
    from platformdirs import user_data_dir
    return Path(user_data_dir("wartable", appauthor=False)) / "server"


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("serve", help="run a game server (online play)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=DEFAULT_PORT, help=f"port (default {DEFAULT_PORT})")
    p.add_argument("--db", default=None,
                   help="postgresql://… or a SQLite file (default: server.sqlite3 in the data folder)")
    p.add_argument("--redis", default=None, help="redis://… to fan updates out between server processes")
    p.add_argument("--name", default="wartable", help="the server's name, shown to players")
    p.add_argument("--log", default="warning", help="log level (debug, info, warning)")
    p.set_defaults(func=run_serve)


def run_serve(args: argparse.Namespace) -> int:
    import uvicorn

    from engine.protocol import MAX_MESSAGE
    from tools.server.app import build_app
    from tools.server.fanout import open_fanout
    from tools.server.store import open_store

    logging.basicConfig(level=args.log.upper(), format="%(asctime)s %(name)s %(levelname)s %(message)s")
    store = open_store(args.db, data_dir())
    app = build_app(store, open_fanout(args.redis), args.name)
    where = args.db if args.db else str(getattr(store, "path", ""))
    print(f"wartable serve: ws://{args.host}:{args.port}/ws  (store: {where.split('@')[-1]}"
          f"{', redis fan-out' if args.redis else ''})", flush=True)
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level=args.log.lower(),
                            ws_max_size=MAX_MESSAGE + 1024, lifespan="on", access_log=False)
    uvicorn.Server(config).run()
    return 0
