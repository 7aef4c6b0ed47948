"""Where each value came from, and the **reconstructed values** of a module: every value whose
provenance still says ``reconstructed``, grouped, with a step-through (next / correct / skip).

A value's provenance is its most specific row: ``piece:X/f0.cf`` then ``piece:X``;
``table:T/<row>/<col>`` then ``table:T``; ``location:L/attr`` then ``layer:attr`` then
``location:L``; ``edge:a|b/attr`` then ``layer:attr`` then ``edge:a|b``; and last ``module``
(a module-wide statement, e.g. the sample module's "reconstructed: invented for testing").

Groups (:data:`GROUPS`): ``counter values`` (one item per piece type: all its face values and
attributes), ``table cells`` (one item per cell), ``VP values`` (victory-point attributes of
locations, VP chits, cells of VP tables), ``set-ups`` (one item per scenario), ``map`` (the
reconstructed layer statements and location/edge rows) and ``other``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine import counter_layout
from engine.model import Module, Value
from tools.authoring.provenance import (is_reconstructed, layer_target, location_target,
                                        piece_target, scenario_target, table_target)

GROUPS = ("counter values", "table cells", "VP values", "set-ups", "map", "other")
#: Tables that are drawing declarations, not game values (never listed).
NOT_VALUES = ("map_art",)


def is_vp_key(key: str) -> bool:
    """A victory-point attribute (``vp``, ``vp_value``, ``paris_vp``, ``vp_box``...)."""
    return key == "vp" or key.startswith("vp_") or key.endswith("_vp")


class Sources:
    """The provenance rows of a module, by target (the first row of a target wins)."""

    def __init__(self, module: Module) -> None:
        self.rows: dict[str, str] = {}
        for p in module.provenance:
            self.rows.setdefault(p.target, p.source)

    def first(self, *targets: str) -> tuple[str, str]:
        """``(source, target it is written on)`` of the first target with a row, falling back
        to ``module``; ``("", "")`` when nothing says."""
        for t in targets + ("module",):
            if t in self.rows:
                return self.rows[t], t
        return "", ""


def source_of(module: Module, target: str, sources: Sources | None = None) -> tuple[str, str]:
    """The provenance of the value ``target`` names: ``(source, the target its row is on)``."""
    s = sources or Sources(module)
    kind, _, rest = target.partition(":")
    ident, _, sub = rest.partition("/")
    if kind == "piece":
        return s.first(*([target] if sub else []), piece_target(ident))
    if kind == "table":
        return s.first(*([target] if sub else []), table_target(ident))
    if kind in ("location", "edge"):
        record = f"{kind}:{ident}"
        if sub:
            return s.first(target, layer_target(sub), record)
        return s.first(record)
    return s.first(target)


@dataclass(frozen=True)
class Item:
    """A reconstructed value (or record of values) to check: its group, the provenance target a
    correction is recorded on, the reconstructed source, the target that source is written on
    (``via``, e.g. the whole table), and what the values are now (``(name, value)`` pairs)."""
    group: str
    target: str
    source: str
    via: str
    values: tuple[tuple[str, Value], ...] = ()
    #: what the item is, for a correction: ("cell", table, row index, column index),
    #: ("piece", id), ("piece_attr", id, key), ("location_attr", id, key), ("scenario", id) or
    #: ("statement",) (a layer or other statement: only its source can be corrected)
    ref: tuple = ("statement",)

    @property
    def partly(self) -> bool:
        """Only part of the source is reconstructed (``rulebook §x; ... reconstructed``)."""
        return not self.source.lower().startswith("reconstructed")


def _piece_values(ptype) -> tuple[tuple[str, Value], ...]:
    out: list[tuple[str, Value]] = []
    for n, face in enumerate(ptype.faces):
        out += [(f"f{n}.{k}", v) for k, v in face.values.items()]
    out += list(ptype.attrs.items())
    return tuple(out)


def reconstructed(module: Module) -> list[Item]:
    """Every value of ``module`` still marked reconstructed, grouped in :data:`GROUPS` order."""
    s = Sources(module)
    items: list[Item] = []
    covered: set[str] = set()

    def add(group: str, target: str, source: str, via: str, values=(), ref=("statement",)) -> None:
        items.append(Item(group, target, source, via, tuple(values), ref))
        covered.add(via)

    for ptype in module.piece_types.values():
        if ptype.kind == "card":
            continue
        source, via = s.first(piece_target(ptype.id))
        vp = ptype.kind == "chit" and any(is_vp_key(k) for k in ptype.attrs)
        if source and is_reconstructed(source):
            add("VP values" if vp else "counter values", piece_target(ptype.id), source, via,
                _piece_values(ptype), ("piece", ptype.id))
            continue
        for key, value in ptype.attrs.items():   # an attribute row of its own
            t = piece_target(ptype.id, key)
            if t in s.rows and is_reconstructed(s.rows[t]):
                add("VP values" if is_vp_key(key) else "counter values", t, s.rows[t], t,
                    [(key, value)], ("piece_attr", ptype.id, key))
    for table in module.tables.values():
        if table.id in NOT_VALUES:
            continue
        group = "VP values" if is_vp_key(table.id) or "victory" in table.id else "table cells"
        if table.id == counter_layout.TABLE_ID:
            group = "counter values"
        for i, (row, cells) in enumerate(zip(table.rows.values, table.cells)):
            for j, (col, value) in enumerate(zip(table.cols.values, cells)):
                t = table_target(table.id, row, col)
                source, via = s.first(t, table_target(table.id))
                if source and is_reconstructed(source):
                    add(group, t, source, via, [(f"{row} / {col}", value)],
                        ("cell", table.id, i, j))
    for loc in module.locations.values():
        for key, value in loc.attrs.items():
            if not is_vp_key(key) or value in (0, "", False):
                continue
            t = location_target(loc.id, key)
            source, via = s.first(t, layer_target(key), location_target(loc.id))
            if source and is_reconstructed(source):
                add("VP values", t, source, via, [(key, value)], ("location_attr", loc.id, key))
    for sc in module.scenarios.values():
        source, via = s.first(scenario_target(sc.id))
        if source and is_reconstructed(source):
            add("set-ups", scenario_target(sc.id), source, via,
                [("placements", len(sc.placements)),
                 ("pieces", sum(p.count for p in sc.placements))], ("scenario", sc.id))
    for target, source in s.rows.items():
        if target in covered or not is_reconstructed(source) or target == "module":
            continue
        kind = target.partition(":")[0]
        if kind in ("layer", "location", "edge"):
            items.append(Item("map", target, source, target))
        elif kind not in ("piece", "table", "scenario"):
            items.append(Item("other", target, source, target))
    if "module" in s.rows and is_reconstructed(s.rows["module"]) and "module" not in covered:
        items.append(Item("other", "module", s.rows["module"], "module"))
    order = {g: i for i, g in enumerate(GROUPS)}
    return sorted(items, key=lambda it: order[it.group])   # stable: record order kept


def summary(items: list[Item]) -> dict[str, int]:
    """How many items each group holds (groups in :data:`GROUPS` order, empty ones left out)."""
    out: dict[str, int] = {}
    for g in GROUPS:
        n = sum(1 for it in items if it.group == g)
        if n:
            out[g] = n
    return out


def item_values(item: Item) -> dict[str, Any]:
    return dict(item.values)
