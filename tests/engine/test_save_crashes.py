"""Crash safety of saves (issue 20): a save killed at any moment leaves the previous save
intact, and the temporary file it may leave behind is removed by the next save of that file —
but never a temporary another live process is still writing, nor another file's."""
from __future__ import annotations

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from engine.files import atomic_write, clean_stale_temporaries
from engine.saves import decode_save
from tools.hostile import REPO, base_record, save_text

#: Kills per run (the issue's hostile test made 160: ``tools/fuzz_hostile`` is the long run).
KILLS = 20
WRITER = """
import sys
from engine.files import atomic_write
target, saves = sys.argv[1], [open(p, "rb").read() for p in sys.argv[2:]]
print("ready", flush=True)
i = 0
while True:
    atomic_write(target, saves[i % len(saves)])
    i += 1
"""


def _big_save(letter: str) -> bytes:
    record = json.loads(json.dumps(base_record()))
    record["actions"][0]["text"] = letter * 1_200_000   # a save the size of a full PoG game
    return save_text(record)


def _temps(folder: Path) -> list[Path]:
    return [p for p in folder.iterdir() if p.name.endswith(".tmp")]


def test_saves_killed_mid_write_leave_the_previous_save_and_are_cleaned(tmp_path: Path) -> None:
    saves = [_big_save("a"), _big_save("b")]
    paths = []
    for i, data in enumerate(saves):
        paths.append(tmp_path / f"save{i}.bin")
        paths[-1].write_bytes(data)
    target = tmp_path / "game" / "g.wtsave"
    atomic_write(target, saves[0])
    rnd = random.Random(20)
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    left_behind = 0
    for _ in range(KILLS):
        writer = subprocess.Popen([sys.executable, "-c", WRITER, str(target), *map(str, paths)],
                                  stdout=subprocess.PIPE, env=env)
        assert writer.stdout.readline() == b"ready\n"
        time.sleep(rnd.uniform(0.0, 0.05))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        writer.stdout.close()
        data = target.read_bytes()
        assert data in saves, "a killed save left a mixture"
        decode_save(data)
        left_behind += len(_temps(target.parent))
    # the kills did leave temporaries at times; the next save removes every one of them
    temps_before = _temps(target.parent)
    atomic_write(target, saves[1])
    assert _temps(target.parent) == []
    assert target.read_bytes() == saves[1]
    print(f"{KILLS} kills, {left_behind} temporaries seen, {len(temps_before)} cleaned by the next save")


def test_a_live_writer_and_other_files_temporaries_are_left_alone(tmp_path: Path) -> None:
    target = tmp_path / "g.wtsave"
    sleeper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
    try:
        live = tmp_path / f".g.wtsave.{sleeper.pid}.0123abcd.tmp"
        dead = tmp_path / ".g.wtsave.999999999.0123abcd.tmp"   # no such process
        other = tmp_path / f".g.wtsave.bak.{os.getpid()}.0123abcd.tmp"
        legacy_new = tmp_path / ".g.wtsave.ab3_x9zq.tmp"         # mkstemp name, fresh
        legacy_old = tmp_path / ".g.wtsave.zz3_x9zq.tmp"         # mkstemp name, a week old
        for p in (live, dead, other, legacy_new, legacy_old):
            p.write_bytes(b"partial")
        week = time.time() - 7 * 24 * 3600
        os.utime(legacy_old, (week, week))
        removed = clean_stale_temporaries(target)
        assert sorted(removed) == sorted([dead, legacy_old])
        assert live.exists() and other.exists() and legacy_new.exists()
    finally:
        sleeper.kill()
        sleeper.wait()
