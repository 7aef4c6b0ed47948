"""The game as its rules read it (:class:`Game`, the rules context): units, their sides, armies,
corps and combat effectiveness, stacks, zones of control and hex control. Every state reaches
the game through it; what is expensive to derive (who stands where, the zones of control) is
computed once per position and kept until the position changes.
"""
from __future__ import annotations

from typing import Any, Callable, Iterable

from engine import commands as C
from engine.machine import Context

from .data import CE_STEPS, CI, D2, ENEMY, NAT_NAME, UnitType

#: Boxes (module locations) the rules use.
REINFORCEMENTS = "reinforcements"
ELIMINATED = "eliminated"
WITHDRAWN = "withdrawn"
RESERVE = "box:reserve"
CHANNEL = "box:channel"
NAVAL_BOX = "box:naval"
HELD = "box:held"

#: Piece props the rules keep on units (plain data in the state).
AM = "am"                # the unit's Assignment marker (a pid)
UNIT = "unit"            # on an Assignment marker: its unit (a pid)
ARMY = "army"            # a Support unit's army (5.0: the AoA it was in at the Assignment Phase)
CE = "ce"                # on an Assignment marker: CE status steps taken (6.1.4: 0..6)
CORPS = "corps"          # on an Assignment marker: the corps box it sits in ("" independent)


