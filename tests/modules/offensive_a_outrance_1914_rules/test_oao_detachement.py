"""17.2 The French Détachement d'Armée: it works as an army, but in the friendly Assignment
Phase it may be deactivated when no Formation is assigned to it (17.2.2) and activated again from
the next GT on any friendly operational RR hex (17.2.1); in GT 10 the Ninth Army replaces it,
placed on any friendly operational RR hex if the Détachement was deactivated (17.2.2, second)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import assign, org, prelim

from .positions import all_rail, blank, do, fresh, game, legal_verbs, marker, refused, top, unit

DET_DEPOT = "FR-depot-Det_d_Armee"
DEPOT_HEX = "46.48"


def _assignment(pos) -> None:
    pos.call("assignment", side="allied")
    assert top(pos)["state"] == "assignment"


def _detachement(gt: int = 5, formation: bool = False):
    pos = blank("campaign", gt=gt)
    all_rail(pos)
    depot = unit(pos, DET_DEPOT, DEPOT_HEX)
    unit(pos, "FR-depot-TERZA", "46.41")                      # a neighbouring army with a depot
    d = unit(pos, "FR-54r", "46.47", army="DET" if formation else "FR3", corps="")
    return pos, depot, d


def test_oao_17_2_2_a_detachement_with_a_formation_assigned_is_not_deactivated():
    pos, depot, d = _detachement(formation=True)
    _assignment(pos)
    assert "deactivate" not in legal_verbs(pos)
    assert refused(pos, f"allied: deactivate depot=#{depot}", "17.2.2")
    pos.push(f"allied: to_army marker=#{marker(pos, d)} army=FR3")      # the display emptied (5.2)
    assert "deactivate" in legal_verbs(pos)


def test_oao_17_2_2_deactivation_removes_the_depot_and_its_army_marker_until_the_next_gt():
    """17.2.2: removed from the map in the friendly Assignment Phase; no unit may be assigned to
    it while deactivated; it is available for activation from the GT after (17.2.1 not in the
    same phase)."""
    pos, depot, d = _detachement()
    _assignment(pos)
    assert "DET" in org.army_markers(game(pos), "allied")
    pos.push(f"allied: deactivate depot=#{depot}")
    g = game(pos)
    assert pos.where(depot) == "box:held" and "DET" not in org.army_markers(g, "allied")
    assert not org.army_aoa(g, "allied", "DET")                          # no Area of Assignment
    assert "activate" not in legal_verbs(pos)
    assert refused(pos, f"allied: activate depot=#{depot} to=@{DEPOT_HEX}", "17.2.2")
    assert refused(pos, f"allied: to_army marker=#{marker(pos, d)} army=DET", "17.2.2")
    assert refused(pos, f"allied: deactivate depot=#{depot}", "17.2")


def test_oao_17_2_1_activation_on_a_friendly_operational_rr_hex_the_display_in_use_at_once():
    """17.2.1: in a later friendly Assignment Phase the depot is placed on any friendly
    operational RR hex (never a hex off the railway), with its Army marker; units may be
    assigned to it at once."""
    pos, depot, d = _detachement()
    _assignment(pos)
    pos.push(f"allied: deactivate depot=#{depot}")
    pos.push("allied: done")
    pos.set("turn", 6)
    _assignment(pos)
    g = game(pos)
    offered = {str(a["to"]) for a in pos.session.legal_actions() if a.verb == "activate"}
    assert offered and offered <= set(g.get("rail_allied")) and DEPOT_HEX in offered
    off_rail = next(h for h in g.board.nbrs["30.40"] if h not in g.board.rail and h in g.board.land)
    assert refused(pos, f"allied: activate depot=#{depot} to=@{off_rail}", "17.2.1")
    to = "30.40" if "30.40" in offered else sorted(offered)[0]
    pos.push(f"allied: activate depot=#{depot} to=@{to}")
    g = game(pos)
    assert pos.where(depot) == to and g.loc(org.army_markers(g, "allied")["DET"]) == to
    assert not g.prop(depot, "deactivated")
    assert any(a.verb == "to_army" and a["army"] == "DET" and a["marker"] == marker(pos, d)
               for a in pos.session.legal_actions())
    pos.push(f"allied: to_army marker=#{marker(pos, d)} army=DET")
    assert game(pos).army(d) == "DET"


def test_oao_17_2_2_a_deactivated_detachement_at_gt_10_the_ninth_army_depot_goes_on_any_rr_hex():
    """17.2.2 (second): in GT 10 the Détachement leaves the game; if it was deactivated, the
    NONA depot is placed on any friendly operational RR hex (16.1's placement: the player's
    choice) instead of where the Détachement's depot stood."""
    pos = fresh("campaign")
    det = next(p for p, piece in pos.state.pieces.items() if piece.type == DET_DEPOT)
    nona = next(p for p, piece in pos.state.pieces.items() if piece.type == "FR-depot-NONA")
    pos.set("turn", 8)
    do(pos, "deactivated in GT 8", lambda g: assign.deactivate(g, det))
    all_rail(pos)
    pos.set("turn", 10)
    st = pos.session.ruleset.machine.table["preliminary"]
    do(pos, "GT 10", lambda g: st.substitutions(g, {"side": "allied"}))
    assert pos.where(det) == "withdrawn" and pos.where(nona) == "reinforcements"
    g = game(pos)
    assert not any(piece.type == "M-army_plan" and piece.props.get("army") == "DET" and piece.loc != "withdrawn"
                   for piece in g.state.pieces.values())
    opts = prelim.placement_options(g, nona)
    assert opts and set(opts) <= set(g.get("rail_allied")) and nona in prelim.arriving(g, "allied")


def test_oao_17_2_1_in_the_race_to_the_sea_the_detachement_is_activated_within_two_hexes_of_the_edge():
    """31.1 exclusive rule: in the Race to the Sea the Détachement d'Armée's depot stays within
    two hexes of the map edge, so it is activated there (17.2.1)."""
    pos = blank("race_to_the_sea", gt=16)
    all_rail(pos)
    depot = pos.place(DET_DEPOT, "box:held", deactivated=15)
    _assignment(pos)
    g = game(pos)
    offered = {str(a["to"]) for a in pos.session.legal_actions() if a.verb == "activate"}
    band = assign.near_map_edge(g, 2)
    assert offered and offered <= band
    inland = next(h for h in sorted(g.get("rail_allied")) if h not in band and prelim.free_hex(g, h, "allied"))
    assert refused(pos, f"allied: activate depot=#{depot} to=@{inland}", "17.2.1")
