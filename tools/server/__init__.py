"""The wartable game server (issue 19): server-authoritative online play.

The server holds every game's state, generator and seed, runs the ruleset, rolls the dice and
shuffles; a client sends actions and receives only its side's view and the public results
(``engine.protocol``, ``docs/online-protocol.md``).

* :mod:`.app` — the ASGI application (Starlette): the WebSocket endpoint and its handlers;
* :mod:`.host` — the games this process holds in memory, applying actions and building each
  side's messages;
* :mod:`.store` — accounts, games and every game's action log: SQLite (the default, nothing to
  install) or PostgreSQL (:mod:`.pgstore`, asyncpg);
* :mod:`.fanout` — each game's updates to whichever process holds a player's connection: in
  process, or through Redis pub/sub for several stateless server processes;
* :mod:`.accounts` — passwords (scrypt) and tokens.
"""
