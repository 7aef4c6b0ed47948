"""Paths of Glory Replacement Phase (17.1, 6.0 F) on hand-built positions."""
from __future__ import annotations

import pytest

from engine.rules import Action, IllegalAction

from modules.paths_of_glory.rules import replacements

from .conftest import (clear, control, edit, first, fresh, isolate, put, run, setg,
                       start_phase)


def rp_phase(s, side="AP", **rp):
    """Phase F with the given RP; for the CP the Allies pass first (F.1 then F.2)."""
    setg(s, **{f"rp_{k}": v for k, v in rp.items()})
    start_phase(s, "phase_replacement")
    if side == "CP":
        s.push(Action("done", "AP"))
    assert s.prompt().side == side and s.prompt().kind == "replacements"


def refused(s, action) -> str:
    with pytest.raises(IllegalAction) as exc:
        s.push(action)
    return exc.value.violation.rule


def test_pog_17_1_4_flip_a_reduced_army_for_1_rp():
    s = fresh()
    army = first(s, "ge_7a", "mulhouse")
    assert s.state.pieces[army].face == 1
    rp_phase(s, "CP", ge=1)
    flip = Action("rp_flip", "CP", unit=army)
    assert flip in list(s.legal_actions())
    s.push(flip)
    assert s.state.pieces[army].face == 0 and s.state.globals["rp_ge"] == 0


def test_pog_17_1_4_two_reduced_corps_for_1_rp():
    s = fresh()
    a, b = first(s, "ge_corps", "bremen"), first(s, "ge_corps", "oppeln")
    c = put(s, "ge_corps", "berlin", face=1)
    rp_phase(s, "CP", ge=1)
    s.push(Action("rp_flip", "CP", unit=a))
    s.push(Action("rp_flip", "CP", unit=b))
    assert s.state.pieces[a].face == 0 and s.state.pieces[b].face == 0
    assert refused(s, Action("rp_flip", "CP", unit=c)) == "PoG 17.1.1"


def test_pog_17_1_1_1_allied_rp_serve_the_minor_nations_only():
    s = fresh()
    be = put(s, "be_corps", "ostend", face=1)
    fr = put(s, "fr_corps", "paris", face=1)
    rp_phase(s, "AP", fr=2)
    assert refused(s, Action("rp_flip", "AP", unit=be)) == "PoG 17.1.1.1"
    s.push(Action("rp_flip", "AP", unit=fr))
    s = fresh()
    be = put(s, "be_corps", "ostend", face=1)
    rp_phase(s, "AP", a=1)
    s.push(Action("rp_flip", "AP", unit=be))
    assert s.state.pieces[be].face == 0


def test_pog_17_1_7_asterisk_units_are_never_replaced():
    s = fresh()
    clear(s, "brussels")
    bef = put(s, "br_bef", "amiens", face=1)
    rp_phase(s, "AP", br=3)
    assert refused(s, Action("rp_flip", "AP", unit=bef)) == "PoG 17.1.7"


def test_pog_17_1_3_enemy_held_capital_stops_the_nations_rp():
    s = fresh()
    fr = put(s, "fr_corps", "orleans", face=1)
    clear(s, "paris")
    control(s, "paris", "CP")
    rp_phase(s, "AP", fr=2)
    assert refused(s, Action("rp_flip", "AP", unit=fr)) == "PoG 17.1.3"


def test_pog_17_1_2_unspent_rp_are_lost():
    s = fresh()
    rp_phase(s, "AP", fr=2, br=1)
    s.push(Action("done", "AP"))
    assert s.state.globals["rp_fr"] == 0 and s.state.globals["rp_br"] == 0
    assert s.prompt().side == "CP"                     # F.2 follows F.1
    s.push(Action("done", "CP"))
    assert not s.state.globals["pog_stack"]


def test_pog_17_1_4_rebuild_eliminated_corps_into_the_reserve_box():
    s = fresh()
    corps = put(s, "ge_corps", "eliminated:CP")
    put(s, "ge_corps", "eliminated:CP")
    rp_phase(s, "CP", ge=2)
    legal = [a for a in s.legal_actions() if a.verb == "rp_corps"]
    assert len(legal) == 2                             # one pid per type, full or reduced
    s.push(Action("rp_corps", "CP", unit=corps, strength="full"))
    assert s.state.pieces[corps].loc == "reserve:CP" and s.state.pieces[corps].face == 0
    assert s.state.globals["rp_ge"] == 1


def test_pog_17_1_5_rebuilt_army_goes_to_capital_or_supply_source():
    s = fresh()
    army = put(s, "ge_9a", "eliminated:CP")
    rp_phase(s, "CP", ge=2)
    places = {a["loc"] for a in s.legal_actions() if a.verb == "rp_army"}
    assert places == {"berlin", "essen", "breslau"}
    assert refused(s, Action("rp_army", "CP", unit=army, loc="metz", strength="full")) == "PoG 17.1.5"
    s.push(Action("rp_army", "CP", unit=army, loc="berlin", strength="full"))
    assert s.state.pieces[army].loc == "berlin" and s.state.globals["rp_ge"] == 0


