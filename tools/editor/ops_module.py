"""Edits of the module's identity and its small records: sides, nationalities and their
colours, dice, rule statements, provenance rows."""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.container import MODULE_ID_RE
from engine.model import Dice, Nationality, Side, Value

from .core import Draft, Edit, EditError

COLOUR_RE = re.compile(r"#[0-9a-fA-F]{6}")
#: An id of a side, nationality, board, grid, die, piece type or scenario made in the editor:
#: it names files and appears in saves, so letters, digits and ``_ . -`` only.
ID_RE = re.compile(r"[A-Za-z0-9_][A-Za-z0-9_.-]{0,63}")


def check_id(what: str, ident: str) -> None:
    if not isinstance(ident, str) or not ID_RE.fullmatch(ident):
        raise EditError(f"{what} id {ident!r:.40} must be letters, digits, _ . - (at most 64)")


def check_colour(what: str, colour: str) -> None:
    if not isinstance(colour, str) or not COLOUR_RE.fullmatch(colour):
        raise EditError(f"{what} {colour!r:.20} is not a colour #rrggbb")


@dataclass
class SetModuleInfo(Edit):
    """Change the module's identity: any of title, version, publisher, ruleset, description."""
    title: str | None = None
    version: str | None = None
    publisher: str | None = None
    ruleset: str | None = None
    description: str | None = None
    label = "module information"

    def make(self, d: Draft) -> None:
        for name in ("title", "version", "publisher", "ruleset", "description"):
            value = getattr(self, name)
            if value is not None:
                if not isinstance(value, str):
                    raise EditError(f"{name} must be text")
                d.set(name, value)


@dataclass
class PutSide(Edit):
    """Add a side, or change its name and colour."""
    id: str
    name: str
    colour: str = "#808080"

    @property
    def label(self) -> str:
        return f"side {self.name}"

    def make(self, d: Draft) -> None:
        check_id("side", self.id)
        check_colour("side colour", self.colour)
        d.put_record("sides", Side(self.id, self.name, self.colour))


@dataclass
class PutNationality(Edit):
    """Add a nationality, or change it: its name, side and the colours its counters are
    printed in (``bg`` background, ``fg`` text and symbol)."""
    id: str
    name: str
    side: str
    bg: str = "#c0c0c0"
    fg: str = "#000000"

    @property
    def label(self) -> str:
        return f"nationality {self.name}"

    def make(self, d: Draft) -> None:
        check_id("nationality", self.id)
        if self.side not in d.module.side_ids:
            raise EditError(f"nationality {self.id}: side {self.side!r} does not exist")
        check_colour("background", self.bg)
        check_colour("text colour", self.fg)
        d.put_record("nationalities", Nationality(self.id, self.name, self.side, self.bg,
                                                  self.fg))


@dataclass
class PutDie(Edit):
    """Add a die or change its faces (a d6 is 1..6)."""
    id: str
    name: str
    faces: tuple[Value, ...] = (1, 2, 3, 4, 5, 6)

    @property
    def label(self) -> str:
        return f"die {self.name}"

    def make(self, d: Draft) -> None:
        check_id("die", self.id)
        if not self.faces:
            raise EditError(f"die {self.id}: a die needs at least one face")
        d.put("dice", self.id, Dice(self.id, self.name, tuple(self.faces)))


@dataclass
class PutRule(Edit):
    """Add or change a rule statement (rule number -> short statement in our own words)."""
    rule: str
    text: str

    @property
    def label(self) -> str:
        return f"rule {self.rule}"

    def make(self, d: Draft) -> None:
        if not self.rule.strip():
            raise EditError("a rule needs its number")
        d.put("rules_index", self.rule, self.text)


@dataclass
class SetProvenance(Edit):
    """Record where the value ``target`` names came from (None: remove its row)."""
    target: str
    source: str | None

    @property
    def label(self) -> str:
        return f"provenance of {self.target}"

    def make(self, d: Draft) -> None:
        if ":" not in self.target and self.target != "module":
            raise EditError(f"provenance target {self.target!r:.60} is not kind:id "
                            "(location:, edge:, piece:, table:, scenario:, layer:)")
        d.set_provenance(self.target, self.source)


@dataclass
class Compound(Edit):
    """Several edits as one undo step."""
    label: str
    edits: list[Edit] = field(default_factory=list)

    def make(self, d: Draft) -> None:
        for e in self.edits:
            e.make(d)


def check_module_id(module_id: str) -> None:
    if not MODULE_ID_RE.fullmatch(module_id or ""):
        raise EditError(f"module id {module_id!r:.40} must be lower_snake (a-z, 0-9, _; "
                        "starting with a letter)")
