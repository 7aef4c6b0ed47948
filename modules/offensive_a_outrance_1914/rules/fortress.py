"""12.0 Fortress units: bombardment (12.4), Invested camps (12.3), repair (12.5); 13.4 the German
bombardment limits.

Strength Levels lost are kept on the Fortress (prop ``lost``) and shown as its Strength-Loss
tag (12.4.3); a Fortress that loses all its levels leaves the map (and may return, 12.5).
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Loc, Piece
from engine.machine import State

from . import events
from .base import Decision
from .data import ENEMY
from .game import ELIMINATED, Game
from .losses import eliminate
from .markers import tag


def levels(g: Game, pid: int) -> int:
    return int(g.ut(pid).attrs.get("levels", 1) or 1)


def lost(g: Game, pid: int) -> int:
    return int(g.prop(pid, "lost", 0) or 0)


def camp_fortresses(g: Game, camp: str, side: str) -> list[int]:
    return [p for p in g.state.pieces if g.ut(p) is not None and g.ut(p).fortress
            and g.ut(p).attrs.get("camp") == camp and g.side(p) == side]


def invested(g: Game, camp: str, side: str) -> bool:
    """12.3: every hex adjacent to the camp is enemy-occupied, or in an enemy ZOC and not
    friendly-occupied."""
    hexes = set(g.rules.camp_hexes(camp))
    if not hexes:
        return False
    enemy = ENEMY[side]
    zoc = g.zoc(enemy)
    ring = set()
    for h in hexes:
        ring |= set(g.board.nbrs.get(h, ()))
    ring -= hexes
    if not ring:
        return False
    for n in ring:
        occupied_enemy = any(g.side(p) == enemy for p in g.units_at(n))
        friendly = any(g.side(p) == side for p in g.units_at(n))
        if not (occupied_enemy or (n in zoc and not friendly)):
            return False
    return True


def bombard_table_column(calibre: str, fclass: str) -> str:
    """12.4.2 (1): the firing unit's calibre against the Fortress Class."""
    if calibre == "42":
        return "42cm_A" if fclass == "A" else "42cm_CB"
    return f"{calibre}cm_{fclass}"


class Bombardments(State):
    """12.4.2: each designated bombardment in turn: 42/30.5 cm uses recorded (13.4), 1d6 per gun
    group (x2/x4) on the calibre-class column, the Pionier marker's -1 once per phase (13.1.4),
    '+' rolls again (1-3: one level), '*' only for the 5+6 sKM; extra losses ignored (12.4.3)."""
    name = "bombardments"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        todo = frame["todo"]
        if not todo:
            g.end()
            return
        (fortress, unit), rest = todo[0], todo[1:]
        g.update(todo=rest)
        if fortress not in g.state.pieces or unit not in g.state.pieces or not g.on_map(fortress):
            return
        advance = bombard(g, unit, fortress, frame)
        if advance:
            g.call("bombard_advance", side=frame["side"], **advance)


def bombard(g: Game, unit: int, fortress: int, frame: dict) -> dict | None:
    t = g.ut(unit)
    calibre = str(t.attrs.get("calibre", "21"))
    fclass = str(g.ut(fortress).attrs.get("fortress_class", "C") or "C")
    if calibre == "42" and g.scenario() != "lorraine":
        g.set("bombard_42", int(g.get("bombard_42", 0)) - 1)
    elif calibre == "30.5" and g.scenario() != "lorraine":
        g.set("bombard_305", int(g.get("bombard_305", 0)) - 1)
    table = g.module.tables["fortress_bombardment"]
    col = bombard_table_column(calibre, fclass)
    guns = int(t.attrs.get("guns", 1) or 1)
    pioneer = 0
    if g.get("pionier_used_phase") is None or g.get("pionier_used_phase") != g.get("phase_id"):
        for m in g.state.stack("box:on_unit") + g.units_at(g.loc(unit)):
            mt = g.ut(m) if m in g.state.pieces else None
            if mt is not None and mt.utype == "siege_marker" and "bombard_drm" in mt.attrs:
                hq = g.prop(m, "hq")
                if hq in g.state.pieces and g.loc(hq) == g.loc(unit):
                    pioneer = int(mt.attrs.get("bombard_drm", -1))
                    g.set("pionier_used_phase", g.get("phase_id"))
                    break
    loss = 0
    rolls = []
    special = t.name == "5+6 sKM"
    for _ in range(guns):
        die = g.roll(f"bombardment of {g.unit_name(fortress)}", "1d6")
        row = max(1, min(6, die + pioneer))
        pioneer = 0
        cell = str(table.lookup(row if row in table.rows.values else str(row), col)).strip()
        rolls.append(f"{die}→{cell}")
        if cell in ("-", ""):
            continue
        if cell == "+":
            again = g.roll("bombardment re-roll ('+')", "1d6")
            rolls.append(f"re-roll {again}")
            if again <= 3:
                loss += 1
            continue
        if cell == "-*":
            loss += 1 if special else 0
            continue
        if cell.endswith("*"):
            loss += int(cell[:-1]) + (1 if special else 0)
            continue
        loss += int(cell)
    have = levels(g, fortress) - lost(g, fortress)
    loss = min(loss, have)                                 # 12.4.3: extra results ignored
    g.report_combat({"title": f"Bombardment of {g.unit_name(fortress)}", "attacker": frame["side"],
                     "defender": g.side(fortress), "stage": "resolved",
                     "lines": [{"who": frame["side"], "what": f"{g.unit_name(unit)} ({calibre} cm) against "
                                f"Fortress Class {fclass}", "table": "fortress_bombardment", "column": col,
                                "dice": [int(r.split('→')[0]) for r in rolls if '→' in r],
                                "result": ", ".join(rolls)}],
                     "outcome": [f"{loss} Strength Level(s) lost"]})
    if not loss:
        return None
    total = lost(g, fortress) + loss
    g.set_prop(fortress, "lost", total)
    tag(g, fortress, "Strength loss ", str(total))
    g.note(f"{g.unit_name(fortress)} loses {loss} Strength Level(s) ({total} of {levels(g, fortress)}; 12.4.3)")
    if total < levels(g, fortress):
        return None
    h = g.loc(fortress)
    camp = str(g.ut(fortress).attrs.get("camp", ""))
    side = g.side(fortress)
    was_invested = invested(g, camp, side)
    eliminate(g, fortress, "all Strength Levels destroyed (12.4.3)")
    g.set_prop(fortress, "home", h)
    if was_invested and not any(levels(g, f) - lost(g, f) > 0 for f in camp_fortresses(g, camp, side)
                                if g.on_map(f)):
        for hh in g.rules.camp_hexes(camp):                 # 12.3.3
            for p in list(g.units_at(hh)):
                if g.side(p) == side:
                    eliminate(g, p, "the last Strength Level of its Invested camp is destroyed (12.3.3)")
    empty = not any(g.side(p) == side for p in g.units_at(h))
    if empty or was_invested:                               # 12.4.2 (3), 12.3.4
        cands = [p for n in g.board.all_nbrs.get(h, ()) for p in g.units_at(n)
                 if g.side(p) == frame["side"] and g.is_combat(p)]
        if cands:
            return {"target": h, "candidates": sorted(cands), "displace": not empty}
    return None


