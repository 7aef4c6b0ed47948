"""25.3 German Truck markers: three, on the 1st, 2nd and 3rd Army Depots; each supplies Ammo to
units within its depot's range, not counted against the depot's limit; turned over after the
first use, removed after the second (the 3rd Army's after its only one)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import supply
from modules.offensive_a_outrance_1914.rules.combat import ammo_ok

from .positions import attack, battle, blank, do, fresh, game, top, unit

DE_DIV = "DE-11_6"
FR_DIV = "FR-3_2"
HERE = "52.35"


def _trucks(pos) -> dict[int, dict]:
    return {m: dict(pos.state.pieces[m].props, face=pos.state.pieces[m].face)
            for m in pos.state.stack("box:on_unit") if pos.state.pieces[m].type == "M-truck"}


def _position(depot_type: str = "DE-depot-PRIMA", army: str = "DE1"):
    """A German division at 52.35 whose army depot stands 12-14 hexes away on its LOC: it draws
    Ammo only through the depot's Extended side (9.4.2: recorded), and the depot has a Truck."""
    pos = blank("campaign", gt=5)
    board = game(pos).board
    pos.set("rail_german", sorted(h for h in board.rail if board.distance(h, HERE) >= 12))
    loc = supply.loc_hexes(game(pos), "german")
    depot_hex = min((h for h in loc if 12 <= board.distance(h, HERE) <= 14),
                    key=lambda h: (board.distance(h, HERE), h))
    dep = unit(pos, depot_type, depot_hex, army=army)
    pos.place("M-truck", depot_hex)
    do(pos, "the Truck on its depot (25.3)", supply.attach_trucks)
    d = unit(pos, DE_DIV, HERE, army=army)
    return pos, dep, d


def test_oao_25_3_the_grand_campaign_puts_a_truck_on_the_1st_2nd_and_3rd_army_depots():
    pos = fresh("campaign")
    g = game(pos)
    trucks = _trucks(pos)
    assert sorted((g.army(t["depot"]), t["uses"]) for t in trucks.values()) == [("DE1", 2), ("DE2", 2), ("DE3", 1)]
    assert all(g.ut(t["depot"]).depot for t in trucks.values())


def test_oao_25_3_a_truck_supplies_ammo_not_counted_against_the_exhausted_depots_limit():
    pos, dep, d = _position()
    pos.set("ammo_used", {f"unit:{dep}": 6})                            # the depot's printed limit: exhausted
    plan = supply.ammo_plan(game(pos), [d], "german")
    assert not plan["ok"] and plan["truck"] == dep                     # without the Truck: half strength
    fr = unit(pos, FR_DIV, game(pos).board.nbrs[HERE][0], army="FR5")
    attack(pos, "german", pos.where(fr), [d])
    assert top(pos)["state"] == "ammo_choice"
    verbs = {a.verb for a in pos.session.legal_actions()}
    assert verbs == {"truck", "save"}                                 # nothing left to record from the depot
    pos.push("german: truck")
    assert ammo_ok(battle(pos), "attacker")
    assert pos.state.globals["ammo_used"] == {f"unit:{dep}": 6}       # 25.3: not counted
    (truck,) = _trucks(pos).values()
    assert truck["uses"] == 1 and truck["face"] == 1                   # turned over after the first use


def test_oao_25_3_the_truck_is_removed_after_its_second_use_the_3rd_armys_after_one():
    pos, dep, d = _position()
    (m,) = _trucks(pos)
    do(pos, "first use", lambda g: supply.use_truck(g, dep))
    do(pos, "second use", lambda g: supply.use_truck(g, dep))
    assert m not in pos.state.pieces and supply.truck_on(game(pos), dep) is None
    assert "Truck" not in pos.state.pieces[dep].markers
    assert supply.ammo_plan(game(pos), [d], "german")["truck"] is None
    pos3, dep3, _d3 = _position("DE-depot-TERZA", "DE3")
    (m3,) = _trucks(pos3)
    assert pos3.state.pieces[m3].props["uses"] == 1
    do(pos3, "its one use", lambda g: supply.use_truck(g, dep3))
    assert m3 not in pos3.state.pieces


def test_oao_25_3_a_truck_saves_the_recorded_increments_of_an_extended_depot():
    """A depot with Ammo left: the player may supply it recorded (9.4.2) or by the Truck, free."""
    pos, dep, d = _position()
    plan = supply.ammo_plan(game(pos), [d], "german")
    assert plan["ok"] and plan["limited"] and plan["truck"] == dep
    fr = unit(pos, FR_DIV, game(pos).board.nbrs[HERE][0], army="FR5")
    attack(pos, "german", pos.where(fr), [d])
    assert {a.verb for a in pos.session.legal_actions()} == {"supply", "truck", "save"}
    pos.push("german: truck")
    assert not pos.state.globals.get("ammo_used")


def test_oao_25_3_only_its_own_armys_units_within_the_depots_range():
    """15.2.1: a depot (and its Truck) supplies its own army's units; 25.3: within its range."""
    pos, dep, d = _position()
    other = unit(pos, "DE-12_6", HERE, army="DE2")
    g = game(pos)
    assert supply.truck_reaches(g, d, dep) and not supply.truck_reaches(g, other, dep)
    beyond = min(h for h in g.rules.playable(g) if g.board.distance(g.loc(dep), h) == 17
                 and not g.board.side.get((h, g.board.nbrs[h][0]), {}).get("sea"))
    far = unit(pos, "DE-13_7", beyond, army="DE1")
    g = game(pos)
    assert not supply.truck_reaches(g, far, dep)                      # beyond the Extended range 15
    plan = supply.ammo_plan(g, [d, other], "german")                   # the 2nd Army division has no Ammo here
    assert plan["units"][str(other)] is False
    assert plan["truck"] is None                                       # reading R41: a use covers the whole combat