class Game(Context):
    """A :class:`~engine.machine.Context` with the 1914 Offensive à outrance helpers."""

    def __init__(self, ruleset, state, tx=None):
        super().__init__(ruleset, state, tx)
        self.types: dict[str, UnitType] = ruleset.unit_types
        self.pieces = state.pieces

    # -- per-position cache --------------------------------------------------------------------
    def cached(self, key: str, build: Callable[[], Any]) -> Any:
        """``build()``, kept for as long as the position (its hash) does not change."""
        rules = self.rules
        h = self.state._hash          # the incremental state hash as an int (formatting it costs µs)
        cache = rules._cache
        if rules._cache_hash != h:
            cache.clear()
            rules._cache_hash = h
        try:
            return cache[key]
        except KeyError:
            value = cache[key] = build()
            return value

    # -- static data ---------------------------------------------------------------------------
    @property
    def board(self):
        return self.rules.board

    @property
    def units_data(self) -> dict[str, UnitType]:
        return self.rules.unit_types

    @property
    def armies(self):
        return self.rules.armies

    # -- the turn ------------------------------------------------------------------------------
    @property
    def gt(self) -> int:
        return int(self.get("turn", 1))

    def option(self, name: str) -> bool:
        return self.get("options", {}).get(name) == "on"

    def scenario(self) -> str:
        return str(self.get("scenario_id", ""))

    # -- pieces --------------------------------------------------------------------------------
    def ut(self, pid: int) -> UnitType | None:
        piece = self.pieces.get(pid)
        return self.types.get(piece.type) if piece is not None else None

    def loc(self, pid: int) -> str:
        return self.state.pieces[pid].loc

    def side(self, pid: int) -> str:
        return self.state.pieces[pid].owner

    def face(self, pid: int) -> int:
        return self.state.pieces[pid].face

    def prop(self, pid: int, key: str, default: Any = None) -> Any:
        return self.pieces[pid].props.get(key, default)

    def set_prop(self, pid: int, key: str, value: Any) -> None:
        if self.state.pieces[pid].props.get(key) != value:
            self.do(C.SetProp(pid, key, value))

    def values(self, pid: int) -> dict:
        """The printed values of the unit's current face (AS, DS, PR, AV, range, ammo)."""
        t = self.ut(pid)
        face = self.face(pid)
        return t.faces[min(face, len(t.faces) - 1)] if t and t.faces else {}

    def value(self, pid: int, key: str) -> int:
        return int(self.values(pid).get(key, 0) or 0)

    def on_map(self, pid: int) -> bool:
        piece = self.state.pieces.get(pid)
        return piece is not None and piece.loc in self.board.land

    # -- the position, indexed once ------------------------------------------------------------
    def _index(self) -> dict:
        land = self.board.land
        types = self.types
        pieces = self.pieces
        at: dict[str, list[int]] = {}
        allied: list[int] = []
        german: list[int] = []
        side_at: dict[str, str] = {}
        for loc, stack in self.state.stacks.items():
            if loc not in land:
                continue
            here = [pid for pid in stack if pieces[pid].type in types]
            if not here:
                continue
            at[loc] = here
            owner = ""
            for pid in here:
                o = pieces[pid].props.get("owner", "")
                (allied if o == "allied" else german).append(pid)
                if not owner or not types[pieces[pid].type].fortress:
                    owner = o
            side_at[loc] = owner
        for pid, piece in pieces.items():        # 19.0: a Two-Hex unit is in its second hex too
            other = piece.props.get("two_hex")
            if other and piece.loc in land and other in land and piece.type in types:
                at.setdefault(other, []).append(pid)
                side_at.setdefault(other, piece.props.get("owner", ""))
        return {"at": at, "by_side": {"allied": allied, "german": german}, "side_at": side_at}

    def index(self) -> dict:
        return self.cached("index", self._index)

    def hexsets(self, side: str) -> dict[str, frozenset[str]]:
        """Hexes holding ``side``'s Combat units, its Formations or Fortresses (7.1.6a)."""
        def build() -> dict[str, frozenset[str]]:
            combat, form_fort = set(), set()
            types, pieces = self.types, self.pieces
            for h, units in self.index()["at"].items():
                for p in units:
                    piece = pieces[p]
                    if piece.props.get("owner") != side:
                        continue
                    t = types[piece.type]
                    if t.combat or (t.fort and piece.face == 1):
                        combat.add(h)
                        if piece.props.get(AM) is not None:
                            form_fort.add(h)
                    elif t.fortress:
                        form_fort.add(h)
            return {"combat": frozenset(combat), "form_fort": frozenset(form_fort)}
        return self.cached("hexsets:" + side, build)

    def units_at(self, h: str) -> list[int]:
        """The units (combat, artillery, supply, forts, fortresses, HQs) in hex ``h``."""
        return self.index()["at"].get(h, [])

    def side_at(self, h: str) -> str:
        """The side with units in ``h``: a hex holds one side's units only (3.1; an enemy
        Fortress on its back may share it, 12.1.3: then the mobile units' side)."""
        units = self.units_at(h)
        if not units:
            return ""
        sides = {self.side(p) for p in units if not self.ut(p).fortress}
        return next(iter(sides)) if sides else self.side(units[0])

    def units_of(self, side: str) -> list[int]:
        """``side``'s units on the map."""
        return self.index()["by_side"].get(side, [])

    def enemy_units_at(self, h: str, side: str) -> list[int]:
        return [p for p in self.units_at(h) if self.side(p) != side]

    def friendly_at(self, h: str, side: str) -> list[int]:
        return [p for p in self.units_at(h) if self.side(p) == side]

    def enemy_in(self, h: str, side: str) -> bool:
        """An enemy unit occupies ``h`` — an enemy Fortress on its back side (no outer garrison)
        does not bar entry (3.1, 12.1.3) and is not counted here."""
        return h in self.enemy_hexes(side)

    def enemy_hexes(self, side: str) -> frozenset[str]:
        """Hexes holding an enemy unit other than an enemy Fortress on its back side."""
        def build() -> frozenset[str]:
            out = set()
            for h, units in self.index()["at"].items():
                for p in units:
                    piece = self.pieces[p]
                    if piece.owner != side and not (self.types[piece.type].fortress and piece.face == 1):
                        out.add(h)
                        break
            return frozenset(out)
        return self.cached("enemyhex:" + side, build)

    def _open_fortress(self, pid: int) -> bool:
        t = self.ut(pid)
        return t.fortress and self.face(pid) == 1

    # -- unit categories ---------------------------------------------------------------------------
    def is_combat(self, pid: int) -> bool:
        """1.1 Combat unit: infantry or cavalry type; a Fort on its back is an infantry unit (8.5.0)."""
        t = self.ut(pid)
        return t is not None and (t.combat or (t.fort and self.face(pid) == 1))

    def is_formation(self, pid: int) -> bool:
        """1.1: a Combat unit that has an Assignment marker (in play)."""
        return self.prop(pid, AM) is not None and self.is_combat(pid)

    def is_support(self, pid: int) -> bool:
        """1.1: any unit that is not a Formation (5.5)."""
        return not self.is_formation(pid)

    def size_of(self, pid: int) -> float:
        """1.1 division-equivalents (a Two-Hex unit counts half in each hex, 19.1.3)."""
        t = self.ut(pid)
        if t is None or t.fortress:
            return 0.0
        if t.fort and self.face(pid) == 0:
            return 0.0
        de = t.de
        return de / 2 if self.prop(pid, "two_hex") else de

    def occupies(self, pid: int, h: str) -> bool:
        """The unit is in ``h`` (a Two-Hex unit in either of its hexes, 19.0)."""
        piece = self.pieces.get(pid)
        return piece is not None and (piece.loc == h or piece.props.get("two_hex") == h)

    def in_rail_mode(self, pid: int) -> bool:
        return bool(self.prop(pid, "rail"))

    def exerts_zoc(self, pid: int) -> bool:
        """3.2: Combat units (not in Rail Mode, 7.7.4) and Fortresses showing the outer garrison."""
        piece = self.pieces[pid]
        t = self.types.get(piece.type)
        if t is None:
            return False
        if t.fortress:
            return piece.face == 0
        return (t.combat or (t.fort and piece.face == 1)) and not piece.props.get("rail")

    # -- zones of control (3.2) --------------------------------------------------------------------
    def _zoc(self, side: str) -> frozenset[str]:
        zoc_nbrs = self.board.zoc_nbrs
        out: set[str] = set()
        seen: set[int] = set()
        for pid in self.units_of(side):
            if pid in seen or not self.exerts_zoc(pid):
                continue
            seen.add(pid)
            piece = self.pieces[pid]
            out.update(zoc_nbrs.get(piece.loc, ()))       # 3.2.1: not across sea or crest
            other = piece.props.get("two_hex")
            if other:
                out.update(zoc_nbrs.get(other, ()))
        return frozenset(out)

    def zoc(self, side: str) -> frozenset[str]:
        """The hexes in the zone of control of ``side``'s units."""
        return self.cached("zoc:" + side, lambda: self._zoc(side))

    def in_ezoc(self, h: str, side: str) -> bool:
        """``h`` is in an enemy zone of control for ``side``."""
        return h in self.zoc(ENEMY[side])

    def adjacent_enemy(self, h: str, side: str) -> bool:
        """An enemy unit is in a hex adjacent to ``h`` (across any hexside)."""
        at = self.index()["side_at"]
        enemy = ENEMY[side]
        return any(at.get(n) == enemy for n in self.board.all_nbrs.get(h, ()))

    def nearest_enemy(self, h: str, side: str, limit: int = 12) -> int:
        """Hexes from ``h`` to the nearest enemy unit (1.2 range), at most ``limit`` + 1."""
        at = self.index()["side_at"]
        enemy = ENEMY[side]
        board = self.board
        frontier, seen = [h], {h}
        for d in range(limit + 1):
            if any(at.get(x) == enemy and self.enemy_in(x, side) for x in frontier):
                return d
            nxt = []
            for x in frontier:
                for n in board.all_nbrs.get(x, ()):
                    if n not in seen:
                        seen.add(n)
                        nxt.append(n)
            frontier = nxt
        return limit + 1

    # -- armies, corps and Assignment markers (5.0) ----------------------------------------------
    def am(self, pid: int) -> int | None:
        return self.prop(pid, AM)

    def army(self, pid: int) -> str:
        """The army the unit is assigned to: a Formation's or Corps Train's by its Assignment
        marker's display, an army unit's by its ID (5.4), a Support unit's by its AoA (5.0)."""
        t = self.ut(pid)
        marker = self.prop(pid, AM)
        if marker is not None and marker in self.state.pieces:
            box = self.state.pieces[marker].loc
            if box.startswith("org:"):
                return box[4:]
        if t is not None and t.army:
            return t.army
        return self.prop(pid, ARMY, "") or ""

    def corps(self, pid: int) -> str:
        """The corps of a Formation (its marker's corps box, "" Independent) or a Corps Train."""
        t = self.ut(pid)
        if t is not None and t.train:
            return t.corps
        marker = self.prop(pid, AM)
        if marker is None or marker not in self.state.pieces:
            return ""
        return self.state.pieces[marker].props.get(CORPS, "")

    def ce(self, pid: int) -> int:
        """CE status steps taken (6.1.4): 0 full, 1..3, 4 CI, 5 D1, 6 D2; Support units 0 (5.5.2)."""
        marker = self.prop(pid, AM)
        if marker is None or marker not in self.state.pieces:
            return 0
        return int(self.state.pieces[marker].props.get(CE, 0))

    def base_ce(self, pid: int) -> int:
        """6.1: the Base CE printed on the Assignment marker (its side in use, 22.4, 22.3.4); a
        Support unit's own (5.5.2)."""
        marker = self.prop(pid, AM)
        if marker is not None and marker in self.state.pieces:
            m = self.state.pieces[marker]
            faces = self.module.piece_types[m.type].faces
            return int(faces[min(m.face, len(faces) - 1)].values.get("ce", 0) or 0)
        t = self.ut(pid)
        return t.base_ce if t else 0

    def cel(self, pid: int) -> int:
        """6.1.2: CEL = Base CE - current CE status."""
        return self.base_ce(pid) + CE_STEPS[self.ce(pid)][0]

    def ci(self, pid: int) -> bool:
        return self.ce(pid) >= CI

    def demoralized(self, pid: int) -> bool:
        return self.ce(pid) > CI

    def ce_name(self, pid: int) -> str:
        return CE_STEPS[self.ce(pid)][1]

    # -- words -----------------------------------------------------------------------------------
    def side_name(self, side: str) -> str:
        return {"allied": "Allied", "german": "German"}.get(side, side)

    def hidden(self, pid: int) -> bool:
        """The enemy may not identify the piece (3.1.6: not the top unit of its stack; 3.1.7: on
        an owner-only display)."""
        piece = self.pieces.get(pid)
        if piece is None:
            return False
        if piece.props.get("concealed"):
            for frame in self.stack or ():            # 3.1.6: a combat reveals its units
                if frame.get("state") == "battle" and pid in (frame.get("attackers") or []) + \
                        (frame.get("defenders") or []) + (frame.get("excluded") or []):
                    return False
            return True
        loc = self.module.locations.get(piece.loc)
        return loc is not None and loc.visibility in ("owner", "nobody")

    def unit_name(self, pid: int) -> str:
        """The unit as the log (read by both players) may name it: ``"French 3/2"`` when the enemy
        can see it, else ``"an Allied unit"`` / ``"an Allied Assignment marker"`` (3.1.6, 3.1.7)."""
        if self.hidden(pid):
            piece = self.pieces[pid]
            what = "unit" if self.ut(pid) is not None else "marker"
            side = self.side_name(piece.props.get("owner", ""))
            return f"{'an' if side[:1] in 'AEIOU' else 'a'} {side} {what}"
        return self.true_name(pid)

    def true_name(self, pid: int) -> str:
        """``"French 3/2"``, ``"German Fortress Metz (54.48)"`` — for what the rules reveal (a
        combat's units, 3.1.6) or what the enemy sees anyway."""
        t = self.ut(pid)
        if t is None:
            piece = self.state.pieces[pid]
            return self.module.piece_types[piece.type].name
        kind = {"fortress": "Fortress ", "fort": "Fort ", "depot": "depot ", "corps_train": "",
                "siege_train_hq": ""}.get(t.utype, "")
        return f"{NAT_NAME.get(t.nat, t.nat)} {kind}{t.name}"

    def true_name_at(self, pid: int) -> str:
        """The unit and its hex, as its owner's prompts name it."""
        where = self.loc(pid)
        return f"{self.true_name(pid)} at {self.board.label(where)}" if where in self.board.hexes \
            else self.true_name(pid)

    def name_at(self, pid: int) -> str:
        where = self.loc(pid)
        return f"{self.unit_name(pid)} at {self.board.label(where)}" if where in self.board.hexes \
            else self.unit_name(pid)

    def hexname(self, h: str) -> str:
        return self.board.label(h)

    def public_name(self, pid: int, viewer: str) -> str:
        """The unit as ``viewer`` may name it: itself if visible to him, else its side and hex
        (3.1.6: only the top unit of an enemy stack is seen)."""
        if self.side(pid) == viewer or not self.prop(pid, "concealed"):
            return self.name_at(pid)
        return f"a {self.side_name(self.side(pid))} unit at {self.hexname(self.loc(pid))}"

    def army_name(self, army: str) -> str:
        a = self.armies.get(army)
        return a.name if a else army or "no army"

    # -- changes --------------------------------------------------------------------------------
    def move_piece(self, pid: int, where: str) -> None:
        if self.loc(pid) != where:
            self.do(C.Move(pid, where))

    def set_global(self, key: str, value: Any) -> None:
        self.set(key, value)

    def lose(self, pids: Iterable[int], where: str = ELIMINATED) -> None:
        for pid in pids:
            self.move_piece(pid, where)
