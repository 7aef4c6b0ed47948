"""The set-up (5.0) and the sequence of play (4.0): twelve phases a game turn, one turn a day.

Frames, bottom to top: ``turn`` (the looping procedure of the twelve phases) → one phase state
at a time → the decisions it calls. Globals kept here: ``turn`` (the scenario's game turn),
``se_phase`` (the phase, in words), ``se_weather``, ``se_initiative``, and the per-turn lists
cleared at the end of the turn (``se_moved``, ``se_forced``, ``se_overstack_dp``...).
"""
from __future__ import annotations

from engine import commands as C
from engine.machine import Procedure, State

from . import board, command, supply, units, victory
from .game import SIDES, Game, other

#: Per-turn lists, cleared in Phase 11 (4.0-11, 11.0.7, 12.7, 13.2.4, 13.3.8, 18.2, 21.6, 21.7).
PER_TURN = ("se_moved", "se_forced", "se_overstack_dp", "se_fired_offensive", "se_fired_defensive",
            "se_heavy_setup", "se_bombarded", "se_independents_used", "se_trench_budget",
            "se_trench_hexes", "se_activated", "se_dl_recovered", "se_replaced", "se_events",
            "se_forced_brigade", "se_plan", "se_command_lp", "se_activated_units")


def phase(g: Game, text: str) -> None:
    g.set("se_phase", text)
    g.note(f"— {g.date()}: {text} —")


class GameSetup(State):
    """5.0: the scenario's set-up (placed by the engine) completed: reinforcements waiting in
    their boxes with their arrival turn and entry hexes, initial hex control, the Sc 2 free
    barrage, then the first turn."""
    name = "game_setup"
    automatic = True

    def run(self, g: Game, frame: dict) -> None:
        scen = g.scenario
        pending = []
        for p in scen.placements:
            if p.turn <= 0:
                continue
            ptype = g.module.piece_types[p.piece_type]
            props = {"owner": ptype.side, "arrives": p.turn}
            for k in ("entry_hexes", "entry_dp", "entry_min_enemy", "entry_halved_ma",
                      "entry_if_controlled", "entry_else_hexes", "entry"):
                if k in p.attrs:
                    props[k] = p.attrs[k]
            if ptype.kind == "hq":
                props["entry_hexes"] = command.box_loc(ptype.side, command.NOT_ACTIVATED)
            for _ in range(p.count):
                pending.append(C.Create(p.piece_type, f"reinforcements:{ptype.side}", None, 0, dict(props)))
        for cmd in pending:
            g.do(cmd)
        for pid in sorted(g.state.pieces):
            if board.is_combat(g, pid) and board.on_map(g, pid):
                board.mark_control(g, pid, [g.where(pid)])
                if g.side_of(pid) == "AH" and g.data.sector.get(g.where(pid)) == "East" \
                        and g.data.initial_side.get(g.where(pid)) == "IT":
                    g.set("se_east_open", True)
        if g.option("hidden_lp"):                 # 7.0: a side may keep its LP total secret
            for side in SIDES:
                g.set(f"secret:{side}:lp", int(g.get(f"lp_{side}", 0) or 0))
                g.set(f"lp_{side}", None)
        g.goto("turn")
        if g.sattr("free_ah_barrage_before_turn1"):
            g.call("free_barrage")


class Turn(Procedure):
    """4.0: the twelve phases of a game turn, in order, turn after turn."""
    name = "turn"
    loop = True
    steps = ("reinforcement_phase", "command_phase", "initiative_phase", "weather_phase",
             "supply_phase", "artillery_phase", "event_phase", "action_phases",
             "non_activated_phase", "recovery_phase", "victory_phase")

    # 1. Reinforcements (6.0, 7.0)
    def reinforcement_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Reinforcement Phase (6.0)")
        g.show_turn()
        income(g)
        for side in SIDES:
            g.show_lp(side)
        special_turn_rules(g)
        g.call("reinforce", side="AH", next="IT")

    # 2. Command (8.0): secret and simultaneous
    def command_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Command Phase (8.0): each side plans its activations in secret")
        g.call("command_phase")

    # 3. Initiative (4.0-3, 7.0)
    def initiative_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Initiative Phase (4.0, 7.0)")
        g.call("initiative_phase")

    # 4. Weather (9.0)
    def weather_phase(self, g: Game, frame: dict) -> None:
        weather = str(g.data.trt_value(g.campaign_turn(), "weather") or "clear")
        g.set("se_weather", weather)
        phase(g, f"Weather Phase (9.0): {weather}")

    # 5. Supply (10.0)
    def supply_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Supply Phase (10.0)")
        supply_check(g)

    # 6. Artillery (19.0, 18.6, 19.5, 20.7)
    def artillery_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Artillery Phase (19.1)")
        g.call("artillery_phase", side=g.initiative, next=other(g.initiative))

    # 7. Events (4.0-7, the Event Tables)
    def event_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Event Phase (4.0-7)")
        g.call("event_phase")

    # 8-9. Action Phases (4.0-8, 4.0-9)
    def action_phases(self, g: Game, frame: dict) -> None:
        phase(g, "Action Phases (4.0-8, 4.0-9)")
        g.call("action_phase", side=g.initiative, passed=False)

    # 10. Non-activated movement (11.2)
    def non_activated_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Non-Activated Unit Movement Phase (11.2)")
        g.call("free_move", side=g.initiative, next=other(g.initiative))

    # 11. Replacement and recovery (21.0)
    def recovery_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Replacement and Recovery Phase (21.0)")
        g.call("replacements", side=g.initiative, next=other(g.initiative))

    # 12. Victory check (23.0)
    def victory_phase(self, g: Game, frame: dict) -> None:
        phase(g, "Victory Check Phase (23.0)")
        end_of_turn(g)
        victory.victory_check(g)
        if not g.get("outcome"):
            g.set("turn", g.turn + 1)


