"""4.2.9 the Final Phase, the end of a GT, 4.3 the Interphase (and the Final Interphase), 27
victory.

Final Phase: Cavalry Withdrawal (8.3, phasing player first), Voluntary Withdrawal (optional 20,
non-phasing first), then the VP of the player turn (27.2, 27.3) and the Strategic Plans' captures
(26.1.1). End of a GT: Antwerpen's surrender (24.4). Interphase (after every third GT, 4.3): the
Replacement Segment (16.6) and the Administrative Segment (RP 7.7.1, bottlenecks 18.6, IPs 14.3.4,
VP 27.4-27.6, the French Reserve roll 22.4.1, Ammo Shortage markers 15.8.1, special RP 23.3.2 and
24.5, the Namur bottleneck 18.6.1). The Final Interphase scores 27.7-27.9.1 and ends the game.
"""
from __future__ import annotations

from engine import commands as C
from engine.actions import Piece
from engine.machine import Procedure
from engine.rules import Violation

from . import control, plans, tasks
from .base import Decision
from .data import ENEMY, SIDES
from .game import AM, Game
from .prelim import antwerp_check
from .strength import set_sr_marker
from .vp import award, vp

MULHAUSEN = ("55.70", "56.69", "56.70")
LORRAINE_CITIES = ("53.56", "55.59", "55.62")     # 27.3 (Lunéville printed "53.36")
SPECIAL_CITIES = ("Antwerpen", "Rouen", "Troyes", "Nancy")


class FinalPhase(Procedure):
    """4.2.9 in order."""
    name = "final_phase"
    steps = ("cav_phasing", "cav_other", "vol_other", "vol_phasing", "victory_points", "done")

    def cav_phasing(self, g: Game, frame: dict) -> None:
        g.call("cavalry_withdrawal", side=frame["side"], done=[])

    def cav_other(self, g: Game, frame: dict) -> None:
        g.call("cavalry_withdrawal", side=ENEMY[frame["side"]], done=[])

    def vol_other(self, g: Game, frame: dict) -> None:
        if g.option("voluntary_withdrawal"):
            g.call("voluntary_withdrawal", side=ENEMY[frame["side"]], done=[])

    def vol_phasing(self, g: Game, frame: dict) -> None:
        if g.option("voluntary_withdrawal"):
            g.call("voluntary_withdrawal", side=frame["side"], done=[])

    def victory_points(self, g: Game, frame: dict) -> None:
        control.update_fronts(g)
        for side in SIDES:
            tasks.drop_empty_ips(g, side)
        plans.end_of_player_turn(g)
        if g.gt < 7 and g.scenario() != "race_to_the_sea":
            if not g.get("mulhausen_scored") and all(control.controller(g, h) == "allied" for h in MULHAUSEN):
                g.set("mulhausen_scored", True)                          # 27.2 (reading R23: once)
                award(g, "allied", 10, "the French control all of Mulhausen before GT 7 (27.2)")
            if not g.get("lorraine_bonus_taken"):
                held = [h for h in LORRAINE_CITIES if control.controller(g, h) == "german"]
                if held:
                    g.call("lorraine_bonus", side="german", cities=held)
        lorraine_victory_check(g)

    def done(self, g: Game, frame: dict) -> None:
        g.end()


class LorraineBonus(Decision):
    """27.3: once per game, at the end of a player turn of the German's choice before GT 7, +3 VP
    per Lorraine city he controls (Lunéville, Baccarat, St. Dié)."""
    name = "lorraine_bonus"
    rule = "27.3"

    def ask(self, g: Game, frame: dict) -> str:
        return f"take the Lorraine bonus now ({3 * len(frame['cities'])} VP, once per game) or wait (27.3)?"

    def actions(self, g: Game, frame: dict):
        yield self.offer("take_bonus", "german")
        yield self.offer("wait", "german")

    def on_take_bonus(self, g: Game, frame: dict) -> None:
        """Take the bonus now"""
        g.set("lorraine_bonus_taken", True)
        award(g, "german", 3 * len(frame["cities"]), "German Advance into Lorraine (27.3)")
        g.end()

    def on_wait(self, g: Game, frame: dict) -> None:
        """Wait"""
        g.end()


