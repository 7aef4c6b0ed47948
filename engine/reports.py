"""Combat reports: what a combat read and rolled, as plain data both players see.

Every enforced ruleset resolves combat differently (Paths of Glory fires on two tables, a CRT
game reads one column of odds, France 1944 rolls a morale die and hit dice), but a player wants
the same thing from each: the odds or columns and every shift with its reason *before* the dice,
then the dice, the row and column read, and the result. A ruleset writes one
:class:`CombatReport` per combat through :meth:`engine.machine.Context.report_combat`; it lands
in the public global ``combat_report`` (both sides' views carry it, and the record keeps each
one, so the table can show a combat until it is dismissed and reopen any past one from the log).

The shape, all plain data::

    {"title": "Attack on Liège", "attacker": "CP", "defender": "AP", "stage": "resolved",
     "lines": [                                  # one per table read or roll
        {"who": "CP", "what": "fires on the Army Fire Table",
         "table": "fire_army", "column": "8", "row": "4",
         "shifts": [["Trench level 1", -1]],     # column shifts or modifiers, with reasons
         "dice": [4], "result": "2 losses"}],
     "outcome": ["AP loses 2 steps", "AP retreats 1 space"],
     "committed": [12, 17]}                      # optional: the attacking units (piece ids)

``stage`` is ``"declared"`` (odds and shifts known, no dice yet) or ``"resolved"``. The table
rings the ``committed`` units while the attack is declared, so a player sees which units are
already in it.
"""
from __future__ import annotations

from typing import Any

STAGES = ("declared", "resolved")
GLOBAL = "combat_report"
_LINE_KEYS = {"who", "what", "table", "column", "row", "shifts", "dice", "result"}


def check_report(report: Any) -> list[str]:
    """What is wrong with ``report`` (empty: nothing)."""
    if not isinstance(report, dict):
        return ["a combat report is a dict"]
    problems = []
    for key in ("title", "attacker", "defender"):
        if not isinstance(report.get(key), str):
            problems.append(f"{key} must be text")
    if report.get("stage") not in STAGES:
        problems.append(f"stage must be one of {', '.join(STAGES)}")
    lines = report.get("lines")
    if not isinstance(lines, list):
        problems.append("lines must be a list")
        lines = []
    for i, line in enumerate(lines, 1):
        if not isinstance(line, dict) or not isinstance(line.get("what"), str):
            problems.append(f"line {i} must be a dict with 'what'")
            continue
        extra = set(line) - _LINE_KEYS
        if extra:
            problems.append(f"line {i}: unknown keys {sorted(extra)}")
        shifts = line.get("shifts", [])
        if not (isinstance(shifts, list) and all(isinstance(s, list) and len(s) == 2
                                                 and isinstance(s[0], str) and isinstance(s[1], int)
                                                 for s in shifts)):
            problems.append(f"line {i}: shifts are [reason, amount] pairs")
        dice = line.get("dice", [])
        if not (isinstance(dice, list) and all(isinstance(d, (int, str)) for d in dice)):
            problems.append(f"line {i}: dice are the faces shown")
    outcome = report.get("outcome", [])
    if not (isinstance(outcome, list) and all(isinstance(o, str) for o in outcome)):
        problems.append("outcome must be a list of sentences")
    committed = report.get("committed", [])
    if not (isinstance(committed, list) and all(isinstance(p, int) for p in committed)):
        problems.append("committed must be a list of piece ids")
    return problems
