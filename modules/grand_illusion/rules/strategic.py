"""Strategic Movement (10.0): after the Action Phase the player without the Initiative, then the
one with it, moves units by rail or (Allies) by sea, 1 CAP a unit (HQs too; never HA).

* Rail (10.2, 10.3): from turn 3; start, end and pass only through friendly-controlled rail hexes
  (enemy units or not) along railways linked to a friendly French or German supply source, at
  most 10 hexes; never Belgian units; British units may pass through Paris but not stop there;
  on turns 3-4 the German may not use hexes that changed from Allied to German control (our
  reading of 10.3 and the Turn Record Track's "limited German SM").
* Sea (10.4, 12.5.4): Allied units (never Belgian) from a friendly-controlled named port to one
  with a lower hex number; never through Antwerp — except British units in Antwerp under
  "Invade Holland" (13.3 b 5).
* Paris in Danger box B: in the emergency turn one French infantry corps may go to Paris by
  Strategic Movement free of CAP.
"""
from __future__ import annotations

from collections import deque
from typing import Iterator

from engine import commands as C
from engine.actions import Action, Loc, Piece
from engine.rules import Prompt, Violation

from . import board, control, supply
from .caps import cap_of, spend
from .decision import Decision
from .game import PARIS, WORD, Game

RAIL_LIMIT = 10


def _rail_ok(g: Game, side: str, h: str) -> bool:
    if not board.is_rail(g, h) or board.control(g, h) != side:
        return False
    if side == "german" and g.turn < 5 and board.hexattr(g, h, "control") == "allied":
        return False   # GI 10.3: converted from Allied control
    return True


def rail_paths(g: Game, side: str, start: str) -> dict[str, list[str]]:
    """Hexes a unit in ``start`` reaches by rail (10.2), with the shortest path."""
    key = "GE" if side == "german" else "FR"
    net = supply.rail_net(g, side, key)
    if start not in net or not _rail_ok(g, side, start):
        return {}
    rail_end = side == "german" and supply.rail_end_in_effect(g)
    prev: dict[str, str | None] = {start: None}
    dist = {start: 0}
    queue = deque([start])
    while queue:
        h = queue.popleft()
        if dist[h] >= RAIL_LIMIT or (rail_end and h == "56" and h != start):
            continue
        for n in board.neighbours(g, h):
            if n in prev or not board.rail_link(g, h, n) or n not in net or not _rail_ok(g, side, n):
                continue
            prev[n] = h
            dist[n] = dist[h] + 1
            queue.append(n)
    out = {}
    for h in prev:
        if h == start:
            continue
        path = [h]
        while prev[path[-1]] not in (None, start):
            path.append(prev[path[-1]])  # type: ignore[arg-type]
        out[h] = path[::-1]
    return out


def rail_units(g: Game, side: str) -> list[int]:
    out = []
    for pid, piece in g.state.pieces.items():
        k = g.rules.kinds[piece.type]
        if k.side == side and (k.combat or k.hq) and board.is_hex(piece.loc) and k.nat != "BE":
            out.append(pid)
    return out


def ports(g: Game) -> list[str]:
    return [h for h in board.HEX_IDS if board.hexattr(g, h, "port")]


def sea_starts(g: Game, pid: int) -> bool:
    loc = g.loc(pid)
    if board.hexattr(g, loc, "port"):
        return board.control(g, loc) == "allied"
    return loc == "52" and g.option("german_5") and g.nat(pid) == "BR" and board.control(g, loc) == "allied"


