"""The sequence of play (4.0): the set-up (3.1), the turn (I CAP Phase, II Initiative, III
Reinforcements and Replacements, IV Action Phase, V Strategic Movement, VI Administrative Phase).

Frames, bottom to top::

    turn (a Procedure: one step per phase or segment) → the phase's decision states ...

Globals kept here: ``turn``, ``phase`` (the phase in words), ``gi_initiative`` (the side
with the Initiative this turn, 6.0), ``allied_cap`` / ``german_cap`` (CAP remaining, 5.1),
``allied_cap_column`` / ``german_cap_column`` (5.1.2, 5.1.3).
"""
from __future__ import annotations

from engine import commands as C
from engine.machine import Procedure, State

from . import admin, board, markers
from .invariants import piece_count
from .caps import cap_of, initiative, set_cap
from .game import MAUBEUGE, S3, SIDES, WORD, Game, other

def schedule(g: Game, key: str) -> list[int]:
    scen = g.module.scenarios.get(g.scenario)
    return [int(x) for x in str(scen.attrs.get(key, "") if scen else "").split()]


class GameSetup(State):
    """3.1: the set-up beyond the scenario's placements: reinforcements onto the Turn Record
    Track (3.1.1), the hex-54 errata choice (3.1.1 @), the printed start control with the
    German markers in 72 and 73, the Metz trench and the Rail Net Ends marker (3.1.3); Scenario 3
    strategic options (13.3 rule 4)."""
    name = "game_setup"
    rule = "3.1"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        scen = g.module.scenarios[frame["scenario"]]
        g.set("gi_scenario", scen.id)
        g.set("gi_last_turn", scen.last_turn or 15)
        g.set("gi_table_options", dict(frame.get("options") or {}))
        g.set("gi_hidden_forces", (frame.get("options") or {}).get("hidden_forces") == "on")
        for pl in scen.placements:          # GI 3.1.1: reinforcements on the Turn Record Track
            if pl.turn <= 0:
                continue
            ptype = g.module.piece_types[pl.piece_type]
            props = {"owner": ptype.side, "arrives": pl.turn,
                     "entry": str(pl.attrs.get("entry", "?") or "?")}
            for k in ("option", "replaced_by_option", "alt_option", "alt_turn"):
                v = pl.attrs.get(k)
                if v not in (None, ""):
                    props[k] = v
            for _ in range(pl.count):
                g.do(C.Create(pl.piece_type, f"turn-{pl.turn}", None, pl.face, props))
        for pid, piece in list(g.state.pieces.items()):
            if piece.loc == MAUBEUGE and g.ptype(pid).kind in ("unit", "hq"):
                g.do(C.SetProp(pid, "start_54", True))
        n54 = int(frame.get("options", {}).get("bef_in_54", "0") or 0)  # GI 3.1.1 @
        if n54:
            bef = [p for p in board.units_at(g, "45", "allied")
                   if g.nat(p) == "BR" and board.kind(g, p).infantry][:n54]
            for p in bef:
                g.do(C.Move(p, MAUBEUGE))
                g.do(C.SetProp(p, "start_54", True))
            g.note(f"Set-up (3.1.1 errata): {g.names(bef)} set up in hex 54")
        control, trench = {}, {}
        for pid, piece in list(g.state.pieces.items()):
            if not board.is_hex(piece.loc):
                continue
            if piece.type == "M-CONTROL":
                side = "allied" if piece.face == 0 else "german"
                if side != board.hexattr(g, piece.loc, "control"):
                    control[piece.loc] = side
            elif piece.type == "M-ENTRENCH":
                trench[piece.loc] = piece.face + 1
        g.set("gi_control", control)
        g.set("gi_cavctrl", {})
        g.set("gi_trench", trench)
        g.set("gi_blocks", [])
        g.set("gi_battle_hexes", [])
        g.set("gi_rail_end_placed", any(g.state.pieces[p].type == "M-RAILEND"
                                        for p in g.state.stacks.get("56", ())))
        g.set("gi_options", [])
        g.set("gi_losses", {})
        g.set("gi_piece_count", piece_count(g))
        markers.sync(g)
        if scen.id == S3:
            g.goto("strategic_options")
        else:
            g.goto("turn")


