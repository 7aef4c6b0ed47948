"""The compact save (format 2, issue 17): each action the rules made kept as its text and a
short state hash, the whole compressed; loading re-executes every action through the rules and
checks each hash. Format-1 saves (every command) still load; the hostile-input bounds of
issue 20 hold for the compressed body (a decompression bomb is stopped while inflating)."""
from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tracemalloc
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from engine import persist, registry, saves
from engine.actions import Action
from engine.errors import SaveError
from engine.fuzz import play_one
from engine.sample import sample_module
from engine.session import Session
from engine.testing import Position
from tools.cli import main

REPO = Path(__file__).resolve().parents[2]
FORMAT1 = Path(__file__).parent / "data" / "skirmish-format1.wtsave"
#: The skirmish game FORMAT1 holds (written by wartable before format 2, from
#: ``play_one(sample_module(), seed=3, max_actions=30)``) ends on this hash.
FORMAT1_HASH = "9089ea4e2b5fcd72"
FREE = replace(sample_module(), ruleset="free")


def enforced(seed: int = 3, actions: int = 60) -> Session:
    """A random game of the sample module under its own (enforced) rules."""
    session, result = play_one(sample_module(), seed=seed, max_actions=actions)
    assert not result.failure
    return session


def free_game() -> Session:
    """A free-play game with rolls, a shuffle, draws into both hands and a move."""
    s = Session.new(FREE, "meeting", 11)
    s.push(Action("roll", spec="2d6", purpose="fire"))
    s.push(Action("shuffle", loc="deck"))
    for hand in ("hand:blue", "hand:red", "hand:blue"):
        s.push(Action("draw", src="deck", dst=hand, count=1))
    s.push(Action("move", pids=s.state.stack("0904"), to="0705"))
    return s


def body(data: bytes) -> dict:
    """The inflated JSON body of a format-2 save (no checks)."""
    return json.loads(zlib.decompress(data[data.index(b"\n") + 1:]))


def rewritten(data: bytes, change) -> bytes:
    """``data`` (format 2) with its body changed by ``change(body)``, compressed and checksummed
    again — what someone editing a save would write."""
    doc = body(data)
    change(doc)
    doc.pop("format"), doc.pop("version")
    return saves.encode_compact(doc)


# -- round trip ------------------------------------------------------------------------------

@pytest.mark.parametrize("make", [enforced, free_game])
def test_compact_round_trip_reaches_every_hash_and_undoes(make, tmp_path: Path):
    s = make()
    module = s.module
    path = persist.save(s, tmp_path / "g.wtsave")
    assert path.read_bytes().startswith(b"WARTABLE-SAVE 2 ")
    loaded = persist.load(path, module)
    assert loaded.state.hash == s.state.hash
    assert [e.hash for e in loaded.record.entries] == [e.hash for e in s.record.entries]
    assert loaded.record.lines() == s.record.lines()       # the rules' own words, recomputed
    assert [e.commands for e in loaded.record.entries] == [e.commands for e in s.record.entries]
    # undo and redo after loading work as before: one entry back, the same dice forward
    last = loaded.pop()
    assert loaded.state.hash == s.record.entries[-2].hash
    assert loaded.redo() is last and loaded.state.hash == s.state.hash
    while loaded.pop() is not None:
        pass
    assert loaded.state.hash == loaded.record.header.setup_hash


def test_compact_save_is_a_fraction_of_the_full_one():
    s = enforced(actions=200)
    full, compact = persist.save_bytes(s, version=1), persist.save_bytes(s)
    assert len(compact) * 10 < len(full), (len(compact), len(full))


def test_compact_entries_hold_the_action_and_a_short_hash_only():
    s = free_game()
    doc = body(persist.save_bytes(s))
    assert doc["version"] == 2 and doc["final_hash"] == s.state.hash
    assert doc["actions"] == [[str(e.action), e.hash[:saves.SHORT_HASH]] for e in s.record.entries]


