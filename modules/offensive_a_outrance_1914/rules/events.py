"""What happens "the moment" a unit enters a hex (8.1 of the digest's implementation notes): hex
control and railway cuts (3.3, 18.1.3), road bridges damaged (7.1.4a), RR structures demolished
(18.4.1, 18.4.1a), Réseau du Nord clearing and French bottlenecks (18.3.1, 18.6.1), base-transfer
triggers (23.1.1, 24.3.1, 24.3.2), printed IPs destroyed (14.5), the Belgian Pontoon (24.6), Paris
(27.7), enemy Forts' involuntary abandonment (8.5.2), enemy artillery and supply units caught in
a zone of control (8.8.1, 15.6.2), MP-spent markers and rail moves interrupted (7.8.3, 7.7.5).

:func:`arrived` runs once for every hex a unit or Force enters, in path order, whatever moved it
(movement, reaction, withdrawal, retreat, advance, rail or naval arrival).
"""
from __future__ import annotations

from engine import commands as C

from . import control, losses, plans
from .data import ENEMY
from .game import Game
from .terrain import BRIDGED, side_key
from .vp import award

AMIENS, CREIL, ANTWERPEN, OOSTENDE, PARIS = "22.23", "20.32", "52.16", "37.10", "16.36"
PONTOON_HEXES = ("51.16", "52.16")


def arrived(g: Game, units: list[int], h: str, prev: str | None, gained: set | None = None) -> None:
    """``units`` (one side) have just entered ``h`` from ``prev``; ``gained``: the hexes their side
    came to control during this phase (7.1.4a reads control as the phase began)."""
    if not units:
        return
    side = g.side(units[0])
    enemy = ENEMY[side]
    combat = [p for p in units if g.is_combat(p)]
    if combat:
        control.pass_through(g, side, [h])
    else:
        control.cut_rail(g, enemy, [h])
    _bridges(g, side, h, gained or set())
    plans.note_passage(g, units, h)
    if side == "german":
        _german_triggers(g, h)
    else:
        _red_bridges(g, h)
    if h in g.board.printed_ip and not g.get(f"ip_destroyed:{h}"):     # 14.5
        owner = control.default_control(g, h)
        if owner and owner != side:
            g.set(f"ip_destroyed:{h}", True)
            g.note(f"The printed Improved Position at {g.hexname(h)} is destroyed (14.5)")
    if combat:
        enemy_reacts_to(g, side, h, combat)


def _bridges(g: Game, side: str, h: str, gained: set) -> None:
    """7.1.4a: a road bridge next to which a unit arrives is damaged unless it began the phase
    in the arriving side's friendly-controlled territory (both of its hexes)."""
    board = g.board
    blown = set(g.get("blown_bridges", []))
    new = []
    for n in board.nbrs.get(h, ()):
        attrs = board.side[(h, n)]
        if attrs.get("river") not in BRIDGED and not attrs.get("pontoon"):
            continue
        key = side_key(h, n)
        if key in blown:
            continue
        if all(control.controller(g, x) == side and x not in gained for x in (h, n)):
            continue
        new.append(key)
    if new:
        g.set("blown_bridges", sorted(blown | set(new)))
        for key in new:
            a, b = key.split("|")
            g.note(f"The road bridge {a}-{b} is damaged (7.1.4a)")


def _german_triggers(g: Game, h: str) -> None:
    board = g.board
    if h in g.rules.red_bridge_hexes and h not in g.get("ever_german", []):     # 18.4.1 (red)
        g.set("ever_german", sorted(set(g.get("ever_german", [])) | {h}))
    d_amiens = board.distance(h, AMIENS)
    d_creil = board.distance(h, CREIL)
    if g.gt < 10:
        if d_amiens <= 8 and not g.get("rdn_E_trigger"):               # 18.3.1
            g.set("rdn_E_trigger", g.gt)
            g.note("A German unit within 8 hexes of Amiens: the Eastern Réseau du Nord is cleared "
                   "in the next player turn (18.3.1)")
        if d_creil <= 8 and g.get("rdn_E_trigger") and not g.get("rdn_W_trigger"):
            g.set("rdn_W_trigger", g.gt)
            g.note("A German unit within 8 hexes of Creil: the Western Réseau du Nord is cleared "
                   "in the next player turn (18.3.1)")
    if d_creil <= 8 and not g.get("fr_bottlenecks"):                   # 18.6.1
        g.set("fr_bottlenecks", True)
        g.note("French RR bottlenecks at Rouen, Pontoise and Eu are active (18.6.1)")
    if g.gt <= 8 and d_amiens <= 8 and not g.get("bef_transfer_due") and not g.get("bef_base_moved"):
        g.set("bef_transfer_due", True)                                 # 23.1.1
        g.note("A German unit within 8 hexes of Amiens: the BEF base transfer starts in the next "
               "Allied Preliminary Phase (23.1.1)")
    if board.distance(h, ANTWERPEN) == 1 and not g.get("be_transfer_started"):
        g.set("be_transfer_due", True)                                  # 24.3.1
    if board.distance(h, OOSTENDE) == 1 and not g.get("be_shift_done"):
        g.set("be_shift_due", True)                                     # 24.3.2
    if h in PONTOON_HEXES and not g.get("pontoon_destroyed"):           # 24.6
        g.set("pontoon_destroyed", True)
        g.note("The Belgian Pontoon 51.16-52.16 is destroyed (24.6)")
    if h == PARIS and not g.get("paris_entered"):                       # 27.7
        g.set("paris_entered", True)
        award(g, "german", 25, "a German unit entered Paris (27.7)")
    # 18.4.1: orange structures within 8 hexes; 18.4.1a: Pontoise when adjacent
    structures = g.rules.rr_structures
    demolished = set(g.get("rr_demolished", []))
    new = []
    for key, (kind, rebuild) in structures.items():
        if key in demolished:
            continue
        a, b = key.split("|")
        d = min(board.distance(h, a), board.distance(h, b))
        if "orange" in kind and d <= 8 or kind == "pont_de_pontoise" and d <= 1 or kind == "tunnel" and d <= 8:
            new.append(key)
    if new:
        g.set("rr_demolished", sorted(demolished | set(new)))
        g.set("rr_demolished_gt", {**g.get("rr_demolished_gt", {}), **{k: g.gt for k in new}})
        for key in new:
            g.note(f"RR structure {key.replace('|', '-')} demolished (18.4.1)")


