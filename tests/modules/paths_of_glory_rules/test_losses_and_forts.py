"""Paths of Glory permanent elimination (12.4.4.1, 12.4.7) and forts met by advancing or moving
units (12.7.6, 15.1.1), on hand-built positions with scripted dice."""
from __future__ import annotations

from modules.paths_of_glory.rules import losses, supply

from .conftest import (act, clear_hands, control, controller, declare, dice, edit, empty_map, face,
                       flip, game, loc_of, markers, move, push, put, refusal, reserve, start_phase,
                       top)


def board_():
    s = empty_map()
    clear_hands(s)
    return s


def empty_reserve(s, side: str, type_id: str) -> None:
    for p in reserve(s, side, type_id):
        move(s, p, f"pool:{side}")


def attack(s, rolls, target, attackers):
    """The CP attack ``target`` with ``attackers`` (all from one space: no flank attack)."""
    dice(s, *rolls)
    declare(s, "CP", sorted({loc_of(s, p) for p in attackers}))
    act(s, "attack", "CP", space=target)
    for p in attackers:
        act(s, "add_attacker", "CP", unit=p)
    act(s, "resolve", "CP")
    return s.state.globals["pog_combat"]


def in_space(s, loc: str, type_id: str) -> list[int]:
    return [p for p in s.state.stacks.get(loc, ()) if s.state.pieces[p].type == type_id]


# -- 12.4.4.1 / 12.4.7 case 3: an OOS army is replaced, but eliminated permanently -------------

def _reduced_russian_army_at_plock_eliminated(isolated: bool):
    """The GE 9th Army (Army table column 5, die 1 → LN 2) eliminates the reduced RU 1st Army
    (LF 2) at Plock; the RU fire (die 1) costs the Germans nothing."""
    s = board_()
    ru = put(s, "ru_1a", "plock", face=1)
    if isolated:   # every neighbour of Plock CP-controlled: no supply line (14.1.3)
        for loc in ("lodz", "lomza", "warsaw"):            # Thorn and Tannenberg are German
            control(s, loc, "CP")
    ge = put(s, "ge_9a", "thorn")
    corps_before = reserve(s, "AP", "ru_corps")
    assert losses.is_oos(game(s), ru) is isolated
    c = attack(s, [1, 1], "plock", [ge])
    assert c["ln"]["CP"] == 2
    return s, ru, corps_before


def test_pog_12_4_4_1_oos_army_is_replaced_but_permanently_eliminated():
    """12.4.4.1: the reserve corps replaces the eliminated army even though the army is out of
    supply — but the OOS army goes to the Permanently Eliminated box (12.4.7 case 3)."""
    s, ru, corps_before = _reduced_russian_army_at_plock_eliminated(isolated=True)
    assert loc_of(s, ru) == "perm_eliminated:AP"
    placed = in_space(s, "plock", "ru_corps")
    assert len(placed) == 1 and placed[0] in corps_before      # 12.4.4: a full reserve corps
    assert face(s, placed[0]) == 0
    assert placed[0] not in reserve(s, "AP", "ru_corps")


def test_pog_12_4_4_1_contrast_an_army_in_supply_can_be_rebuilt():
    s, ru, corps_before = _reduced_russian_army_at_plock_eliminated(isolated=False)
    assert loc_of(s, ru) == "eliminated:AP"                    # Eliminated/Replaceable box
    assert len(in_space(s, "plock", "ru_corps")) == 1


# -- 12.4.7 the five cases ------------------------------------------------------------------------

def _plock_blocked(army_face: int):
    """The GE 8th Army attacks the RU 1st Army in Plock from Thorn (dice 1, 1: LN CP 2, AP 1:
    a 1-space retreat). Every way out is shut: a GE corps holds Tannenberg, three RU corps
    fill each of Lomza, Warsaw and Lodz (stacking, 10.1.1) — which keep Plock in supply."""
    s = board_()
    ru = put(s, "ru_1a", "plock", face=army_face)
    put(s, "ge_corps", "tannenberg")
    for loc in ("lomza", "warsaw", "lodz"):
        for _ in range(3):
            put(s, "ru_corps", loc)
    ge = put(s, "ge_8a", "thorn")
    assert not losses.is_oos(game(s), ru)
    corps_before = reserve(s, "AP", "ru_corps")
    c = attack(s, [1, 1], "plock", [ge])
    assert c["ln"] == {"CP": 2, "AP": 1} and c["retreat_len"] == 1
    assert top(s)["state"] == "combat_retreat"
    assert {a.verb for a in s.legal_actions()} == {"stand"}    # no retreat path at all
    return s, ru, corps_before


