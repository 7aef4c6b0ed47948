"""18.2 RR Engineering: lines behind the friendly front connected to a friendly edge become
operational — clarification: the GDT is not an army, and the RR lines behind its front are not
converted automatically (they keep the state they had)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import control, rail

from .positions import blank, do, game, unit

#: Boulogne and the rail hexes of the coastal pocket within 2 hexes of it; three units three
#: hexes out (22.14, 25.10, 25.13) close it against the coast with their ZOCs
POCKET_RAIL = {"22.11", "21.13", "23.11", "22.12", "24.10"}
RING = ("22.14", "25.10", "25.13")


def _pocket(gdt: bool, gt: int = 10, operational: list[str] | None = None):
    pos = blank("campaign", gt=gt)
    pos.set("rail_allied", operational or [])
    if gdt:
        for t, h in zip(("FR-81t_GDT", "FR-82t_GDT", "FR-84t_GDT"), RING):
            unit(pos, t, h, army="GDT")
    else:
        for t, h in zip(("FR-3_2", "FR-4_2", "FR-5_3"), RING):
            unit(pos, t, h, army="FR5")
    return pos


def test_oao_18_2_rail_lines_behind_the_gdts_front_are_not_converted():
    pos = _pocket(gdt=True)
    g = game(pos)
    assert POCKET_RAIL <= set(g.board.rail)
    assert POCKET_RAIL <= control.behind_gdt_front(g)
    do(pos, "engineer", lambda g: rail.engineer(g, "allied"))
    ops = control.operational(game(pos), "allied")
    assert ops and not POCKET_RAIL & ops                 # the rest of France converts, not the pocket


def test_oao_18_2_the_same_pocket_behind_an_armys_front_is_converted():
    pos = _pocket(gdt=False)
    g = game(pos)
    assert not control.behind_gdt_front(g)
    do(pos, "engineer", lambda g: rail.engineer(g, "allied"))
    assert POCKET_RAIL <= control.operational(game(pos), "allied")


def test_oao_18_2_operational_lines_behind_the_gdt_stay_operational():
    """'Not automatically changed': an operational line behind the GDT keeps its state."""
    pos = _pocket(gdt=True, operational=sorted(game(blank("campaign", gt=10)).board.rail))
    do(pos, "engineer", lambda g: rail.engineer(g, "allied"))
    assert POCKET_RAIL <= control.operational(game(pos), "allied")


def test_oao_18_2_from_gt_18_the_gdts_divisions_are_a_front_like_any_other():
    """22.3: the GDT's special rules end in GT 18."""
    pos = _pocket(gdt=True, gt=18)
    assert not control.behind_gdt_front(game(pos))
    do(pos, "engineer", lambda g: rail.engineer(g, "allied"))
    assert POCKET_RAIL <= control.operational(game(pos), "allied")
