"""Problems of the module being edited, each attached to the element it concerns, so a screen can
show it there: a location, an edge, a piece type, a table cell, a scenario placement...

The checks are ``tools.validate`` (which includes the loader's own, ``engine.container``) and,
for a module whose ruleset is installed, what that ruleset says the module lacks
(``Ruleset.requirements``). Their one-line messages name the record as ``location #41 (0805)``
or ``scenario #0 (intro) placement #3``; :func:`element_of` turns that into an :class:`Element`.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from engine import counter_layout
from engine.model import Module
from engine.registry import ruleset_class
from tools.validate import validate


@dataclass(frozen=True)
class Element:
    """What a problem (or an edit) concerns: ``kind`` is one of ``module side nationality board
    grid location edge piece table cell dice scenario placement option provenance art``; ``id``
    the record's id (an edge's ``a|b``; a cell's, placement's or option's table or scenario);
    ``part`` the cell (``row index, column index``), the placement's index or the option's id."""
    kind: str
    id: str = ""
    part: tuple = ()


MODULE = Element("module")


@dataclass(frozen=True)
class Problem:
    """One problem: the element, the message in words, and the full line ``validate`` prints."""
    element: Element
    message: str
    line: str

    def __str__(self) -> str:
        return self.line


_KINDS = {"side": ("sides", "side"), "nationality": ("nationalities", "nationality"),
          "board": ("boards", "board"), "grid": ("grids", "grid"),
          "location": ("locations", "location"), "piece type": ("piece_types", "piece"),
          "table": ("tables", "table"), "dice": ("dice", "dice"),
          "scenario": ("scenarios", "scenario")}
_RECORD = re.compile(r"(side|nationality|board|grid|location|piece type|table|dice|scenario|edge"
                     r"|provenance) #(\d+)")
_SCENARIO_BY_ID = re.compile(r"scenario (\S+)(?: placement #(\d+))?$")
_PLACEMENT = re.compile(r"placement #(\d+)")
_OPTION = re.compile(r"option #(\d+)")
_LAYOUT_ROW = re.compile(rf"table {counter_layout.TABLE_ID}: row (\d+) ")


def _nth(seq, i: int):
    items = list(seq)
    return items[i] if 0 <= i < len(items) else None


def element_of(module: Module, record: str, message: str = "") -> Element:
    """The element a problem's record (``location #41 (0805)``, ``scenario intro placement
    #3``...) names in ``module``; the module itself when it names none."""
    m = _RECORD.match(record)
    if m:
        kind, i = m.group(1), int(m.group(2))
        if kind == "edge":
            e = _nth(module.edges, i)
            return Element("edge", f"{e.a}|{e.b}") if e is not None else MODULE
        if kind == "provenance":
            p = _nth(module.provenance, i)
            return Element("provenance", p.target, (i,)) if p is not None else MODULE
        field, name = _KINDS[kind]
        rec = _nth(getattr(module, field).values() if isinstance(getattr(module, field), dict)
                   else getattr(module, field), i)
        if rec is None:
            return MODULE
        if kind == "scenario":
            p, o = _PLACEMENT.search(record), _OPTION.search(record)
            if p:
                return Element("placement", rec.id, (int(p.group(1)),))
            if o and int(o.group(1)) < len(rec.options):
                return Element("option", rec.id, (rec.options[int(o.group(1))].id,))
        return Element(name, rec.id)
    m = _SCENARIO_BY_ID.match(record)
    if m and m.group(1) in module.scenarios:
        if m.group(2) is not None:
            return Element("placement", m.group(1), (int(m.group(2)),))
        return Element("scenario", m.group(1))
    if record == "counter layout":
        r = _LAYOUT_ROW.match(message)
        if r:
            return Element("cell", counter_layout.TABLE_ID, (int(r.group(1)) - 1, 0))
        return Element("table", counter_layout.TABLE_ID)
    return MODULE


def _split(line: str) -> tuple[str, str, str]:
    """``file: record: message`` → its three parts (the record may be empty)."""
    parts = line.split(": ", 2)
    if len(parts) == 3:
        return parts[0], parts[1], parts[2]
    if len(parts) == 2:
        return parts[0], "", parts[1]
    return "", "", line


_RULES_TABLE = re.compile(r"\btable (?:'|\")?([A-Za-z0-9_.-]+)")
_RULES_HEX = re.compile(r"\b(?:hex|location|space) (?:'|\")?([^\s:'\"]+)")
_RULES_PIECE = re.compile(r"\b(?:unit|piece type) (?:'|\")?([^\s:'\"]+)")
_RULES_SCENARIO = re.compile(r"\bscenario (?:'|\")?([^\s:'\"]+)")


def _rules_element(module: Module, message: str) -> Element:
    """Best effort: the table, location, piece type or scenario a ruleset's requirement names."""
    for pattern, field, kind in ((_RULES_TABLE, "tables", "table"),
                                 (_RULES_HEX, "locations", "location"),
                                 (_RULES_PIECE, "piece_types", "piece"),
                                 (_RULES_SCENARIO, "scenarios", "scenario")):
        m = pattern.search(message)
        if m and m.group(1) in getattr(module, field):
            return Element(kind, m.group(1))
    return MODULE


def rules_requirements(module: Module) -> list[str]:
    """What the module's own ruleset says it lacks (empty for free play or a ruleset that is
    not installed — that is not a problem of the module's data)."""
    cls = ruleset_class(module.ruleset)
    if cls is None or module.ruleset == "free":
        return []
    try:
        return list(cls(module).requirements(module))
    except Exception as exc:  # the rules cannot even read the module as it is now
        return [f"the {module.ruleset} rules cannot read this module yet: "
                f"{' '.join(str(exc).split()) or type(exc).__name__}"]


def check(module: Module, rules: bool = True) -> list[Problem]:
    """Every problem of ``module``: ``validate`` (source-file form) and, with ``rules``, its
    ruleset's requirements; each attached to its element."""
    out: list[Problem] = []
    for line in validate(module, source=True):
        if line.startswith("art/"):
            name, _, message = line.partition(": ")
            out.append(Problem(Element("art", name[4:]), message, line))
            continue
        _, record, message = _split(line)
        out.append(Problem(element_of(module, record, message), message, line))
    if rules:
        for message in rules_requirements(module):
            out.append(Problem(_rules_element(module, message), message,
                               f"rules {module.ruleset}: {message}"))
    return out
