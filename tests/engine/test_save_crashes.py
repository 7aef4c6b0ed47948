"""Crash safety of saves (issue 20): a save killed at any moment leaves the previous save
intact, and the temporary file it may leave behind is removed by the next save of that file —
but never a temporary another live process is still writing, nor another file's."""
from __future__ import annotations

import os
import random
import subprocess
import sys
import time
from pathlib import Path

from engine.files import clean_stale_temporaries
from tools.hostile import kill_saves

#: Kills per run (the issue's hostile test made 160; ``python -m tools.fuzz_long --campaign
#: kills`` makes thousands).
KILLS = 20


def test_saves_killed_mid_write_leave_the_previous_save_and_are_cleaned(tmp_path: Path) -> None:
    why, left = kill_saves(tmp_path, KILLS, random.Random(20))
    assert why is None, why
    print(f"{KILLS} kills, {left} temporaries seen after them, all cleaned by the next save")


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