def _red_bridges(g: Game, h: str) -> None:
    """18.4.1: a red RR bridge is demolished for good the moment a French unit moves adjacent to
    it, if both its hexes have been German-controlled at some time in the game."""
    board = g.board
    demolished = set(g.get("rr_demolished", []))
    ever = set(g.get("ever_german", []))
    new = []
    for key, (kind, _rebuild) in g.rules.rr_structures.items():
        if "red" not in kind or key in g.get("red_destroyed", []):
            continue
        a, b = key.split("|")
        if h not in (a, b):
            continue
        if a in ever and b in ever:
            new.append(key)
    if new:
        g.set("red_destroyed", sorted(set(g.get("red_destroyed", [])) | set(new)))
        g.set("rr_demolished", sorted(demolished | set(new)))
        for key in new:
            g.note(f"Red RR bridge {key.replace('|', '-')} demolished permanently (18.4.1)")


def enemy_reacts_to(g: Game, side: str, h: str, movers: list[int]) -> None:
    """Enemy units next to ``h`` now in the movers' zone of control: Forts roll for involuntary
    abandonment (8.5.2), artillery alone is eliminated (8.8.1), Corps Trains retreat and depots
    are displaced (15.6.2), MP-spent markers for entraining and CE recovery are removed and rail
    moves interrupted (7.8.3, 7.7.5)."""
    enemy = ENEMY[side]
    board = g.board
    for n in board.all_nbrs.get(h, ()):
        if board.side.get((h, n), {}).get("sea") or board.side.get((h, n), {}).get("crest"):
            continue
        units = [p for p in g.units_at(n) if g.side(p) == enemy]
        if not units:
            continue
        combat_here = [p for p in units if g.is_combat(p)]
        garrisoned = any(g.ut(p).fortress and g.face(p) == 0 for p in units)
        for pid in units:
            if pid not in g.state.pieces or g.loc(pid) != n:
                continue
            t = g.ut(pid)
            task = g.prop(pid, "task")
            if task and task.get("kind") in ("ce",):
                g.set_prop(pid, "task", None)
                g.note(f"{g.public_name(pid, side)}: its CE-recovery MP are lost (7.8.3)")
            if g.prop(pid, "rail"):
                interrupt_rail(g, pid, "an enemy Combat unit came adjacent (7.7.5)")
                continue
            if t.fort and g.face(pid) == 0 and not combat_here and not g.prop(pid, "abandon_rolled"):
                fort_abandonment(g, pid)
                continue
            if (t.artillery or t.siege or t.hq) and not combat_here and not garrisoned:
                losses.eliminate(g, pid, "artillery alone in an enemy zone of control (8.8.1)")
                continue
            if t.supply and not combat_here and not garrisoned:
                supply_unit_caught(g, pid)


def fort_abandonment(g: Game, pid: int) -> None:
    """8.5.2: the first time an enemy Combat unit becomes adjacent to a Fort with no friendly
    Combat unit stacked: 1d6 greater than its Abandonment Number abandons it (flip, or eliminate
    without a back, and retreat it 3 hexes)."""
    g.set_prop(pid, "abandon_rolled", True)
    number = int(g.ut(pid).attrs.get("abandonment", 0) or 0)
    roll = g.roll(f"abandonment of {g.unit_name(pid)}", "1d6")
    if roll <= number:
        g.note(f"{g.name_at(pid)} holds (rolled {roll}, Abandonment Number {number}; 8.5.2)")
        return
    g.note(f"{g.name_at(pid)} is abandoned (rolled {roll} > {number}; 8.5.2)")
    if len(g.ut(pid).faces) < 2:
        losses.eliminate(g, pid, "abandoned Fort without a back side (8.5.2)")
        return
    g.do(C.SetFace(pid, 1))
    retreat_alone(g, pid, 3, "8.5.2")