def test_secrets_the_compact_save_carries_nothing_the_full_one_does_not():
    """Saves are not filtered per side (play by e-mail: engine.pbem.TRUST_NOTE); the compact
    one carries the same header (the seed included, as before) and none of what the rules
    made: no roll, no pile order, no card drawn into a hand."""
    s = free_game()
    full = saves.decode_save(persist.save_bytes(s, version=1))
    compact = body(persist.save_bytes(s))
    assert set(compact) == set(full)
    assert {k: v for k, v in compact.items() if k not in ("actions", "version")} == \
        {k: v for k, v in full.items() if k not in ("actions", "version")}
    drawn = [c for e in s.record.entries for c in e.commands if c.kind in ("draw", "shuffle", "roll")]
    assert len(drawn) >= 5
    text = json.dumps(compact)
    assert '"cmds"' not in text and '"order"' not in text and '"result"' not in text


def test_entries_the_rules_cannot_reproduce_keep_their_commands(monkeypatch):
    """A set-up edit and a scripted roll are not what the rules would do from the action: the
    compact save keeps their commands, and they load as before."""
    from tests.engine.test_machine import Toy, toy
    monkeypatch.setitem(registry.BUILTIN, "toy", Toy)
    pos = Position(toy())
    pos.place("blue-inf", "0101")
    pos.push("blue: done")
    pos.dice(6)
    pos.push("red: fire at=@0204")
    data = persist.save_bytes(pos.session)
    kinds = ["cmds" in e if isinstance(e, dict) else False for e in body(data)["actions"]]
    assert kinds == [True, False, True]
    assert persist.load_bytes(data, pos.session.module).state.hash == pos.state.hash


# -- edited saves are refused, naming the entry -----------------------------------------------

def test_an_edited_action_is_refused_naming_it():
    s = enforced()
    data = persist.save_bytes(s)
    texts = [str(e.action) for e in s.record.entries]
    k = next(i for i, t in enumerate(texts) if t.startswith(("blue: move", "red: move")))

    elsewhere = "to=@1010" if "to=@0101" in texts[k] else "to=@0101"

    def edit(doc):   # the same unit, sent elsewhere: not what was played
        doc["actions"][k][0] = re.sub(r"to=@[0-9]+", elsewhere, texts[k])
    with pytest.raises(SaveError, match=rf"action {k + 1}: (illegal under the rules|state hash)"):
        persist.load_bytes(rewritten(data, edit), sample_module())


def test_an_action_replaced_by_another_legal_one_is_refused_at_its_hash():
    s = Session.new(FREE, "meeting", 11)
    s.push(Action("note", text="one"))
    s.push(Action("note", text="two"))
    s.push(Action("roll", spec="1d6", purpose="x"))
    data = persist.save_bytes(s)

    def edit(doc):
        doc["actions"][1][0] = str(Action("note", text="TWO"))
    with pytest.raises(SaveError, match="action 2: state hash .* differs from the recorded"):
        persist.load_bytes(rewritten(data, edit), FREE)

    def inserted(doc):   # an extra roll advances the generator: the next hash breaks
        doc["actions"].insert(2, [str(Action("roll", spec="1d6", purpose="y")), "00000000"])
    with pytest.raises(SaveError, match="action 3: state hash"):
        persist.load_bytes(rewritten(data, inserted), FREE)


def test_an_edited_hash_and_final_hash_are_refused():
    s = enforced()
    data = persist.save_bytes(s)

    def edit(doc):
        doc["actions"][4][1] = "0" * saves.SHORT_HASH
    with pytest.raises(SaveError, match="action 5: state hash"):
        persist.load_bytes(rewritten(data, edit), sample_module())

    def final(doc):
        doc["final_hash"] = "0" * 16
    with pytest.raises(SaveError, match="ends on state hash .* not on the recorded 0000000000000000"):
        persist.load_bytes(rewritten(data, final), sample_module())


