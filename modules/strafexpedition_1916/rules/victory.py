"""Victory (22.0, 23.0-23.4) and the scenarios' own victory conditions.

* Geographic VP (23.1): only the AH scores them — the VP printed on each hex it controls (the
  last side to have a non-artillery unit enter or pass through it); a multi-hex objective
  (23.1.1) scores only when the AH controls all of its hexes (reading: its value once, as
  printed on each of its hexes).
* VP for losses (23.2): both sides, 1 VP per full 10 steps the enemy lost by surrender (a
  surrendered battalion 2 steps, a captured artillery unit or fortress 5; reading: partial tens
  do not count).
* Net = AH VP - Italian VP, against the scenario's thresholds (Sc 1, 2, 5); Sc 3 and Sc 4 are won
  by holding objective hexes.
* Decisive victories (23.3, 23.4), checked in every Victory Check Phase: the AH holding all of
  Marostica 1470 1471 1569 1570, Thiene and Schio; Italy holding Rovereto 3502 3603 and Folgaria.
* The game ends at the last turn, on a decisive victory or on the 3rd Russian Success (23.0).
"""
from __future__ import annotations

from . import board
from .game import Game

STEPS_PER_VP = 10     # 23.2


def objectives(g: Game) -> dict[str, list[str]]:
    t = g.module.tables["multi_hex_objectives"]
    return {name: str(row[0]).split() for name, row in zip(t.rows.values, t.cells)}


def geographic_vp(g: Game) -> int:
    multi = objectives(g)
    in_multi = {h for hexes in multi.values() for h in hexes}
    total = 0
    for hexes in multi.values():
        if all(board.controller(g, h) == "AH" for h in hexes):
            total += max(g.data.vp.get(h, 0) for h in hexes)
    for h, vp in g.data.vp.items():
        if h not in in_multi and board.controller(g, h) == "AH":
            total += vp
    return total


def loss_vp(g: Game, side: str) -> int:
    """23.2: the VP ``side`` earns from the enemy's steps lost by surrender."""
    steps = int((g.get("se_surrendered_steps") or {}).get("IT" if side == "AH" else "AH", 0))
    return steps // STEPS_PER_VP


def score(g: Game) -> dict:
    ah = geographic_vp(g) + loss_vp(g, "AH")
    it = loss_vp(g, "IT")
    return {"AH": ah, "IT": it, "net": ah - it}


def decisive(g: Game) -> str:
    t = g.module.tables["decisive_victory"]
    for side, row in zip(t.rows.values, t.cells):
        hexes = str(row[0]).split()
        if hexes and all(board.controller(g, h) == side for h in hexes):
            return str(side)
    return ""


def victory_check(g: Game) -> None:
    """Phase 12: decisive victories, then the end of the last turn."""
    s = score(g)
    g.set("se_vp", s)
    won = decisive(g)
    if won:
        g.finish(won, "decisive victory",
                 f"{g.rules.side_name(won)} wins a decisive victory (23.{3 if won == 'AH' else 4}).")
        return
    last = g.scenario.last_turn or 0
    if last and g.turn >= last:
        final(g, "the end of the last turn")


def final(g: Game, why: str) -> None:
    """23.0: the scenario's victory conditions at the end of the game."""
    s = score(g)
    g.set("se_vp", s)
    attrs = g.scenario.attrs
    if "objectives" in attrs:                                   # Sc 3
        held = [h for h in str(attrs["objectives"]).split() if board.controller(g, h) == "AH"]
        need = int(attrs.get("objectives_needed", 2))
        if len(held) >= need:
            g.finish("AH", "objectives", f"Austria-Hungary holds {', '.join(held)}: it wins (Sc 3; {why}).")
        else:
            g.finish("IT", "objectives", f"Austria-Hungary holds {len(held)} of the objectives: Italy wins (Sc 3; {why}).")
        return
    if "objective" in attrs:                                    # Sc 4
        obj = str(attrs["objective"])
        if board.controller(g, obj) == "AH":
            g.finish("AH", "objectives", f"Austria-Hungary holds Monte Novegno {obj}: it wins (Sc 4; {why}).")
        elif any(board.controller(g, h) == "AH" for h in str(attrs.get("draw_hexes", "")).split()):
            g.finish("", "draw", f"Austria-Hungary holds a forward hill but not Monte Novegno: a draw (Sc 4; {why}).")
        else:
            g.finish("IT", "objectives", f"Italy holds the line: it wins (Sc 4; {why}).")
        return
    ah_at = int(attrs.get("vp_ah_wins", 0))
    it_at = int(attrs.get("vp_it_wins", 0))
    text = f"VP: Austria-Hungary {s['AH']}, Italy {s['IT']}, net {s['net']} ({why})"
    if s["net"] >= ah_at:
        g.finish("AH", "victory points", f"{text}: Austria-Hungary wins (at least {ah_at}).")
    elif s["net"] <= it_at:
        g.finish("IT", "victory points", f"{text}: Italy wins ({it_at} or less).")
    else:
        g.finish("", "draw", f"{text}: a draw.")
