"""``wartable replay`` and ``wartable fuzz`` from the command line: exit codes and one-line errors."""
from __future__ import annotations

from engine import persist
from engine.fuzz import play_one
from engine.sample import sample_module
from tools.cli import main


def _save(tmp_path):
    session, result = play_one(sample_module(), seed=3, max_actions=40)
    assert not result.failure
    path = tmp_path / "game.wtsave"
    persist.save(session, path)
    return session, path


def test_replay_prints_the_final_hash(tmp_path, capsys):
    session, path = _save(tmp_path)
    assert main(["replay", str(path), "--verify"]) == 0
    assert session.state.hash in capsys.readouterr().out


def test_replay_of_a_tampered_save_is_one_line_error(tmp_path, capsys):
    _, path = _save(tmp_path)
    data = bytearray(path.read_bytes())
    data[-20] ^= 0x01                     # flip one bit in the body: the checksum must catch it
    path.write_bytes(bytes(data))
    assert main(["replay", str(path)]) == 1
    err = capsys.readouterr().err
    assert err.startswith("wartable: ") and "Traceback" not in err and err.count("\n") == 1


def test_replay_of_a_missing_file(tmp_path, capsys):
    assert main(["replay", str(tmp_path / "nope.wtsave")]) == 1
    assert "nope.wtsave" in capsys.readouterr().err


def test_fuzz_reports_passes_and_exit_code(capsys):
    assert main(["fuzz", "skirmish", "--games", "3", "--actions", "60", "--free"]) == 0
    assert "3 passed, 0 failed" in capsys.readouterr().out
