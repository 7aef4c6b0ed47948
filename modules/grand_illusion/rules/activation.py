"""One hex activation (8.2, 8.5, 8.6, 9.1.2, 9.1.3): units of the activated hex move, battles
are declared, then resolved in the order the attacker chooses.

* Units of the hex move singly or in groups, each once (8.2.2, 8.4); units designated for a
  battle declared in the activated hex, and HA there, stay (8.5).
* A battle is declared in the activated hex with units that began the activation there (9.1.2 a,
  the player choosing them); it must be declared where a combat unit enters a hex holding enemy
  combat units or un-besieged forts and no friendly ones (9.1.2 b, every entering infantry and
  cavalry unit attacking); it may be declared where moving units join friendly and enemy units
  already there (9.1.2 c, only the movers attacking). A hex is attacked once per activation
  (9.1.3 e). A Battle marker shows each declared battle.
* Once the first battle is resolved no unit moves any more (8.2.2); a Fortunes of War result
  that passes the Initiative cancels every battle not yet fought (9.1.3 d).
* The Cavalry Rearguard (9.6.3): the cavalry's owner chooses to stay (eliminated) or withdraw
  three hexes; the mover then stops, or goes on with the MP it has left.
"""
from __future__ import annotations

from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.rules import Prompt, Violation

from . import board, control, movement
from .decision import Decision
from .game import WORD, Game, other


def _movable(g: Game, frame: dict) -> list[int]:
    """Pieces that may still move in this activation."""
    if frame["resolving"] or frame.get("only_battle"):
        return []
    side, hex_ = frame["side"], frame["hex"]
    declared_here = [b for b in frame["battles"] if b["hex"] == hex_]
    designated = {p for b in declared_here for p in b["attackers"]}
    out = []
    moved = frame["moved"]
    for p in frame.get("movers", []):
        if p not in g.state.pieces or g.loc(p) != hex_ or str(p) in moved or p in designated:
            continue
        if declared_here and board.kind(g, p).ha:
            continue  # GI 8.5: HA in a hex with a declared battle stay to bombard
        out.append(p)
    for p in frame.get("continuing", []):
        if p in g.state.pieces and int(moved.get(str(p), 0)) > 0 and board.is_hex(g.loc(p)):
            out.append(p)
    return out


def _groups(g: Game, frame: dict) -> list[list[int]]:
    """The groups offered: all movable pieces of one hex together, without the HA, each HQ with
    the combat units of its nationality, and each kind of piece alone."""
    movable = _movable(g, frame)
    by_hex: dict[str, list[int]] = {}
    for p in movable:
        by_hex.setdefault(g.loc(p), []).append(p)
    out: list[list[int]] = []
    for h, pids in by_hex.items():
        if len(pids) > 1:
            out.append(pids)
        no_ha = [p for p in pids if not board.kind(g, p).ha]
        if len(no_ha) > 1 and no_ha != pids:
            out.append(no_ha)
        for hq in [p for p in pids if board.kind(g, p).hq]:
            nat = board.kind(g, hq).nat
            grp = [hq] + [p for p in pids if board.kind(g, p).combat and board.kind(g, p).nat == nat]
            if 1 < len(grp) < len(no_ha) or (len(grp) > 1 and len(no_ha) > len(grp)):
                out.append(grp)
        seen = set()
        for p in pids:
            piece = g.state.pieces[p]
            key = (piece.type if board.kind(g, p).hq else (board.kind(g, p).nat, board.kind(g, p).size,
                   board.kind(g, p).cavalry, board.kind(g, p).ha, piece.face,
                   int(g.value(p, "ma") or 0), bool(piece.props.get("start_54")),
                   str(g.ptype(p).attrs.get("army", ""))),
                   frame["moved"].get(str(p)))
            if key in seen:
                continue
            seen.add(key)
            out.append([p])
    uniq = []
    for grp in out:
        if sorted(grp) not in [sorted(x) for x in uniq]:
            uniq.append(grp)
    return uniq


def _mp_left(frame: dict, pids: list[int]) -> dict[str, int] | None:
    moved = frame["moved"]
    if any(str(p) in moved for p in pids):
        return {str(p): int(moved[str(p)]) for p in pids if str(p) in moved}
    return None