class Turn(Procedure):
    """4.0: the phases of a turn in order, then the next turn."""
    name = "turn"
    rule = "4.0"
    steps = ("begin_turn", "cap_phase", "initiative_phase", "reinforce_first", "reinforce_second",
             "action_phase", "end_action_phase", "strategic_first", "strategic_second",
             "admin_a", "admin_b", "admin_c", "admin_d", "admin_e", "admin_f_first",
             "admin_f_second", "admin_g", "admin_h")
    loop = True

    # -- the start of a turn -------------------------------------------------------------------
    def begin_turn(self, g: Game, frame: dict) -> None:
        """Per-turn markers: Mandated Battles (13.1), the CAP columns (5.1.2, 5.1.3)."""
        t = g.turn
        g.set("gi_activated_t1", [])
        g.set("gi_allied_t1_acts", 0)
        allied = schedule(g, "allied_mandated_battles_by_turn")
        if g.scenario == S3:
            allied = [1, 2, 1, 1]  # GI 13.3 rule 1: Scenario 1's special rules
        n = allied[t - 1] if t <= len(allied) else 0
        if g.get("gi_gr_allied"):
            n = 0  # GI 8.7.2: cancelled by the Allied General Retreat
        g.set("allied_mandated_battles", n)
        german_turns = schedule(g, "german_mandated_battle_turns")
        if g.scenario == S3:
            german_turns = [12, 13, 14, 15]
        g.set("german_mandated_battles", 1 if t in german_turns else 0)  # GI 13.1
        if g.get("gi_joffre_turn") and t >= int(g.get("gi_joffre_turn")):
            g.set("allied_cap_column", "joffre_ii")
        if g.get("gi_falkenhayn_turn") and t >= int(g.get("gi_falkenhayn_turn")):
            g.set("german_cap_column", "falkenhayn")
        g.set("gi_allenby_hexes", [])
        g.set("gi_ha_fired", [])
        g.note(f"Turn {t} begins")

    def cap_phase(self, g: Game, frame: dict) -> None:
        """5.1: each player rolls on his column; turn 1 has fixed CAP (Allied 4, German 6)
        except in Scenario 3 (13.3 rule 3). Unused CAP were lost at the end of the last turn."""
        g.set("phase", "CAP Phase")
        t = g.turn
        if t == 1 and g.scenario != S3:
            table = g.module.tables["cap_turn1"]
            for side in SIDES:
                set_cap(g, side, int(table.lookup(side, "cap")))
            g.note(f"CAP Phase (5.1.4): turn 1 CAP are fixed: Allied {cap_of(g, 'allied')}, "
                   f"German {cap_of(g, 'german')}")
            return
        table = g.module.tables["cap_table"]
        for side in SIDES:
            column = str(g.get(f"{side}_cap_column") or ("joffre" if side == "allied" else "moltke"))
            die = g.roll(f"{WORD[side]} CAP roll ({column.replace('_', ' ').title()})", "1d6")
            value = int(table.lookup(die, column))
            extra = []
            if side == "allied" and g.option("allied_3") and t >= 10:
                value += 1
                extra.append("+1 Empires in Arms")
            if side == "german" and g.option("german_4") and g.get("gi_more_troops_turn") \
                    and t >= int(g.get("gi_more_troops_turn")):
                value += 1
                extra.append("+1 More troops")
            set_cap(g, side, value)
            g.note(f"CAP Phase (5.1): {WORD[side]} rolls {die} on the "
                   f"{column.replace('_', ' ').title()} column: {cap_of(g, side)} CAP"
                   + (f" ({', '.join(extra)})" if extra else ""))

    def initiative_phase(self, g: Game, frame: dict) -> None:
        """6.0: turn 1 Allied (one activation), turns 2-3 German, then a die each, ties to the
        German; Scenario 3 rolls from turn 1 (13.3 rule 3)."""
        g.set("phase", "Initiative Determination")
        t = g.turn
        if g.scenario != S3 and t == 1:
            side = "allied"
            g.note("Initiative (6.0): the Allies have it on turn 1, for one activation")
        elif g.scenario != S3 and t in (2, 3):
            side = "german"
            g.note(f"Initiative (6.0): the German has it on turn {t}")
        else:
            a = g.roll("Allied Initiative roll", "1d6")
            d = g.roll("German Initiative roll", "1d6")
            side = "allied" if a > d else "german"
            g.note(f"Initiative (6.0): Allied {a}, German {d}: {WORD[side]} Initiative"
                   + (" (ties go to the German)" if a == d else ""))
        g.set("gi_initiative", side)
        g.set("initiative", WORD[side])            # the table's status line

    # -- phases with decisions -------------------------------------------------------------------
    def reinforce_first(self, g: Game, frame: dict) -> None:
        g.set("phase", "Reinforcements and Replacements")
        g.call("reinforce_segment", side=other(initiative(g)))  # GI 7.0 A: Non-init first

    def reinforce_second(self, g: Game, frame: dict) -> None:
        g.call("reinforce_segment", side=initiative(g))  # GI 7.0 B

    def action_phase(self, g: Game, frame: dict) -> None:
        g.set("phase", "Action Phase")
        first = initiative(g)
        limit = 1 if (g.turn == 1 and g.scenario != S3 and first == "allied") else 2  # GI 6.0
        g.call("action_phase", side=first, prev_pass=False, windowed=False, first_limit=limit)

    def end_action_phase(self, g: Game, frame: dict) -> None:
        g.set("active", None)
        admin.bef_alone(g)

    def strategic_first(self, g: Game, frame: dict) -> None:
        g.set("phase", "Strategic Movement")
        g.call("strategic", side=other(initiative(g)))  # GI 10.1: Non-init first

    def strategic_second(self, g: Game, frame: dict) -> None:
        g.call("strategic", side=initiative(g))

    # -- the Administrative Phase (11.0) ----------------------------------------------------------
    def admin_a(self, g: Game, frame: dict) -> None:
        g.set("phase", "Administrative Phase")
        admin.mandated_battle_penalties(g)

    def admin_b(self, g: Game, frame: dict) -> None:
        admin.german_immediate_victory(g)

    def admin_c(self, g: Game, frame: dict) -> None:
        admin.end_of_game_and_interim(g)

    def admin_d(self, g: Game, frame: dict) -> None:
        admin.supply_determination(g)

    def admin_e(self, g: Game, frame: dict) -> None:
        admin.attrition(g)

    def admin_f_first(self, g: Game, frame: dict) -> None:
        admin.free_recovery(g, other(initiative(g)))

    def admin_f_second(self, g: Game, frame: dict) -> None:
        admin.free_recovery(g, initiative(g))

    def admin_g(self, g: Game, frame: dict) -> None:
        admin.trench_improvement(g)

    def admin_h(self, g: Game, frame: dict) -> None:
        """11.3: unused CAP are lost (5.1.1 NOTE); advance the Turn marker."""
        for side in SIDES:
            set_cap(g, side, 0)
        for pid in list(g.state.stacks.get(f"turn-{g.turn}", ())):
            if g.state.pieces[pid].props.get("entry") == "group":   # GI 13.3 b 4: not entered
                g.do(C.Move(pid, f"turn-{g.turn + 1}"))
                g.do(C.SetProp(pid, "entry", "?"))
        g.set("turn", g.turn + 1)
        markers.sync(g)
