"""Paths of Glory supply (14.1-14.2) and the Attrition Phase (14.3, 11.2.7) on hand-built
positions."""
from __future__ import annotations

import random

from modules.paths_of_glory.rules import board, supply

from .conftest import (clear, control, controller, edit, first, fresh, game, isolate, put, run,
                       start_phase, units)


def in_supply(s, pid, attrition=False):
    return run(s, lambda g: supply.unit_in_supply(g, pid, attrition))


#: Controlled spaces of the printed map that trace no supply at the start (14.1.2, 14.2.5):
#: Kavala (no port; Salonika, Philippoli, Strumitsa neutral), Arabia (ANA lines to Turkish
#: spaces only), the MEF boxes (each joins one Turkish space) and Libya (joins only Alexandria).
UNSUPPLIED_AT_START = {"AP": {"kavala", "arabia", "mef1", "mef2", "mef3", "mef4"},
                       "CP": {"libya"}}


def test_pog_14_1_2_campaign_set_up_is_all_in_supply():
    s = fresh()
    g = game(s)
    assert supply.oos_units(g, "AP") == [] and supply.oos_units(g, "CP") == []
    for side in ("AP", "CP"):
        supplied = supply.supplied_spaces(g, side, None)
        cut = {loc for loc in board.spaces(g) if board.controller(g, loc) == side
               and loc not in supplied}
        assert cut == UNSUPPLIED_AT_START[side]


def test_pog_14_1_3_enemy_controlled_spaces_cut_the_line():
    s = fresh()
    ru = put(s, "ru_corps", "warsaw")
    assert in_supply(s, ru)
    isolate(s, "warsaw", "CP")
    assert not in_supply(s, ru)
    assert ru in run(s, lambda g: supply.oos_units(g, "AP"))


def test_pog_14_1_3_enemy_units_cut_the_line():
    s = fresh()
    ru = put(s, "ru_corps", "warsaw")
    for n in ("lodz", "lomza", "plock", "ivangorod", "brest_litovsk"):
        clear(s, n)
        put(s, "ge_corps", n)          # still Allied-controlled spaces, but enemy units
    assert controller(s, "lodz") == "AP"
    assert not in_supply(s, ru)


def test_pog_15_2_2_line_passes_a_besieged_enemy_fort():
    s = fresh()
    clear(s, "brussels")
    control(s, "brussels", "CP")
    ge = put(s, "ge_corps", "brussels")
    assert not in_supply(s, ge)                      # Liege (Allied fort) blocks the line
    put(s, "ge_1a", "liege")
    put(s, "m_siege", "liege")
    assert controller(s, "liege") == "AP"
    assert in_supply(s, ge)                          # 14.1.3 exception / 15.2.2


def test_pog_14_1_4_allied_sea_supply_through_a_port():
    s = fresh()
    isolate(s, "bordeaux", "CP")
    br = put(s, "br_corps", "bordeaux")
    assert in_supply(s, br)                          # Bordeaux port -> London by sea


def test_pog_14_2_2_russian_units_never_use_sea_supply():
    s = fresh()
    isolate(s, "bordeaux", "CP")
    ru = put(s, "ru_corps", "bordeaux")
    assert not in_supply(s, ru)


def test_pog_14_1_4_cp_sea_supply_only_in_germany_and_russia():
    s = fresh()
    isolate(s, "kiel", "AP")
    ge = put(s, "ge_corps", "kiel")
    assert in_supply(s, ge)                          # Kiel -> Stettin/Danzig... -> Essen
    isolate(s, "trieste", "AP")
    ah = put(s, "ah_corps", "trieste")
    assert not in_supply(s, ah)                      # an Austrian port is no use to the CP


def test_pog_9_5_3_5_mef_beachhead_is_an_allied_port():
    s = fresh()
    control(s, "mef1", "AP")
    control(s, "gallipoli", "CP")
    br = put(s, "br_corps", "mef1")
    assert not in_supply(s, br)
    put(s, "m_beachhead", "mef1")
    assert in_supply(s, br)