def test_a_refused_entry_leaves_nothing_half_applied():
    s = Session.new(FREE, "meeting", 11)
    for i in range(3):
        s.push(Action("roll", spec="2d6", purpose=f"r{i}"))
    record = saves.decode_save(persist.save_bytes(s))
    record["actions"][2]["hash"] = "ffffffff"
    from engine.replay import ReplayDivergence, replay_entries
    trial = Session.new(FREE, "meeting", 11)
    with pytest.raises(ReplayDivergence, match="action 3"):
        replay_entries(trial, record["actions"])
    assert trial.state.hash == s.record.entries[1].hash == trial.state.full_hash()


# -- format 1 ---------------------------------------------------------------------------------

def test_a_format_1_save_written_before_format_2_still_loads(tmp_path: Path):
    assert FORMAT1.read_bytes().startswith(b"WARTABLE-SAVE 1 ")
    loaded = persist.load(FORMAT1, sample_module())
    assert loaded.state.hash == FORMAT1_HASH and len(loaded.record.entries) == 30
    assert persist.load(FORMAT1, sample_module(), verify=True).state.hash == FORMAT1_HASH
    # saved again (what autosave does after the next action): the entries replayed from their
    # commands keep them — they were not re-executed, these rules may play them otherwise —
    # and what is played after loading is compact
    loaded.push(next(iter(loaded.legal_actions())))
    again = persist.save(loaded, tmp_path / "g.wtsave")
    kinds = ["cmds" in e if isinstance(e, dict) else False for e in body(again.read_bytes())["actions"]]
    assert kinds == [True] * 30 + [False]
    assert persist.load(again, sample_module()).state.hash == loaded.state.hash
    # verified, the same entries are known to be the rules' own: compact
    verified = persist.load(FORMAT1, sample_module(), verify=True)
    assert all(isinstance(e, list) for e in body(persist.save_bytes(verified))["actions"])


def test_replay_verify_on_a_compact_save(tmp_path: Path, capsys):
    s = enforced()
    path = persist.save(s, tmp_path / "g.wtsave")
    assert main(["replay", str(path), "--verify"]) == 0
    assert s.state.hash in capsys.readouterr().out
    assert main(["replay", str(path)]) == 0
    assert s.state.hash in capsys.readouterr().out

    def edit(doc):
        doc["actions"][3][1] = "12345678"
    path.write_bytes(rewritten(path.read_bytes(), edit))
    assert main(["replay", str(path), "--verify"]) == 1
    err = capsys.readouterr().err
    assert "action 4: state hash" in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_compact_save_loads_the_same_in_another_process(tmp_path: Path):
    """Loading re-executes the rules, so they must not depend on anything a process chooses
    (string hashing order): the save is read back under another PYTHONHASHSEED."""
    s = enforced(seed=8, actions=120)
    path = persist.save(s, tmp_path / "g.wtsave")
    code = ("import sys; from engine import persist; from engine.sample import sample_module; "
            "print(persist.load(sys.argv[1], sample_module()).state.hash)")
    for hashseed in ("1", "4242"):
        out = subprocess.run([sys.executable, "-c", code, str(path)], capture_output=True, text=True,
                             env={**os.environ, "PYTHONHASHSEED": hashseed, "PYTHONPATH": str(REPO)},
                             timeout=120)
        assert out.stdout.strip() == s.state.hash, out.stderr


# -- hostile compressed bodies (issue 20) -----------------------------------------------------

def _with_body(compressed: bytes) -> bytes:
    import hashlib
    return b"WARTABLE-SAVE 2 " + hashlib.sha256(compressed).hexdigest().encode() + b"\n" + compressed


