"""The Rhine (12.6–12.9): which Rhine hexsides can be crossed, blowing the printed bridges,
bridgeheads and the consequences of the first Allied crossing.

* A Rhine hexside is crossed by a printed bridge not yet blown, or where a bridgehead marker
  stands on its east bank (12.6: a bridgehead is a bridge "for all purposes"); otherwise only by
  an amphibious crossing in the phase's first increment (12.8, in :mod:`.increments`).
* Bridge states (``f44_bridges``, per Rhine hexside with printed bridges, one entry per
  bridge): ``untried`` (no marker, 12.7), ``intact`` (an attempt failed) or ``blown``.
* Bridgeheads (``f44_bridgeheads``): east-bank hexes (12.6), kept up to date after every move,
  retreat, advance and step loss by :func:`update_bridgeheads`.
"""
from __future__ import annotations

from engine import commands as C

from .board import position, side_key
from .game import ELIM, OOS, Game, month

DEMOLITION_ROLLS = "1d6"


def bridge_states(g: Game, key: str) -> list[str]:
    states = (g.get("f44_bridges") or {}).get(key)
    if states is None:
        return ["untried"] * g.facts.bridges.get(key, 0)
    return list(states)


def east_hex(g: Game, a: str, b: str) -> str:
    """The east-bank hex of a Rhine hexside."""
    return a if a in g.facts.east_bank else b


def crossable(g: Game, a: str, b: str) -> bool:
    """12.8/12.6: may a unit cross the Rhine hexside a|b without an amphibious crossing?"""
    if any(s != "blown" for s in bridge_states(g, side_key(a, b))):
        return True
    return east_hex(g, a, b) in (g.get("f44_bridgeheads") or [])


def blown_bridge_at(g: Game, h: str) -> bool:
    """12.6 note: no bridgehead on a burned bridge — an east-bank hex at the end of a Rhine
    hexside whose printed bridges are all blown (reading R12.6)."""
    facts = g.facts
    for n in facts.neighbours.get(h, ()):
        if facts.is_rhine(h, n):
            states = bridge_states(g, side_key(h, n))
            if states and all(s == "blown" for s in states):
                return True
    return False


def demolish(g: Game, h: str) -> None:
    """12.7: an Allied unit enters a hex with a printed Rhine bridge: the German rolls a d6 for
    each bridge not yet tried — 1: the attempt fails (intact marker), 2-6: blown for good.
    Hex 3511 has three bridges on its one Rhine hexside: three rolls."""
    facts = g.facts
    if h not in facts.bridge_hexes:
        return
    all_states = dict(g.get("f44_bridges") or {})
    for n in facts.neighbours[h]:
        key = side_key(h, n)
        if not facts.is_rhine(h, n) or key not in facts.bridges:
            continue
        states = bridge_states(g, key)
        changed = False
        for i, s in enumerate(states):
            if s != "untried":
                continue
            die = g.roll(f"German bridge demolition at {g.hex_name(h)}", DEMOLITION_ROLLS)
            result = str(g.row("bridge_demolition", die)["result"])
            states[i] = "blown" if result == "blown" else "intact"
            changed = True
            site = facts.hexes[h].attrs.get("bridge_site") or g.hex_name(h)
            g.note(f"German rolls {die} to blow the {site} bridge ({g.hex_name(h)}–{n}): "
                   + ("blown" if states[i] == "blown" else "the attempt fails, the bridge stands"))
        if changed:
            all_states[key] = states
    g.set("f44_bridges", all_states)


def update_bridgeheads(g: Game) -> None:
    """12.6: place a bridgehead in an east-bank hex occupied by an Allied combat unit in supply
    (reading: carrying no Out of Supply marker; cadres count), or empty and in the ZOC of Allied
    units only; remove it when a German combat unit occupies the hex, or the hex is empty of
    combat units and in German ZOC. Never on a burned bridge (12.6 note)."""
    facts = g.facts
    pos = position(g)
    heads = set(g.get("f44_bridgeheads") or [])
    new = set(heads)
    for h in facts.east_bank:
        allied = pos.combat("allied", h)
        german = pos.combat("german", h)
        if h in new:
            if german or (not allied and pos.in_zoc("german", h)):
                new.discard(h)
        else:
            if blown_bridge_at(g, h) or german:
                continue
            if any(not g.has(p, OOS) for p in allied) or \
                    (not allied and pos.in_zoc("allied", h) and not pos.in_zoc("german", h)):
                new.add(h)
    if new != heads:
        for h in sorted(new - heads):
            g.note(f"Bridgehead at {g.hex_name(h)} (12.6)")
        for h in sorted(heads - new):
            g.note(f"Bridgehead at {g.hex_name(h)} removed (12.6)")
        g.set("f44_bridgeheads", sorted(new))


def note_crossing(g: Game, pid: int, path) -> None:
    """12.9: the first time an Allied combat unit enters German territory east of the Rhine
    (reading R12.9), the consequences apply, for good."""
    if g.get("rhine_crossed") or not g.is_unit(pid) or g.side_of(pid) != "allied":
        return
    if not any(h in g.facts.east for h in path):
        return
    rhine_crossed(g)


def rhine_crossed(g: Game) -> None:
    """12.9: German RxP 0 every turn from now (the R = 0 marker); the Führer divisions not in
    play or on the Turn Track go to the German Eliminated box; German replacement points only
    build Führer divisions; the German turn marker shows Rhine Crossed. Irreversible."""
    g.set("rhine_crossed", True)
    g.set("f44_rhine_turn", g.turn)
    g.move_marker("M-TURN-GE", g.where(g.first_of("M-TURN-GE")), face=1)
    g.move_marker("M-R0", "rxp_german_0", face=0)
    moved = []
    for pid in sorted(g.state.pieces):
        if g.fuhrer(pid) and (g.where(pid) == "fuhrer_pool" or g.where(pid).startswith("turn_german_")):
            g.do(C.Move(pid, ELIM["german"]))
            moved.append(pid)
    g.note(f"The Allies have crossed the Rhine ({month(g.turn)}): the German receives no more "
           f"Reaction Points; {len(moved)} Führer Panzer Divisions go to the German Eliminated "
           f"box (12.9)")