def test_pog_14_1_5_always_in_supply_units():
    s = fresh()
    isolate(s, "cetinje", "CP")
    assert in_supply(s, first(s, "mn_corps", "cetinje"))          # MN
    isolate(s, "valjevo", "CP")
    assert in_supply(s, first(s, "sb_2a", "valjevo"))             # SB inside Serbia
    isolate(s, "warsaw", "CP")
    sb = put(s, "sb_corps", "warsaw")
    assert not in_supply(s, sb)                                   # SB outside Serbia


def test_pog_14_1_5_medina_supplies_turks_for_attrition_only():
    s = fresh()
    control(s, "medina", "CP")
    isolate(s, "medina", "AP")
    tu = put(s, "tu_corps", "medina")
    assert not in_supply(s, tu)
    assert in_supply(s, tu, attrition=True)
    assert run(s, lambda g: supply.activation_violation(g, tu)).rule == "PoG 14.1.5"


def test_pog_14_2_3_salonika_is_a_source_for_serbs_only():
    s = fresh()
    control(s, "salonika", "AP")
    isolate(s, "salonika", "CP")
    sb = put(s, "sb_corps", "salonika")
    assert in_supply(s, sb)
    clear(s, "salonika")
    ru = put(s, "ru_corps", "salonika")
    assert not in_supply(s, ru)


def test_pog_11_1_4_dotted_lines_limit_tracing_nationalities():
    s = fresh()
    isolate(s, "grozny", "CP", keep=("caucasus",))
    ru = put(s, "ru_corps", "grozny")
    assert in_supply(s, ru)                      # the RU line to the Caucasus source
    clear(s, "grozny")
    ro = put(s, "ro_corps", "grozny")
    assert in_supply(s, ro)                      # 14.1.3: RO may use a line to a RU source
    clear(s, "grozny")
    fr = put(s, "fr_corps", "grozny")
    assert not in_supply(s, fr)
    g = game(s)
    cost_fr = supply._edge_cost(g, "AP", "FR")
    cost_br = supply._edge_cost(g, "AP", "BR")
    edge = g.graph.edge("london", "calais")
    assert cost_fr("calais", "london", edge) is None and cost_br("calais", "london", edge) == 1.0


def test_pog_14_3_1_oos_units_may_not_activate_and_are_marked():
    s = fresh()
    ru = put(s, "ru_corps", "warsaw")
    assert run(s, lambda g: supply.activation_violation(g, ru)) is None
    isolate(s, "warsaw", "CP")
    v = run(s, lambda g: supply.activation_violation(g, ru))
    assert v is not None and v.rule == "PoG 14.3.1"
    assert run(s, lambda g: supply.sr_violation(g, ru)).rule == "PoG 14.3.2"
    edit(s, "OOS markers", lambda g: supply.mark_oos(g))
    assert run(s, lambda g: board.markers_in(g, "warsaw", "m_oos"))


# -- Attrition Phase ---------------------------------------------------------------------------
def test_pog_14_3_5_oos_corps_eliminated_armies_permanently():
    s = fresh()
    corps, army = put(s, "ru_corps", "warsaw"), put(s, "ru_1a", "warsaw")
    isolate(s, "warsaw", "CP")
    start_phase(s, "phase_attrition")
    assert s.state.pieces[corps].loc == "eliminated:AP"
    assert s.state.pieces[army].loc == "perm_eliminated:AP"
    assert not s.state.globals["pog_stack"]           # the phase popped itself


def test_pog_14_3_6_isolated_vp_space_changes_control_and_scores():
    s = fresh()
    isolate(s, "lodz", "CP")                          # a VP space without a fort
    clear(s, "lodz")
    start_phase(s, "phase_attrition")
    assert controller(s, "lodz") == "CP"
    assert s.state.globals["vp"] == 11                  # VP table: CP capture of a VP space