def income(g: Game) -> None:
    """7.0, 7.0d: the turn's LP (the scenario's schedule); 22.0: none for the AH after the 2nd
    Russian Success."""
    for side in SIDES:
        n = scheduled_lp(g, side, g.turn)
        if side == "AH" and int(g.get("russian_successes", 0) or 0) >= 2:
            if n:
                g.note("No AH LP: the Brusilov breakthrough diverts them (22.0).")
            continue
        if n:
            g.gain_lp(side, n)
            g.note(f"{g.rules.side_name(side)} receives {n} LP (now {g.lp(side)}).")


def scheduled_lp(g: Game, side: str, turn: int) -> int:
    """The LP ``side`` receives on scenario turn ``turn``. Turn 1's figure is the starting LP
    already given by the scenario (Sc 3: 4 + the 3 of turn 1, so 3 are added then)."""
    if g.sattr("lp_from") == "turn_record":
        if turn <= 1:
            return 0
        return int(g.data.trt_value(g.campaign_turn(turn), f"sc5_{side.lower()}_lp") or 0)
    schedule = [int(x) for x in str(g.sattr(f"lp_income_{side}", "") or "").split(",") if x.strip()]
    if turn > len(schedule):
        return 0
    if turn == 1:
        start = int(g.scenario.globals.get(f"lp_{side}", 0) or 0)
        return max(0, schedule[0] - start)
    return schedule[turn - 1]


def special_turn_rules(g: Game) -> None:
    """Sc 5, 1 June: the 11th and 12th Mountain Brigades are withdrawn to Rovereto 3603 or an
    adjacent hex, steps and DP recovered; out-of-supply ones surrender; they move again from
    2 June (reading: placed by the rules on 3603 and its neighbours in the stacking limit)."""
    if g.sattr("withdraw_48div_turn") != g.turn:
        return
    centre = str(g.sattr("withdraw_48div_hex"))
    hexes = [centre] + sorted(g.data.nbrs[centre])
    for pid in sorted(g.state.pieces):
        if not g.exists(pid) or board.brigade_of(g, pid) not in ("11m", "12m") or g.side_of(pid) != "AH":
            continue
        if not board.on_map(g, pid) and not g.where(pid).startswith("eliminated:"):
            continue
        if board.on_map(g, pid) and not supply.in_supply(g, pid):
            units.surrender(g, pid, "withdrawn out of supply, Sc 5 1 June")
            continue
        for h in hexes:
            if board.occupied(g, "IT").get(h) or not board.in_play_area(g, h):
                continue
            if len(board.stacking_units(g, h, "AH")) < board.stack_limit(g, h):
                g.do(C.Move(pid, h))
                g.do(C.SetFace(pid, 0))
                g.set_dp(pid, 0)
                g.do(C.SetProp(pid, "frozen_until", g.turn + 1))
                break
    g.note("The 48th Division's 11th and 12th Mountain Brigades are withdrawn to Rovereto, "
           "recovered (Sc 5, 1 June).")


def supply_check(g: Game) -> None:
    """10.1, 10.3: every unit of both sides checked at once; one DP per Supply Phase out of
    supply (fortresses never, 20.4; HQs never, 10.4); the surrender test of 16.4."""
    oos = []
    for side in SIDES:
        for loc, pids in sorted(board.occupied(g, side).items()):
            for pid in pids:
                if board.is_fortress(g, pid):
                    continue
                ok = supply.in_supply(g, pid)
                g.unmark(pid, "Out of Supply")
                if not ok:
                    oos.append(pid)
    for pid in oos:
        if g.exists(pid) and board.on_map(g, pid):
            g.mark(pid, "Out of Supply")
            units.add_dp(g, pid, 1, "out of supply, 10.3")
    if oos:
        g.note(f"Out of supply: {len(oos)} units (1 DP each, 10.3).")


def end_of_turn(g: Game) -> None:
    """6.1 / 12.7: a hex still over the stacking limit at the end of the turn costs each unit
    there 1 DP (once a turn); the per-turn lists are cleared."""
    for side in SIDES:
        for loc, pids in sorted(board.occupied(g, side).items()):
            stack = board.stacking_units(g, loc, side)
            if len(stack) > board.stack_limit(g, loc):
                for pid in stack:
                    overstack_dp(g, pid, f"over-stacked in {loc} at the end of the turn, 6.1")
    for key in PER_TURN:
        g.set(key, None)


def overstack_dp(g: Game, pid: int, why: str) -> None:
    """12.7: one DP, at most once a game turn per unit."""
    if g.listed("se_overstack_dp", pid):
        return
    g.add_to("se_overstack_dp", pid)
    units.add_dp(g, pid, 1, why)

