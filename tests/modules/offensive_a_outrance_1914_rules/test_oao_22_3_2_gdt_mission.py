"""22.3.2 The GDT's mission: during GT 1-15 its units keep a line of contiguous ZOCs from a hex
adjacent to La Manche to the ZOC of an Allied unit assigned to an army. No sanction is printed;
reading R50: while the line holds, a move that would break it is refused."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import gdt

from .positions import all_rail, blank, destinations, fresh, game, movement, refused, select, top, unit

COAST = "16.18"          # a French hex next to the Channel
NORTH, MIDDLE, ARMY = "16.19", "16.22", "16.24"


def _line(gt: int, army: str | None = ARMY):
    """81t/GDT next to the coast, 82t/GDT three hexes inland, a 5th Army division beyond."""
    pos = blank("campaign", gt=gt)
    unit(pos, "FR-81t_GDT", NORTH, army="GDT")
    b = unit(pos, "FR-82t_GDT", MIDDLE, army="GDT")
    if army:
        unit(pos, "FR-3_2", army, army="FR5")
    return pos, b


def test_oao_22_3_2_gdt_units_keep_their_zoc_line_from_la_manche_to_an_army_in_gt_1_to_15():
    pos, b = _line(gt=5)
    g = game(pos)
    assert COAST in gdt.channel_hexes(g) and gdt.line_holds(g)
    movement(pos, "allied")
    select(pos, b)
    assert top(pos)["state"] == "force"
    # only the hexes within 3 of both neighbours keep the ZOCs contiguous
    assert destinations(pos) == {"15.22", "16.21", "17.22"}
    assert refused(pos, "allied: move to=@16.25", "22.3.2")       # the gap opens at 16.21 / 16.22
    pos.push("allied: move to=@16.21")
    assert pos.where(b) == "16.21" and gdt.line_holds(game(pos))


def test_oao_22_3_2_the_mission_ends_after_gt_15():
    pos, b = _line(gt=16)
    movement(pos, "allied")
    select(pos, b)
    assert "16.25" in destinations(pos)
    pos.push("allied: move to=@16.25")
    assert pos.where(b) == "16.25" and not gdt.line_holds(game(pos))


def test_oao_22_3_2_a_broken_line_binds_nothing_so_the_gdt_can_restore_it():
    pos, b = _line(gt=5, army=None)                  # no army unit to reach: no line
    assert not gdt.line_holds(game(pos))
    movement(pos, "allied")
    select(pos, b)
    assert "16.25" in destinations(pos)


def test_oao_22_3_2_a_gdt_unit_does_not_entrain_out_of_the_line():
    """Rail Mode carries no ZOC (7.7.4): entraining 82t/GDT would open the line."""
    pos, b = _line(gt=5)
    g = game(pos)
    assert gdt.breaks_line(g, [b], None)
    assert not gdt.breaks_line(g, [b], "16.21")


def test_oao_22_3_2_the_campaign_starts_with_the_line_held():
    """The set-up (31.11 Dunkerque to 38.25, next to the 5th Army) holds the line, so the mission
    binds from the first Allied Movement Phase; units that are not the GDT's are never bound."""
    pos = fresh("campaign")
    g = game(pos)
    mine = gdt.units(g)
    assert {g.ut(p).name for p in mine} >= {"81t/GDT", "82t/GDT", "84t/GDT", "1 det 81", "2 det 84"}
    assert gdt.line_holds(g)
    other = next(p for p in g.units_of("allied") if p not in mine and g.is_combat(p))
    assert not gdt.bound(g, [other])


def test_oao_22_3_2_the_coastal_detachment_does_not_sail_away_from_the_line():
    """1 det 81 in Dunkerque anchors the line on the coast: embarking it (7.9.1) is refused."""
    pos = blank("campaign", gt=5)
    det = unit(pos, "FR-1_det_81", "31.11", army="")
    unit(pos, "FR-81t_GDT", "31.14", army="GDT")
    unit(pos, "FR-3_2", "31.16", army="FR5")
    g = game(pos)
    assert "31.11" in g.board.ports and det in gdt.units(g) and gdt.line_holds(g)
    movement(pos, "allied")
    assert refused(pos, f"allied: embark unit=#{det} to=@01.21", "22.3.2")


def test_oao_22_3_2_a_two_hex_gdt_division_does_not_consolidate_out_of_the_line():
    """81t/GDT in Two-Hex Status on 16.19 + 16.20 reaches both the coast (16.18) and 82t/GDT's ZOC
    (16.23): consolidating into either half opens the line (19.1.1 would allow it)."""
    pos = blank("campaign", gt=5)
    a = unit(pos, "FR-81t_GDT", "16.19", army="GDT", two_hex="16.20")
    unit(pos, "FR-82t_GDT", "16.23", army="GDT")
    unit(pos, "FR-3_2", "16.26", army="FR5")
    assert gdt.line_holds(game(pos))
    movement(pos, "allied")
    select(pos, a)
    assert refused(pos, "allied: consolidate to=@16.19", "22.3.2")
    assert refused(pos, "allied: consolidate to=@16.20", "22.3.2")
    pos.set("turn", 16)
    pos.push("allied: consolidate to=@16.19")                  # the mission is over
    assert pos.where(a) == "16.19" and not pos.state.pieces[a].props.get("two_hex")


def test_oao_22_3_2_no_voluntary_withdrawal_out_of_the_line():
    """20.0 (optional) lets a Force next to the enemy fall back a hex; a GDT division whose fall
    back would open the line is refused, the hexes that keep it are offered."""
    pos = blank("campaign", gt=5, options={"voluntary_withdrawal": "on"})
    all_rail(pos)
    unit(pos, "FR-81t_GDT", NORTH, army="GDT")
    b = unit(pos, "FR-82t_GDT", MIDDLE, army="GDT")
    unit(pos, "FR-3_2", ARMY, army="FR5")
    unit(pos, "DE-11_6", "17.22", army="DE1")
    pos.call("voluntary_withdrawal", side="allied", done=[])
    offered = {str(a["to"]) for a in pos.session.legal_actions() if a.verb == "fall_back" and a["unit"] == b}
    assert offered == {"15.22", "16.21"}                       # 17.22 holds the German
    assert refused(pos, f"allied: fall_back unit=#{b} to=@16.23", "22.3.2")
