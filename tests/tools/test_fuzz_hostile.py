"""The hostile campaigns of ``make fuzz`` (``tools/fuzz_hostile.py``) run and keep the promise
on a few cases each; the long runs are ``python -m tools.fuzz_long --campaign hostile``."""
from __future__ import annotations

import pytest

from tools.fuzz_hostile import CAMPAIGNS
from tools.fuzz_long import run_campaign


#: Cases per campaign here (the subprocess-heavy ones get fewer).
CASES = {"amplification": 3, "kills": 1}


@pytest.mark.parametrize("name", sorted(CAMPAIGNS))
def test_campaign_runs_and_keeps_the_promise(name: str) -> None:
    lines: list[str] = []
    cases = CASES.get(name, 12)
    passed, failed = run_campaign(name, cases, None, seed=7, out=lines.append)
    assert failed == 0, "\n".join(lines)
    assert passed == cases


def test_the_alarm_catches_a_blocking_open(tmp_path) -> None:
    """A FIFO with no writer blocks ``open``: without the reader's guard the campaign's alarm
    must turn it into a failure, not a hang."""
    import os
    from tools.fuzz_hostile import Hang, alarm
    fifo = tmp_path / "f"
    os.mkfifo(fifo)
    with pytest.raises(Hang):
        with alarm(1):
            open(fifo, "rb")