class EndOfGT(Procedure):
    """The end of a GT: Antwerpen (24.4), then the Interphase after every third GT (4.3), the
    scenario's end after its last GT."""
    name = "end_of_gt"
    steps = ("antwerp", "interphase", "advance")

    def antwerp(self, g: Game, frame: dict) -> None:
        antwerp_check(g)

    def interphase(self, g: Game, frame: dict) -> None:
        last = g.rules.last_turn(g)
        if g.gt == last:
            g.call("interphase", number="final")
        elif g.gt % 3 == 0:
            g.call("interphase", number=g.gt // 3)

    def advance(self, g: Game, frame: dict) -> None:
        last = g.rules.last_turn(g)
        if g.gt >= last:
            game_end(g)
            return
        g.set("turn", g.gt + 1)
        g.end()


class Interphase(Procedure):
    """4.3: the Replacement Segment, then the Administrative Segment (both players; reading:
    one side after the other, Allied first, as the decisions are independent)."""
    name = "interphase"
    steps = ("replacements_allied", "replacements_german", "administrative")

    def begin(self, g: Game, frame: dict) -> None:
        n = frame["number"]
        g.set("phase", "Final Interphase" if n == "final" else f"Interphase {n}")

    def replacements_allied(self, g: Game, frame: dict) -> None:
        self._repl(g, frame, "allied")

    def replacements_german(self, g: Game, frame: dict) -> None:
        self._repl(g, frame, "german")

    def _repl(self, g: Game, frame: dict, side: str) -> None:
        if frame["number"] == "final" or g.scenario() == "lorraine":      # 29.3.1: no REPL
            return
        row = interphase_row(g, int(frame["number"]))
        for nat, col in (("FR", "repl_fr"), ("GB", "repl_gb"), ("DE", "repl_de")):
            if (nat == "DE") != (side == "german"):
                continue
            key = f"repl_{nat}"
            g.set(key, int(g.get(key, 0)) + int(row.get(col, 0) or 0))     # 16.6.2: may start negative
        if replacement_targets(g, side, int(frame["number"])):
            g.call("replacements", side=side, number=int(frame["number"]), used={})

    def administrative(self, g: Game, frame: dict) -> None:
        n = frame["number"]
        if n == "final":
            final_interphase(g)
            return
        administrative(g, int(n))


def interphase_row(g: Game, n: int) -> dict:
    table = g.module.tables["interphase"]
    cols = list(table.cols.values)
    for i, key in enumerate(table.rows.values):
        if int(key) == n:
            return dict(zip(cols, table.cells[i]))
    return {}


def repl_cap(row: dict) -> int:
    cap = row.get("repl_cap")
    return int(cap) if cap not in (None, "") else 99


def replacement_targets(g: Game, side: str, n: int) -> list[int]:
    """16.6: a REPL removes one SR from an infantry unit (not cavalry, 8.1; not Belgian, 24.2),
    within the Interphase Table's cap per army (16.6.3) and the German armies it names."""
    row = interphase_row(g, n)
    used = g.top.get("used", {}) if g.top and g.top.get("state") == "replacements" else {}
    cap = repl_cap(row)
    armies = str(row.get("repl_de_armies", "") or "")
    allowed_de = None
    if side == "german" and armies and armies != "all":
        allowed_de = {"DE" + w.strip()[0] for w in armies.split(",") if w.strip()}
    out = []
    for pid in g.units_of(side):
        t = g.ut(pid)
        if not t.infantry or t.nat == "BE" or not g.is_combat(pid):
            continue
        if int(g.get(f"repl_{t.nat}", 0)) <= 0:
            continue
        reduced = g.face(pid) == 1 or g.prop(pid, "sr_marker")
        if not reduced:
            continue
        army = g.army(pid)
        if allowed_de is not None and army not in allowed_de:
            continue
        if int(used.get(army, 0)) >= cap:
            continue
        out.append(pid)
    return out


class Replacements(Decision):
    """16.6.1: REPL must be assigned if possible; each flips a reduced infantry unit back (or,
    optional 9.10.3, takes a -2 marker off or turns -4 into -2)."""
    name = "replacements"
    rule = "16.6"
    lines = {"replace": "{unit} takes a Replacement"}

    def ask(self, g: Game, frame: dict) -> str:
        return "Replacement Segment: assign your REPL to reduced infantry units (16.6)"

    def actions(self, g: Game, frame: dict):
        for pid in replacement_targets(g, frame["side"], frame["number"]):
            yield self.offer("replace", frame["side"], unit=pid)

    def check_replace(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit in replacement_targets(g, frame["side"], frame["number"]):
            return None
        return self.no(g, "16.6.3", "a reduced infantry unit within its army's REPL cap")

    def on_replace(self, g: Game, frame: dict, unit: Piece) -> None:
        """Give it a Replacement"""
        pid = int(unit)
        t = g.ut(pid)
        if g.prop(pid, "sr_marker"):                                # 16.6.1 with 9.10.3
            set_sr_marker(g, pid, int(g.prop(pid, "sr_marker")) - 2)
        else:
            g.do(C.SetFace(pid, 0))
        g.set(f"repl_{t.nat}", int(g.get(f"repl_{t.nat}", 0)) - 1)
        used = dict(frame["used"])
        used[g.army(pid)] = int(used.get(g.army(pid), 0)) + 1
        g.update(used=used)
        g.note(f"{g.unit_name(pid)} takes a Replacement (16.6)")
        if not replacement_targets(g, frame["side"], frame["number"]):
            g.end()


def administrative(g: Game, n: int) -> None:
    row = interphase_row(g, n)
    lorraine = g.scenario() == "lorraine"
    if not lorraine:
        g.set("rp_allied", round(2 * float(row.get("rp_allied", 0) or 0)))   # 7.7.1, in half RP
        g.set("rp_german", round(2 * float(row.get("rp_german", 0) or 0)))
        ip = str(row.get("ip", "0"))
        value = 999 if ip == "unlimited" else int(ip or 0)
        g.set("ip_allowance_allied", value)                                 # 14.3.4
        g.set("ip_allowance_german", value)
    g.set("bottleneck_capacity", {})                                        # 18.6.2 reset
    if n >= 4:                                                              # 15.8.1
        g.set("shortage_markers_allied", n - 3)
        g.set("shortage_markers_german", n - 3)
    if n == 2:
        g.set("be_special_rp", True)                                        # 24.5
    if n == 6:
        g.set("rnd_special_rp", True)                                       # 23.3.2
        g.set("namur_bottleneck", True)                                     # 18.6.1
    if n >= 3 and not g.get("fr_reserve_flipped"):                          # 22.4.1
        french_reserve_roll(g, n)
    if n >= 2:
        deepest_advance(g)                                                  # 27.4
        for side in SIDES:
            front_gaps(g, side)                                             # 27.5
    if n >= 8 and not lorraine:                                             # 27.6
        marine = [p for p, piece in g.state.pieces.items() if piece.type == "DE-Marine" and g.on_map(p)]
        if marine and g.loc(marine[0]) not in g.board.coastal:
            award(g, "german", -3, "the Marine Division is not in a Coastal hex (27.6)")
    g.note(f"Interphase {n}: RP {int(g.get('rp_allied', 0)) / 2:g} Allied / {int(g.get('rp_german', 0)) / 2:g} German; "
           f"bottlenecks reset; VP now {vp(g):+d} (German lead positive)")


def french_reserve_roll(g: Game, n: int) -> None:
    """22.4.1: from the 3rd Interphase, until it succeeds: 1 (3rd), 1-2 (4th) ... automatic (8th);
    success flips the French Reserve Formations' Assignment markers (higher Base CE)."""
    table = g.module.tables["french_reserve"]
    need = None
    for i, key in enumerate(table.rows.values):
        if int(key) == n:
            need = str(table.cells[i][0])
    if need is None:
        need = "automatic" if n >= 8 else "1"
    success = need == "automatic"
    if not success:
        top = int(need.split("-")[-1])
        roll = g.roll("French Reserve roll (22.4.1)", "1d6")
        success = roll <= top
        g.note(f"French Reserve roll: {roll} (success on 1-{top}): {'success' if success else 'not yet'} (22.4.1)")
    if success:
        flip_french_reserves(g)


def flip_french_reserves(g: Game) -> None:
    g.set("fr_reserve_flipped", True)
    for pid, piece in g.state.pieces.items():
        t = g.module.piece_types.get(piece.type)
        if t is None or t.unit_type != "assignment" or len(t.faces) < 2:
            continue
        unit = piece.props.get("unit")
        u = g.ut(unit) if unit in g.state.pieces else None
        if u is not None and u.nat == "FR" and u.attrs.get("quality") == "reserve" and piece.face == 0:
            g.do(C.SetFace(pid, 1))
    g.note("The French Reserve Formations' Assignment markers flip to their higher Base CE (22.4)")


def deepest_advance(g: Game) -> None:
    """27.4: row minus column of the most advanced German infantry Formation west of column 45."""
    best = None
    for pid in g.units_of("german"):
        t = g.ut(pid)
        if not (t.infantry and g.is_formation(pid)):
            continue
        h = g.loc(pid)
        value = g.board.hexes[h].get("advance_vp")
        if value in (None, ""):
            continue
        value = int(value)
        best = value if best is None else max(best, value)
    if best:
        award(g, "german", best, "the deepest German advance (27.4)")


def front_gaps(g: Game, side: str) -> None:
    """27.5: -1 VP per hex of the southern front line not held by a Fort, Fortress or Combat
    unit (not LOC): the side's controlled hexes next to enemy-controlled ones, from the Swiss
    border north to Verdun's row (Allies, 47.45) or row 42 (German); hexes whose every such
    neighbour lies beyond a Mountain Crest are protected (reading R24)."""
    limit = 45 if side == "allied" else 42
    enemy = ENEMY[side]
    board = g.board
    gaps = 0
    for h in g.rules.playable(g):
        if board.row(h) < limit or control.controller(g, h) != side:
            continue
        across = [n for n in board.nbrs.get(h, ()) if control.controller(g, n) == enemy]
        if not across:
            continue
        if all(board.side[(h, n)].get("crest") for n in across):
            continue
        held = any((g.is_combat(p) and not g.ut(p).loc) or g.ut(p).fort or g.ut(p).fortress
                   for p in g.units_at(h) if g.side(p) == side)
        if not held:
            gaps += 1
    if gaps:
        award(g, side, -gaps, f"{gaps} gap(s) in the southern front line (27.5)")


def final_interphase(g: Game) -> None:
    """27.7-27.9.1 and the scenario's victory conditions."""
    if g.scenario() == "lorraine":
        return
    if control.controller(g, "16.36") == "german":
        g.finish("german", "automatic victory", "Germany controls Paris at the Final Interphase (27.7)")
        return
    for name, hexes in sorted(g.board.objectives.items()):
        owners = {control.controller(g, h) for h in hexes}
        if len(owners) == 1 and owners != {""}:
            owner = owners.pop()
            points = max(g.board.vp.get(h, 4) for h in hexes)
            award(g, owner, points, f"controls {name} at the Final Interphase (27.8{'.1' if points == 15 else ''})")
    maxed = 0
    for pid in g.units_of("allied"):
        t = g.ut(pid)
        if t.nat == "BE" and t.infantry and t.size == "division" and t.attrs.get("secondary_of") and g.face(pid) >= 1:
            maxed += 1
    if maxed:
        award(g, "german", 3 * maxed, f"{maxed} Belgian division(s) at maximum strength reduction (27.9.1)")


def lorraine_victory_check(g: Game) -> None:
    """29.5 (a): the French objective achieved at the end of any player turn."""
    if g.scenario() != "lorraine":
        return
    if g.get("plans", {}).get("FR_2nd") in ("captured", "fulfilled") or control.controller(g, "60.55") == "allied":
        g.set("lorraine_french_objective", True)


def game_end(g: Game) -> None:
    """The scenario's victory conditions (29.5, 30.4, 31.4)."""
    if g.get("outcome"):
        return
    if g.scenario() == "lorraine":
        manonviller = any(g.side(p) == "german" and g.is_combat(p) for p in g.units_at("55.57"))
        if g.get("lorraine_french_objective") and not manonviller:
            g.finish("allied", "victory", "The French achieved their objective and no German unit holds "
                                           "Manonviller (29.5)")
        elif not g.get("lorraine_french_objective") and manonviller:
            g.finish("german", "victory", "The French missed their objectives and a German unit holds "
                                           "Manonviller (29.5)")
        else:
            g.finish("", "draw", "Neither side met its conditions: a draw (29.5)")
        return
    total = vp(g)
    if total >= 10:
        g.finish("german", "victory", f"Germany wins with {total} VP (10 or more; 30.4, 31.4)")
    elif total <= -10:
        g.finish("allied", "victory", f"The Allies win with {-total} VP (10 or more; 30.4, 31.4)")
    else:
        g.finish("", "draw", f"A draw: {abs(total)} VP to the {'German' if total >= 0 else 'Allies'} (30.4, 31.4)")
