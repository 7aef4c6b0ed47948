"""Paths of Glory: the built module's map is the printed Deluxe map (issue 17).

Every space, line, restriction, nation, side, terrain, fort, VP, port, capital and supply source
of the printed map (expected facts in ``tools/pog_printed_map.py``, restated from the public
facts of the printed map) is checked on the module as built and loaded by
``engine.modules.open_module``. Where the rulebook speaks and disagrees, the rulebook wins, and
the test says which rule (``RULEBOOK`` there).
"""
from __future__ import annotations

import copy

import pytest

from tools.pog_printed_map import (RULEBOOK, disagreements,
                                                      expected_lines, expected_spaces)
from engine import modules as resolve


@pytest.fixture(scope="module")
def m():
    return resolve.open_module("paths_of_glory")


@pytest.fixture(scope="module")
def mapped(m):
    spaces = {k: (v.name, dict(v.attrs, terrain=v.terrain))
              for k, v in m.locations.items() if v.kind == "space"}
    lines = [(e.a, e.b, str(e.attrs.get("only") or "")) for e in m.edges]
    return spaces, lines


def test_pog_2_1_the_module_map_is_the_printed_deluxe_map(mapped):
    problems = disagreements(*mapped)
    assert problems == [], f"{len(problems)} disagreements, e.g. {problems[:20]}"


def test_pog_2_1_281_spaces_476_lines_20_restricted(mapped):
    spaces, lines = mapped
    assert len(spaces) == 281 == len(expected_spaces())
    assert len(lines) == 476 == len(expected_lines())
    restricted = {frozenset((a, b)): o for a, b, o in lines if o}
    assert len(restricted) == 20
    assert restricted[frozenset(("london", "calais"))] == "BR"          # PoG 11.1.4
    assert restricted[frozenset(("taranto", "valona"))] == "IT"         # PoG 12.1.10
    assert set(restricted[frozenset(("aqaba", "medina"))].split()) == {"ANA", "TU"}
    assert {k for k in restricted if "caucasus" in k} == {
        frozenset(("caucasus", s)) for s in ("grozny", "poti", "odessa", "uman")}


def test_pog_11_1_10_each_mef_box_joins_one_space(m, mapped):
    spaces, lines = mapped
    joins = {}
    for a, b, _ in lines:
        for box, other in ((a, b), (b, a)):
            if spaces[box][1].get("mef"):
                joins.setdefault(box, []).append(other)
    assert joins == {"mef1": ["gallipoli"], "mef2": ["cana_kale"], "mef3": ["izmir"],
                     "mef4": ["adana"]}


def test_pog_printed_forts_odessa_and_trieste_3_riga_3_paris_1(mapped):
    spaces, _ = mapped
    forts = {k: a.get("fort") for k, (_n, a) in spaces.items() if a.get("fort")}
    assert forts["odessa"] == forts["trieste"] == forts["riga"] == 3
    assert forts["paris"] == 1 and forts["verdun"] == 3                 # PoG 15.2.1
    assert len(forts) == 34


def test_pog_3_0_14_2_3_11_1_13_the_rulebook_wins_over_the_map_facts(mapped):
    spaces, _ = mapped
    assert spaces["brussels"][1]["capital"] is True                     # PoG 3.0
    assert spaces["salonika"][1]["supply"] == "SB"                      # PoG 14.2.3
    assert spaces["kermanshah"][1]["nation"] == "PE"                    # PoG 11.1.13
    assert set(RULEBOOK) == {("brussels", "capital"), ("salonika", "supply"),
                             ("kermanshah", "nation")}


def test_pog_5_7_2_standard_vp_set_follows_from_the_printed_historical_one(mapped):
    spaces, _ = mapped
    hist = {k for k, (_n, a) in spaces.items() if a.get("vp_historical")}
    base = {k for k, (_n, a) in spaces.items() if a.get("vp")}
    assert hist - base == {"kovno", "sedan", "amiens", "koblenz", "aachen"}
    assert base - hist == {"ahwaz", "venice", "minsk", "jerusalem", "kharput"}


def test_pog_16_4_6_seven_russian_vp_spaces_besides_baku_in_both_sets(mapped):
    spaces, _ = mapped
    for key in ("vp", "vp_historical"):
        ru = {k for k, (_n, a) in spaces.items() if a.get(key) and a.get("nation") == "RU"}
        assert "baku" in ru and len(ru - {"baku"}) == 7, (key, ru)


BREAKS = [  # (what, how to break a copy of the module's map) — each must be reported
    ("terrain", lambda s, l: s["odessa"][1].update(terrain="mountain")),
    ("fort", lambda s, l: s["trieste"][1].update(fort=2)),
    ("vp", lambda s, l: s["cluj"][1].update(vp_historical=False)),
    ("nation", lambda s, l: s["libya"][1].update(nation="LY")),
    ("side", lambda s, l: s["libya"][1].update(map_side="AP")),
    ("starting control", lambda s, l: s["rome"][1].update(control="AP")),
    ("port", lambda s, l: s["libau"][1].update(port_side="AP")),
    ("capital", lambda s, l: s["brussels"][1].update(capital=False)),
    ("supply", lambda s, l: s["salonika"][1].update(supply="")),
    ("map", lambda s, l: s["bursa"][1].update(region="east")),
    ("name", lambda s, l: s.update(plevna=("Pleven", s["plevna"][1]))),
    ("missing space", lambda s, l: s.pop("tirana")),
    ("extra space", lambda s, l: s.update(brest=("Brest", {}))),
    ("missing line", lambda s, l: l.remove(next(x for x in l if {x[0], x[1]} == {"orsha", "minsk"}))),
    ("extra line", lambda s, l: l.append(("kishinev", "odessa", ""))),
    ("restriction", lambda s, l: l.append(l.pop(next(i for i, x in enumerate(l)
                                                      if {x[0], x[1]} == {"kiev", "kharkov"}))[:2] + ("",))),
]


@pytest.mark.parametrize("what,brk", BREAKS, ids=[b[0] for b in BREAKS])
def test_pog_2_1_a_broken_fact_is_reported(mapped, what, brk):
    spaces, lines = copy.deepcopy(mapped[0]), list(mapped[1])
    brk(spaces, lines)
    assert len(disagreements(spaces, lines)) >= 1, what