class BombardAdvance(Decision):
    """12.4.2 (3) / 12.3.4: one adjacent Combat unit may advance into the destroyed Fortress's
    hex (its defenders are displaced when the camp was Invested)."""
    name = "bombard_advance"
    rule = "12.4.2"
    lines = {"advance": "{unit} advances into {target}"}

    def ask(self, g: Game, frame: dict) -> str:
        return f"advance one Combat unit into {g.hexname(frame['target'])} (12.4.2), or not"

    def actions(self, g: Game, frame: dict):
        for p in frame["candidates"]:
            if p in g.state.pieces and g.on_map(p):
                yield self.offer("advance", frame["side"], unit=p)
        yield self.offer("stay", frame["side"])

    def on_advance(self, g: Game, frame: dict, unit: Piece) -> None:
        """Advance this unit"""
        h = frame["target"]
        enemy = ENEMY[frame["side"]]
        if frame.get("displace"):
            for p in list(g.units_at(h)):
                if g.side(p) == enemy:
                    events.retreat_alone(g, p, 1, "12.3.4")
        frm = g.loc(unit)
        g.move_piece(int(unit), h)
        events.arrived(g, [int(unit)], h, frm, None)
        g.end()

    def on_stay(self, g: Game, frame: dict) -> None:
        """No advance"""
        g.end()


def repair(g: Game, side: str) -> None:
    """12.5: (1) a Fortress on its back stacked with a friendly unit, or neither next to nor
    stacked with an enemy unit, flips to its front; (2) each camp not Invested repairs one
    Strength Level of one damaged Fortress — a destroyed one returns to its hex only if a friendly
    Combat unit holds it."""
    enemy = ENEMY[side]
    for pid in list(g.state.pieces):
        t = g.ut(pid)
        if t is None or not t.fortress or g.side(pid) != side or not g.on_map(pid) or g.face(pid) == 0:
            continue
        h = g.loc(pid)
        friendly = any(g.side(p) == side and p != pid for p in g.units_at(h))
        near_enemy = any(g.side(p) == enemy for n in (h,) + g.board.all_nbrs.get(h, ()) for p in g.units_at(n))
        if friendly or not near_enemy:
            g.do(C.SetFace(pid, 0))
            g.note(f"{g.unit_name(pid)} regains its outer garrison (12.5)")
    camps: dict[str, list[int]] = {}
    for pid in g.state.pieces:
        t = g.ut(pid)
        if t is not None and t.fortress and g.side(pid) == side:
            camps.setdefault(str(t.attrs.get("camp", "")), []).append(pid)
    for camp, forts in sorted(camps.items()):
        if invested(g, camp, side):
            continue                                            # 12.3.1
        damaged = [p for p in forts if g.on_map(p) and lost(g, p) > 0]
        if damaged:
            p = damaged[0]
            g.set_prop(p, "lost", lost(g, p) - 1 or None)
            tag(g, p, "Strength loss ", str(lost(g, p)) if lost(g, p) else None)
            g.note(f"{g.unit_name(p)} repairs a Strength Level (12.5)")
            continue
        gone = [p for p in forts if g.loc(p) == ELIMINATED and g.prop(p, "home")]
        for p in gone:
            home = g.prop(p, "home")
            if any(g.side(q) == side and g.is_combat(q) for q in g.units_at(home)):
                g.move_piece(p, home)
                g.set_prop(p, "lost", levels(g, p) - 1 or None)
                g.do(C.SetFace(p, 0))
                g.note(f"{g.unit_name(p)} returns to {g.hexname(home)} with one Strength Level (12.5)")
                break
