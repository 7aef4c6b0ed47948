"""Issue 25's must-show: an owner corrects a built-in module's reconstructed value — a CRT cell of
the skirmish sample — saves, reloads, and the game changes (a scripted combat gives the printed
result) with the value's provenance recorded. Also: the reconstructed-values listing, the
step-through, the rules' examples run against the edited module, ``wartable edit``."""
from __future__ import annotations

import pytest

from engine.modules import open_module
from engine.testing import Position
from tests.modules.skirmish_rules.positions import cleared, duel
from tools.cli import main
from tools.editor import Corrections, EditError, EditorSession, run_examples, source_of
from tools.editor.provenance import summary


def test_sk_7_2_correcting_a_crt_cell_changes_the_combat_result(tmp_path):
    folder = tmp_path / "skirmish"
    ed = EditorSession.dump("skirmish", folder)
    before = cleared(open_module(str(folder)))
    blue, red = duel(before, die=1)                  # 4 against 5: 1:2, die 1: AE as built
    assert before.face(blue) == 1 and before.where(red) == "0303"

    steps = Corrections(ed, "table cells")
    item = steps.current
    assert item.target == "table:crt/1/1:2" and item.values == (("1 / 1:2", "AE"),)
    assert item.source == "reconstructed: invented for testing" and item.via == "module"
    steps.correct("DR")                              # the owner's printed chart says DR
    assert steps.current.target == "table:crt/1/1:1"
    ed.save()

    m = open_module(str(folder))                     # reloaded from the saved sources
    assert m.tables["crt"].lookup(1, "1:2") == "DR"
    assert source_of(m, "table:crt/1/1:2") == ("owner's printed chart", "table:crt/1/1:2")
    after = cleared(m)
    blue, red = duel(after, die=1)
    assert after.face(blue) == 0                     # the attacker no longer loses a step
    assert after.session.prompt().side == "red"      # the defender must retreat (SK 7.3)
    assert "table:crt/1/1:2" not in {it.target for it in EditorSession.open(folder).reconstructed()}


def test_the_reconstructed_values_of_a_rulebook_game_are_grouped(tmp_path):
    ed = EditorSession.dump("grand_illusion", tmp_path / "gi")
    counts = summary(ed.reconstructed())
    assert counts["counter values"] > 200 and counts["set-ups"] == 3
    assert counts["VP values"] >= 7                  # the VP chits' values (rulebook: reconstructed)
    chits = [it for it in ed.reconstructed() if it.target == "piece:GVP-1"]
    assert chits and chits[0].group == "VP values" and ("vp_value", 1) in chits[0].values


def test_step_through_next_skip_and_correct_a_counter(tmp_path):
    ed = EditorSession.dump("skirmish", tmp_path / "sk")
    steps = Corrections(ed, "counter values")
    first = steps.current
    assert first.target == "piece:blue-inf"
    assert steps.next().target == "piece:blue-cav"
    steps.skip()                                     # blue-cav stays reconstructed, out of the pass
    assert steps.current.target == "piece:red-inf"
    steps.correct({"f0.cf": 6, "f2.mf": 1})
    assert ed.module.piece_types["red-inf"].faces[0].values["cf"] == 6
    assert source_of(ed.module, "piece:red-inf") == ("owner's printed counter", "piece:red-inf")
    assert [it.target for it in steps.items] == ["piece:blue-inf", "piece:red-art", "piece:oos"]
    ed.undo()                                        # one undo step takes the correction back
    assert ed.module.piece_types["red-inf"].faces[0].values["cf"] == 5
    with pytest.raises(EditError, match="as a mapping"):
        steps.correct(3)


def test_the_rules_examples_run_against_the_edited_module(tmp_path):
    ed = EditorSession.dump("skirmish", tmp_path / "sk")
    assert run_examples("skirmish", ed.folder).ok
    Corrections(ed, "table cells").correct("DE")     # 1 / 1:2 AE -> DE breaks SK 6.3's example
    ed.save()
    check = run_examples("skirmish", ed.folder)
    assert check.ran and check.failed >= 1 and check.passed > 0
    assert "test_sk_6_3" in check.report
    assert not run_examples("no_such_game", ed.folder).ran


def test_wartable_edit_dumps_a_builtin_module_and_reports(tmp_path, capsys):
    assert main(["edit", "skirmish"]) == 1
    assert "--to DIR" in capsys.readouterr().err
    assert main(["edit", "skirmish", "--to", str(tmp_path / "sk"), "--list"]) == 0
    out = capsys.readouterr().out
    assert f"in {tmp_path / 'sk'}" in out and "problems: none" in out
    assert "reconstructed values: 5 counter values, 24 table cells, 22 VP values, 1 set-ups" in out
    assert "[table cells] table:crt/1/1:2 = 1 / 1:2 AE" in out
    assert main(["edit", str(tmp_path / "sk"), "--to", str(tmp_path / "x")]) == 1
    assert "edited in place" in capsys.readouterr().err
    assert main(["edit", str(tmp_path / "sk"), "--report"]) == 0
    assert main(["edit", "skirmish", "--to", str(tmp_path / "sk")]) == 1   # sources there
    assert "--force" in capsys.readouterr().err
