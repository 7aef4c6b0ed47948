"""Mandated Offensives (7.0): the roll in phase A and the record of whether the offensive was
made. The VP penalty for a missed MO is scored by the War Status phase (E.1) from the globals
this file keeps:

* ``pog_mo_cp`` / ``pog_mo_ap`` — the nation that must attack this turn, or ``"none"``;
* ``pog_mo_met_cp`` / ``pog_mo_met_ap`` — True once an attack satisfied it (always True when
  the result is "none").

Each side's MO marker (``m_mo_cp`` / ``m_mo_ap``) shows the same on the table: in the box of
the nation that must attack, or in "None / Made" once made or cancelled (7.1.1, 7.1.10,
7.1.11). :func:`set_mo` is the one writer of both.

**Combat calls** :func:`note_attack` once per attack it resolves (after the designation,
12.2.1 step 1), so an attack by the right nationality meets the MO (7.1.3–7.1.7).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable

from engine import commands as C

from . import board, cards, supply
from .card_ids import BOLSHEVIK_REVOLUTION, FRENCH_MUTINY, HL_TAKE_COMMAND, HOFFMANN

if TYPE_CHECKING:
    from .game import Game

#: The boxes of each MO row, left to right (7.1.2 shifts a result one box right).
BOXES = {"CP": ("AH_IT", "AH", "TU", "GE", "none"), "AP": ("RU", "FR", "BR", "IT", "none")}
#: The capitals whose loss cancels a nation's MO (7.1.2). Russia has no capital (3.0.3).
CAPITALS = {"AH": ("vienna", "budapest"), "AH_IT": ("vienna", "budapest"), "GE": ("berlin",),
            "TU": ("constantinople",), "FR": ("paris",), "BR": ("london",), "IT": ("rome",)}
WESTERN = ("FR", "BE", "GE")


def key(side: str) -> str:
    return f"pog_mo_{side.lower()}"


def met_key(side: str) -> str:
    return f"pog_mo_met_{side.lower()}"


def place_marker(g: "Game", side: str, box: str | None = None) -> None:
    """7.1.1: move ``side``'s MO marker to ``box`` on its row of the MO Table — by default the
    MO in force, or "None / Made" once it is made."""
    if box is None:
        box = "none" if g.get(met_key(side)) else str(g.get(key(side), "none"))
    loc = f"mo:{side}:{box}"
    marker = f"m_mo_{side.lower()}"
    for pid, piece in g.state.pieces.items():
        if piece.type == marker:
            if piece.loc != loc and loc in g.module.locations:
                g.do(C.Move(pid, loc))
            return


def set_mo(g: "Game", side: str, mo: str, met: bool) -> None:
    """Record ``side``'s Mandated Offensive ``mo`` and whether it is made; the marker follows."""
    g.set(key(side), mo)
    g.set(met_key(side), met)
    place_marker(g, side)


def _nation(box: str) -> str:
    return "AH" if box == "AH_IT" else box


def result(g: "Game", side: str, die: int) -> str:
    """The MO in force after a roll of ``die`` (already modified), with 7.1.2, 7.1.6, 7.1.10,
    7.1.11 and the Historical 5.7.4 #5 adjustments."""
    table = g.module.tables["mandated_offensive"]
    row = table.rows.values.index(max(1, min(6, die)))
    box = str(table.cells[row][table.cols.values.index(side)])
    boxes = BOXES[side]
    while box != "none":
        if box == "AH_IT" and (cards.nation_neutral(g, "IT") or board.controller(g, "rome") == "CP"):
            box = "AH"  # PoG 7.1.6
        if box == "BR" and g.get("turn") == 1 and g.get("pog_scenario") == "historical":
            box = "FR"  # PoG 5.7.4 #5
        nation = _nation(box)
        if nation in ("IT", "TU") and cards.nation_neutral(g, nation):
            return "none"  # PoG 7.1.2: a neutral nation has no MO
        if box == "GE" and cards.event_played(g, HL_TAKE_COMMAND):
            return "none"  # PoG 7.1.10
        if box == "RU" and cards.event_played(g, BOLSHEVIK_REVOLUTION):
            return "none"  # PoG 7.1.11
        enemy = "AP" if side == "CP" else "CP"
        if any(c in g.module.locations and board.controller(g, c) == enemy
               for c in CAPITALS.get(box, ())):
            box = boxes[min(boxes.index(box) + 1, len(boxes) - 1)]  # PoG 7.1.2: shift right
            continue
        return box
    return "none"


def roll(g: "Game", side: str) -> str:
    """Phase A for one side (7.1.1; +1 after Hoffmann, 7.1.9)."""
    die = g.roll(f"PoG 7.1.1 {side} Mandated Offensive")
    drm = 1 if side == "CP" and cards.event_played(g, HOFFMANN) else 0
    mo = result(g, side, die + drm)
    set_mo(g, side, mo, mo == "none")
    g.note(f"{side} Mandated Offensive roll {die}{'+1' if drm else ''}: "
           f"{'none' if mo == 'none' else mo.replace('_IT', '(It)') + ' must attack'}")
    return mo


def satisfies(g: "Game", side: str, mo: str, attackers: Iterable[int], space: str,
              defenders: Iterable[int]) -> bool:
    """Whether this attack meets ``side``'s MO ``mo`` (7.1.3–7.1.7)."""
    defenders = list(defenders)
    attacking = {board.nation_of(g, p) for p in attackers}
    defending = {board.nation_of(g, p) for p in defenders}
    if not defending:
        return False  # PoG 7.1.3: the attack must be against an enemy combat unit
    where = board.attr(g, space, "nation")
    if mo in ("FR", "BR"):  # PoG 7.1.4
        return mo in attacking and "GE" in defending and where in WESTERN
    if mo == "GE":  # PoG 7.1.5
        return "GE" in attacking and bool(defending & {"US", "BR", "FR", "BE"}) and where in WESTERN
    if mo == "AH_IT":  # PoG 7.1.6: Italian units, a space in Italy, or Allied units supplied
        return "AH" in attacking and ("IT" in defending or where == "IT" or any(
            supply.supplied_only_through(g, p, "IT") for p in defenders))
    return _nation(mo) in attacking  # PoG 7.1.5 (TU: SN is its own nationality), 7.1.7


def note_attack(g: "Game", side: str, attackers: Iterable[int], space: str,
                defenders: Iterable[int]) -> None:
    """Record an attack by ``side`` from ``attackers`` on ``defenders`` in ``space``."""
    attackers = list(attackers)
    g.rules.hooks.notify("attack_declared", g, side, attackers, space)  # CP #47 French Mutiny
    mo = g.get(key(side), "none")
    if g.get(met_key(side)) or mo == "none":
        return
    if satisfies(g, side, mo, list(attackers), space, list(defenders)):
        set_mo(g, side, mo, True)
        g.note(f"PoG 7.1.3: the {side} Mandated Offensive ({mo}) is made")
        if side == "AP" and mo == "FR" and not cards.event_played(g, FRENCH_MUTINY):
            g.set(MET_BEFORE_MUTINY, g.get("turn"))  # PoG 7.1.8 (see mutiny_void_this_turn)


MET_BEFORE_MUTINY = "pog_fr_mo_met_before_mutiny"


def mutiny_void_this_turn(g: "Game", side: str) -> bool:
    """7.1.8: *French Mutiny* played after this turn's French MO was already met has no
    effect for the rest of that turn (no VP for French attacks)."""
    return side == "AP" and g.get(MET_BEFORE_MUTINY) is not None \
        and g.get(MET_BEFORE_MUTINY) == g.get("turn")
