"""28.0 Set-up: after the scenario's placements (the engine's generic set-up), the rules put every
Formation's and corps' Assignment marker on its army's display (28.3 A), the Army markers behind
their armies (28.3 C), flag inactive armies and units (28.5), hold siege markers in Reserve with
their HQs (13.2.4), record the scenario's globals (plans, resources, bases) and draw both sides'
railway networks and hex control; then the first Game Turn begins."""
from __future__ import annotations

from engine import commands as C
from engine.machine import State

from . import control, org, rail, supply
from .data import ARMY_WORD, SIDES
from .game import AM, Game
from .markers import tag
from .plans import plan_rows

PLAN_KEYS_LORRAINE = ("FR_2nd", "DE_6th")


class Start(State):
    """The set-up (28.0), then ``game_turn``."""
    name = "start"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        scen = g.module.scenarios[frame["scenario"]]
        g.set("scenario_id", scen.id)
        g.set("options", dict(frame.get("options", {})))
        setup_globals(g, scen)
        for pid in sorted(g.state.pieces):
            piece = g.state.pieces[pid]
            t = g.ut(pid)
            if t is None:
                continue
            props = piece.props
            if props.get("note"):
                g.set_prop(pid, "note", None)
            if props.get("act"):
                g.set_prop(pid, "inactive_until", int(props["act"]))
                g.set_prop(pid, "act", None)
            if piece.loc in g.board.hexes:
                box = str(props.get("box", "") or "")
                org.assign_at_arrival(g, pid, box)
                if props.get("two_hex"):
                    tag(g, pid, "two-hex ", str(props["two_hex"]))
                if t.utype == "siege_marker":
                    hq = next((q for q in g.state.stack(piece.loc) if g.ut(q) is not None and g.ut(q).hq), None)
                    g.move_piece(pid, "box:on_unit")
                    g.set_prop(pid, "hq", hq)
        gdt_markers(g)
        supply.attach_trucks(g)                                       # 25.3
        for side in SIDES:
            org.place_army_markers(g, side)
            plan_faces(g, side)
        control.update_fronts(g)
        for side in SIDES:
            rail.engineer(g, side)
        for side in SIDES:
            org.set_support_armies(g, side)
        g.note(f"{scen.name}: set up (28.0)")
        g.goto("game_turn")


def setup_globals(g: Game, scen) -> None:
    gl = scen.globals
    plans = {}
    listed = str(gl.get("plans", "") or "").split()
    for key in plan_rows(g):
        if key in listed:
            plans[key] = "suspended" if key == "DE_6th" else "active"
    g.set("plans", plans)
    inactive = {}
    for key, gt in (("inactive_until_gt2", 2), ("inactive_until_gt3", 3)):
        text = str(gl.get(key, "") or "")
        for part in text.split(";"):
            words = part.split()
            if not words:
                continue
            nat = words[0]
            side = "german" if nat == "DE" else "allied"
            rest = " ".join(words[1:])
            if nat == "BE":
                inactive["BELGA"] = gt
                continue
            for name in ("Det. d'Armée",) + tuple(w for w in rest.replace("Det. d'Armée", "").split()):
                if name in rest:
                    army = ARMY_WORD[side].get(name)
                    if army:
                        inactive[army] = gt
    g.set("inactive_armies", inactive)
    if g.gt == 13 or str(gl.get("player_turn", "")) == "german":
        g.set("skip_allied_turn", True)
    g.set("vp", int(gl.get("vp", 0) or 0))
    g.set("vp_leader", "german" if int(gl.get("vp", 0) or 0) > 0 else "")
    g.set("rp_allied", round(2 * float(gl.get("rp_allied", 0) or 0)))     # RP kept in halves (7.7.1)
    g.set("rp_german", round(2 * float(gl.get("rp_german", 0) or 0)))
    g.set("ip_allowance_allied", int(gl.get("ip_allowance", 0) or 0))
    g.set("ip_allowance_german", int(gl.get("ip_allowance", 0) or 0))
    g.set("repl_FR", 0)
    g.set("repl_GB", 0)
    g.set("repl_DE", 0)
    if scen.id == "race_to_the_sea":
        g.set("bases", {"BEF": "02.36", "BELGA": "52.16"})
        g.set("bef_base_moved", True)
        g.set("shortage_markers_allied", 1)
        g.set("shortage_markers_german", 1)
        g.set("fr_reserve_flipped", True)
        g.set("fr_bottlenecks", True)
        g.set("rdn_E_cleared", 13)
        g.set("rdn_W_cleared", 13)
        g.set("rdn_E_trigger", 1)
        g.set("rdn_W_trigger", 1)
        for pid, piece in g.state.pieces.items():
            t = g.module.piece_types.get(piece.type)
            if t is not None and t.unit_type == "assignment" and len(t.faces) > 1:
                pass
        demolish_for_rts(g)
    elif scen.id == "campaign":
        g.set("bases", {"BEF": "01.21", "BELGA": "52.16"})
        g.set("rr_demolished", sorted(k for k, (kind, _r) in g.rules.rr_structures.items() if kind == "destroyed_bridge"))
    else:
        g.set("bases", {})
    for key in ("bombard_42", "bombard_305", "bombard_prep"):
        if key in gl:
            g.set(key, int(gl[key]))


def demolish_for_rts(g: Game) -> None:
    """31.3: every orange structure with an X or a number above 13, and the red Amiens bridge,
    start demolished; the destroyed bridge 53.28/53.29 too."""
    out = []
    for key, (kind, rebuild) in g.rules.rr_structures.items():
        if kind == "destroyed_bridge" or ("orange" in kind and (rebuild == "X" or (rebuild.isdigit() and int(rebuild) > 13))) \
                or (kind == "red_bridge"):
            out.append(key)
    g.set("rr_demolished", sorted(out))
    g.set("rr_demolished_gt", {k: 13 for k in out})


def gdt_markers(g: Game) -> None:
    """22.3.3: the GDT divisions start with their detachments out and a -4 marker."""
    for pid, piece in list(g.state.pieces.items()):
        if piece.type != "M-gdt_detachment" or piece.loc not in g.board.hexes:
            continue
        for q in g.units_at(piece.loc):
            t = g.ut(q)
            if t.name.endswith("/GDT") and t.name[0].isdigit():
                number = t.name.split("t")[0]
                dets = [p for p, pc in g.state.pieces.items() if g.ut(p) is not None
                        and g.ut(p).name.endswith(f"det {number}")]
                g.set_prop(q, "gdt_minus", max(1, len(dets)))
                g.set_prop(q, "sr_marker", 4)
                tag(g, q, "GDT ", "-4")
        g.do(C.Delete(pid))


def plan_faces(g: Game, side: str) -> None:
    """28.3 C / 26.0: an army under a Strategic Plan shows its Army marker's plan side."""
    from_plans = g.get("plans", {})
    for army, marker in org.army_markers(g, side).items():
        key = {"FR1": "FR_1st", "FR2": "FR_2nd", "FR3": "FR_3rd", "FR4": "FR_4th", "DE1": "DE_1st", "DE2": "DE_2nd",
               "DE3": "DE_3rd", "DE4": "DE_4th", "DE5": "DE_5th", "DE6": "DE_6th"}.get(army)
        if key and from_plans.get(key) in ("active", "suspended"):
            g.do(C.SetFace(marker, 1))
