"""Saves: atomic, and every bad file gets a clear SaveError while nothing is lost."""
from __future__ import annotations

from dataclasses import replace
import os
from pathlib import Path

import pytest

from engine import persist
from engine import saves
from engine.errors import SaveError
from engine.model import Module
from engine.actions import Action
from engine.sample import sample_module
from engine.session import Session

#: These tests play the sample freely; its own ruleset is the enforced `skirmish`.
MODULE = replace(sample_module(), ruleset="free")


def played(n: int = 6) -> Session:
    s = Session.new(MODULE, "meeting", 11)
    for i in range(n):
        s.push(Action("roll", spec="2d6", purpose=f"roll {i}"))
    s.push(Action("move", pids=s.state.stack("0904"), to="0705"))
    return s


def test_save_and_load_round_trip(tmp_path: Path):
    s = played()
    path = persist.save(s, tmp_path / "g.wtsave")
    loaded = persist.load(path, MODULE)
    assert loaded.state.hash == s.state.hash
    assert loaded.record.lines() == s.record.lines()
    assert loaded.record.entries
    loaded.pop()
    assert loaded.state.hash == s.record.entries[-2].hash


def test_crash_mid_save_leaves_previous_save_intact(tmp_path: Path, monkeypatch):
    s = played(2)
    path = persist.save(s, tmp_path / "g.wtsave")
    good = path.read_bytes()
    s.push(Action("note", text="more"))

    real_fsync = os.fsync

    def crash(fd):  # the machine dies after writing part of the new file, before the rename
        raise OSError("simulated power cut")
    monkeypatch.setattr(os, "fsync", crash)
    with pytest.raises(OSError):
        persist.save(s, path)
    monkeypatch.setattr(os, "fsync", real_fsync)
    assert path.read_bytes() == good
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]
    assert persist.load(path, MODULE).record.lines() == s.record.lines()[:-1]


def test_truncated_save(tmp_path: Path):
    data = persist.save_bytes(played())
    for cut in (0, 5, 20, len(data) // 2, len(data) - 1):
        with pytest.raises(SaveError):
            persist.load_bytes(data[:cut], MODULE)


def test_corrupted_save_checksum():
    data = bytearray(persist.save_bytes(played()))
    data[-30] ^= 0x20
    with pytest.raises(SaveError, match="checksum"):
        persist.load_bytes(bytes(data), MODULE)


def test_wrong_module():
    other = sample_module()
    other.id = "other"
    with pytest.raises(SaveError, match="for module 'skirmish', not 'other'"):
        persist.load_bytes(persist.save_bytes(played()), other)


def test_newer_save_format():
    data = persist.save_bytes(played()).replace(b"WARTABLE-SAVE 2 ", b"WARTABLE-SAVE 9 ", 1)
    assert data.startswith(b"WARTABLE-SAVE 9 ")
    with pytest.raises(SaveError, match="newer wartable"):
        persist.load_bytes(data, MODULE)


def test_incompatible_module_version():
    other = sample_module()
    other.version = "2.0.0"
    with pytest.raises(SaveError, match="version 1.0.0"):
        persist.load_bytes(persist.save_bytes(played()), other)


def _resign(record: dict) -> bytes:
    return saves.encode_save(record)


def test_tampered_record_reports_the_action():
    s = played()
    record = s.record.to_json()
    record["actions"][3]["cmds"][0]["result"] = [6, 6]  # a forged die roll
    with pytest.raises(SaveError, match="action 4.*does not reproduce"):
        persist.load_bytes(_resign(record), MODULE)
    record = s.record.to_json()
    record["actions"][2]["hash"] = "0" * 16
    with pytest.raises(SaveError, match="action 3: state hash"):
        persist.load_bytes(_resign(record), MODULE)
    record = s.record.to_json()
    record["actions"][-1]["cmds"][0]["loc"] = "atlantis"
    with pytest.raises(SaveError, match="action 7: no location 'atlantis'"):
        persist.load_bytes(_resign(record), MODULE)


@pytest.mark.parametrize("body", [b"{}", b"[]", b"\xff\xfe", b"{\"format\": \"wartable-save\"}",
                                  b"{" * 100000])
def test_malformed_bodies(body):
    import hashlib
    data = b"WARTABLE-SAVE 1 " + hashlib.sha256(body).hexdigest().encode() + b"\n" + body
    with pytest.raises(SaveError):
        persist.load_bytes(data, MODULE)


def test_missing_file(tmp_path: Path):
    with pytest.raises(SaveError, match="cannot read"):
        persist.load(tmp_path / "nope.wtsave", MODULE)


def test_autosave_after_every_action(tmp_path: Path):
    s = Session.new(MODULE, "meeting", 3)
    path = persist.Autosave.start(s, tmp_path).path
    s.push(Action("note", text="one"))
    assert persist.load(path, MODULE).record.lines() == s.record.lines()
    s.pop()
    assert persist.load(path, MODULE).record.lines() == []