def supply_unit_caught(g: Game, pid: int) -> None:
    """15.6.2: a supply unit is never in an EZOC unless stacked with a friendly Combat unit or a
    garrisoned Fortress: a Corps Train retreats 3 hexes and flips to Extended mode (15.6.2a), a
    depot is displaced to a friendly operational RR hex and flipped (15.6.2b)."""
    t = g.ut(pid)
    side = g.side(pid)
    if t.depot:
        from_hex = g.loc(pid)
        ops = control.operational(g, side)
        zoc = g.zoc(ENEMY[side])
        best = None
        for h in sorted(ops, key=lambda x: (g.board.distance(from_hex, x), x)):
            if h not in zoc and not g.enemy_in(h, side) and h in g.rules.playable(g):
                best = h
                break
        if best is None:
            losses.eliminate(g, pid, "depot displaced with no friendly operational RR hex (15.6.2b)")
            return
        g.move_piece(pid, best)
        if g.face(pid) == 0:
            g.do(C.SetFace(pid, 1))
        g.note(f"{g.unit_name(pid)} is displaced from {from_hex} to {g.hexname(best)} (15.6.2b)")
        return
    if g.face(pid) == 0 and len(t.faces) > 1:
        g.do(C.SetFace(pid, 1))
    retreat_alone(g, pid, 3, "15.6.2a", train=True)


def retreat_alone(g: Game, pid: int, hexes: int, rule: str, train: bool = False) -> None:
    """Move a lone unit ``hexes`` away from the enemy, never through an enemy zone of control
    unless a friendly unit is there (15.6.2a); each step to the free hex farthest from the
    nearest enemy (reading R11: the owner's route chosen by the rules); a unit that cannot move
    at all is eliminated; a Corps Train may stop early when stacked with a friendly Combat unit."""
    side = g.side(pid)
    enemy = ENEMY[side]
    board = g.board
    playable = g.rules.playable(g)
    here = g.loc(pid)
    visited = {here}
    for step in range(hexes):
        zoc = g.zoc(enemy)
        options = []
        for n in board.nbrs.get(here, ()):
            if n in visited or n not in playable or g.board.base_mp.get((here, n)) is None:
                continue
            if g.enemy_in(n, side):
                continue
            friendly = any(g.side(p) == side for p in g.units_at(n))
            if n in zoc and not friendly:
                continue
            options.append((-g.nearest_enemy(n, side, 6), n))
        if not options:
            if train and step > 0 and any(g.is_combat(p) and g.side(p) == side for p in g.units_at(here)):
                break
            if step == 0 or train:
                losses.eliminate(g, pid, f"cannot retreat ({rule})")
                return
            break
        options.sort()
        here = options[0][1]
        visited.add(here)
        g.move_piece(pid, here)
    g.note(f"{g.unit_name(pid)} falls back to {g.hexname(here)} ({rule})")


def interrupt_rail(g: Game, pid: int, why: str) -> None:
    """7.7.5: the unit leaves the map for the Turn Record Track three GTs ahead; its Assignment
    marker stays on its display; it returns in that GT's Preliminary Phase."""
    back = g.gt + 3
    g.set_prop(pid, "rail", None)
    g.set_prop(pid, "task", None)
    for tag in [t for t in g.state.pieces[pid].markers if t.startswith(("rail", "MP"))]:
        g.do(C.RemoveMarker(pid, tag))
    g.set_prop(pid, "returns", back)
    where = f"track:gt{back:02d}" if back <= 30 else "track:final"
    g.move_piece(pid, where)
    g.note(f"{g.unit_name(pid)}: rail movement interrupted ({why}); it returns on GT {back}")


def check_left_behind(g: Game, h: str, side: str) -> None:
    """Units a departing Force leaves in ``h`` next to enemy Combat units: a Fort now alone rolls
    for abandonment (8.5.2, the Montmédy example), artillery alone is eliminated (8.8.1), supply
    units retreat or are displaced (15.6.2)."""
    enemy = ENEMY[side]
    board = g.board
    adjacent_enemy_combat = False
    for n in board.nbrs.get(h, ()):
        attrs = board.side[(h, n)]
        if attrs.get("sea") or attrs.get("crest"):
            continue
        if any(g.side(p) == enemy and g.is_combat(p) and g.exerts_zoc(p) for p in g.units_at(n)):
            adjacent_enemy_combat = True
            break
    if not adjacent_enemy_combat:
        return
    units = [p for p in g.units_at(h) if g.side(p) == side]
    if any(g.is_combat(p) for p in units):
        return
    garrisoned = any(g.ut(p).fortress and g.face(p) == 0 for p in units)
    for pid in units:
        t = g.ut(pid)
        if t.fort and g.face(pid) == 0 and not g.prop(pid, "abandon_rolled"):
            fort_abandonment(g, pid)
        elif (t.artillery or t.siege or t.hq) and not garrisoned:
            losses.eliminate(g, pid, "artillery alone in an enemy zone of control (8.8.1)")
        elif t.supply and not garrisoned:
            supply_unit_caught(g, pid)
