"""18.5 German special RR engineering (yellow circles): rebuilt in the GT of their number like
any structure (18.4.3); then only the German may use them, and only to trace supply and move
depots — no rail movement across them.

Map data: the printed circles are not in the rulebook text. The module's table ``rr_special``
holds one, the Montmédy bypass of the 18.5 note, on the hexside the reconstructed map gives the
Montmédy tunnel (49.41-50.41), rebuilt in GT 25 (reconstructed from history, PROVENANCE)."""
from __future__ import annotations

from modules.offensive_a_outrance_1914.rules import control, moves, rail, special_rr, supply, tasks

from .positions import blank, game, unit

TUNNEL = ("49.41", "50.41")
WEST = ("49.41", "48.40", "48.39")          # beyond the tunnel, on the line toward Sedan


def _position(gt: int):
    """The German controls the country around Montmédy (east of column 48); the tunnel is
    demolished (18.4.1); the German RR Engineering Phase has drawn its network."""
    pos = blank("campaign", gt=gt)
    board = game(pos).board
    pos.set("control", {h: "german" for h in board.hexes if board.hexes[h].get("country") in ("FR", "BE")
                        and board.distance(h, "49.41") <= 6 and board.col(h) >= 48})
    pos.set("rr_demolished", ["49.41|50.41"])
    pos.edit("German RR Engineering Phase (18.2)", lambda tx: rail.engineer(pos.session.ruleset.game(tx.state, tx),
                                                                             "german"))
    return pos


def test_oao_18_5_the_module_places_the_montmedy_bypass_rebuilt_in_gt_25():
    g = game(blank("campaign"))
    assert special_rr.yellow_structures(g) == {"49.41|50.41": 25}
    assert TUNNEL in g.board.rail_link and g.rules.rr_structures["49.41|50.41"][0] == "orange_tunnel"


def test_oao_18_5_rebuilt_in_its_gt_the_german_network_and_loc_cross_the_demolished_tunnel():
    before = _position(24)
    g = game(before)
    assert control.demolished(g, *TUNNEL)
    assert not any(h in control.operational(g, "german") for h in WEST)        # 18.4.2: not past it
    assert not any(h in supply.loc_hexes(g, "german") for h in WEST)
    after = _position(25)
    g = game(after)
    assert all(h in control.operational(g, "german") for h in WEST)           # 18.4.3: rebuilt in GT 25
    assert all(h in supply.loc_hexes(g, "german") for h in WEST)             # 18.5: supply may use it
    assert "48.39" in supply.army_loc_hexes(g, "german", "DE5")


def test_oao_18_5_only_depots_move_across_it_and_only_the_german():
    pos = _position(25)
    a, b = TUNNEL[1], TUNNEL[0]
    dep = unit(pos, "DE-depot-QUINTA", a, army="DE5")
    g = game(pos)
    frame = {"side": "german", "counter": False}
    assert moves.MoveContext(g, frame, [dep], a, a).cost(a, b) == 1        # (2) depots move along it
    assert not tasks.rail_graph_ok(g, "german", a, b)                          # (2) no rail movement
    assert not special_rr.special_open(g, a, b, "allied")                      # (1) only the German
    pos.set("rail_allied", sorted(g.board.rail))
    fr = unit(pos, "FR-depot-QUINTA", "48.40", army="FR5")
    g = game(pos)
    assert moves.MoveContext(g, {"side": "allied", "counter": False}, [fr], "48.40", "48.40").cost(b, a) is None
    early = _position(24)
    dep24 = unit(early, "DE-depot-QUINTA", a, army="DE5")
    g = game(early)
    early.set("rail_german", sorted(g.board.rail))
    g = game(early)
    assert moves.MoveContext(g, frame, [dep24], a, a).cost(a, b) is None      # not before its GT
