"""4.0 Sequence of play and 28 set-up: the phases in order, who decides each, the Special Joint
Preliminary Phase (4.2.1a), the Final Phase (4.2.9) and the Interphase (4.3)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules.final import interphase_row

from .positions import blank, fresh, game, legal_verbs, top, unit

PASS = ("done", "end", "keep", "resolve_all", "wait")


def advance(pos, stop=lambda pos: False, limit=200) -> list[tuple]:
    """Pass through the decisions (done/end/keep/...; the first legal action otherwise) until
    ``stop``; the (GT, phase, state, deciding side) of each decision met."""
    seen = []
    for _ in range(limit):
        if stop(pos) or pos.session.outcome() is not None:
            break
        st = top(pos)["state"]
        prompt = pos.session.prompt()
        seen.append((pos.state.globals.get("turn"), pos.state.globals.get("phase"), st, prompt.side))
        legal = list(pos.session.legal_actions())
        pick = next((a for v in PASS for a in legal if a.verb == v), legal[0])
        pos.push(pick)
    return seen


def test_oao_4_2_the_phases_of_a_game_turn_in_order_and_who_decides():
    pos = fresh("campaign")
    seen = advance(pos, stop=lambda p: p.state.globals.get("turn") == 2)
    phases = [(ph, side) for _gt, ph, _st, side in seen]
    want = [("Allied Preliminary Phase", "allied"), ("Allied Assignment Phase", "allied"),
            ("Allied Movement Phase", "allied"), ("German Counter-Movement Phase", "german"),
            ("Allied Attack Phase", "allied"), ("German Counterattack Phase", "german"),
            ("German Assignment Phase", "german"), ("German Movement Phase", "german"),
            ("Allied Counter-Movement Phase", "allied"), ("German Attack Phase", "german"),
            ("Allied Counterattack Phase", "allied")]
    assert [p for p in phases if p in want] == want
    assert all(side for _p, side in phases)                 # every prompt names who decides


def test_oao_4_2_5_and_4_2_6_nine_mp_in_movement_five_in_counter_movement():
    pos = fresh("campaign")
    advance(pos, stop=lambda p: top(p)["state"] == "movement")
    assert top(pos)["allowance"] == 9 and not top(pos)["counter"]
    assert "(9 MP)" in pos.session.prompt().text
    pos.push("allied: end")
    assert top(pos)["allowance"] == 5 and top(pos)["counter"]
    assert pos.session.prompt().side == "german"


def test_oao_4_2_1a_joint_preliminary_phase_from_gt_3_plans_abandoned_by_their_own_side():
    pos = fresh("campaign")
    seen = advance(pos, stop=lambda p: top(p)["state"] == "joint_preliminary")
    assert all(st != "joint_preliminary" for gt, _ph, st, _s in seen if gt <= 2)
    assert pos.state.globals["turn"] == 3
    assert pos.session.prompt().side == "allied"
    assert "Special Joint Preliminary Phase" in pos.state.globals["phase"]
    pos.push("allied: keep")
    assert pos.session.prompt().side == "german"            # both players, phasing first
    pos.push("german: keep")
    assert top(pos)["state"] != "joint_preliminary"


def test_oao_4_2_1a_gt_2_activations_happen_in_the_allied_player_turn_for_both_sides():
    pos = fresh("campaign")
    inactive = pos.state.globals.get("inactive_armies", {})
    assert "DE1" in inactive and "FR5" in inactive
    advance(pos, stop=lambda p: p.state.globals.get("turn") == 2 and top(p)["state"] == "assignment")
    assert pos.state.globals["player_turn"] == "allied"
    inactive = pos.state.globals.get("inactive_armies", {})
    assert "DE1" not in inactive and "FR5" not in inactive


def test_oao_4_2_9_cavalry_withdrawal_phasing_first_voluntary_withdrawal_non_phasing_first():
    pos = blank("campaign", gt=10, options={"voluntary_withdrawal": "on"})
    unit(pos, "FR-2c", "44.18", army="FR5")
    unit(pos, "DE-2C", "43.20", army="DE2")
    unit(pos, "DE-11_6", "44.17", army="DE2")
    unit(pos, "FR-1_1", "43.21", army="FR5")
    pos.call("final_phase", side="german")
    order = []
    for _ in range(8):
        if not pos.state.globals["rules_stack"]:
            break
        order.append((top(pos)["state"], pos.session.prompt().side))
        pos.push(f"{pos.session.prompt().side}: done")
    cav = [s for st, s in order if st == "cavalry_withdrawal"]
    vol = [s for st, s in order if st == "voluntary_withdrawal"]
    assert cav[0] == "german"
    assert vol and vol[0] == "allied"


def test_oao_4_3_interphase_after_gt_3_replacements_then_administrative():
    pos = fresh("campaign")
    advance(pos, stop=lambda p: p.state.globals.get("turn") == 3 and p.state.globals.get("player_turn") == "german")
    assert pos.state.globals.get("repl_FR", 0) == 0
    advance(pos, stop=lambda p: p.state.globals.get("turn") == 4)
    g = game(pos)
    row = interphase_row(g, 1)
    assert pos.state.globals["rp_allied"] == round(2 * float(row["rp_allied"]))     # Administrative Segment
    assert pos.state.globals.get("repl_FR", 0) == int(row.get("repl_fr") or 0)      # Replacement Segment


def test_oao_4_1_the_race_to_the_sea_starts_with_the_german_player_turn_of_gt_13():
    pos = fresh("race_to_the_sea")
    assert pos.state.globals["turn"] == 13
    assert pos.state.globals["player_turn"] == "german"


def test_oao_28_set_up_assignment_markers_on_the_displays_army_markers_on_the_map():
    pos = fresh("campaign")
    g = game(pos)
    formations = [p for p in g.units_of("allied") if g.ut(p).am_type]
    assert formations and all(g.am(p) is not None for p in formations)
    assert all(pos.state.pieces[g.am(p)].loc.startswith("org:") for p in formations)
    armies = {pos.state.pieces[p].props.get("army") for p, pc in pos.state.pieces.items()
              if pc.type == "M-army_plan" and pc.loc in g.board.hexes}
    assert {"FR1", "FR2", "FR5", "DE1", "DE6"} <= armies
    assert legal_verbs(pos)