def attackable(g: Game, frame: dict) -> dict[str, list[int]]:
    """Hexes where a battle may be declared now, with the units that would attack (9.1.2 a, c)."""
    if frame["resolving"]:
        return {}
    side, hex_ = frame["side"], frame["hex"]
    declared = {b["hex"] for b in frame["battles"]} | set(frame.get("fought", []))
    out: dict[str, list[int]] = {}
    if hex_ not in declared and (board.enemy_fighters(g, hex_, side)
                                 or board.forts_at(g, hex_, other(side))):
        began = [p for p in frame["began"] if p in g.state.pieces and g.loc(p) == hex_
                 and str(p) not in frame["moved"]]
        if began:
            out[hex_] = began
    for h, pids in frame["entered"].items():
        if h in declared or h == hex_:
            continue
        here = [p for p in pids if p in g.state.pieces and g.loc(p) == h]
        if here and (board.enemy_fighters(g, h, side) or board.forts_at(g, h, other(side))):
            out[h] = here
    return out


def set_battle_markers(g: Game, frame: dict) -> None:
    g.set("gi_battle_hexes", [b["hex"] for b in frame["battles"]])


class Activation(Decision):
    """8.2: the active player's units of one activated hex move and fight."""
    name = "activation"
    rule = "8.2"
    hostile = frozenset({"fight", "declare_battle"})

    def begin(self, g: Game, frame: dict) -> None:
        if "movers" not in frame:
            g.update(movers=[int(p) for p in board.movers_at(g, frame["hex"], frame["side"])],
                     fought=[])

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        if frame["resolving"]:
            return Prompt(side, "battles", f"{WORD[side]}: resolve the declared battles in the "
                                           "order you choose (9.1.3 b)")
        return Prompt(side, "activation", f"{WORD[side]}: activation of {g.place(frame['hex'])}: "
                                          "move units, declare battles, then resolve")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        side = frame["side"]
        if frame["resolving"]:
            for b in frame["battles"]:
                yield self.offer("fight", side, hex=b["hex"])
            return
        for grp in _groups(g, frame):
            gp = movement.group(g, side, grp, _mp_left(frame, grp))
            units = tuple(Piece(p) for p in grp)
            for dest, path in sorted(movement.reach(g, gp).items(), key=lambda kv: int(kv[0])):
                yield self.offer("move", side, units=units, path=tuple(Loc(h) for h in path))
        for h, pids in attackable(g, frame).items():
            able = [p for p in pids if may_attack(g, p)]
            if able:
                yield self.offer("declare_battle", side, hex=h, units=able)
                nondg = [p for p in able if not board.dg(g, p)]
                if h == frame["hex"] and nondg and nondg != able:
                    yield self.offer("declare_battle", side, hex=h, units=nondg)
        if may_land(g, frame):
            for h in landing_hexes(g):
                yield self.offer("land", side, hex=h)
        if not frame.get("only_battle") or frame["battles"]:
            yield self.offer("resolve", side)

    # -- movement ------------------------------------------------------------------------------
    def check_move(self, g: Game, frame: dict, units: tuple[Piece, ...],
                   path: tuple[Loc, ...]) -> Violation | None:
        side = frame["side"]
        pids = list(units)
        if not pids or len(set(pids)) != len(pids) or any(p not in g.state.pieces for p in pids):
            return Violation("GI 8.4", "a move needs units and a path")
        if frame["resolving"]:
            return Violation("GI 8.2.2", "once a battle is resolved no more movement is allowed")
        movable = set(_movable(g, frame))
        if any(p not in movable for p in pids):
            if any(str(p) in frame["moved"] for p in pids):
                return Violation("GI 8.4", "a unit moves once in an activation")
            if any(g.loc(p) != frame["hex"] for p in pids):
                return Violation("GI 8.2.1", "only units of the activated hex move")
            return Violation("GI 8.5", "units designated for a battle declared here, and HA "
                                       "there, may not move")
        if len({g.loc(p) for p in pids}) != 1:
            return Violation("GI 8.4", "a group moves from one hex")
        if any(board.kind(g, p).side != side for p in pids):
            return Violation("GI 8.2.1", "only your own units move")
        gp = movement.group(g, side, pids, _mp_left(frame, pids))
        return movement.problem(g, gp, [str(h) for h in path])

    def on_move(self, g: Game, frame: dict, units: tuple[Piece, ...], path: tuple[Loc, ...]) -> None:
        """Move these units along this path"""
        side = frame["side"]
        pids = [int(p) for p in units]
        gp = movement.group(g, side, pids, _mp_left(frame, pids))
        result = movement.carry_out(g, gp, [str(h) for h in path])
        moved = dict(frame["moved"])
        for p in pids:
            moved[str(p)] = 0
        entered = {k: list(v) for k, v in frame["entered"].items()}
        end = g.loc(pids[0]) if pids[0] in g.state.pieces else str(path[-1])
        combat = [p for p in pids if p in g.state.pieces and board.kind(g, p).combat]
        if combat:
            entered[end] = entered.get(end, []) + [p for p in combat if p not in entered.get(end, [])]
        battles = [dict(b) for b in frame["battles"]]
        if result.battle:
            for b in battles:
                if b["hex"] == result.battle:
                    b["attackers"] = b["attackers"] + [p for p in combat if p not in b["attackers"]]
                    break
            else:
                battles.append({"hex": result.battle, "attackers": combat, "mandatory": True})
                g.note(f"Battle must be fought in {g.place(result.battle)} (9.1.2 b)")
        else:
            for b in battles:          # GI 9.1.2 b: every entering unit attacks
                if b["hex"] == end and b.get("mandatory"):
                    b["attackers"] = b["attackers"] + [p for p in combat if p not in b["attackers"]]
        g.update(moved=moved, entered=entered, battles=battles)
        set_battle_markers(g, g.top)
        if result.rearguard:
            cav = board.units_at(g, result.rearguard, other(side))
            g.call("rearguard", side=other(side), hex=result.rearguard, movers=pids,
                   mover_side=side, mp_left=result.mp_left, cavalry=cav)

    def resume(self, g: Game, frame: dict, result) -> None:
        result = result or {}
        if "withdrew" in result:
            if result["withdrew"] and result.get("mp_left", 0) > 0:
                moved = dict(frame["moved"])
                for p in result["movers"]:
                    moved[str(p)] = int(result["mp_left"])
                g.update(moved=moved, continuing=list(frame.get("continuing", [])) + list(result["movers"]))
            return
        # a battle ended
        battles = [b for b in frame["battles"] if b["hex"] != result.get("hex")]
        fought = list(frame.get("fought", [])) + [result.get("hex")]
        cede = frame["cede"] or bool(result.get("cede"))
        if result.get("cancel_all"):
            for b in battles:
                g.note(f"The battle in {g.place(b['hex'])} is cancelled (9.1.3 d)")
            battles = []
        g.update(battles=battles, fought=fought, cede=cede)
        set_battle_markers(g, g.top)
        if not battles and not g.get("outcome"):
            self._finish(g, g.top)

    def _finish(self, g: Game, frame: dict) -> None:
        g.set("gi_battle_hexes", [])
        g.end({"cede": frame["cede"]})

    # -- battles ------------------------------------------------------------------------------
    def check_declare_battle(self, g: Game, frame: dict, hex: Loc,
                             units: tuple[Piece, ...]) -> Violation | None:
        if frame["resolving"]:
            return Violation("GI 8.2.2", "battles are being resolved")
        if hex in frame.get("fought", []) or any(b["hex"] == hex for b in frame["battles"]):
            return Violation("GI 9.1.3", "a hex is attacked once per activation")
        able = attackable(g, frame).get(str(hex))
        if able is None:
            return Violation("GI 9.1.2", "a battle is declared where enemy combat units or forts "
                                         "are, in the activated hex or a hex just entered")
        if not units or any(p not in able for p in units):
            return Violation("GI 9.1.2", "only units that began in the activated hex (or, 9.1.2 c, "
                                         "that just entered) attack")
        if any(not may_attack(g, p) for p in units):
            return Violation("GI 2.4", "a unit with its strength in parentheses only defends")
        if str(hex) != frame["hex"] and set(units) != {p for p in able if may_attack(g, p)}:
            return Violation("GI 9.1.2", "every moving unit that entered must attack")
        return None

    def on_declare_battle(self, g: Game, frame: dict, hex: Loc, units: tuple[Piece, ...]) -> None:
        """Declare a battle here with these units"""
        battles = [dict(b) for b in frame["battles"]] + [
            {"hex": str(hex), "attackers": [int(p) for p in units], "mandatory": False}]
        g.update(battles=battles)
        set_battle_markers(g, g.top)
        g.note(f"{WORD[frame['side']]} declares battle in {g.place(hex)} with {g.names(units)}")

    def check_resolve(self, g: Game, frame: dict) -> Violation | None:
        if frame["resolving"]:
            return Violation("GI 9.1.3", "battles are already being resolved")
        if frame.get("only_battle") and not frame["battles"]:
            return Violation("GI 13.3", "the German declares battle on the Liège fort (13.3 a 5)")
        return None

    def on_resolve(self, g: Game, frame: dict) -> None:
        """Resolve the battles (no more movement)"""
        if not frame["battles"]:
            self._finish(g, frame)
            return
        g.update(resolving=True)

    def check_fight(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if not frame["resolving"]:
            return Violation("GI 9.1.3", "declare your battles, then resolve")
        if all(b["hex"] != hex for b in frame["battles"]):
            return Violation("GI 9.1.3", "no battle declared there")
        return None

    def on_fight(self, g: Game, frame: dict, hex: Loc) -> None:
        """Fight the battle here"""
        b = next(b for b in frame["battles"] if b["hex"] == hex)
        attackers = [p for p in b["attackers"] if p in g.state.pieces and g.loc(p) == hex]
        g.call("battle", hex=str(hex), attacker=frame["side"], attackers=attackers,
               mandatory=bool(b.get("mandatory")), landing=bool(b.get("landing")), step=0)

    # -- landings (13.3 a 4) -------------------------------------------------------------------
    def check_land(self, g: Game, frame: dict, hex: Loc) -> Violation | None:
        if not may_land(g, frame) or hex not in landing_hexes(g):
            return Violation("GI 13.3", "held-back British divisions land from turn 10 in a "
                                        "coastal hex, in an Allied activation (Better sea control)")
        return None

    def on_land(self, g: Game, frame: dict, hex: Loc) -> None:
        """Land the held-back British divisions here"""
        side = frame["side"]
        held = [p for p in g.state.stacks.get("box-held-back", ())]
        enemy = board.enemy_fighters(g, hex, side)
        for p in held:
            g.do(C.Move(p, hex))
        g.note(f"{g.names(held)} land in {g.place(hex)} (13.3 a 4)")
        if board.hexattr(g, hex, "port"):
            g.set("gi_landed_ports", list(g.get("gi_landed_ports") or []) + [str(hex)])
        moved = dict(frame["moved"])
        for p in held:
            moved[str(p)] = 0
        battles = [dict(b) for b in frame["battles"]]
        if enemy:
            battles.append({"hex": str(hex), "attackers": held, "mandatory": True, "landing": True})
        g.update(moved=moved, battles=battles, landed=True)
        set_battle_markers(g, g.top)
        control.settle(g, [str(hex)])

    LINES = {
        "move": "{side}: moves {units}: {route}", "declare_battle": "{side}: declares battle in {hex}",
        "fight": "{side}: fights the battle in {hex}", "resolve": "{side}: resolves the battles",
        "land": "{side}: lands the held-back divisions in {hex}"}

    def line_values(self, g: Game, frame: dict, action: Action) -> dict[str, str]:
        if action.verb != "move":
            return {}
        start = g.loc(action["units"][0])
        return {"route": " → ".join(g.place(h) for h in [start] + list(action["path"]))}


def may_attack(g: Game, pid: int) -> bool:
    """2.4: CS in parentheses only defend (except on Offensive à Outrance, checked at
    placement)."""
    return board.kind(g, pid).combat and not board.defend_only(g, pid)


def may_land(g: Game, frame: dict) -> bool:
    """13.3 a 4: in any Allied activation from turn 10, once."""
    return (frame["side"] == "allied" and g.option("allied_4") and not frame["resolving"]
            and not frame.get("landed") and bool(landing_hexes(g)))


def landing_hexes(g: Game) -> list[str]:
    """13.3 a 4: from turn 10 any coastal hex."""
    if g.turn < 10 or not g.state.stacks.get("box-held-back"):
        return []
    return [h for h in board.HEX_IDS if board.coastal(g, h)
            and not board.over_stacked(g, h, "allied", list(g.state.stacks.get("box-held-back", ())))]


class Rearguard(Decision):
    """9.6.3: enemy infantry enters a hex held only by cavalry: its owner chooses."""
    name = "rearguard"
    rule = "9.6.3"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "rearguard", f"{WORD[side]}: enemy infantry enters "
                                         f"{g.place(frame['hex'])}: your cavalry stays (and is "
                                         "eliminated) or withdraws three hexes (9.6.3)")

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        yield self.offer("stay", frame["side"])
        yield self.offer("withdraw", frame["side"])

    def on_stay(self, g: Game, frame: dict) -> None:
        """The cavalry stays (eliminated)"""
        for p in frame["cavalry"]:
            if p in g.state.pieces and g.loc(p) == frame["hex"]:
                board.eliminate(g, p, "9.6.3 a: the rearguard stays")
        control.settle(g, [frame["hex"]])
        g.end({"withdrew": False, "movers": frame["movers"], "mp_left": 0})

    def on_withdraw(self, g: Game, frame: dict) -> None:
        """The cavalry withdraws three hexes"""
        cav = [p for p in frame["cavalry"] if p in g.state.pieces and g.loc(p) == frame["hex"]]
        g.goto("retreat", side=frame["side"], hex=frame["hex"], pids=cav, steps=3,
               reason="rearguard", after={"withdrew": True, "movers": frame["movers"],
                                          "mp_left": frame["mp_left"]})

    LINES = {"stay": "{side}: the cavalry stays",
             "withdraw": "{side}: the cavalry withdraws three hexes"}
