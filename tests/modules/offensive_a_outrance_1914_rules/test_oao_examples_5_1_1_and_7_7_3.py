"""The last two examples of play of the rulebook scripted: 5.1.1's boundary along the hexsides
51.51/51.52 ... 49.51/49.52, and 7.7.3's regiment spending 2 of its 3 entraining MP."""
from __future__ import annotations

from engine import commands as C
from modules.offensive_a_outrance_1914.rules import org, tasks

from .positions import blank, costs, do, game, movement, refused, select, top, unit

REGIMENT = "FR-support-6_RIT"      # an infantry regiment: 3 MP to entrain (7.7.3 (3))


def army_markers_at(pos, north: str, south: str) -> None:
    """The French 3rd Army's marker at ``north``, the 4th's at ``south`` (nothing else on the map)."""
    do(pos, "army markers", lambda g: (
        g.do(C.Create("M-army_plan", north, None, 0, {"owner": "allied", "army": "FR3"})),
        g.do(C.Create("M-army_plan", south, None, 0, {"owner": "allied", "army": "FR4"}))))


def test_oao_5_1_1_example_the_boundary_along_the_row_51_51_51_52_to_49_51_49_52():
    """5.1.1 example: a boundary running along the hexsides 51.51/51.52, 51.51/50.51, 50.50/50.51,
    49.51/50.51, 49.51/49.52 ... is straight (a line crossing the same row diagonally counts as
    straight). The rulebook has the player draw it; reading R5 computes each AoA as the hexes
    nearest its Army marker. With the 3rd Army's marker at 50.45 and the 4th's at 50.56 (the same
    hex column, eleven rows apart) R5's boundary is exactly the example's line: 51.51, 50.50 and
    49.51 in one AoA, 51.52, 50.51 and 49.52 in the other, every named hexside on the boundary, and
    the line keeps to that row (rows 51/52 in the odd columns, 50/51 in the even ones) for ten
    columns either way. Example and rules (R5) agree; no hex differs. (Further out, where both
    markers are as many hexes away, R5 gives a tied hex to the earlier army and the line bends.)"""
    pos = blank("campaign", gt=10)
    army_markers_at(pos, "50.45", "50.56")
    g = game(pos)
    third = org.army_aoa(g, "allied", "FR3")
    fourth = org.army_aoa(g, "allied", "FR4")
    assert not (third & fourth)                                               # 5.1.1: no overlap
    assert {"51.51", "50.50", "49.51"} <= third
    assert {"51.52", "50.51", "49.52"} <= fourth
    for a, b in (("51.51", "51.52"), ("51.51", "50.51"), ("50.50", "50.51"), ("49.51", "50.51"),
                 ("49.51", "49.52")):
        assert b in g.board.nbrs[a]                                           # a hexside ...
        assert org.aoa_at(g, "allied", a) == "FR3" and org.aoa_at(g, "allied", b) == "FR4"   # ... on the line
    for col in range(40, 61):                                                 # the same row, straight
        last = 51 if col % 2 else 50
        for row in range(41, 61):
            h = f"{col:02d}.{row:02d}"
            if h in g.board.land:
                assert org.aoa_at(g, "allied", h) == ("FR3" if row <= last else "FR4"), h


def test_oao_7_7_3_example_a_regiment_spends_2_of_its_3_entrain_mp_and_1_next_phase():
    """7.7.3 (3) example: an infantry regiment (3 MP to entrain) spends 2 MP to entrain in a
    movement phase; an MP-spent "2" marker goes on it, and in the next movement phase it spends
    only 1 MP to finish entraining. A unit has 9 MP in a Movement Phase (7.1.1), so the regiment
    had moved first: 4.2.5 gives one budget of 9 MP for crossing hexsides and for Tasks done
    stationary, 7.7.3 (3) asks of the entraining unit only its hex (friendly operational double
    track), 4 hexes from the enemy and the MP, and 7.8 lets a unit short of MP spend some of
    them. The rules allow it, so reading R25 (Tasks only from the first MP) was wrong for
    entraining and is revised: here the regiment walks 20.40 -> 17.39 (7 MP), entrains with its
    last 2 MP for Lunéville (1/2 RP), and next phase spends 1 MP, then 5 MP on 47 hexes of rail
    (7.7.2) and 3 MP to detrain: 9 MP exactly, so it leaves Rail Mode at Lunéville."""
    pos = blank("campaign", gt=10, rp_allied=10)
    g = game(pos)
    pos.set("rail_allied", sorted(g.board.rail))
    r = unit(pos, REGIMENT, "20.40", army="FR5")
    assert tasks.entrain_cost(game(pos), r) == 3
    movement(pos, "allied")
    select(pos, r)
    assert costs(pos)["17.39"] == 7
    pos.push("allied: move to=@17.39")
    assert top(pos)["spent"] == 7 and pos.where(r) == "17.39"
    assert len(tasks.rail_path(game(pos), "allied", "17.39", "53.56")) - 1 == 47
    pos.push("allied: entrain to=@53.56")
    props = pos.state.pieces[r].props
    assert props["task"] == {"kind": "entrain", "mp": 2, "need": 3}          # the "2" MP-spent marker
    assert props["rail"]["dest"] == "53.56" and pos.where(r) == "17.39"
    assert pos.state.globals["rp_allied"] == 9                              # 1/2 RP (7.7.1)
    pos.push("allied: done")
    pos.clear_stack()
    movement(pos, "allied")                                                  # the next movement phase
    props = pos.state.pieces[r].props
    assert pos.where(r) == "53.56"                                           # 1 + 5 + 3 = 9 MP
    assert not props.get("task") and not props.get("rail")


def test_oao_7_7_3_example_no_mp_of_the_phase_left_no_entraining():
    """7.7.3 (3) with 7.2.2: Forced March MP may not be spent to entrain, so a regiment that has
    spent all 9 MP of the phase may not begin entraining (refused citing 7.7.3)."""
    pos = blank("campaign", gt=10, rp_allied=10)
    g = game(pos)
    pos.set("rail_allied", sorted(g.board.rail))
    r = unit(pos, REGIMENT, "20.40", army="FR5")
    movement(pos, "allied")
    select(pos, r)
    nine = sorted(h for h, c in costs(pos).items() if c == 9 and h in g.board.rail
                  and g.board.rail.get(h) == "double")
    assert nine
    pos.push(f"allied: move to=@{nine[0]}")
    assert top(pos)["spent"] == 9
    assert refused(pos, "allied: entrain to=@53.56", "7.7.3")