def bomb(inflated: int) -> bytes:
    """A zlib stream of ``inflated`` zero bytes (about a thousandth of that compressed), made
    without holding it whole."""
    z, chunk, parts = zlib.compressobj(9), bytes(1 << 20), []
    for _ in range(inflated >> 20):
        parts.append(z.compress(chunk))
    parts.append(z.flush())
    return b"".join(parts)


def test_a_decompression_bomb_is_stopped_while_inflating():
    stream = bomb(256 << 20)                       # 256 MiB of zeros in ~250 KB
    assert len(stream) < saves.MAX_SAVE_BYTES
    tracemalloc.start()
    try:
        with pytest.raises(SaveError, match="inflates to more than"):
            persist.load_bytes(_with_body(stream), FREE)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    # never more than the bound itself (plus the file), not the 256 MiB it would inflate to
    assert peak < saves.MAX_INFLATED + (8 << 20), peak


def test_inflating_holds_at_most_the_limit():
    stream = bomb(64 << 20)
    tracemalloc.start()
    try:
        with pytest.raises(SaveError, match="inflates to more than 100000 bytes"):
            saves.inflate(stream, "x", limit=100_000)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert peak < 4 << 20, peak   # a piece (1 MiB) at a time, never the 64 MiB


@pytest.mark.parametrize("damage,says", [
    (lambda z: z[:len(z) // 2], "cut short"),
    (lambda z: z + b"trailing", "bytes follow the end"),
    (lambda z: b"\x78\x9c\xff\xff" + z[4:], "damaged"),
    (lambda z: b"not zlib at all", "damaged"),
    (lambda z: b"", "cut short"),
])
def test_a_damaged_compressed_body_is_a_clear_error(damage, says):
    data = persist.save_bytes(free_game())
    z = data[data.index(b"\n") + 1:]
    with pytest.raises(SaveError, match=says):
        persist.load_bytes(_with_body(damage(z)), FREE)


@pytest.mark.parametrize("entry,says", [
    (["note text=x"], "action 1 is malformed"),
    (["note text=x", "abc"], "action 1 is malformed"),
    (["note text=x", "ABCDEF12"], "action 1 is malformed"),
    (["note text=x", "abcdef12", "extra"], "action 1 is malformed"),
    ([7, "abcdef12"], "action 1 is malformed"),
    (["note text=\"unfinished", "abcdef12"], "action 1: cannot read action"),
    (["frobnicate", "abcdef12"], "action 1: illegal under the rules"),
])
def test_a_malformed_compact_entry_is_refused_naming_it(entry, says):
    data = persist.save_bytes(Session.new(FREE, "meeting", 11))

    def edit(doc):
        doc["actions"] = [entry]
    with pytest.raises(SaveError, match=says):
        persist.load_bytes(rewritten(data, edit), FREE)


def test_body_and_header_versions_must_agree_and_bounds_hold(monkeypatch):
    s = free_game()
    data = persist.save_bytes(s)

    def v1(doc):
        doc["version"] = 1
    doc = body(data)
    v1(doc)
    with pytest.raises(SaveError, match="body says format 1, the header 2"):
        persist.load_bytes(_with_body(zlib.compress(json.dumps(doc).encode())), FREE)

    def no_final(doc):
        del doc["final_hash"]
    with pytest.raises(SaveError, match="bad final state hash"):
        persist.load_bytes(rewritten(data, no_final), FREE)
    monkeypatch.setattr(saves, "MAX_SAVE_ACTIONS", 5)
    with pytest.raises(SaveError, match="more than 5 actions"):
        persist.load_bytes(data, FREE)
    with pytest.raises(SaveError, match="more than 5 actions"):
        persist.load_bytes(persist.save_bytes(s, version=1), FREE)
    deep = {"format": "wartable-save", "version": 2, "x": json.loads("[" * 70 + "]" * 70)}
    with pytest.raises(SaveError, match="nested more than"):
        persist.load_bytes(_with_body(zlib.compress(json.dumps(deep).encode())), FREE)
