"""Issue 18, friction 2: each module declares how its counters are printed (the
``counter_layout`` table, docs/source-format.md); engine.counter_layout reads it."""
from __future__ import annotations

import dataclasses

import pytest

from engine.counter_layout import TABLE_ID, CounterLayouts, parse_selector, problems
from engine.model import Axis, Face, Module, PieceType, Table

COLS = ("pieces", "value", "place", "label", "format")


def layout_table(rows):
    return Table(TABLE_ID, "How the counters are printed", Axis("layout", tuple(r[0] for r in rows)),
                 Axis("field", COLS), tuple(tuple(r[1:]) for r in rows))


def module_with(rows, *types):
    return Module("m", "M", piece_types={t.id: t for t in types}, tables={TABLE_ID: layout_table(rows)})


BN = PieceType("bn", "Battalion", unit_type="infantry", attrs={"elite": True, "guns": 0},
               faces=(Face("full", {"morale": 4, "ma": 6, "cf": 3, "mg": 2}), Face("reduced", {"cf": 2, "mg": 1})))
ART = PieceType("art", "Battery", unit_type="artillery", faces=(Face("front", {"bf": 5, "range": 8}),))


def test_values_follow_the_declared_order_and_places_not_the_stored_order():
    cl = CounterLayouts.from_module(module_with([
        ("inf", "kind=unit", "cf", "bottom", "Combat Factor", ""),
        ("inf", "", "mg", "bottom", "Machine-gun Factor", ""),
        ("inf", "", "ma", "bottom", "Movement Allowance", ""),
        ("inf", "", "morale", "top_right", "Morale", ""),
        ("inf", "", "@elite", "top_left", "Elite", "*"),
        ("inf", "", "@guns", "right", "Guns", "x{}")], BN))
    assert cl.places(BN, 0) == {"bottom": "3-2-6", "top_right": "4", "top_left": "*"}
    # the reduced face lacks MA and morale: left out; a 0 attribute is not printed
    assert cl.places(BN, 1) == {"bottom": "2-1", "top_left": "*"}
    assert [p.slot.label for p in cl.printed(BN, 0)] == ["Combat Factor", "Machine-gun Factor",
                                                         "Movement Allowance", "Morale", "Elite"]


def test_the_first_matching_layout_wins():
    rows = [("art", "unit_type=artillery", "range", "bottom", "Range", ""),
            ("any", "", "cf", "bottom", "Combat Factor", "")]
    cl = CounterLayouts.from_module(module_with(rows, BN, ART))
    assert cl.layout_for(ART).id == "art" and cl.layout_for(BN).id == "any"
    assert cl.places(ART) == {"bottom": "8"}


def test_without_a_declaration_every_face_value_is_printed_in_stored_order():
    cl = CounterLayouts.from_module(Module("m", "M", piece_types={"bn": BN}))
    assert cl.places(BN) == {"bottom": "4-6-3-2"}


def test_selectors():
    assert parse_selector("kind=unit unit_type=a|b") == (("kind", frozenset({"unit"})),
                                                          ("unit_type", frozenset({"a", "b"})))
    with pytest.raises(ValueError, match="field=value"):
        parse_selector("kind")


def test_problems_name_the_row_and_what_is_wrong():
    m = module_with([("inf", "kind=unit", "cf", "sideways", "Combat Factor", ""),
                     ("inf", "", "zz", "bottom", "Zed", ""),
                     ("never", "unit_type=cavalry", "cf", "bottom", "Combat Factor", ""),
                     ("bad", "kind", "cf", "bottom", "x", "")], BN)
    found = problems(m)
    assert any("row 1 (inf)" in p and "'sideways'" in p for p in found)
    assert any("no piece type it is for has face value 'zz'" in p for p in found)
    assert any("layout 'never' is used by no piece type" in p for p in found)
    assert any("row 4 (bad)" in p and "field=value" in p for p in found)
    extra = dataclasses.replace(m, tables={TABLE_ID: Table(TABLE_ID, "t", Axis("layout", ()),
                                                           Axis("field", ("value", "where")), ())})
    assert any("unknown column 'where'" in p for p in problems(extra))


@pytest.mark.parametrize("module_id", ["paths_of_glory", "grand_illusion", "offensive_a_outrance_1914",
                                       "strafexpedition_1916", "france_1944"])
def test_every_builtin_module_declares_its_counters_without_problems(module_id):
    from engine.modules import open_module
    m = open_module(module_id)
    assert TABLE_ID in m.tables
    assert problems(m) == []
    cl = CounterLayouts.from_module(m)
    units = [t for t in m.piece_types.values() if t.kind in ("unit", "hq", "fort")]
    assert units and all(cl.layout_for(t) is not None for t in units), "every unit has a declared layout"


@pytest.mark.parametrize("module_id, piece, face, expected", [
    # Strafexpedition 2.2.1 / scenario notation "Alpini 3-2-6": CF-MG-MA, morale on its badge
    ("strafexpedition_1916", "it_alp_val_leogra", 0, {"bottom": "3-2-6", "top_right": "4"}),
    # Strafexpedition 20.1: fortress rows BF-Range / Trench level-Morale / CF-MG-MA
    ("strafexpedition_1916", "it_fort_campomolon", 0, {"top": "0-0", "middle": "2-3", "bottom": "1-1-0"}),
    # Strafexpedition 15.0/8.1: HQ initiative first, then command radius
    ("strafexpedition_1916", "it_hq_taro", 0, {"bottom": "3-3"}),
    # 1914 OaO 2.3: AS-PR-DS along the bottom, AV apart (not the stored AS-AV-DS-PR)
    ("offensive_a_outrance_1914", "FR-1_1", 0, {"bottom": "13-5-12", "top_left": "4"}),
    # Paths of Glory 2.2.1: CF-LF-MF; BEF asterisk (17.1.7) and dot (12.4.7)
    ("paths_of_glory", "br_bef", 0, {"bottom": "3-3-3", "top_right": "*", "right": "●"}),
    # Grand Illusion 2.4: CS-MA ("5-2"), set-up hex top right
    ("grand_illusion", "FR-I", 0, {"bottom": "6-2", "top_right": "46"}),
    # France 1944 3.4: set-piece, mobile, MPA; morale apart; untested asterisk (3.10)
    ("france_1944", "US-III*", 0, {"bottom": "6-3-3", "top_right": "1", "top_left": "*"}),
])
def test_counter_text_matches_the_declared_layout(module_id, piece, face, expected):
    from engine.modules import open_module
    m = open_module(module_id)
    assert CounterLayouts.from_module(m).places(m.piece_types[piece], face) == expected
