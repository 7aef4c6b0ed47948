"""The editor session: one undo step per edit, exact undo and redo, a failed edit changes
nothing, deterministic saves, problems attached to their elements."""
from __future__ import annotations

import pytest

from engine.container import write_module
from engine.modules import open_module
from engine.source import read_source, source_texts
from tools.editor import (Connect, EditError, EditorSession, Element, PaintTerrain, Place,
                          RemoveLocation, SetCell, SetHexside, SetProvenance)
from tools.editor.problems import element_of


@pytest.fixture
def ed(tmp_path):
    return EditorSession.dump("skirmish", tmp_path / "sk")


def test_undo_and_redo_restore_the_module_byte_for_byte(ed):
    before = write_module(ed.module)
    steps = [PaintTerrain(["0303", "0304"], "forest", provenance="owner's printed map"),
             SetHexside("0505", "0506", {"river": "major"}),
             SetHexside("0303", "0304", {"river": None}),      # a feature removed, mp_cost kept
             SetCell("crt", 1, "1:2", "DR", provenance="owner's printed chart"),
             Place("meeting", "blue-inf", "0101"),
             RemoveLocation("discard")]
    after = []
    for e in steps:
        ed.do(e)
        after.append(write_module(ed.module))
    assert ed.module.locations["0303"].terrain == "forest"
    assert "discard" not in ed.module.locations
    for _ in steps:
        ed.undo()
    assert write_module(ed.module) == before
    assert list(ed.module.locations)[-12] == "discard"     # back at its place
    for i in range(len(steps)):
        ed.redo()
        assert write_module(ed.module) == after[i]
    assert ed.redo() is None


def test_a_refused_edit_changes_nothing_and_is_not_an_undo_step(ed):
    before = write_module(ed.module)
    with pytest.raises(EditError, match="0101 and 0909 are not adjacent"):
        ed.do(SetHexside("0101", "0909", {"river": "minor"}))
    with pytest.raises(EditError, match="is not a hex"):
        ed.do(PaintTerrain(["0303", "deck"], "forest"))    # the first hex was painted, then undone
    with pytest.raises(EditError, match="used by scenario meeting"):
        ed.do(RemoveLocation("0305"))
    assert write_module(ed.module) == before and ed.undo_stack == []


def test_listeners_hear_each_step_and_dirty_follows_saves(ed):
    heard = []
    ed.listeners.append(lambda what, step: heard.append((what, step.label)))
    ed.do(Connect("deck", "discard"))
    ed.undo()
    ed.redo()
    assert heard == [("do", "connect deck and discard"), ("undo", "connect deck and discard"),
                     ("redo", "connect deck and discard")]
    assert ed.dirty
    ed.save()
    assert not ed.dirty
    ed.undo()
    assert ed.dirty


def test_save_writes_the_canonical_folder_and_builds_the_module(ed, tmp_path):
    ed.do(PaintTerrain(["0202"], "town"))
    report = ed.save()
    first = {p: p.read_bytes() for p in report.files}
    assert report.built is not None and report.built.is_file() and report.refused == ""
    assert open_module(str(ed.folder)).locations["0202"].terrain == "town"
    ed.save()                                            # saving again rewrites the same bytes
    assert {p: p.read_bytes() for p in report.files} == first
    texts = source_texts(read_source(ed.folder))
    assert {str(p.relative_to(ed.folder)): d for p, d in first.items()} == {
        k: v.encode() if isinstance(v, str) else v for k, v in texts.items()}


def test_a_module_with_problems_is_saved_and_built_all_the_same(ed):
    ed.do(Place("meeting", "blue-inf", "0101"))        # one more than the counter mix holds
    ed.do(SetProvenance("piece:ghost", "reconstructed: nowhere"))
    report = ed.save()
    assert report.built is not None                    # validate problems do not stop the build
    assert [p.element for p in report.problems] == [Element("scenario", "meeting"),
                                                    Element("provenance", "piece:ghost", (1,))]
    assert read_source(ed.folder).scenarios["meeting"].placements[-1].location == "0101"


def test_problems_are_attached_to_their_elements(ed):
    ed.do(Place("meeting", "red-art", "0101"))         # the counter mix holds one heavy artillery
    assert any(p.element == Element("scenario", "meeting") and "red-art" in p.message
               for p in ed.problems)
    ed.undo()
    ed.do(SetCell("crt", 1, "1:2", "XX"))              # a result the skirmish rules do not know
    crt = ed.problems_at(Element("table", "crt"))
    assert crt and "holds a result other than" in crt[0].message
    m = ed.module
    assert element_of(m, "location #3 (0104)") == Element("location", "0104")
    assert element_of(m, "scenario #0 (meeting) placement #2") == Element("placement", "meeting", (2,))
    assert element_of(m, "edge #1 (0404|0405)") == Element("edge", "0404|0405")
    assert element_of(m, "counter layout", "table counter_layout: row 3 (unit): no value") == \
        Element("cell", "counter_layout", (2, 0))


def test_new_refuses_a_folder_that_holds_a_module(tmp_path):
    EditorSession.dump("skirmish", tmp_path / "sk")
    with pytest.raises(EditError, match="already holds a module"):
        EditorSession.new(tmp_path / "sk", "other")
    with pytest.raises(EditError, match="lower_snake"):
        EditorSession.new(tmp_path / "x", "Bad Id")
