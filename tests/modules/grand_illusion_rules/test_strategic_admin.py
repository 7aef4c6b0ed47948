"""Strategic Movement (10.0) and the Administrative Phase (11.0): supply, attrition, recovery."""
from __future__ import annotations

from engine import commands as C
from engine.testing import legal, refused
from modules.grand_illusion.rules import supply

from .positions import S3, control, empty, ids, note_lines, path, put, verbs, where


def _sm(pos, side, cap=3):
    pos.set(f"{side}_cap", cap)
    pos.call("strategic", side=side)


def test_gi_10_3_no_rail_movement_on_turns_1_and_2():
    pos = empty(turn=2)
    put(pos, "FR-I", "46")
    _sm(pos, "allied")
    assert verbs(pos) == {"done"}


def test_gi_10_2_rail_movement_up_to_ten_hexes_1_cap_a_unit():
    pos = empty(turn=4)
    a = put(pos, "FR-I", "46")
    _sm(pos, "allied")
    pos.push(f"allied: select unit=#{a}")
    rails = [x for x in pos.session.legal_actions() if x.verb == "rail"]
    assert rails and max(len(x["path"]) for x in rails) <= 10
    pos.push(rails[0])
    assert where(pos, a) == str(rails[0]["path"][-1]) and pos.state.get("allied_cap") == 2


def test_gi_10_1_ha_never_and_10_3_belgians_never_move_strategically():
    pos = empty(turn=4)
    ha = put(pos, "GE-HA420", "86")
    be = put(pos, "BE-I", "62")
    _sm(pos, "german")
    refused(pos.session, f"german: select unit=#{ha}", "GI 10.1")
    pos.push("german: done")
    _sm(pos, "allied")
    refused(pos.session, f"allied: select unit=#{be}", "GI 10.3")


def test_gi_10_3_british_pass_through_paris_never_stop_there():
    pos = empty(turn=4)
    br = put(pos, "BR-1", "18")
    _sm(pos, "allied")
    pos.push(f"allied: select unit=#{br}")
    dests = {str(x["path"][-1]) for x in pos.session.legal_actions() if x.verb == "rail"}
    assert "19" not in dests and "20" in dests


def test_gi_10_4_sea_movement_west_between_named_ports():
    pos = empty(turn=4)
    br = put(pos, "BR-1", "23")
    _sm(pos, "allied")
    pos.push(f"allied: select unit=#{br}")
    ports = {str(x["port"]) for x in pos.session.legal_actions() if x.verb == "sea"}
    assert ports == {"1", "7", "14"}
    pos.push("allied: sea port=@7 unit=#{}".format(br))
    assert where(pos, br) == "7"


def test_gi_10_3_limited_german_rail_through_converted_hexes_before_turn_5():
    pos = empty(turn=4)
    control(pos, h73="german", h64="german", h63="german")
    g = put(pos, "GE-II", "81")
    _sm(pos, "german")
    pos.push(f"german: select unit=#{g}")
    dests = {str(x["path"][-1]) for x in pos.session.legal_actions() if x.verb == "rail"}
    assert not dests & {"73", "64", "63"}
    pos = empty(turn=5)
    control(pos, h72="german", h73="german")
    g = put(pos, "GE-II", "81")
    _sm(pos, "german")
    pos.push(f"german: select unit=#{g}")
    dests = {str(x["path"][-1]) for x in pos.session.legal_actions() if x.verb == "rail"}
    assert "72" in dests


def test_gi_8_4_9_box_b_one_french_corps_to_paris_free_in_the_emergency_turn():
    pos = empty(turn=4, gi_pd_turn=4)
    c = put(pos, "FR-I", "46")
    _sm(pos, "allied", cap=0)
    pos.push(f"allied: select unit=#{c}")
    free = [x for x in pos.session.legal_actions() if x.verb == "rail_to_paris"]
    assert free
    pos.push(free[0])
    assert where(pos, c) == "19" and pos.state.get("allied_cap") == 0


# -- the Administrative Phase --------------------------------------------------------------------
def test_gi_11_2_1_supply_determination_and_11_2_6_attrition():
    pos = empty(turn=6)
    a = put(pos, "FR-I", "95")                    # cut off in Germany
    b = put(pos, "FR-III", "95", face=1)
    hq = put(pos, "FR-HQ5", "95")
    ok = put(pos, "FR-X", "46")
    control(pos, h95="german")
    pos.call("turn", step=12)                     # D supply, E attrition, F recovery...
    assert pos.face(a) == 1                        # DG by attrition
    assert where(pos, b) == "box-eliminated-allied"
    assert pos.face(hq) == 1 and pos.face(ok) == 0
    assert "oos" in pos.state.pieces[a].markers and "oos" not in pos.state.pieces[ok].markers


def test_gi_11_2_7_supplied_units_recover_limited_where_the_enemy_stands():
    pos = empty(turn=6, gi_gr_allied=3, gi_gr_german=4)
    dgs = [put(pos, t, "87", face=1) for t in ("FR-I", "FR-III")]
    put(pos, "GE-II", "87")
    free = put(pos, "FR-X", "46", face=1)
    pos.call("turn", step=14)                     # segment F, the Allied side first?
    while pos.session.prompt().kind != "recovery":
        pos.push(f"{pos.session.prompt().side}: done")
    assert pos.face(free) == 0
    assert pos.session.prompt().side == "allied"
    pos.push(f"allied: recover unit=#{dgs[0]}")   # 1-2 supplied units: one recovers
    assert sorted(pos.face(p) for p in dgs) == [0, 1]


def test_gi_11_2_1_c_german_emergency_supply_through_44():
    pos = empty(turn=4)
    put(pos, "FT-MAUBEUGE", "54")
    control(pos, h44="german", h34="german", h33="german")
    g = put(pos, "GE-II", "34")
    ge = pos.session.ruleset.game(pos.state)
    assert supply.status(ge, g) == "emergency"
    pos.call("turn", step=12)
    assert pos.face(g) == 0                        # emergency: no attrition DG


def test_gi_11_2_1_d_rail_net_ends_removed_at_turn_5_after_namur_fell():
    pos = empty(turn=5)                            # no Namur fort on this board: it has fallen
    assert pos.state.get("gi_rail_end_placed")
    pos.call("turn", step=12)
    assert pos.state.get("gi_rail_end_placed") is False
    assert "The Rail Net Ends marker is removed from 56 (11.2.1 d)" in note_lines(pos)
