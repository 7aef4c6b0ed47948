"""Throwaway PostgreSQL and Redis servers for tests, CI and ``wartable loadtest`` (issue 19).

Uses Debian's packages (``apt-get install -y postgresql redis-server``): ``initdb`` and
``pg_ctl`` from ``/usr/lib/postgresql/<version>/bin`` and ``redis-server``, each on a free
loopback port with its data in a fresh folder, nothing written outside it. As root, PostgreSQL
runs as the ``postgres`` user (it refuses to run as root).

Standard library only, so CI can run it before the project is installed::

    eval "$(python3 tools/testservices.py start /tmp/wartable-services)"   # exports the URLs
    python3 tools/testservices.py stop /tmp/wartable-services

``WARTABLE_TEST_PG`` and ``WARTABLE_TEST_REDIS`` then name the servers; the tests use them when
set and start their own otherwise (or skip, saying what is missing).
"""
from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path


class Unavailable(Exception):
    """What is missing to start a service, in words."""


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def pg_bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    candidates = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"),
                        key=lambda p: int(p.split("/")[4]) if p.split("/")[4].isdigit() else 0)
    if not candidates:
        raise Unavailable(f"PostgreSQL's {name} is not installed (apt-get install -y postgresql)")
    return candidates[-1]


def _as_postgres(cmd: list[str]) -> list[str]:
    if os.geteuid() != 0:
        return cmd
    if not shutil.which("runuser"):
        raise Unavailable("running as root without runuser: cannot start PostgreSQL as another user")
    return ["runuser", "-u", "postgres", "--"] + cmd


def start_postgres(folder: Path) -> str:
    """Start PostgreSQL with its data in ``folder``; returns its URL."""
    initdb, pg_ctl = pg_bin("initdb"), pg_bin("pg_ctl")
    folder.mkdir(parents=True, exist_ok=True)
    data = folder / "pg"
    port = free_port()
    if os.geteuid() == 0:
        import pwd
        try:
            user = pwd.getpwnam("postgres")
        except KeyError:
            raise Unavailable("no postgres user (apt-get install -y postgresql creates it)") from None
        os.chown(folder, user.pw_uid, user.pw_gid)
    subprocess.run(_as_postgres([initdb, "-D", str(data), "-A", "trust", "-U", "wartable", "--no-sync",
                                 "-E", "UTF8"]), check=True, capture_output=True, timeout=120)
    opts = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200"
    subprocess.run(_as_postgres([pg_ctl, "-D", str(data), "-o", opts, "-l", str(folder / "pg.log"),
                                 "-w", "-t", "60", "start"]), check=True, capture_output=True, timeout=90)
    (folder / "pg.port").write_text(str(port))
    return f"postgresql://wartable@127.0.0.1:{port}/postgres"


def stop_postgres(folder: Path) -> None:
    data = folder / "pg"
    if data.exists():
        subprocess.run(_as_postgres([pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "-w", "stop"]),
                       capture_output=True, timeout=60)


def start_redis(folder: Path) -> str:
    """Start redis-server (no persistence) with its files in ``folder``; returns its URL."""
    exe = shutil.which("redis-server") or "/usr/bin/redis-server"
    if not os.path.exists(exe):
        raise Unavailable("redis-server is not installed (apt-get install -y redis-server)")
    folder.mkdir(parents=True, exist_ok=True)
    port = free_port()
    proc = subprocess.Popen([exe, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
                             "--appendonly", "no", "--dir", str(folder)],
                            stdout=open(folder / "redis.log", "ab"), stderr=subprocess.STDOUT,
                            start_new_session=True)
    (folder / "redis.pid").write_text(str(proc.pid))
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise Unavailable(f"redis-server exited: {(folder / 'redis.log').read_text()[-500:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                if s.recv(16).startswith(b"+PONG"):
                    return f"redis://127.0.0.1:{port}/0"
        except OSError:
            time.sleep(0.05)
    raise Unavailable("redis-server did not answer in 30 s")


def stop_redis(folder: Path) -> None:
    pid_file = folder / "redis.pid"
    if pid_file.exists():
        try:
            os.kill(int(pid_file.read_text()), 15)
        except (OSError, ValueError):
            pass


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("start", "stop"):
        print("usage: testservices.py start|stop FOLDER", file=sys.stderr)
        return 2
    folder = Path(argv[1])
    if argv[0] == "stop":
        stop_postgres(folder)
        stop_redis(folder)
        return 0
    for name, start, var in (("PostgreSQL", start_postgres, "WARTABLE_TEST_PG"),
                             ("Redis", start_redis, "WARTABLE_TEST_REDIS")):
        try:
            print(f"export {var}={start(folder)}")
        except (Unavailable, subprocess.SubprocessError, OSError) as exc:
            print(f"echo 'testservices: {name} not started: {exc}' >&2")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