def test_pog_14_3_6_space_with_surviving_units_or_fort_keeps_control():
    s = fresh()
    isolate(s, "warsaw", "CP")                       # fort 2
    clear(s, "warsaw")
    control(s, "medina", "CP")
    isolate(s, "medina", "AP")
    put(s, "tu_corps", "medina")                      # survives attrition (14.1.5)
    start_phase(s, "phase_attrition")
    assert controller(s, "warsaw") == "AP"
    assert controller(s, "medina") == "CP"


def test_pog_14_3_6_serbian_spaces_do_not_convert():
    s = fresh()
    clear(s, "valjevo")
    isolate(s, "valjevo", "CP")
    start_phase(s, "phase_attrition")
    assert controller(s, "valjevo") == "AP"


def test_pog_11_2_7_trenches_lose_a_level_by_attrition():
    s = fresh()
    isolate(s, "lodz", "CP")                          # no fort
    put(s, "ru_corps", "lodz")
    trench = put(s, "m_trench_ap", "lodz", face=1)
    start_phase(s, "phase_attrition")
    assert s.state.pieces[trench].face == 0           # level 2 -> level 1
    # a trench with an intact fort is spared
    s = fresh()
    isolate(s, "warsaw", "CP")                        # fort 2
    put(s, "ru_corps", "warsaw")
    trench = put(s, "m_trench_ap", "warsaw")
    start_phase(s, "phase_attrition")
    assert trench in s.state.pieces


def test_pog_14_3_5_both_sides_removed_simultaneously():
    s = fresh()
    ru = put(s, "ru_corps", "warsaw")
    isolate(s, "warsaw", "CP")
    clear(s, "kiel")
    control(s, "kiel", "AP")
    isolate(s, "trieste", "AP")
    ah = put(s, "ah_corps", "trieste")
    start_phase(s, "phase_attrition")
    assert s.state.pieces[ru].loc == "eliminated:AP" and s.state.pieces[ah].loc == "eliminated:CP"
    assert not units(s, "warsaw") and not units(s, "trieste")
    assert not any(s.state.pieces[p].type == "m_oos" for p in s.state.pieces)


def _facts(snap) -> tuple:
    return (snap.read, snap.ctrl, snap.units, snap.counts, snap.sieges, snap.besieged,
            snap.intact_forts, snap.beachheads, snap.key("AP"), snap.key("CP"))


def test_pog_14_supply_snapshot_kept_up_to_date_equals_one_read_afresh():
    """14.1: what supply reads of a position (control, units, sieges, beachheads) is kept up
    to date from the state's journal of changed spaces — through moves, combat, sieges,
    undo and redo — and always equals a snapshot read afresh from every stack."""
    s = fresh("historical", 5)
    rnd = random.Random(5)
    for i in range(600):
        legal = list(s.legal_actions())
        s.push(rnd.choice(legal))
        if i % 50 == 49:
            s.pop()                 # undo is a change too
            s.redo()
        g = game(s)
        assert _facts(supply.position(g)) == _facts(supply._Snapshot(g)), i
    g = game(s)
    assert supply.oos_units(g, "AP") == sorted(
        p for p in s.state.pieces if board.is_unit(g, p)
        and board.side_of(g, p) == "AP" and board.is_space(g, s.state.pieces[p].loc)
        and not supply.unit_in_supply(g, p))


#: the questions asked of each side: a space (None) and every nationality class of lines
QUESTIONS = {"AP": (None, "RU", "SB", "BR", "FR", "IT", "MN"), "CP": (None, "GE", "AH", "TU", "BU")}


def _answers(g) -> dict:
    return {(side, nation): supply.supplied_spaces(g, side, nation)
            for side, nations in QUESTIONS.items() for nation in nations} | {
        ("oos", side, attrition): supply.oos_units(g, side, attrition)
        for side in QUESTIONS for attrition in (False, True)} | {
        ("passable", side): supply._passable(supply.position(g), side) for side in QUESTIONS} | {
        ("ports", side, b): supply._ports(supply.position(g), side, b)
        for side in QUESTIONS for b in (True, False)}