def test_pog_17_1_5_serbian_army_not_at_belgrade_while_nis_is_cp():
    s = fresh()
    put(s, "sb_1a", "eliminated:AP")
    clear(s, "belgrade")
    control(s, "nis", "CP")
    rp_phase(s, "AP", a=2)
    assert not [a for a in s.legal_actions() if a.verb == "rp_army"]


def test_pog_17_1_4_1_no_replacements_through_sofia_for_germans():
    s = fresh()
    control(s, "sofia", "CP")
    isolate(s, "sofia", "AP")
    ge = put(s, "ge_corps", "sofia", face=1)
    assert run(s, lambda g: replacements.supply.unit_in_supply(g, ge))
    rp_phase(s, "CP", ge=1)
    assert Action("rp_flip", "CP", unit=ge) not in list(s.legal_actions())
    assert refused(s, Action("rp_flip", "CP", unit=ge)) == "PoG 17.1.4.1"


def test_pog_14_1_oos_units_are_not_flipped():
    s = fresh()
    ru = put(s, "ru_corps", "warsaw", face=1)
    isolate(s, "warsaw", "CP")
    rp_phase(s, "AP", ru=1)
    assert refused(s, Action("rp_flip", "AP", unit=ru)) == "PoG 14.1"


def test_pog_17_1_6_ana_corps_rebuilt_in_arabia():
    s = fresh()
    ana = put(s, "ana_corps", "eliminated:AP")
    rp_phase(s, "AP", a=1)
    s.push(Action("rp_corps", "AP", unit=ana, strength="reduced"))
    assert s.state.pieces[ana].loc == "arabia" and s.state.pieces[ana].face == 1


def test_pog_17_1_6_ana_corps_not_rebuilt_into_enemy_units_in_arabia():
    """Fuzz seed 7 (optional cards): a rebuild into a Turkish-held Arabia broke 10.1.5."""
    s = fresh()
    ana = put(s, "ana_corps", "eliminated:AP")
    put(s, "tu_corps", "arabia")
    rp_phase(s, "AP", a=1)
    offered = [a for a in s.legal_actions() if a.verb == "rp_corps" and a.get("unit") == ana]
    assert not offered
    assert refused(s, Action("rp_corps", "AP", unit=ana, strength="reduced")) == "PoG 17.1.6"
    assert s.state.pieces[ana].loc == "eliminated:AP"


def test_pog_16_4_7_at_most_one_ru_rp_after_bolshevik_revolution():
    s = fresh()
    setg(s, russian_capitulation="bolshevik_revolution")
    rp_phase(s, "AP", ru=3)
    assert s.state.globals["rp_ru"] == 1


def test_pog_17_1_8_us_rp_after_over_there():
    s = fresh()
    setg(s, us_entry="over_there")
    edit(s, "Allied RP recorded", lambda g: replacements.record_rp(g, "AP", {"br": 2}))
    assert s.state.globals["rp_br"] == 2 and s.state.globals["rp_us"] == 1
    s = fresh()
    edit(s, "Allied RP recorded", lambda g: replacements.record_rp(g, "AP", {"br": 2}))
    assert not s.state.globals.get("rp_us")


def test_pog_17_1_wrong_side_and_foreign_units_are_refused():
    s = fresh()
    army = first(s, "ge_7a", "mulhouse")
    rp_phase(s, "AP", fr=2)
    assert refused(s, Action("rp_flip", "CP", unit=army)) == "PoG 8.1"
    assert refused(s, Action("rp_flip", "AP", unit=army)) == "PoG 17.1.4"


def test_pog_17_1_3_belgian_and_serbian_units_are_exempt():
    s = fresh()
    sb = put(s, "sb_corps", "eliminated:AP")
    clear(s, "belgrade")
    control(s, "belgrade", "CP")
    rp_phase(s, "AP", a=1)
    s.push(Action("rp_corps", "AP", unit=sb, strength="full"))     # into the Reserve Box
    assert s.state.pieces[sb].loc == "reserve:AP"


def test_pog_17_1_5_belgian_army_falls_back_to_calais():
    s = fresh()
    be = put(s, "be_1a", "eliminated:AP")
    for loc in ("brussels", "antwerp", "ostend"):
        clear(s, loc)
        control(s, loc, "CP")
    rp_phase(s, "AP", a=2)
    assert {a["loc"] for a in s.legal_actions() if a.verb == "rp_army"} == {"calais"}
    s.push(Action("rp_army", "AP", unit=be, loc="calais", strength="reduced"))
    assert s.state.pieces[be].loc == "calais" and s.state.pieces[be].face == 1


def test_pog_5_7_3_historical_sedan_gives_a_ge_rp():
    s = fresh("historical")
    setg(s, commitment_cp="total_war")
    for loc in ("sedan", "cambrai", "liege"):
        clear(s, loc)
        control(s, loc, "CP")
    rp_phase(s, "CP", ge=1)
    assert s.state.globals["rp_ge"] == 2
