"""Module-format benchmarks (``make bench``; ``python -m tools.bench_module``).

Measures, on the largest module — until the real one exists, :func:`synthetic_module`, a module
the size of the largest of the five games (~4300 hexes, ~13000 hexside edges, ~1500 piece types,
~2000 placements, 30 tables) — the time to parse its ``.wtm`` bytes (goal: under 100 ms), the
time to load the same data from JSON in the same run, and their ratio. It also times the plain
construct parse, which the fast path replaces, so the reason for the fast path stays visible.
"""
from __future__ import annotations

import json
import math
import random
import statistics
import sys
import time
from typing import Any, Callable

from engine.container import read_module, write_module
from engine.model import (Axis, Board, Dice, Edge, Face, Grid, Location, Module, Nationality,
                          Placement, PieceType, Provenance, Scenario, ScenarioOption, Side, Table)

AXIAL_NEIGHBOURS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def _offset_to_axial(col: int, row: int) -> tuple[int, int]:
    c, r = col - 1, row - 1  # flat-topped, odd columns shifted down, numbered from 1
    return c, r - (c - (c & 1)) // 2


def synthetic_module(cols: int = 66, rows: int = 65, piece_types: int = 1500,
                     placements: int = 2000, tables: int = 30, cards: int = 130,
                     seed: int = 1944) -> Module:
    """A valid module with the size and the variety of the largest game (defaults: 4290 hexes,
    about 12,600 hexside edges, 1500 + 130 piece types, 2000 placements in 3 scenarios)."""
    rnd = random.Random(seed)
    size = 30.0
    sides = (Side("allied", "Allies", "#3050a0"), Side("axis", "Axis", "#505050"))
    nat_ids = ["US", "UK", "CA", "FR", "PL", "GE", "SS", "IT"]
    nats = tuple(Nationality(n, f"Nation {n}", "allied" if i < 5 else "axis",
                             f"#{rnd.randrange(1 << 24):06x}") for i, n in enumerate(nat_ids))
    width = 60 + size * 1.5 * cols + 400
    height = 60 + size * math.sqrt(3) * (rows + 1) + 200
    boards = (Board("main", "Main map", width, height), Board("display", "Displays", 2000, 1200,
                                                               kind="display"))
    grids = (Grid("g", "main", "flat", size, 60.0, 60.0, "colrow",
                  {"parity": "odd", "first_col": 1, "first_row": 1, "col_digits": 2,
                   "row_digits": 2}),)
    terrains = ["clear"] * 6 + ["forest", "bocage", "marsh", "town", "city", "hills"]
    countries = ["FR", "BE", "NL", "DE"]
    locations: dict[str, Location] = {}
    by_axial: dict[tuple[int, int], str] = {}
    for col in range(1, cols + 1):
        for row in range(1, rows + 1):
            q, r = _offset_to_axial(col, row)
            label = f"{col:02d}{row:02d}"
            terrain = rnd.choice(terrains)
            attrs: dict[str, Any] = {"elevation": rnd.randrange(5),
                                     "country": countries[min(3, col * 4 // (cols + 1))]}
            if terrain in ("town", "city"):
                attrs["vp"] = rnd.randrange(1, 4)
            if row == 1 and rnd.random() < 0.3:
                attrs["port"] = True
            x = 60 + size * 1.5 * q
            y = 60 + size * math.sqrt(3) * (r + q / 2)
            locations[label] = Location(label, "hex", "main", "", round(x, 2), round(y, 2),
                                        terrain, "g", q, r, attrs=attrs)
            by_axial[(q, r)] = label
    boxes = [Location(f"box:{i}", "box", "display", f"Box {i}", 100.0 + 60 * i, 100.0)
             for i in range(20)]
    boxes += [Location(f"turn:{t}", "track", "display", f"Turn {t}", 50.0 * t, 600.0,
                       attrs={"track": "turn", "value": t}) for t in range(1, 41)]
    boxes += [Location("deck:allied", "deck", "display", "Allied deck", 100, 900,
                       visibility="nobody"),
              Location("hand:allied", "hand", "display", "Allied hand", 300, 900,
                       owner="allied", visibility="owner"),
              Location("cup", "cup", "display", "Initiative cup", 500, 900,
                       visibility="nobody")]
    for loc in boxes:
        locations[loc.id] = loc
    side_features = [{}, {}, {}, {"river": "minor", "mp_cost": 1}, {"river": "major",
                                                                  "mp_cost": 2},
                     {"impassable": True}, {"border": True}, {"road": True, "mp_cost": 0.5}]
    edges = []
    for (q, r), label in by_axial.items():
        for dq, dr in AXIAL_NEIGHBOURS[:3]:
            other = by_axial.get((q + dq, r + dr))
            if other is not None:
                edges.append(Edge(label, other, "hexside", dict(rnd.choice(side_features))))
    unit_types = ["infantry", "armour", "mech", "artillery", "airborne", "hq"]
    sizes = ["division", "brigade", "regiment", "corps"]
    pieces: dict[str, PieceType] = {}
    for i in range(piece_types):
        nat = nats[i % len(nats)]
        ut = unit_types[rnd.randrange(len(unit_types))]
        cf = rnd.randrange(1, 12)
        faces = (Face("full", {"cf": cf, "df": rnd.randrange(1, 10), "mf": rnd.choice((4, 6, 8)),
                               "steps": 3}),
                 Face("reduced", {"cf": max(1, cf // 2), "df": rnd.randrange(1, 6), "mf": 4}),
                 Face("cadre", {"cf": 1, "df": 1, "mf": 4}))[:rnd.choice((1, 2, 3))]
        pid = f"{nat.id}-{i:04d}"
        pieces[pid] = PieceType(pid, f"{i + 1}th {ut.title()} {rnd.choice(sizes).title()}",
                                "hq" if ut == "hq" else "unit", nat.side, nat.id, ut,
                                rnd.choice(sizes), ut[:3], faces, count=rnd.choice((1, 1, 2)),
                                attrs={"setup": rnd.choice(("A", "B", "C"))})
    for i in range(cards):
        pieces[f"card-{i}"] = PieceType(f"card-{i}", f"Card {i}: event {i}", "card",
                                        back="Allied card", attrs={
                                            "number": i, "ops": rnd.randrange(1, 6),
                                            "event": f"Event text number {i}.",
                                            "remove": rnd.random() < 0.2})
    hexes = list(by_axial.values())
    unit_ids = [p for p in pieces if not p.startswith("card")]
    scenarios: dict[str, Scenario] = {}
    per = placements // 3
    for n, sid in enumerate(("cobra", "goodwood", "campaign")):
        chosen = rnd.sample(unit_ids, min(per + (placements % 3 if n == 2 else 0),
                                          len(unit_ids)))
        pls = tuple(Placement(pid, rnd.choice(hexes), 1, 0, rnd.choice((0, 0, 0, 2, 5)))
                    for pid in chosen)
        scenarios[sid] = Scenario(
            sid, sid.title(), rule=f"20.{n + 1}", first_turn=1, last_turn=10 + 10 * n,
            placements=pls, globals={"turn": 1, "vp": 0, "weather": "clear"},
            shuffle=("cup",), victory="Control more cities.",
            options=(ScenarioOption("fog", "Fog of war", default="off"),))
    tabs: dict[str, Table] = {}
    results = ["-", "AE", "AR", "EX", "DR", "DE", "DR2", "A1/D1"]
    for i in range(tables):
        cols_axis = Axis("odds", ("1:3", "1:2", "1:1", "3:2", "2:1", "3:1", "4:1", "5:1", "6:1",
                                  "7:1", "8:1", "9:1"))
        rows_axis = Axis("die", tuple(range(1, 11)))
        cells = tuple(tuple(rnd.choice(results) if (r + c + i) % 5 else rnd.randrange(4)
                            for c in range(12)) for r in range(10))
        tabs[f"t{i:02d}"] = Table(f"t{i:02d}", f"Table {i}", rows_axis, cols_axis, cells,
                                  rule=f"{10 + i}.1")
    return Module(
        id="synthetic_large", title="Synthetic large module", version="1.0.0",
        publisher="wartable", ruleset="free", description="Benchmark data of the largest size.",
        sides=sides, nationalities=nats, boards=boards, grids=grids, locations=locations,
        edges=tuple(edges), piece_types=pieces, tables=tabs,
        dice={"d6": Dice("d6", "six-sided die", (1, 2, 3, 4, 5, 6)),
              "d10": Dice("d10", "ten-sided die", tuple(range(1, 11)))},
        scenarios=scenarios,
        rules_index={f"{i // 10}.{i % 10}": f"Rule text {i} in our own words." for i in
                     range(10, 310)},
        provenance=tuple(Provenance(f"location:{h}/terrain", "reconstructed: synthetic") for h
                         in hexes[:500]),
    )


# -- the same data as JSON ---------------------------------------------------------------------

def module_to_json(m: Module) -> str:
    """The module as one JSON document (for the comparison; not a wartable format)."""
    def obj(x: Any) -> Any:
        if hasattr(x, "__dataclass_fields__"):
            return {k: obj(getattr(x, k)) for k in x.__dataclass_fields__}
        if isinstance(x, (list, tuple)):
            return [obj(v) for v in x]
        if isinstance(x, dict):
            return {k: obj(v) for k, v in x.items()}
        if isinstance(x, bytes):
            return x.hex()
        return x
    return json.dumps(obj(m))


def module_from_json(text: str) -> Module:
    """Parse :func:`module_to_json` output back into model records."""
    d = json.loads(text)
    faces = lambda fs: tuple(Face(f["name"], f["values"]) for f in fs)  # noqa: E731
    axis = lambda a: Axis(a["name"], tuple(a["values"]))  # noqa: E731
    return Module(
        id=d["id"], title=d["title"], version=d["version"], publisher=d["publisher"],
        ruleset=d["ruleset"], description=d["description"],
        sides=tuple(Side(**s) for s in d["sides"]),
        nationalities=tuple(Nationality(**n) for n in d["nationalities"]),
        boards=tuple(Board(**b) for b in d["boards"]),
        grids=tuple(Grid(**g) for g in d["grids"]),
        locations={k: Location(**v) for k, v in d["locations"].items()},
        edges=tuple(Edge(**e) for e in d["edges"]),
        piece_types={k: PieceType(**{**v, "faces": faces(v["faces"])})
                     for k, v in d["piece_types"].items()},
        tables={k: Table(v["id"], v["title"], axis(v["rows"]), axis(v["cols"]),
                         tuple(tuple(r) for r in v["cells"]), v["rule"], v["notes"])
                for k, v in d["tables"].items()},
        dice={k: Dice(v["id"], v["name"], tuple(v["faces"])) for k, v in d["dice"].items()},
        scenarios={k: Scenario(**{
            **v, "placements": tuple(Placement(**p) for p in v["placements"]),
            "shuffle": tuple(v["shuffle"]),
            "options": tuple(ScenarioOption(**{**o, "choices": tuple(o["choices"])})
                             for o in v["options"])}) for k, v in d["scenarios"].items()},
        rules_index=d["rules_index"],
        provenance=tuple(Provenance(**p) for p in d["provenance"]),
        art={k: bytes.fromhex(v) for k, v in d["art"].items()},
    )


def _median_ms(fn: Callable[[], Any], repeat: int) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times) * 1000


def largest_module() -> tuple[str, Module]:
    """The largest built-in module, or the synthetic one while none is as large."""
    from engine.errors import WartableError
    from engine.modules import builtin_ids, open_module
    synthetic = synthetic_module()
    best = None
    for module_id in builtin_ids():
        try:
            m = open_module(module_id)
        except WartableError:  # a built-in still being written must not stop the benchmark
            continue
        if best is None or len(m.locations) + len(m.edges) > len(best.locations) + len(
                best.edges):
            best = m
    if best is not None and len(best.locations) + len(best.edges) >= (
            len(synthetic.locations) + len(synthetic.edges)) // 2:
        return best.id, best
    return "synthetic", synthetic


def layout_parse_times(module: Module, repeat: int = 5) -> dict[str, float]:
    """Median ms to parse every record member into its raw shape — decoding into model records
    excluded — with the plain construct schemas, the compiled ones and the fast reader."""
    from engine.container import module_members
    from engine.schema import MEMBERS
    members = {n: d for n, d in module_members(module).items() if n in MEMBERS}
    compiled = {n: MEMBERS[n].con.compile() for n in members}
    return {
        "plain construct": _median_ms(lambda: [MEMBERS[n].con.parse(d)
                                               for n, d in members.items()], 3),
        "compiled construct": _median_ms(lambda: [compiled[n].parse(d)
                                                  for n, d in members.items()], repeat),
        "fast reader": _median_ms(lambda: [MEMBERS[n].read(d) for n, d in members.items()],
                                  repeat),
    }


def run(repeat: int = 15) -> list[tuple[str, float, str, str]]:
    name, module = largest_module()
    data = write_module(module)
    text = module_to_json(module)
    assert read_module(data) == module
    assert module_from_json(text) == module
    parse_ms = _median_ms(lambda: read_module(data), repeat)
    plain_ms = _median_ms(lambda: read_module(data, fast=False), 3)
    json_ms = _median_ms(lambda: module_from_json(text), repeat)
    loads_ms = _median_ms(lambda: json.loads(text), repeat)
    write_ms = _median_ms(lambda: write_module(module), 3)
    layouts = layout_parse_times(module)
    what = (f"{name}: {len(module.locations)} locations, {len(module.edges)} edges, "
            f"{len(module.piece_types)} piece types")
    return [
        (f"parse largest module .wtm ({what})", parse_ms, "ms", "< 100 ms"),
        ("load the same data from JSON (json.loads + model records)", json_ms, "ms", "-"),
        ("  of which json.loads alone", loads_ms, "ms", "-"),
        ("ratio .wtm parse / JSON load", parse_ms / json_ms, "x", "-"),
        ("parse with the plain construct schemas (the spec, not used to load)", plain_ms, "ms",
         "-"),
        *((f"  layout parse only, {path}", ms, "ms", "-") for path, ms in layouts.items()),
        ("write the .wtm (build)", write_ms, "ms", "-"),
        (".wtm size", len(data) / 1024, "KiB", "-"),
        ("JSON size", len(text.encode()) / 1024, "KiB", "-"),
    ]


def main() -> int:
    rows = run()
    for row_name, value, unit, goal in rows:
        print(f"{row_name:90s} {value:9.2f} {unit:4s} goal {goal}")
    return 0 if rows[0][1] < 100 else 1


if __name__ == "__main__":
    sys.exit(main())