def test_pog_14_remembered_supply_answers_equal_a_fresh_search():
    """14.1-14.2: supply's answers are remembered per snapshot (and shared by the next
    snapshot while nothing its side's lines depend on changed) and per module (by the spaces,
    ports, sources and lines the search reads), and searches over more lines grow from the
    search over the undotted ones (11.1.4); through 300 random actions, undo and redo, every
    remembered answer equals one worked out afresh, and one searched on its own."""
    s = fresh("historical", 7)
    rnd = random.Random(7)
    shared = {"AP": 0, "CP": 0}
    for i in range(300):
        before = supply.position(game(s))
        s.push(rnd.choice(list(s.legal_actions())))
        if i % 50 == 49:
            s.pop()
            s.redo()
        g = game(s)
        snap = supply.position(g)
        kept = _answers(g)
        for side in shared:
            if snap is not before and snap.lines[side] is before.lines[side]:
                shared[side] += 1
                assert snap.key(side) == before.key(side), i
        supply.forget(g)                 # a fresh snapshot, no answer kept
        assert kept == _answers(g), i
        for side, nations in QUESTIONS.items():   # a search of its own, grown from none
            for nation in nations:
                assert kept[side, nation] == supply._trace(g, side, nation, None), (i, nation)
    assert shared["AP"] and shared["CP"]


def test_pog_14_1_3_a_sides_own_moves_keep_its_answers_an_enemy_unit_does_not():
    """14.1.3: a side's lines depend on enemy units, not its own: placing an Allied unit keeps
    the Allied answers of the position before (and still answers right), while an enemy unit
    placed in the line's path is read at once."""
    s = fresh()
    ru = put(s, "ru_corps", "warsaw")
    before = supply.position(game(s))
    assert supply.in_supply(game(s), "warsaw", "AP", "RU")
    put(s, "ru_corps", "lodz")
    after = supply.position(game(s))
    assert after is not before and after.lines["AP"] is before.lines["AP"]
    assert after.lines["CP"] is not before.lines["CP"]
    assert in_supply(s, ru)
    for n in ("lomza", "plock", "ivangorod", "brest_litovsk"):
        clear(s, n)
        put(s, "ge_corps", n)
    clear(s, "lodz")
    put(s, "ge_corps", "lodz")
    assert supply.position(game(s)).lines["AP"] is not before.lines["AP"]
    assert not in_supply(s, ru)
    assert ru in run(s, lambda g: supply.oos_units(g, "AP"))


def test_pog_4_1_2_8_1_5_marker_index_kept_up_to_date_equals_a_scan():
    """4.1.2 / 8.1.5: where the OOS and Move/Attack markers stand is kept up to date from the
    state's journal of changed spaces — through activations, moves, the end of each action
    round (which removes the Move/Attack markers), undo and redo — and always equals a scan
    of every stack."""
    s = fresh("historical", 5)
    rnd = random.Random(5)
    seen = set()
    for i in range(600):
        legal = list(s.legal_actions())
        s.push(rnd.choice(legal))
        if i % 50 == 49:
            s.pop()
            s.redo()
        g = game(s)
        for type_id in board.INDEXED_MARKERS:
            scan = {loc: board.markers_in(g, loc, type_id) for loc in s.state.stacks}
            scan = {loc: marks for loc, marks in scan.items() if marks}
            assert board.marker_spaces(g, type_id) == scan, (i, type_id)
            seen |= {type_id} if scan else set()
    assert "m_move_attack" in seen
    s = fresh()
    put(s, "ru_corps", "warsaw")
    assert run(s, lambda g: board.marker_spaces(g, "m_oos")) == {}
    isolate(s, "warsaw", "CP")
    edit(s, "OOS markers", supply.mark_oos)                    # 4.1.2
    assert run(s, lambda g: board.marker_spaces(g, "m_oos")) == {
        "warsaw": run(s, lambda g: board.markers_in(g, "warsaw", "m_oos"))} != {"warsaw": []}
