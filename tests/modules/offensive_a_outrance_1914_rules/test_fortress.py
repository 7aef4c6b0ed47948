"""12.0 Fortresses (and 13.0 siege artillery and Siege Train HQs)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import combat, fortress, supply, tasks
from modules.offensive_a_outrance_1914.rules.movement import step_cost

from .positions import (all_rail, attack, battle, blank, do, game, legal_verbs, movement, refused, select, top,
                        unit)

VERDUN = {"47.45": "FR-fortress-Verdun-4745", "47.46": "FR-fortress-Verdun-4746",
          "46.44": "FR-fortress-Verdun-4644", "46.45": "FR-fortress-Verdun-4645"}
LIOUVILLE = ("46.50", "FR-fortress-Liouville-4650")          # Class B, Fortress 1, one level


def verdun(pos) -> dict[str, int]:
    return {h: unit(pos, t, h) for h, t in VERDUN.items()}


def ring_of(pos, hexes) -> list[str]:
    g = game(pos)
    ring = set()
    for h in hexes:
        ring |= set(g.board.nbrs[h])
    return sorted(ring - set(hexes))


GERMANS = ["DE-3_2", "DE-4_2", "DE-5_3", "DE-6_3", "DE-7_4", "DE-8_4", "DE-9_5", "DE-10_5", "DE-11_6", "DE-12_6",
           "DE-13_7", "DE-14_7", "DE-15_8", "DE-16_8", "DE-17_9", "DE-18_9", "DE-19_10", "DE-20_10"]


def invest(pos, hexes) -> None:
    """German units on every hex next to the camp (12.3)."""
    for t, h in zip(GERMANS, ring_of(pos, hexes)):
        unit(pos, t, h, army="DE5")


def test_oao_12_1_1_a_fortress_never_moves_never_attacks_counts_nothing_and_is_always_supplied():
    pos = blank("campaign", gt=10)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    g = game(pos)
    assert g.size_of(f) == 0
    assert supply.fixed_supply(g, f)
    assert combat.can_attack_from(g, f, g.board.nbrs[LIOUVILLE[0]][0], {}).rule.endswith("12.1.1")


def test_oao_12_1_2_zoc_only_with_the_outer_garrison():
    pos = blank("campaign", gt=10)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    n = game(pos).board.nbrs[LIOUVILLE[0]][0]
    assert n in game(pos).zoc("allied")
    pos.flip(f, 1)
    assert n not in game(pos).zoc("allied")


def test_oao_12_1_3_entering_an_enemy_fortress_without_outer_garrison_costs_two_more():
    pos = blank("campaign", gt=10)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0], face=1)
    g = game(pos)
    frm = next(n for n in g.board.nbrs[LIOUVILLE[0]] if not g.board.side[(n, LIOUVILLE[0])].get("river"))
    d = unit(pos, "DE-11_6", frm, army="DE5")
    movement(pos, "german")
    select(pos, d, "german")
    assert step_cost(game(pos), top(pos), frm, LIOUVILLE[0]) == game(pos).board.base_mp[(frm, LIOUVILLE[0])] + 2
    assert f


def test_oao_12_2_1b_a_fortress_alone_counts_one_de_checks_at_cel_11_and_has_a_printed_ip():
    pos = blank("campaign", gt=10)
    all_rail(pos)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    g = game(pos)
    frm = next(n for n in g.board.nbrs[LIOUVILLE[0]] if not g.board.side[(n, LIOUVILLE[0])].get("river"))
    d = unit(pos, "DE-11_6", frm, army="DE5")
    pos.dice(1, 6, [1, 1], [6, 6])                                   # 1:2, white 1: "+3/+3"
    attack(pos, "german", LIOUVILLE[0], [d])
    b = battle(pos)
    assert b["fortress_alone"] and b["def_de4"] == 4
    assert any(s == -2 for _, s in b["shifts"])                     # the printed IP's 2L
    pos.push("german: normal")                                        # no defender intensity (9.8)
    rep = pos.state.globals["combat_report"]
    assert any("Fortress Efficiency Check" in ln.get("what", "") for ln in rep["lines"])
    assert pos.face(f) == 1                                           # 12 + 3 > 11: flipped


def test_oao_12_2_2_verdun_example_a_division_in_the_camp_makes_it_immune():
    """12.2.2 example: the Verdun camp (47.45, 47.46, 46.44, 46.45) Invested, Division Verdun 72r
    in 46.45: no hex of the camp may be attacked (it can still be bombarded)."""
    pos = blank("campaign", gt=10)
    all_rail(pos)
    verdun(pos)
    unit(pos, "FR-Verdun_72_r", "46.45", army="FR3")
    invest(pos, VERDUN)
    g = game(pos)
    assert all(combat.fortress2_immune(g, h, "german") for h in VERDUN)
    pos.call("attack_phase", side="german", phasing="german", counter=False)
    assert refused(pos, "german: attack target=@47.45", "12.2.2")


def test_oao_12_3_invested_camp_no_exit_no_pa():
    pos = blank("campaign", gt=10)
    verdun(pos)
    d = unit(pos, "FR-Verdun_72_r", "46.45", army="FR3")
    invest(pos, VERDUN)
    g = game(pos)
    assert pos.session.ruleset.invested_camp_of(g, "46.45", "allied") == frozenset(VERDUN)
    movement(pos, "allied")
    select(pos, d)
    from .positions import destinations
    assert destinations(pos) <= set(VERDUN)
    german_hex = ring_of(pos, VERDUN)[0]
    near = next(h for h in VERDUN if german_hex in game(pos).board.nbrs[h])
    assert near


def test_oao_12_4_bombardment_once_per_phase_without_an_hq_and_42_cm_needs_one():
    pos = blank("campaign", gt=10, bombard_42=7, bombard_305=25)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    g = game(pos)
    n1, n2 = g.board.nbrs[LIOUVILLE[0]][:2]
    s1 = unit(pos, "DE-siege-3_1", n1, face=1)
    s2 = unit(pos, "DE-siege-1_FsAB_8", n2, face=1)
    big = unit(pos, "DE-siege-3_kMK", n2, face=1)
    unit(pos, "DE-11_6", n1, army="DE5")
    unit(pos, "DE-12_6", n2, army="DE5")
    pos.call("attack_phase", side="german", phasing="german", counter=False)
    assert refused(pos, f"german: bombard fortress=#{f} unit=#{big}", "13.2.2")
    pos.push(f"german: bombard fortress=#{f} unit=#{s1}")
    assert refused(pos, f"german: bombard fortress=#{f} unit=#{s2}", "12.4.1")
    pos.dice(1)                                                       # 21 cm v Class B, 1: one level
    pos.push("german: fire")
    assert pos.where(f) == "eliminated"                               # its only level
    assert "bombard" not in legal_verbs(pos)


def test_oao_12_4_1_a_siege_train_hq_next_to_the_camp_allows_any_number():
    pos = blank("campaign", gt=10, bombard_42=7, bombard_305=25)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    g = game(pos)
    n1, n2 = g.board.nbrs[LIOUVILLE[0]][:2]
    s1 = unit(pos, "DE-siege-3_1", n1, face=1)
    big = unit(pos, "DE-siege-3_kMK", n2, face=1)
    unit(pos, "DE-hq-Siege_Train_1", n2)
    unit(pos, "DE-11_6", n1, army="DE5")
    unit(pos, "DE-12_6", n2, army="DE5")
    pos.call("attack_phase", side="german", phasing="german", counter=False)
    pos.push(f"german: bombard fortress=#{f} unit=#{s1}")
    pos.push(f"german: bombard fortress=#{f} unit=#{big}")
    pos.dice(6, 6)
    pos.push("german: fire")
    assert pos.state.globals["bombard_42"] == 6                       # 13.4: the 42 cm use recorded


def test_oao_12_3_3_the_last_level_of_an_invested_camp_destroyed_its_units_surrender():
    pos = blank("campaign", gt=10, bombard_42=7, bombard_305=25)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    inside = unit(pos, "FR-1_det_81", LIOUVILLE[0], army="FR3")
    invest(pos, [LIOUVILLE[0]])
    g = game(pos)
    n1 = g.board.nbrs[LIOUVILLE[0]][0]
    s1 = unit(pos, "DE-siege-3_1", n1, face=1)
    pos.call("attack_phase", side="german", phasing="german", counter=False)
    pos.push(f"german: bombard fortress=#{f} unit=#{s1}")
    pos.dice(1)
    pos.push("german: fire")
    assert pos.where(f) == "eliminated" and pos.where(inside) == "eliminated"
    assert top(pos)["state"] == "bombard_advance"                     # 12.3.4


def test_oao_12_5_repair_flips_back_and_restores_a_level_outside_an_investment():
    pos = blank("campaign", gt=10)
    f = unit(pos, "FR-fortress-Verdun-4745", "47.45", face=1, lost=2)
    do(pos, "repair", lambda g: fortress.repair(g, "allied"))
    assert pos.face(f) == 0 and pos.state.pieces[f].props["lost"] == 1


def test_oao_13_1_1_siege_artillery_deploys_after_a_whole_phase_stationary():
    pos = blank("campaign", gt=10)
    s = unit(pos, "DE-siege-3_1", "60.50")
    movement(pos, "german")
    select(pos, s, "german")
    pos.push("german: deploy")
    pos.push("german: done")
    assert pos.face(s) == 0
    pos.push("german: end")
    assert pos.face(s) == 1                                           # Deployed at the phase's end


def test_oao_13_1_1_german_42_cm_deploys_only_in_a_movement_phase():
    pos = blank("campaign", gt=10)
    s = unit(pos, "DE-siege-3_kMK", "60.50")
    movement(pos, "german", counter=True)
    select(pos, s, "german")
    assert refused(pos, "german: deploy", "13.1.1")


def test_oao_13_3_prep_bombardment_needs_a_prep_marker_a_pa_and_four_21_cm():
    pos = blank("campaign", gt=10, bombard_prep=5)
    g = game(pos)
    target = sorted(pos.session.ruleset.prep_hexes)[0]
    h = next(n for n in g.board.nbrs[target] if n in pos.session.ruleset.playable(g))
    hq = unit(pos, "DE-hq-Siege_Train_1", h, prep=10)
    unit(pos, "DE-11_6", h, army="DE1", pa=target)
    for t in ("DE-siege-2+3_4", "DE-siege-1+2_6"):
        unit(pos, t, h, face=1)
    unit(pos, "FR-1_1", target, army="FR6")
    frame = {"side": "german", "target": target}
    assert combat.prep_possible(game(pos), frame) == hq
    pos2 = blank("campaign", gt=10, bombard_prep=0)
    assert combat.prep_possible(game(pos2), frame) is None           # 13.4: the limit spent
    assert tasks.PA_COST == 4


def test_oao_12_3_1_an_invested_camp_repairs_no_level_but_still_flips_back():
    """12.3.1: Invested Fortresses cannot repair Strength Levels (12.5 (2)); 12.5 (1): a Fortress
    stacked with a friendly unit still flips back to its front."""
    pos = blank("campaign", gt=10)
    f = unit(pos, VERDUN["47.45"], "47.45", face=1, lost=2)
    for h, t in VERDUN.items():
        if h != "47.45":
            unit(pos, t, h)
    invest(pos, list(VERDUN))
    assert fortress.invested(game(pos), "Verdun", "allied")
    unit(pos, "FR-4_2", "47.45", army="FR3")
    do(pos, "repair", lambda g: fortress.repair(g, "allied"))
    assert pos.state.pieces[f].props["lost"] == 2                      # no level back while Invested
    assert pos.face(f) == 0                                            # stacked with a friendly unit


def test_oao_12_2_1a_a_fortress_stacked_with_combat_units_takes_no_ec_and_12_2_loses_no_level():
    """12.2.1a: a Fortress stacked with Combat units never takes an EC; 12.2: Fortresses never
    lose Strength Levels in combat (only bombardment)."""
    pos = blank("campaign", gt=10)
    all_rail(pos)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    inside = unit(pos, "FR-4_2", LIOUVILLE[0], army="FR3")
    g = game(pos)
    frm = next(n for n in g.board.nbrs[LIOUVILLE[0]] if not g.board.side[(n, LIOUVILLE[0])].get("river"))
    d = unit(pos, "DE-11_6", frm, army="DE5")
    pos.dice(6, 6, [6, 6], [6, 6], [6, 6], [6, 6], [6, 6])
    attack(pos, "german", LIOUVILLE[0], [d])
    for _ in range(40):
        if not any(fr["state"] == "battle" for fr in pos.state.globals["rules_stack"]):
            break
        acts = list(pos.session.legal_actions())
        pos.push(next((a for a in acts if a.verb == "normal"), acts[0]))
    rep = pos.state.globals["combat_report"]
    whats = " | ".join(str(ln.get("what", "")) for ln in rep["lines"])
    assert "Efficiency Check" in whats                                # the division checks
    assert "Fortress Efficiency Check" not in whats
    assert not pos.state.pieces[f].props.get("lost") and pos.where(f) == LIOUVILLE[0]
    assert inside


def test_oao_13_1_4_the_pionier_marker_gives_minus_one_once_per_attack_phase():
    """13.1.4: a siege unit stacked with the HQ the Pionier-Regiment marker is assigned to gets -1
    on the Bombardment Table, once per attack phase (the marker's -1: reconstructed data)."""
    pos = blank("campaign", gt=10, bombard_42=7, bombard_305=25, phase_id="attack-10-german")
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    g = game(pos)
    n1 = g.board.nbrs[LIOUVILLE[0]][0]
    s1 = unit(pos, "DE-siege-3_1", n1, face=1)
    hq = unit(pos, "DE-hq-Siege_Train_1", n1)
    pos.place("DE-marker-Pionier_R", "box:on_unit", owner="german", hq=hq)
    t = pos.session.ruleset.unit_types["DE-siege-3_1"]
    col = fortress.bombard_table_column(str(t.attrs.get("calibre", "21")),
                                        str(g.ut(f).attrs.get("fortress_class", "C")))
    table = g.module.tables["fortress_bombardment"]

    def cell(row):
        return str(table.lookup(row if row in table.rows.values else str(row), col)).strip()

    def fire() -> str:
        pos.dice(*([3] * 8))
        do(pos, "bombard", lambda g: fortress.bombard(g, s1, f, {"side": "german"}))
        return pos.state.globals["combat_report"]["lines"][0]["result"]
    assert cell(2) != cell(3)
    first = fire()
    assert first.startswith(f"3→{cell(2)}")                           # 3 - 1: read on row 2
    assert fire().startswith(f"3→{cell(3)}")                          # once per attack phase


def _prep_battle():
    pos = blank("campaign", gt=10, bombard_prep=5, phase_id="attack-10-german")
    all_rail(pos)
    g = game(pos)
    target = sorted(pos.session.ruleset.prep_hexes)[0]
    h = next(n for n in g.board.nbrs[target] if n in pos.session.ruleset.playable(g))
    hq = unit(pos, "DE-hq-Siege_Train_1", h, prep=10)
    div = unit(pos, "DE-11_6", h, army="DE1", pa=target)
    guns = [unit(pos, t, h, face=1) for t in ("DE-siege-2+3_4", "DE-siege-1+2_6")]
    unit(pos, "FR-1_1", target, army="FR6")
    pos.call("attack_phase", side="german", phasing="german", counter=False)
    assert {a.verb for a in pos.session.legal_actions()} == {"resolve_all"}   # the PA attack is declared (7.3.1)
    pos.push("german: resolve_all")
    pos.push(f"german: resolve target=@{target}")
    assert div in battle(pos)["attackers"]
    for _ in range(12):
        acts = list(pos.session.legal_actions())
        verbs = {a.verb for a in acts}
        if "prep" in verbs:
            pos.dice(1)                                                # the Prep roll
            pos.push("german: prep")
            break
        pos.push(next((a for a in acts if a.verb == "normal"), acts[0]))
    return pos, g, h, target, hq, guns


def test_oao_13_3_3_and_13_3_4_prep_bombardment_procedure_and_table():
    """13.3.3: the Prep limit drops by one, 1d6 (+1 attacking uphill, +2 up an escarpment) on the
    column of Deployed 21 cm units, the shifts and EC modifiers go to the attack (13.3.4, its
    table reconstructed data); 13.3.2: the siege units used may not bombard this phase."""
    from modules.offensive_a_outrance_1914.rules.terrain import escarpment_up, uphill
    pos, g, h, target, hq, guns = _prep_battle()
    b = battle(pos)
    assert pos.state.globals["bombard_prep"] == 4
    drm = (2 if escarpment_up(g, h, target) else 1) if uphill(g, h, target) else 0
    table = g.module.tables["prep_bombardment"]
    row = min(8, 1 + drm)
    cell = str(table.lookup(row if row in table.rows.values else str(row), "4"))
    assert b["prep_shift"] == int(cell.split("+")[0])
    assert all(pos.state.pieces[q].props.get("prep_used") == "attack-10-german" for q in guns)
    assert not pos.state.pieces[hq].props.get("prep")                 # the Prep marker is spent
    frame = {"side": "german", "bombard": []}
    assert not [c for c in combat.bombard_candidates(game(pos), frame) if c[1] in guns]   # 13.3.2


def test_oao_12_4_1_an_x2_siege_unit_rolls_twice():
    """12.4.1: a siege unit printed "x2" rolls 1d6 twice when it bombards (x4 four times)."""
    pos = blank("campaign", gt=10, bombard_42=7, bombard_305=25)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    g = game(pos)
    n1 = g.board.nbrs[LIOUVILLE[0]][0]
    one = unit(pos, "DE-siege-3_1", n1, face=1)
    two = unit(pos, "DE-siege-2+3_4", n1, face=1)
    assert pos.session.ruleset.unit_types["DE-siege-2+3_4"].attrs.get("guns") == 2
    pos.dice(6, 6, 6, 6)
    do(pos, "x1", lambda g: fortress.bombard(g, one, f, {"side": "german"}))
    assert len(pos.state.globals["combat_report"]["lines"][0]["dice"]) == 1
    do(pos, "x2", lambda g: fortress.bombard(g, two, f, {"side": "german"}))
    assert len(pos.state.globals["combat_report"]["lines"][0]["dice"]) == 2


def test_oao_12_2_a_fortress_adds_its_av_to_an_adjacent_defence():
    """12.2 / 10.1.1: a Fortress next to the defending hex and to an attacking hex adds its AV to
    the defence (whatever army the defenders belong to)."""
    pos = blank("campaign", gt=10)
    f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
    g = game(pos)
    target = next(n for n in sorted(g.board.nbrs[LIOUVILLE[0]]) if n in g.board.land)
    frm = next(n for n in sorted(g.board.nbrs[target]) if n in g.board.nbrs[LIOUVILLE[0]] and n in g.board.land)
    dfn = unit(pos, "FR-4_2", target, army="FR3")
    att = unit(pos, "DE-11_6", frm, army="DE5")
    frame = {"target": target, "side": "german", "attackers": [att], "phase": {}}
    total, used = combat.defender_av(game(pos), frame, [dfn], True)
    assert f in used and game(pos).value(f, "av") > 0
    alone, _ = combat.defender_av(game(pos), dict(frame, phase={"av_used": [f]}), [dfn], True)
    assert total > alone                                               # the Fortress's AV counted


def test_oao_13_3_4_prep_shifts_are_ignored_with_a_fortress_in_the_hex():
    """13.3.4: the Prep Bombardment's column shifts are ignored if a Fortress is in the target
    hex (its SR and EC results still apply)."""
    def prep_shift(with_fortress: bool) -> int:
        pos = blank("campaign", gt=10, bombard_prep=5, phase_id="attack-10-german")
        g = game(pos)
        target = sorted(pos.session.ruleset.prep_hexes)[0]
        h = next(n for n in g.board.nbrs[target] if n in pos.session.ruleset.playable(g))
        hq = unit(pos, "DE-hq-Siege_Train_1", h, prep=10)
        for t in ("DE-siege-2+3_4", "DE-siege-1+2_6"):
            unit(pos, t, h, face=1)
        dfn = unit(pos, "FR-1_1", target, army="FR6")
        if with_fortress:
            unit(pos, LIOUVILLE[1], target)
        pos.call("prep_choice", side="german", target=target, hq=hq)
        pos.dice(1)
        do(pos, "Prep Bombardment", lambda g: combat.resolve_prep(
            g, {"prep_hq": hq, "target": target, "defenders": [dfn], "side": "german"}))
        return int(top(pos)["prep_shift"])
    assert prep_shift(False) > 0
    assert prep_shift(True) == 0


def test_oao_11_1_2_a_fortress_flips_on_a_crt_retreat_result():
    """11.1.2 / 12.1.1: a Fortress flips (loses its outer garrison) when the CRT result includes a
    retreat, or when every Combat unit in its hex retreated after failed ECs; not otherwise."""
    def after(def_retreat: int, retreats: dict) -> int:
        pos = blank("campaign", gt=10)
        all_rail(pos)
        f = unit(pos, LIOUVILLE[1], LIOUVILLE[0])
        d = unit(pos, "FR-4_2", LIOUVILLE[0], army="FR3")
        pos.call("prelim_options", side="allied")                      # a frame to hold the battle's notes
        st = pos.session.ruleset.machine.table["battle"]
        frame = {"target": LIOUVILLE[0], "defenders": [f, d], "def_retreat": def_retreat, "side": "german",
                 "retreats": {str(d): 1} if retreats else {}, "excluded": []}
        do(pos, "defender's retreats", lambda g: st.retreat_defender(g, frame))
        return pos.face(f)
    assert after(1, {}) == 1                                           # a CRT retreat
    assert after(0, {"all": True}) == 1                                # every Combat unit retreats (ECs)
    assert after(0, {}) == 0