class Strategic(Decision):
    """10.0: one player's Strategic Movement."""
    name = "strategic"
    rule = "10.1"

    def prompt(self, g: Game, frame: dict) -> Prompt:
        side = frame["side"]
        return Prompt(side, "strategic", f"{WORD[side]} Strategic Movement ({cap_of(g, side)} CAP): "
                                         "move units by rail or sea, 1 CAP each, then done")

    def begin(self, g: Game, frame: dict) -> None:
        if "free_used" not in frame:
            g.update(free_used=False, moved=[])

    def _free_paris(self, g: Game, frame: dict) -> bool:
        return (frame["side"] == "allied" and g.get("gi_pd_turn") == g.turn
                and not frame.get("free_used"))

    def _moves(self, g: Game, frame: dict, pid: int) -> Iterator[Action]:
        """The Strategic Movement actions of one unit."""
        side = frame["side"]
        cap = cap_of(g, side)
        free = self._free_paris(g, frame)
        unit = Piece(pid)
        if g.turn >= 3 and (cap >= 1 or free):
            for dest, path in rail_paths(g, side, g.loc(pid)).items():
                if self._end_problem(g, side, pid, dest) is None:
                    lpath = tuple(Loc(h) for h in path)
                    if cap >= 1:
                        yield self.offer("rail", side, unit=unit, path=lpath)
                    if free and dest == PARIS and self._paris_unit(g, pid):
                        yield self.offer("rail_to_paris", side, unit=unit, path=lpath)
        if side == "allied" and cap >= 1 and sea_starts(g, pid):
            here = int(g.loc(pid))
            for port in ports(g):
                if int(port) < here and board.control(g, port) == "allied" and \
                        self._end_problem(g, side, pid, port) is None:
                    yield self.offer("sea", side, unit=unit, port=Loc(port))

    def actions(self, g: Game, frame: dict) -> Iterator[Action]:
        """Two steps, to keep the list short: pick a unit, then where it goes."""
        side = frame["side"]
        chosen = frame.get("unit")
        if chosen is not None:
            yield from self._moves(g, frame, chosen)
            yield self.offer("deselect", side)
            return
        seen: dict[tuple, bool] = {}
        for pid in rail_units(g, side):
            k = board.kind(g, pid)
            key = (g.loc(pid), k.nat == "BR", k.hq, k.stacking, k.infantry,
                   k.nat == "FR" and k.infantry and k.corps)
            if key not in seen:
                seen[key] = next(iter(self._moves(g, frame, pid)), None) is not None
            if seen[key]:
                yield self.offer("select", side, unit=Piece(pid))
        yield self.offer("done", side)

    def check_select(self, g: Game, frame: dict, unit: Piece) -> Violation | None:
        v = self._unit_problem(g, frame, unit)
        if v:
            return v
        if frame.get("unit") is not None:
            return Violation("GI 10.1", "a unit is already chosen")
        if next(iter(self._moves(g, frame, unit)), None) is None:
            return Violation("GI 10.2", "that unit has nowhere to go by rail or sea")
        return None

    def on_select(self, g: Game, frame: dict, unit: Piece) -> None:
        """Move this unit strategically"""
        g.update(unit=int(unit))

    def on_deselect(self, g: Game, frame: dict) -> None:
        """Choose another unit"""
        g.update(unit=None)

    @staticmethod
    def _paris_unit(g: Game, pid: int) -> bool:
        k = board.kind(g, pid)
        return k.nat == "FR" and k.infantry and k.corps

    def _end_problem(self, g: Game, side: str, pid: int, dest: str) -> Violation | None:
        if dest == PARIS and g.nat(pid) == "BR":
            return Violation("GI 10.3", "British units may pass through Paris but never stop there")
        if board.over_stacked(g, dest, side, [pid]):
            return Violation("GI 8.4.6", f"{g.place(dest)} would be over the stacking limit")
        return None

    def _chosen_problem(self, g: Game, frame: dict, pid: int) -> Violation | None:
        if frame.get("unit") != pid:
            return Violation("GI 10.1", "choose the unit first")
        return self._unit_problem(g, frame, pid)

    def _unit_problem(self, g: Game, frame: dict, pid: int) -> Violation | None:
        side = frame["side"]
        if pid not in g.state.pieces or board.kind(g, pid).side != side or not board.is_hex(g.loc(pid)):
            return Violation("GI 10.1", "choose one of your units on the map")
        if board.kind(g, pid).ha:
            return Violation("GI 10.1", "HA never use Strategic Movement")
        if g.nat(pid) == "BE":
            return Violation("GI 10.3", "Belgian units never use Strategic Movement")
        return None

    def check_rail(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> Violation | None:
        side = frame["side"]
        v = self._chosen_problem(g, frame, unit)
        if v:
            return v
        if g.turn < 3:
            return Violation("GI 10.3", "no rail movement on turns 1 and 2")
        if cap_of(g, side) < 1:
            return Violation("GI 10.1", "Strategic Movement costs 1 CAP a unit")
        return self._rail_path_problem(g, side, unit, [str(h) for h in path])

    def _rail_path_problem(self, g: Game, side: str, unit: int, path: list[str]) -> Violation | None:
        if not path or len(path) > RAIL_LIMIT:
            return Violation("GI 10.2", "at most 10 hexes by rail")
        reach = rail_paths(g, side, g.loc(unit))
        if path[-1] not in reach:
            return Violation("GI 10.2", "by rail a unit starts, passes and ends only in friendly-"
                                        "controlled rail hexes linked to a friendly supply source")
        here = g.loc(unit)
        for h in path:
            if not board.rail_link(g, here, h) or not _rail_ok(g, side, h):
                return Violation("GI 10.2", "the path must follow friendly-controlled railway")
            here = h
        return self._end_problem(g, side, unit, path[-1])

    def on_rail(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> None:
        """Move this unit by rail (1 CAP)"""
        spend(g, frame["side"])
        self._go(g, frame, unit, str(path[-1]), "by rail")

    def check_rail_to_paris(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> Violation | None:
        v = self._chosen_problem(g, frame, unit)
        if v:
            return v
        if not self._free_paris(g, frame) or not self._paris_unit(g, unit) or str(path[-1]) != PARIS:
            return Violation("GI 8.4.9", "in the Paris in Danger turn one French infantry corps "
                                         "may go to Paris free")
        return self._rail_path_problem(g, frame["side"], unit, [str(h) for h in path])

    def on_rail_to_paris(self, g: Game, frame: dict, unit: Piece, path: tuple[Loc, ...]) -> None:
        """Move this corps to Paris free (Paris in Danger)"""
        g.update(free_used=True)
        self._go(g, g.top, unit, PARIS, "by rail, free (Paris in Danger)")

    def check_sea(self, g: Game, frame: dict, unit: Piece, port: Loc) -> Violation | None:
        v = self._chosen_problem(g, frame, unit)
        if v:
            return v
        if frame["side"] != "allied":
            return Violation("GI 10.4", "only the Allies move by sea")
        if cap_of(g, "allied") < 1:
            return Violation("GI 10.1", "Strategic Movement costs 1 CAP a unit")
        if g.loc(unit) == "52" and not sea_starts(g, unit):
            return Violation("GI 12.5.4", "no Allied unit sails from or to Antwerp")
        if not sea_starts(g, unit):
            return Violation("GI 10.4", "a sea move starts in a friendly-controlled hex with a "
                                        "named port")
        if not board.hexattr(g, port, "port") or board.control(g, port) != "allied":
            return Violation("GI 10.4", "a sea move ends in a friendly-controlled named port")
        if int(port) >= int(g.loc(unit)):
            return Violation("GI 10.4", "the destination must have a lower hex number (further west)")
        return self._end_problem(g, "allied", unit, str(port))

    def on_sea(self, g: Game, frame: dict, unit: Piece, port: Loc) -> None:
        """Move this unit by sea (1 CAP)"""
        spend(g, "allied")
        self._go(g, frame, unit, str(port), "by sea")

    def _go(self, g: Game, frame: dict, unit: int, dest: str, how: str) -> None:
        start = g.loc(unit)
        g.update(unit=None)
        g.do(C.Move(unit, dest))
        g.note(f"{g.name(unit)} moves {how} from {g.place(start)} to {g.place(dest)}")
        if board.kind(g, unit).hq and len(board.hqs_at(g, dest, frame["side"])) > 1:
            for hq in board.hqs_at(g, dest, frame["side"]):
                if g.face(hq) == 0:
                    g.do(C.SetFace(hq, 1))     # GI 8.4.1
        if frame["side"] == "german":
            control.pd_trigger(g, dest, [unit])
        control.settle(g, [start, dest])

    def on_done(self, g: Game, frame: dict) -> None:
        """Done"""
        g.end()

    LINES = {
        "rail": "{side}: {unit} by rail to {path}", "rail_to_paris": "{side}: {unit} by rail to {path}",
        "select": "{side}: {unit} is chosen to move", "deselect": "{side}: another unit",
        "sea": "{side}: {unit} by sea to {port}", "done": "{side}: Strategic Movement done"}
