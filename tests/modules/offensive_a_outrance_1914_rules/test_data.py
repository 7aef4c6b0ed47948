"""Data the enforced rules read, checked against the rulebook (rule numbers in the names)."""
from __future__ import annotations

from engine.modules import open_module

MID = "offensive_a_outrance_1914"


def placements(scenario: str, type_id: str):
    return [p for p in open_module(MID).scenarios[scenario].placements if p.piece_type == type_id]


def test_oao_30_belgien_loc_units_arrive_on_gt_5_7_9_and_11():
    """Schedule 7.2.2 (Italian text 30.x, GT 5-11): BELGIEN (LOC) arrives at 58.28 on GT 5 and at
    54.23 or 58.28 on GT 7, 9 and 11 — four units, one per GT (the module once brought all four on
    GT 5 at 58.28)."""
    rows = sorted(placements("campaign", "DE-loc-BELGIEN"), key=lambda p: p.turn)
    assert [(p.turn, p.location, p.count, p.attrs.get("alt", "")) for p in rows] == [
        (5, "58.28", 1, ""), (7, "54.23", 1, "58.28"), (9, "54.23", 1, "58.28"), (11, "54.23", 1, "58.28")]


def test_oao_25_4_belgien_depot_arrives_gt_5_on_the_brussel_liege_line():
    (row,) = placements("campaign", "DE-depot-BELGIEN")
    assert (row.turn, row.location) == (5, "58.28")


def test_oao_5_2_every_army_has_an_owner_only_organization_display():
    module = open_module(MID)
    orgs = [l for l in module.locations.values() if l.id.startswith("org:")]
    assert len(orgs) == 25
    assert all(l.visibility == "owner" and l.owner in ("allied", "german") for l in orgs)
    assert {l.attrs["army"] for l in orgs} >= {"FR1", "FR5", "BEF", "BELGA", "DE1", "DE7", "BELGIEN"}


def test_oao_1_1_loc_formations_have_assignment_markers():
    module = open_module(MID)
    assert module.piece_types["AM-DE-locf-5_B_Lw"].attrs["unit"] == "DE-locf-5_B_Lw"