def test_pog_12_4_7_case_1_army_that_cannot_retreat_no_replacement_corps():
    """Case 1: the full army is reduced (LN 2), cannot retreat, and is eliminated permanently;
    no reserve corps replaces it — none is placed on the map or eliminated (12.5.4)."""
    s, ru, corps_before = _plock_blocked(army_face=0)
    assert face(s, ru) == 1 and loc_of(s, ru) == "plock"
    act(s, "stand", "AP")
    assert loc_of(s, ru) == "perm_eliminated:AP"
    assert reserve(s, "AP", "ru_corps") == corps_before
    assert not in_space(s, "plock", "ru_corps")


def test_pog_12_4_7_case_2_replacement_corps_that_cannot_retreat():
    """Case 2: the reduced army is eliminated (LN 2) and replaced by a reserve corps, which
    cannot retreat: the corps is eliminated to the Eliminated/Replaceable box and the army —
    in supply, no dot, a corps was there to replace it — is eliminated permanently."""
    s, ru, corps_before = _plock_blocked(army_face=1)
    assert loc_of(s, ru) == "eliminated:AP"                    # so far an ordinary elimination
    (corps,) = in_space(s, "plock", "ru_corps")
    assert corps in corps_before
    assert s.state.globals["pog_combat"]["replaced"] == {str(corps): ru}
    act(s, "stand", "AP")
    assert loc_of(s, corps) == "eliminated:AP"
    assert loc_of(s, ru) == "perm_eliminated:AP"


def test_pog_12_4_7_case_3_oos_and_attrition():
    """Case 3: eliminated while OOS (combat: the 12.4.4.1 tests above) or in the Attrition
    Phase (14.3.5): an isolated army goes to the Permanently Eliminated box, a corps does not."""
    s = board_()
    army, corps = put(s, "ru_1a", "plock"), put(s, "ru_corps", "plock")
    for loc in ("lodz", "lomza", "warsaw"):
        control(s, loc, "CP")
    start_phase(s, "phase_attrition")
    assert loc_of(s, army) == "perm_eliminated:AP"
    assert loc_of(s, corps) == "eliminated:AP"


def test_pog_12_4_7_case_4_no_reserve_corps_to_replace_the_army():
    """Case 4: no RU corps in the Reserve Box: the reduced army in supply is eliminated
    permanently and nothing takes its place."""
    s = board_()
    empty_reserve(s, "AP", "ru_corps")
    ru = put(s, "ru_1a", "plock", face=1)
    ge = put(s, "ge_9a", "thorn")
    c = attack(s, [1, 1], "plock", [ge])
    assert c["ln"]["CP"] == 2
    assert loc_of(s, ru) == "perm_eliminated:AP"
    assert not s.state.stacks.get("plock")


def test_pog_12_4_7_case_5_dotted_armies_are_always_eliminated_permanently():
    """Case 5: the armies with a dot (TU YLD, TU AoI, FR AoO, RU CAU, BR BEF, MEF, NE) go to the
    Permanently Eliminated box even in supply with a reserve corps to replace them (which
    still comes in); an undotted army in the same plight is replaceable."""
    m = board_().ruleset.module
    dotted = {t for t, pt in m.piece_types.items() if pt.attrs.get("perm_elim")}
    assert dotted == {"tu_yld", "tu_aoi", "fr_orient", "ru_cau", "br_bef", "br_mef", "br_ne"}
    corps_of = {"FR": "fr_corps", "RU": "ru_corps", "BR": "br_corps", "TU": "tu_corps"}
    for type_id, space, plain in (("fr_orient", "paris", "fr_1a"),     # own spaces, in supply
                                  ("ru_cau", "tiflis", "ru_1a"),
                                  ("br_bef", "amiens", "br_1a"),
                                  ("br_mef", "alexandria", "br_1a"),
                                  ("br_ne", "cairo", "br_1a"),
                                  ("tu_yld", "constantinople", "tu_corps"),
                                  ("tu_aoi", "constantinople", "tu_corps")):
        for tid, perm in ((type_id, True), (plain, False)):
            if not m.piece_types[tid].size == "army":
                continue            # no undotted Turkish army exists
            s = board_()
            if m.piece_types[tid].nationality == "TU":
                control(s, space, "CP")                    # Turkey at war: its source counts
            army = put(s, tid, space, face=1)
            assert supply.unit_in_supply(game(s), army), tid   # in supply: not case 3
            side = m.piece_types[tid].side
            corps_type = "bef_corps" if tid == "br_bef" else corps_of[m.piece_types[tid].nationality]
            if not reserve(s, side, corps_type):
                put(s, corps_type, f"reserve:{side}")     # no TU corps starts in the box
            corps = edit(s, f"{tid} eliminated", lambda g: losses.eliminate(g, army))
            assert loc_of(s, army) == (f"perm_eliminated:{side}" if perm else
                                       f"eliminated:{side}"), tid
            assert corps is not None and loc_of(s, corps) == space, tid   # 12.4.4 still


