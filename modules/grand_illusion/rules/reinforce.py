"""The Joint Reinforcement and Replacement Phase (7.0): the player without the Initiative places
his arriving units and buys replacements first, then the player with it (7.1). The placement is
open: the second player sees the first's (7.1).

* fixed reinforcements enter in their printed hex, or, if it is enemy-controlled or full, next
  turn in any friendly supply source of their nationality (7.1);
* variable reinforcements ("?") enter with a supplied HQ of their nationality or in a friendly
  supply source (7.1.1), French ones also in Paris (7.1.3), the RN and 7th Divisions in any
  friendly coastal hex (12.3); variable HQs in any friendly supplied hex without an HQ of their
  nationality (7.1.2); before turn 7 no British or French variable reinforcement or replacement in
  a Schlieffen hex (7.1.1, 8.4.7 c);
* replacements (7.2): an eliminated French or German combat unit for 2 CAP now or 1 CAP two
  turns later; never HQs, HA, fort steps; Belgian and British units only by scenario rule (13.1:
  a BEF infantry unit on turn 8, a BEF and a Belgian infantry unit on turn 12); from turn 8 the
  1-CAP ones and from turn 10 the 2-CAP ones come back Disorganized (13.1);
* the East Front (7.3, turn 3), the German Detachment HQ (13.1, turn 6).
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.machine import State
from engine.rules import Prompt, Violation

from . import board, control, supply, vp
from .decision import Decision
from .game import ELIMINATED, EAST_FRONT, HELD_BACK, PARIS, S3, WORD, Game
from .caps import cap_of, spend


def arrivals(g: Game, side: str) -> list[int]:
    """Units and HQs of ``side`` due this turn on the Turn Record Track."""
    cell = f"turn-{g.turn}"
    return [p for p in g.state.stacks.get(cell, ()) if board.kind(g, p).side == side
            and board.kind(g, p).kind in ("unit", "hq")
            and g.state.pieces[p].props.get("entry") != "group"]


def _sp_barred(g: Game, pid: int, h: str) -> bool:
    """7.1.1, 8.4.7 c: before turn 7 no British or French variable reinforcement or
    replacement in a Schlieffen hex (not in Scenario 3)."""
    return (not g.s3 and g.turn < 7 and board.schlieffen(g, h)
            and g.nat(pid) in ("BR", "FR"))


def _hq_entry(g: Game, h: str, side: str, nat: str, placed: list[int], replacement: bool) -> bool:
    for hq in board.hqs_at(g, h, side, nat):
        if hq in placed or not supply.supplied(g, hq):
            continue
        if replacement and nat == "GE" and g.turn < 5 and board.hexattr(g, h, "country") == "FR":
            tokens = str(board.hexattr(g, h, "frontier", "") or "").split()
            if "DE" not in tokens and "BE" not in tokens:
                continue  # GI 7.2 exception before turn 5
        return True
    return False


def placement_hexes(g: Game, pid: int, placed: list[int]) -> list[str]:
    """Where arriving piece ``pid`` may be placed now (7.1, 7.1.1-7.1.3, 7.2, 12.3, 12.6,
    13.1, 13.3 b 5)."""
    side = board.kind(g, pid).side
    nat = g.nat(pid)
    key = supply.source_key(g, pid)
    props = g.state.pieces[pid].props
    entry = str(props.get("entry", "?"))
    replacement = bool(props.get("replacement"))
    k = board.kind(g, pid)
    out = []
    if entry == "belgian_coast":            # GI 12.6: the Belgian 4th Division comes back
        cands = [h for h in supply.sources(g, "BE", side) if board.coastal(g, h)]
    elif entry == "source":                 # GI 7.1: a fixed reinforcement delayed a turn
        cands = supply.sources(g, key, side)
    elif entry.isdigit():
        cands = [entry]
        if entry == "81" and g.option("german_5") and board.control(g, "52") == "german":
            cands.append("52")              # GI 13.3 b 5
    else:
        srcs = set(supply.sources(g, key, side))
        cands = []
        for h in board.HEX_IDS:
            if board.control(g, h) != side:
                continue
            if k.hq and not replacement:
                if board.hqs_at(g, h, side, nat) and not det_hq_here(g, pid, h):
                    continue
                if supply.hex_supplied(g, h, side, key):
                    cands.append(h)
                continue
            ok = h in srcs or _hq_entry(g, h, side, nat, placed, replacement)
            if nat == "FR" and h == PARIS and supply.hex_supplied(g, h, side, key):
                ok = True                   # GI 7.1.3
            if g.ptype(pid).attrs.get("coastal_entry") and board.coastal(g, h) \
                    and supply.hex_supplied(g, h, side, key):
                ok = True                   # GI 12.3
            if h == "52" and g.option("german_5") and g.state.pieces[pid].type in ("BR-7", "BR-RN"):
                ok = True                   # GI 13.3 b 5
            if ok:
                cands.append(h)
    for h in cands:
        if board.control(g, h) != side:
            continue
        if entry in ("?", "source") and _sp_barred(g, pid, h):
            continue
        if not k.hq and not supply.hex_supplied(g, h, side, key):
            continue
        if board.over_stacked(g, h, side, [pid]):
            continue
        out.append(h)
    return sorted(set(out), key=int)


def det_hq_here(g: Game, pid: int, h: str) -> bool:
    """13.1: on turn 6 the German Detachment HQ may be placed with a numbered Army HQ."""
    return (g.state.pieces[pid].type == "GE-HQDET" and g.turn == 6 and g.scenario != "short_campaign"
            and any(str(g.ptype(q).attrs.get("army", "")).isdigit()
                    for q in board.hqs_at(g, h, "german", "GE")))


def replaceable(g: Game, side: str) -> list[int]:
    """7.2: eliminated French and German combat units."""
    return [p for p in g.state.stacks.get(ELIMINATED[side], ())
            if board.kind(g, p).combat and g.nat(p) in ("FR", "GE")]


def rebuildable(g: Game, side: str, frame: dict) -> list[int]:
    """13.1: one eliminated BEF infantry unit on turn 8; one BEF and one Belgian infantry unit
    on turn 12 (Scenarios 1 and 3), as variable reinforcements; lost if not taken."""
    if side != "allied" or g.scenario == "short_campaign":
        return []
    done = frame.get("rebuilt", [])
    nats = {8: ["BR"], 12: ["BR", "BE"]}.get(g.turn, [])
    out = []
    for p in g.state.stacks.get(ELIMINATED[side], ()):
        k = board.kind(g, p)
        if k.infantry and k.nat in nats and k.nat not in done:
            out.append(p)
    return out


def delay_fixed(g: Game, side: str) -> None:
    """7.1: fixed reinforcements go to their printed hex, or enter next turn in a friendly
    supply source of their nationality."""
    for pid in arrivals(g, side):
        entry = str(g.state.pieces[pid].props.get("entry", "?"))
        if not entry.isdigit():
            continue
        hexes = placement_hexes(g, pid, [])
        if entry in hexes and not (entry == "81" and "52" in hexes):
            arrive(g, pid, entry)
        elif not hexes:
            _delay(g, pid, "source", f"its entry hex {g.place(entry)} is enemy-controlled or full (7.1)")


def arrive(g: Game, pid: int, h: str) -> None:
    props = g.state.pieces[pid].props
    face = 1 if props.get("dg_entry") and board.kind(g, pid).combat else 0
    g.do(C.Move(pid, h))
    if g.face(pid) != face:
        g.do(C.SetFace(pid, face))
    for key in ("arrives", "entry", "replacement", "dg_entry", "alt_option", "alt_turn"):
        if key in props:
            g.do(C.SetProp(pid, key, None))
    g.note(f"{g.label_to(pid, h)} enters in {g.place(h)}")


def _delay(g: Game, pid: int, entry: str, why: str) -> None:
    nxt = f"turn-{g.turn + 1}"
    if nxt not in g.module.locations:
        board.remove_from_play(g, pid, why="the game ends before it can enter")
        return
    g.do(C.Move(pid, nxt))
    g.do(C.SetProp(pid, "entry", entry))
    g.note(f"{g.label(pid)} enters next turn instead: {why}")


class ReinforceSegment(Decision):
    """7.0 A/B: one player places his arriving units and buys replacements."""
    name = "reinforce_segment"
    rule = "7.1"

    def begin(self, g: Game, frame: dict) -> None:
        side = frame["side"]
        g.update(placed=[], rebuilt=[], bought=0)
        delay_fixed(g, side)
        if side == "german" and g.turn == 3 and g.scenario != S3 and not g.get("gi_east_front"):
            g.call("east_front", side="german", sent=[])  # GI 7.3

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        n = len(arrivals(g, side))
        text = (f"{WORD[side]} reinforcements and replacements (7.0): "
                + (f"place {n} arriving unit{'s' if n != 1 else ''}; " if n else "")
                + f"buy replacements ({cap_of(g, side)} CAP), then done")
        return Prompt(side, "reinforce", text)

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        for pid in arrivals(g, side):
            for h in placement_hexes(g, pid, frame["placed"]):
                yield self.offer("place", side, unit=pid, hex=h)
            if self._may_hold(g, side, pid):
                yield self.offer("hold", side, unit=pid)
        cap = cap_of(g, side)
        for pid in replaceable(g, side):
            if cap >= 2:
                yield self.offer("replace", side, unit=pid, cost=2)
            if cap >= 1 and f"turn-{g.turn + 2}" in g.module.locations:
                yield self.offer("replace", side, unit=pid, cost=1)
        for pid in rebuildable(g, side, frame):
            yield self.offer("rebuild", side, unit=pid)
        if self._may_delay_group(g, side):
            yield self.offer("delay_group", side)
        if self._may_finish(g, frame):
            yield self.offer("done", side)

    @staticmethod
    def _may_hold(g: Game, side: str, pid: int) -> bool:
        """13.3 a 4: the Allies may hold back up to 4 British infantry divisions."""
        if side != "allied" or not g.option("allied_4"):
            return False
        k = board.kind(g, pid)
        if g.nat(pid) != "BR" or not k.infantry or k.size != "division":
            return False
        return int(g.get("gi_held_count", 0) or 0) < 4

    @staticmethod
    def _may_delay_group(g: Game, side: str) -> bool:
        """13.3 b 4 with b 5: on turn 1 the German may keep the 9th Army and its five corps
        back to enter together on turn 2."""
        return (side == "german" and g.turn == 1 and g.option("german_4") and g.option("german_5")
                and any(g.state.pieces[p].props.get("more_troops") for p in arrivals(g, side)))

    def check_delay_group(self, g: Game, frame: dict) -> Violation | None:
        if not self._may_delay_group(g, frame["side"]):
            return Violation("GI 13.3", "only the More troops group, with Invade Holland, on turn 1")
        return None

    def on_delay_group(self, g: Game, frame: dict) -> None:
        """Keep the 9th Army group back for turn 2"""
        for p in arrivals(g, frame["side"]):
            if g.state.pieces[p].props.get("more_troops"):
                g.do(C.Move(p, "turn-2"))
                g.do(C.SetProp(p, "entry", "group"))
        g.note("The 9th Army and its five corps will enter together on turn 2 (13.3 b 4)")

    def _may_finish(self, g: Game, frame: dict) -> bool:
        return all(not placement_hexes(g, p, frame["placed"]) for p in arrivals(g, frame["side"]))

    def check_place(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> Violation | None:
        side = frame["side"]
        if unit not in arrivals(g, side):
            return Violation("GI 7.1", "only units arriving this turn are placed now")
        if hex not in placement_hexes(g, unit, frame["placed"]):
            if board.is_hex(hex) and board.control(g, hex) != side:
                return Violation("GI 7.1", "units may not be placed in an enemy-controlled hex")
            if board.is_hex(hex) and _sp_barred(g, unit, hex):
                return Violation("GI 7.1.1", "before turn 7 no British or French variable "
                                             "reinforcement or replacement in a Schlieffen hex")
            if board.is_hex(hex) and board.over_stacked(g, hex, side, [unit]):
                return Violation("GI 8.4.6", f"{g.place(hex)} would be over the stacking limit")
            return Violation("GI 7.1.1", f"{g.name(unit)} may not be placed in {g.place(hex)}: "
                                         "variable units enter with a supplied HQ of their "
                                         "nationality or in a friendly supply source")
        return None

    def on_place(self, g: Game, frame: dict, unit: Piece, hex: Loc) -> None:
        """Place this arriving unit"""
        if g.state.pieces[unit].type == "GE-HQDET" and det_hq_here(g, unit, hex):
            for hq in board.hqs_at(g, hex, "german", "GE"):
                if str(g.ptype(hq).attrs.get("army", "")).isdigit():
                    _delay(g, hq, "?", "13.1: the Detachment HQ replaces it")
                    break
        arrive(g, unit, hex)
        if board.kind(g, unit).hq:
            g.update(placed=frame["placed"] + [int(unit)])
        if g.state.pieces[unit].props.get("more_troops") and not g.get("gi_more_troops_turn"):
            g.set("gi_more_troops_turn", g.turn)

    def check_hold(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit not in arrivals(g, frame["side"]) or not self._may_hold(g, frame["side"], unit):
            return Violation("GI 13.3", "only British infantry divisions, four at most, may be "
                                        "held back (Better sea control)")
        return None

    def on_hold(self, g: Game, frame: dict, unit: Piece) -> None:
        """Hold this division back for a landing"""
        g.do(C.Move(unit, HELD_BACK))
        g.set("gi_held_count", int(g.get("gi_held_count", 0) or 0) + 1)
        g.note(f"{g.name(unit)} is held back for a landing (13.3 a 4)")

    def check_replace(self, g: Game, frame: dict, unit: Piece, cost: int) -> Violation | None:
        side = frame["side"]
        if unit not in g.state.pieces or g.loc(unit) != ELIMINATED[side]:
            return Violation("GI 7.2", "only eliminated units are replaced")
        if not board.kind(g, unit).combat:
            return Violation("GI 7.2", "HQs, HA and fort steps are never replaced")
        if g.nat(unit) not in ("FR", "GE"):
            return Violation("GI 7.2", "Belgian and British units are replaced only by scenario rule")
        if cost not in (1, 2):
            return Violation("GI 7.2", "a replacement costs 1 CAP (two turns later) or 2 CAP (now)")
        if cap_of(g, side) < cost:
            return Violation("GI 5.2", "not enough CAP")
        if cost == 1 and f"turn-{g.turn + 2}" not in g.module.locations:
            return Violation("GI 7.2", "a 1-CAP replacement would arrive after the last turn")
        return None

    def on_replace(self, g: Game, frame: dict, unit: Piece, cost: int) -> None:
        """Replace this unit"""
        side = frame["side"]
        spend(g, side, cost)
        late = g.scenario != "short_campaign"
        dg = late and ((cost == 1 and g.turn >= 8) or (cost == 2 and g.turn >= 10))  # GI 13.1
        cell = f"turn-{g.turn if cost == 2 else g.turn + 2}"
        g.do(C.Move(unit, cell))
        g.do(C.SetProp(unit, "entry", "?"))
        g.do(C.SetProp(unit, "replacement", True))
        if dg:
            g.do(C.SetProp(unit, "dg_entry", True))
        g.note(f"{WORD[side]} spends {cost} CAP to replace {g.label(unit)}"
               + (" (now)" if cost == 2 else f" (arrives turn {g.turn + 2})")
               + (", Disorganized (13.1)" if dg else ""))

    def check_rebuild(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit not in rebuildable(g, frame["side"], frame):
            return Violation("GI 13.1", "only one eliminated BEF infantry unit on turn 8, and one "
                                        "BEF and one Belgian infantry unit on turn 12, come back")
        return None

    def on_rebuild(self, g: Game, frame: dict, unit: Piece) -> None:
        """Bring this unit back (scenario replacement)"""
        g.do(C.Move(unit, f"turn-{g.turn}"))
        g.do(C.SetProp(unit, "entry", "?"))
        g.update(rebuilt=frame["rebuilt"] + [g.nat(unit)])
        g.note(f"{g.label(unit)} comes back as a variable reinforcement (13.1)")

    def check_done(self, g: Game, frame: dict) -> Violation | None:
        if not self._may_finish(g, frame):
            return Violation("GI 7.1", "every arriving unit that can be placed must be placed")
        return None

    def on_done(self, g: Game, frame: dict) -> None:
        """Done placing"""
        for pid in arrivals(g, frame["side"]):
            _delay(g, pid, str(g.state.pieces[pid].props.get("entry", "?")),
                   "no hex can take it this turn")
        g.end()

    LINES = {
        "place": "{side}: {unit_to} enters in {hex}", "replace": "{side}: replaces {unit} for {cost} CAP",
        "rebuild": "{side}: {unit} comes back (13.1)", "hold": "{side}: holds {unit} back",
        "delay_group": "{side}: keeps the 9th Army group back for turn 2",
        "done": "{side}: done placing"}

    def line_values(self, g: Game, frame: dict, action: Action) -> dict[str, str]:
        if action.verb != "place":
            return {}
        return {"unit_to": g.label_to(action["unit"], action["hex"])}


class EastFront(State):
    """7.3: on turn 3 the German sends at least 9 CS of infantry and a cavalry division from
    units in or next to the hex of the 1st, 2nd or 3rd Army HQ (our reading: printed full CS),
    or loses 2 VP."""
    name = "east_front"
    rule = "7.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        inf, cav = self._sent(g, frame)
        return Prompt("german", "east_front",
                      f"German: East Front (7.3): send units (infantry {inf}/9 CS, cavalry "
                      f"{cav}/1 division sent) or keep them and lose 2 VP")

    @staticmethod
    def _sent(g: Game, frame: dict) -> tuple[int, int]:
        inf = sum(board.cs(g, p, 0) for p in frame["sent"] if board.kind(g, p).infantry)
        cav = sum(1 for p in frame["sent"] if board.kind(g, p).cavalry)
        return inf, cav

    @staticmethod
    def eligible(g: Game) -> list[int]:
        hexes = set()
        for pid, piece in g.state.pieces.items():
            pt = g.ptype(pid)
            if pt.kind == "hq" and pt.side == "german" and str(pt.attrs.get("army", "")) in ("1", "2", "3") \
                    and board.is_hex(piece.loc):
                hexes.add(piece.loc)
                hexes.update(board.neighbours(g, piece.loc))
        return [p for h in sorted(hexes, key=int) for p in board.units_at(g, h, "german")]

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        for p in self.eligible(g):
            yield self.offer("send", "german", unit=p)
        inf, cav = self._sent(g, frame)
        if inf >= 9 and cav >= 1:
            yield self.offer("done", "german")
        yield self.offer("keep", "german")

    def check_send(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        if unit not in self.eligible(g):
            return Violation("GI 7.3", "units sent east are German combat units in or next to "
                                       "the hex of the 1st, 2nd or 3rd Army HQ")
        return None

    def on_send(self, g: Game, frame: dict, unit: Piece) -> None:
        """Choose (or drop) this unit for the East Front"""
        sent = [p for p in frame["sent"] if p != unit]
        g.update(sent=sent if len(sent) < len(frame["sent"]) else sent + [int(unit)])

    def check_done(self, g: Game, frame: dict) -> Violation | None:
        inf, cav = self._sent(g, frame)
        if inf < 9 or cav < 1:
            return Violation("GI 7.3", "at least 9 CS of infantry and one cavalry division")
        return None

    def on_done(self, g: Game, frame: dict) -> None:
        """Send the chosen units to the East Front"""
        locs = [g.loc(p) for p in frame["sent"]]
        for p in frame["sent"]:
            board.remove_from_play(g, p, EAST_FRONT, "7.3: sent to the East Front")
        g.set("gi_east_front", "sent")
        control.settle(g, locs)
        g.end()

    def on_keep(self, g: Game, frame: dict) -> None:
        """Send nothing and lose 2 VP"""
        g.set("gi_east_front", "refused")
        vp.add(g, "german", -2, "7.3: no East Front transfer")
        g.end()
