"""The combat report of a Paths of Glory combat (engine.reports): what both players watch.

* while the attack is designated (12.2.2): each side's combat strength, the fire table it will
  use and the column after the terrain and trench shifts, with their reasons (12.2.3, 12.2.8) —
  the units committed so far are named in ``committed`` so the table can ring them;
* as each side fires (12.2.7–12.2.9): its column, its column shifts and its DRMs with their
  reasons, the die, the modified row read and the Loss Number;
* when the winner is known (12.2.11) and when the combat ends (12.2.12–12.2.13): the loss
  points each side took, who won, the retreat.

Reported, never decided, here: :mod:`.combat` computes and calls in.
"""
from __future__ import annotations

from engine.reports import GLOBAL

from . import board, fire
from .game import Game, other

TABLE_NAMES = {"fire_army": "Army Fire Table", "fire_corps": "Corps Fire Table"}


def _place(g: Game, loc: str) -> str:
    return g.module.locations[loc].name


def fire_line(g: Game, side: str, total: int, army: bool, column, shifts: list, drms: list,
              die: int | None = None, ln: int | None = None) -> dict:
    """One side's fire (12.2.8–12.2.9): ``shifts`` and ``drms`` are (reason, amount) pairs."""
    table = "fire_army" if army else "fire_corps"
    line: dict = {"who": side, "what": f"fires {total} combat factors on the {TABLE_NAMES[table]}",
                  "table": table, "column": str(column),
                  "shifts": [[f"column shift: {r}", int(n)] for r, n in shifts if n]
                  + [[f"DRM: {r}", int(n)] for r, n in drms if n]}
    if die is not None:
        drm = sum(int(n) for _r, n in drms)
        line.update(dice=[die], row=str(max(1, min(6, die + drm))),
                    result=f"Loss Number {ln}")
    return line


def declared(g: Game, side: str, target: str, chosen: list[int], preview) -> None:
    """The odds while the attack on ``target`` is designated: ``preview(c, side)`` gives each
    side's (total, army, column, shifts, drms) for the provisional combat ``c``."""
    defender = other(side)
    c = {"attacker": side, "defender": defender, "target": target, "attackers": list(chosen),
         "defenders": board.units_in(g, target, defender),
         "spaces": sorted({g.state.pieces[p].loc for p in chosen}),
         "fort": board.fort_value(g, target) if board.fort_intact(g, target)
         and board.controller(g, target) == defender else 0,
         "cards": {side: [], defender: []}, "drm": {side: 0, defender: 0}, "ignore_trench": False}
    lines = [fire_line(g, s, *preview(c, s)) for s in (side, defender) if s == defender or chosen]
    g.report_combat({"title": f"Attack on {_place(g, target)}", "attacker": side,
                     "defender": defender, "stage": "declared", "lines": lines,
                     "outcome": [] if chosen else [f"{side} chooses the attacking units"],
                     "committed": list(chosen)})


def fired(g: Game, c: dict, line: dict) -> None:
    """A side fired: its line replaces the preview of that side."""
    report = g.get(GLOBAL) or {}
    lines = [l for l in report.get("lines", []) if l.get("who") != line["who"] or l.get("dice")]
    lines.append(line)
    g.report_combat({"title": f"Attack on {_place(g, c['target'])}", "attacker": c["attacker"],
                     "defender": c["defender"], "stage": "resolved", "lines": lines, "outcome": []})


def outcome(g: Game, c: dict, final: bool = False) -> None:
    """12.2.11–12.2.13: the Loss Numbers, the losses taken, the winner; once the combat is
    over (``final``), the retreat."""
    report = g.get(GLOBAL)
    if not isinstance(report, dict) or report.get("title") != f"Attack on {_place(g, c['target'])}":
        return
    att, dfn = c["attacker"], c["defender"]
    if c.get("cancelled"):
        said = ["The attack is cancelled: no fire, losses, retreat or advance"]
    else:
        a, d = c["ln"].get(att, 0), c["ln"].get(dfn, 0)
        said = [f"Loss Numbers {att} {a}, {dfn} {d}: "
                + (f"{c['winner']} wins" if c.get("winner") else "both lose" if "winner" in c else "…"),
                f"{dfn} took {c['taken'][dfn]} loss point(s), {att} {c['taken'][att]}"]
        n = c.get("retreat_len")
        if not final:
            pass
        elif n:
            said.append(f"{dfn} retreats {n} space(s)" + (" (Withdrawal)" if c.get("withdrawal") else ""))
        elif c.get("winner") == att and board.units_in(g, c["target"], dfn):
            said.append(f"{dfn} holds {_place(g, c['target'])}: no retreat")
    g.report_combat({**report, "stage": "resolved", "outcome": said})