# -- 12.7.6 / 15.1.1 advancing into an intact enemy fort -----------------------------------------

def _corps_take_liege(n_corps: int):
    """``n_corps`` GE corps (Aachen, then Koblenz) attack the BE corps at Liege (fort LF 3):
    Corps table, die 5 → the BE corps is eliminated; the BE fire (die 1) reduces one GE corps.
    The fort is intact (the LN left is below its LF, 12.4.6)."""
    s = board_()
    put(s, "be_corps", "liege")
    ges = [put(s, "ge_corps", "aachen" if i < 3 else "koblenz") for i in range(n_corps)]
    dice(s, 5, 1)
    declare(s, "CP", sorted({loc_of(s, p) for p in ges}))
    act(s, "attack", "CP", space="liege")
    for p in ges:
        act(s, "add_attacker", "CP", unit=p)
    act(s, "resolve", "CP")
    while top(s)["state"] in ("combat_flank", "combat_losses"):
        if top(s)["state"] == "combat_flank":
            act(s, "no_flank", "CP")
        else:
            act(s, "take_loss", "CP", unit=ges[0])
    assert top(s)["state"] == "combat_advance"
    assert face(s, ges[0]) == 1 and all(face(s, p) == 0 for p in ges[1:])
    assert not markers(s, "liege", "m_destroyed")
    return s, ges


def test_pog_12_7_6_advance_into_a_fort_only_with_a_siege_force():
    """12.7.6 / 15.2.1: two full-strength corps cannot besiege Liege (LF 3): neither may
    advance into it (the refusal cites 12.7.6) and the attacker simply stops."""
    s, ges = _corps_take_liege(3)
    for p in ges[1:]:
        assert refusal(s, "advance", "CP", unit=p, path=["liege"]).rule == "PoG 12.7.6"
    assert [a.verb for a in s.legal_actions()] == ["stop_advance"]
    act(s, "stop_advance", "CP")
    assert all(loc_of(s, p) == "aachen" for p in ges)


def test_pog_12_7_6_three_corps_advance_together_and_besiege():
    """12.7.6 / 15.1.1: three full corps may besiege Liege, so the first may enter — but the
    advance cannot stop until the three stand there; the fort is then besieged and Liege stays
    Allied (15.1.10)."""
    s, ges = _corps_take_liege(4)
    a, b, c_ = ges[1:]
    act(s, "advance", "CP", unit=a, path=["liege"])
    assert refusal(s, "stop_advance", "CP").rule == "PoG 15.1.1"
    act(s, "advance", "CP", unit=b, path=["liege"])
    assert refusal(s, "stop_advance", "CP").rule == "PoG 15.1.1"
    assert not markers(s, "liege", "m_siege")
    act(s, "advance", "CP", unit=c_, path=["liege"])
    assert markers(s, "liege", "m_siege")
    assert controller(s, "liege") == "AP"
    assert top(s)["state"] != "combat_advance"               # nothing left to advance


def test_pog_12_7_6_stop_in_the_fort_then_others_advance_past_it():
    """12.7.6: the BE 1st Army retreats two spaces from Liege; a GE army entering the
    unbesieged fort must stop there (15.1.1) — once it besieges Liege the other army may
    advance through it into the vacated space (12.7.3)."""
    s = board_()
    be = put(s, "be_1a", "liege")
    ge1, ge2, gc = (put(s, "ge_1a", "aachen"), put(s, "ge_2a", "aachen"),
                    put(s, "ge_corps", "aachen"))
    c = attack(s, [1, 1], "liege", [ge1, ge2, gc])
    assert c["ln"] == {"CP": 4, "AP": 2} and c["retreat_len"] == 2
    act(s, "retreat", "AP", unit=be, path=["sedan", "cambrai"])
    assert top(s)["state"] == "combat_advance"
    assert refusal(s, "advance", "CP", unit=ge1, path=["liege", "sedan"]).rule == "PoG 15.1.1"
    act(s, "advance", "CP", unit=ge1, path=["liege"])
    assert markers(s, "liege", "m_siege") and controller(s, "liege") == "AP"
    assert refusal(s, "advance", "CP", unit=ge2, path=["liege", "sedan"]) is None
    act(s, "advance", "CP", unit=ge2, path=["liege", "sedan"])
    assert loc_of(s, ge2) == "sedan" and loc_of(s, ge1) == "liege"


def _ru_army_retreats_through_warsaw(attackers, dice):
    """The RU 1st Army in Plock, attacked from Thorn (LN CP 3, AP 1: reduced, 2-space retreat),
    retreats through the Russian fort of Warsaw (LF 2) to Brest Litovsk."""
    s = board_()
    ru = put(s, "ru_1a", "plock")
    ges = [put(s, t, "thorn") for t in attackers]
    c = attack(s, dice, "plock", ges)
    assert c["ln"] == {"CP": 3, "AP": 1} and c["retreat_len"] == 2
    act(s, "retreat", "AP", unit=ru, path=["warsaw", "brest_litovsk"])
    assert top(s)["state"] == "combat_advance"
    return s, ges


def test_pog_12_7_6_advance_into_a_vacated_fort_space_to_besiege_it():
    """12.7.6 also holds for the second space of an advance: the GE 8th Army may follow the
    retreat into Warsaw, besieging its fort (15.2.1) — control stays Russian."""
    s, (ge,) = _ru_army_retreats_through_warsaw(["ge_8a"], [3, 1])
    act(s, "advance", "CP", unit=ge, path=["plock", "warsaw"])
    assert loc_of(s, ge) == "warsaw"
    assert markers(s, "warsaw", "m_siege")
    assert controller(s, "warsaw") == "AP" and controller(s, "plock") == "CP"


def test_pog_12_7_6_no_vacated_fort_space_without_a_siege_force():
    """A single full GE corps cannot besiege Warsaw (LF 2): it may advance into Plock,
    not on into the fort space (12.7.6)."""
    s, (ge, hit, gc) = _ru_army_retreats_through_warsaw(
        ["ge_8a", "ge_corps", "ge_corps"], [1, 1])
    assert face(s, hit) == 1 and face(s, gc) == 0              # the RU fire reduced one corps
    flip(s, ge, 1)                                 # as if the army had lost a step: no advancer
    assert refusal(s, "advance", "CP", unit=gc, path=["plock", "warsaw"]).rule == \
        "PoG 12.7.6"
    assert refusal(s, "advance", "CP", unit=gc, path=["plock"]) is None
    flip(s, ge, 0)                                 # with the army able to follow, the corps may
    act(s, "advance", "CP", unit=gc, path=["plock", "warsaw"])
    assert refusal(s, "stop_advance", "CP").rule == "PoG 15.1.1"   # ...but is not enough alone
    assert refusal(s, "advance", "CP", unit=ge, path=["plock"]).rule == "PoG 15.1.1"
    act(s, "advance", "CP", unit=ge, path=["plock", "warsaw"])
    assert markers(s, "warsaw", "m_siege")


# -- 15.1.1 movement -------------------------------------------------------------------------------

def test_pog_15_1_1_moving_units_stop_in_an_unbesieged_fort_space():
    """15.1.1 in movement: a group entering the space of an unbesieged enemy fort (Liege) stops
    there — no path through it is offered or accepted; once the fort is besieged, other units
    ignore it (15.2.2) and move through. The units that stopped move no further (11.1.1)."""
    s = empty_map()
    army = put(s, "ge_1a", "aachen")
    corps = put(s, "ge_corps", "aachen")
    push(s, "ops_activate", side="CP", ops=1, spent=0, card="", act=[], oos=[])
    act(s, "activate", "CP", space="aachen", mode="move")
    moves = [a for a in s.legal_actions() if a.verb == "move"]
    assert any(a["path"] == ["liege"] and a["pids"] == [army] for a in moves)
    assert not any("liege" in a["path"][:-1] for a in moves)
    assert refusal(s, "move", "CP", pids=[army], path=["liege", "brussels"]).rule == \
        "PoG 15.1.1"
    assert refusal(s, "move", "CP", pids=[army, corps], path=["liege", "sedan"]).rule == \
        "PoG 15.1.1"
    act(s, "move", "CP", pids=[army], path=["liege"])
    assert markers(s, "liege", "m_siege")
    assert refusal(s, "move", "CP", pids=[army], path=["brussels"]).rule == "PoG 11.1.1"
    assert refusal(s, "move", "CP", pids=[corps], path=["liege", "brussels"]) is None
    act(s, "move", "CP", pids=[corps], path=["liege", "brussels"])
    assert loc_of(s, corps) == "brussels" and loc_of(s, army) == "liege"
